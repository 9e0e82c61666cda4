import { createHmac } from "node:crypto";
import {
	type AuthSession,
	ErrorCode,
	formatMessage,
	type MemberInfo,
	SUPPORTED_LANGUAGES,
	type TelegramAddUserResult,
} from "@bayon/contract";
import { sign } from "@telegram-apps/init-data-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_BOT_TOKEN, type TestServer } from "../../../test/harness.js";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close();
});

let nextTelegramId = 7_000_000_000; // above 2^32, as real Telegram ids can be
/** initData exactly as Telegram would hand it to the Mini App, signed with a bot token. */
function initDataFor(userId: number, options: { authDate?: Date; token?: string; firstName?: string } = {}): string {
	return sign(
		{
			query_id: "AAHdF6IQAAAAAN0XohDhrOrc",
			user: {
				id: userId,
				first_name: options.firstName ?? "Sokha",
				last_name: "Chan",
				username: "sokha_c",
				language_code: "km",
				allows_write_to_pm: true,
			},
		},
		options.token ?? TEST_BOT_TOKEN,
		options.authDate ?? server.clock.now(),
	);
}

/** What the web app posts: the spec's loose fields plus the raw initData. */
function payload(initData: string) {
	return {
		initData,
		chat_id: 1,
		user_name: "sokha_c",
		first_name: "Sokha",
		last_name: "Chan",
		language_code: "km",
		auth_date: 0,
		hash: "x",
		version: "8.0",
		platform: "android",
	};
}

const addUser = (initData: string, lang?: string) =>
	server.call<TelegramAddUserResult>("POST", "/api/v1/addUser", { body: payload(initData), lang });
const syncUser = (initData: string, token?: string, lang?: string) =>
	server.call("POST", "/api/v1/syncUser", { body: payload(initData), token, lang });

describe("Telegram Mini App sign-in", () => {
	it("records a verified but unlinked user without signing anyone in", async () => {
		const telegramId = ++nextTelegramId;

		const answer = await addUser(initDataFor(telegramId));

		expect(answer).toEqual({
			code: 0,
			msg: "",
			data: { telegramUserId: String(telegramId), linked: false, session: null },
		});
	});

	it("links the identity to the signed-in member, then signs in directly at the next start", async () => {
		const telegramId = ++nextTelegramId;
		const member = await server.signIn("13911110001");

		const linked = await syncUser(initDataFor(telegramId), member.accessToken);
		const started = await addUser(initDataFor(telegramId));

		expect(linked).toEqual({ code: 0, msg: "", data: { telegramUserId: String(telegramId), linked: true } });
		expect(started.data).toMatchObject({ linked: true, session: { userId: member.userId } });
		const session = started.data.session as AuthSession;
		const info = await server.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token: session.accessToken });
		expect(info.data).toMatchObject({ id: member.userId, telegramLinked: true });
	});

	it("needs a signed-in member to link", async () => {
		expect((await syncUser(initDataFor(++nextTelegramId))).code).toBe(401);
	});

	it("refuses to link a Telegram account that belongs to another member", async () => {
		const telegramId = ++nextTelegramId;
		const first = await server.signIn("13911110002");
		const second = await server.signIn("13911110003");
		await syncUser(initDataFor(telegramId), first.accessToken);

		const answer = await syncUser(initDataFor(telegramId), second.accessToken, "en");

		expect(answer).toMatchObject({
			code: ErrorCode.TelegramAlreadyLinked,
			msg: formatMessage("telegramAlreadyLinked", "en"),
		});
		const started = await addUser(initDataFor(telegramId));
		expect(started.data.session?.userId).toBe(first.userId);
	});

	it("moves a member's link to the Telegram account they link last", async () => {
		const member = await server.signIn("13911110004");
		const oldId = ++nextTelegramId;
		const newId = ++nextTelegramId;
		await syncUser(initDataFor(oldId), member.accessToken);

		await syncUser(initDataFor(newId), member.accessToken);

		expect((await addUser(initDataFor(oldId))).data.linked).toBe(false);
		expect((await addUser(initDataFor(newId))).data.session?.userId).toBe(member.userId);
	});

	it.each(SUPPORTED_LANGUAGES)("refuses tampered data in %s", async (lang) => {
		const genuine = initDataFor(++nextTelegramId);
		const tampered = genuine.replace(
			encodeURIComponent('"first_name":"Sokha"'),
			encodeURIComponent('"first_name":"Admin"'),
		);
		expect(tampered).not.toBe(genuine);

		const answer = await addUser(tampered, lang);

		expect(answer).toEqual({
			code: ErrorCode.TelegramInvalid,
			msg: formatMessage("telegramInvalid", lang),
			data: null,
		});
	});

	it("refuses data signed for another bot, without a hash, with an extra unsigned field, or claiming another user", async () => {
		const telegramId = ++nextTelegramId;
		const genuine = initDataFor(telegramId);
		const otherBot = initDataFor(telegramId, { token: "987654321:ANOTHER-bot-token-entirely-different" });
		const withoutHash = genuine.replace(/&?hash=[0-9a-f]+/, "");
		const extraField = `${genuine}&start_param=admin`;
		const otherUser = genuine.replace(
			encodeURIComponent(`"id":${telegramId}`),
			encodeURIComponent(`"id":${telegramId + 1}`),
		);

		for (const initData of [otherBot, withoutHash, extraField, otherUser]) {
			expect((await addUser(initData)).code).toBe(ErrorCode.TelegramInvalid);
		}
	});

	it("accepts initData without query_id or signature, as some Telegram clients send it", async () => {
		const telegramId = ++nextTelegramId;
		// Signed by hand with the documented algorithm, independently of the library we use.
		const fields = {
			auth_date: String(Math.floor(server.clock.now().getTime() / 1000)),
			user: JSON.stringify({ id: telegramId, first_name: "Dara" }),
		};
		const dataCheckString = Object.entries(fields)
			.sort(([a], [b]) => a.localeCompare(b))
			.map(([key, value]) => `${key}=${value}`)
			.join("\n");
		const secret = createHmac("sha256", "WebAppData").update(TEST_BOT_TOKEN).digest();
		const hash = createHmac("sha256", secret).update(dataCheckString).digest("hex");

		const answer = await addUser(new URLSearchParams({ ...fields, hash }).toString());

		expect(answer).toEqual({
			code: 0,
			msg: "",
			data: { telegramUserId: String(telegramId), linked: false, session: null },
		});
	});

	it("still accepts the parameters in another order", async () => {
		const genuine = initDataFor(++nextTelegramId);
		const reordered = genuine.split("&").reverse().join("&");

		expect((await addUser(reordered)).code).toBe(0);
	});

	it.each(SUPPORTED_LANGUAGES)("refuses data older than 24 hours in %s", async (lang) => {
		const stale = initDataFor(++nextTelegramId, {
			authDate: new Date(server.clock.now().getTime() - 24 * 3600 * 1000 - 5000),
		});

		const answer = await addUser(stale, lang);

		expect(answer).toMatchObject({ code: ErrorCode.TelegramExpired, msg: formatMessage("telegramExpired", lang) });
	});

	it("refuses data dated in the future", async () => {
		const future = initDataFor(++nextTelegramId, { authDate: new Date(server.clock.now().getTime() + 3600 * 1000) });

		expect((await addUser(future)).code).toBe(ErrorCode.TelegramInvalid);
	});

	it("asks for initData when it is missing", async () => {
		const answer = await server.call("POST", "/api/v1/addUser", { body: { chat_id: 1, hash: "abc" }, lang: "en" });

		expect(answer).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("telegramInvalid", "en") });
	});
});

describe("without a bot token", () => {
	let bare: TestServer;
	beforeAll(async () => {
		bare = await startTestServer({ telegram: false });
	});
	afterAll(async () => {
		await bare?.close();
	});

	it("says Telegram sign-in is not configured", async () => {
		const answer = await bare.call("POST", "/api/v1/addUser", { body: payload(initDataFor(1)), lang: "en" });

		expect(answer).toMatchObject({
			code: ErrorCode.TelegramNotConfigured,
			msg: formatMessage("telegramNotConfigured", "en"),
		});
	});
});
