import { type ApiEnvelope, ErrorCode, NOTICE_CATEGORIES, type NoticeSettings } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeBotApi, startFakeBotApi } from "../../../../test/fake-bot-api.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { memberWithRole } from "../../../../test/shops.js";
import { telegramMember } from "../../../../test/telegram-members.js";
import { tellMember } from "./outbox.js";

let server: TestServer;
let fake: FakeBotApi;
beforeAll(async () => {
	fake = await startFakeBotApi();
	server = await startTestServer({
		configure: (config) => {
			config.telegramApiUrl = fake.url;
		},
	});
});
afterAll(async () => {
	await server?.close();
	await fake?.close();
});

const settings = (on: TestServer, token: string) =>
	on.call<NoticeSettings>("GET", "/app-api/member/notice-settings", { token });

/** The harness speaks GET and POST; the switch is a PUT. */
async function save(token: string, body: unknown, lang = "zh-CN"): Promise<ApiEnvelope<NoticeSettings>> {
	const response = await fetch(`${server.url}/app-api/member/notice-settings`, {
		method: "PUT",
		headers: {
			"tenant-id": "1",
			"shop-key": "bayon-demo",
			"x-lang": lang,
			authorization: `Bearer ${token}`,
			"content-type": "application/json",
		},
		body: JSON.stringify(body),
	});
	expect(response.status).toBe(200);
	return (await response.json()) as ApiEnvelope<NoticeSettings>;
}

const enabledOf = (answer: NoticeSettings) =>
	Object.fromEntries(answer.categories.map(({ category, enabled }) => [category, enabled]));

/** Queues an order-paid and a booking-confirmed message for the member, as the events would. */
async function tellBoth(memberId: number, subjectId: number) {
	await server.deps.db.transaction().execute(async (trx) => {
		const now = server.clock.now();
		await tellMember(trx, { tenantId: 1, memberId, kind: "orderPaid", subjectId, now });
		await tellMember(trx, { tenantId: 1, memberId, kind: "bookingConfirmed", subjectId, now });
	});
	const rows = await server.deps.db
		.selectFrom("bot_message")
		.select("kind")
		.where("member_id", "=", memberId)
		.where("subject_id", "=", subjectId)
		.orderBy("kind")
		.execute();
	return rows.map((row) => row.kind);
}

describe("whether the bot can reach the member", () => {
	it("tells a member who never used Telegram to sign in there, with every switch on and the bot's name", async () => {
		const customer = await server.signIn("13900001601");
		const answer = await settings(server, customer.accessToken);
		expect(answer.code).toBe(0);
		expect(answer.data).toEqual({
			reach: "notLinked",
			botUsername: fake.botUsername,
			categories: ["orders", "refunds", "bookings", "reminders", "balance"].map((category) => ({
				category,
				enabled: true,
			})),
		});
	});

	it("is on for a Telegram member who let the bot write, and not allowed for one who did not", async () => {
		const allowed = await telegramMember(server, { mobile: "13900001602" });
		const refused = await telegramMember(server, { mobile: "13900001603", allowsWriteToPm: false });
		expect((await settings(server, allowed.accessToken)).data.reach).toBe("on");
		expect((await settings(server, refused.accessToken)).data.reach).toBe("notAllowed");
	});

	it("is blocked once the member blocked the bot", async () => {
		const member = await telegramMember(server, { mobile: "13900001604" });
		await server.deps.db
			.updateTable("bot_chat")
			.set({ blocked_at: server.clock.now() })
			.where("chat_id", "=", member.telegramUserId)
			.execute();
		expect((await settings(server, member.accessToken)).data.reach).toBe("blocked");
	});

	it("offers the withdrawals switch to shop owners only", async () => {
		const owner = await server.signIn("13800000001");
		const manager = await memberWithRole(server, "13900001605", "manager");
		expect((await settings(server, owner.accessToken)).data.categories.map((c) => c.category)).toEqual([
			...NOTICE_CATEGORIES,
		]);
		expect((await settings(server, manager.accessToken)).data.categories.map((c) => c.category)).not.toContain(
			"withdrawals",
		);
	});

	it("says the bot is off on a server without one", async () => {
		const botless = await startTestServer({ telegram: false });
		try {
			const customer = await botless.signIn("13900001606");
			const answer = await settings(botless, customer.accessToken);
			expect(answer.data).toMatchObject({ reach: "botOff", botUsername: null });
			expect(answer.data.categories).toHaveLength(5);
		} finally {
			await botless.close();
		}
	});

	it("still answers, without the bot's name, when Telegram cannot be reached", async () => {
		const cutOff = await startTestServer({
			configure: (config) => {
				// Nothing listens on the discard port: getMe fails at once.
				config.telegramApiUrl = "http://127.0.0.1:9";
			},
		});
		try {
			const customer = await cutOff.signIn("13900001607");
			const answer = await settings(cutOff, customer.accessToken);
			expect(answer).toMatchObject({ code: 0, data: { reach: "notLinked", botUsername: null } });
		} finally {
			await cutOff.close();
		}
	});

	it("needs a signed-in member", async () => {
		expect((await server.call("GET", "/app-api/member/notice-settings")).code).toBe(ErrorCode.Unauthorized);
	});
});

describe("one switch at a time", () => {
	it("switching orders off stops order messages only, and on again brings them back", async () => {
		const member = await telegramMember(server, { mobile: "13900001611", lang: "km" });
		const off = await save(member.accessToken, { category: "orders", enabled: false }, "en");
		expect(off.code).toBe(0);
		expect(enabledOf(off.data)).toMatchObject({ orders: false, refunds: true, bookings: true });
		expect((await settings(server, member.accessToken)).data).toEqual(off.data);
		// The language the app was used in when the switch changed is the bot's language now.
		const stored = await server.deps.db
			.selectFrom("member_notice_settings")
			.select(["muted", "language"])
			.where("member_id", "=", member.userId)
			.executeTakeFirstOrThrow();
		expect(stored).toEqual({ muted: ["orders"], language: "en" });

		expect(await tellBoth(member.userId, 9_001)).toEqual(["bookingConfirmed"]);

		const on = await save(member.accessToken, { category: "orders", enabled: true });
		expect(enabledOf(on.data).orders).toBe(true);
		expect(await tellBoth(member.userId, 9_002)).toEqual(["bookingConfirmed", "orderPaid"]);
	});

	it("turning a switch off twice keeps one entry", async () => {
		const member = await server.signIn("13900001612");
		await save(member.accessToken, { category: "refunds", enabled: false });
		await save(member.accessToken, { category: "refunds", enabled: false });
		const stored = await server.deps.db
			.selectFrom("member_notice_settings")
			.select("muted")
			.where("member_id", "=", member.userId)
			.executeTakeFirstOrThrow();
		expect(stored.muted).toEqual(["refunds"]);
	});

	it("keeps every change when two devices change different switches at the same moment", async () => {
		const member = await telegramMember(server, { mobile: "13900001613" });
		await save(member.accessToken, { category: "balance", enabled: false });
		const answers = await Promise.all([
			save(member.accessToken, { category: "orders", enabled: false }),
			save(member.accessToken, { category: "refunds", enabled: false }),
			save(member.accessToken, { category: "bookings", enabled: false }),
			save(member.accessToken, { category: "reminders", enabled: false }),
			save(member.accessToken, { category: "balance", enabled: true }),
		]);
		for (const answer of answers) expect(answer.code).toBe(0);
		expect(enabledOf((await settings(server, member.accessToken)).data)).toEqual({
			orders: false,
			refunds: false,
			bookings: false,
			reminders: false,
			balance: true,
		});
	});

	it("refuses anything but a known category and a true boolean, changing nothing", async () => {
		const member = await server.signIn("13900001614");
		for (const body of [
			{ category: "orders", enabled: "false" },
			{ category: "orders", enabled: 0 },
			{ category: "marketing", enabled: false },
			{ category: "orders" },
			{ category: "orders", enabled: false, memberId: 1 },
		]) {
			const answer = await save(member.accessToken, body);
			expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.BadRequest);
		}
		const stored = await server.deps.db
			.selectFrom("member_notice_settings")
			.select("muted")
			.where("member_id", "=", member.userId)
			.executeTakeFirst();
		expect(stored?.muted ?? []).toEqual([]);
	});
});
