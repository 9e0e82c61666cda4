import { readFileSync } from "node:fs";
import path from "node:path";
import { type AuthSession, ErrorCode, formatMessage, type MemberInfo, SUPPORTED_LANGUAGES } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let server: TestServer;
// Each test uses its own phone numbers so that send limits of one test never touch another.
let nextPhone = 13900000000;
const newPhone = () => String(++nextPhone);

beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close();
});

const sendCode = (mobile: unknown, lang?: string) =>
	server.call<{ resendAfterSeconds: number }>("POST", "/app-api/member/auth/send-sms-code", {
		body: { mobile, scene: 1 },
		lang,
	});
const login = (mobile: string, code: string, lang?: string) =>
	server.call<AuthSession>("POST", "/app-api/member/auth/sms-login", { body: { mobile, code }, lang });
const getInfo = (token: string) => server.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token });

/**
 * Sends new codes to `mobile` (past the resend wait) until its latest code differs from
 * `other`: two random 6-digit codes are equal one time in a million, and a test that compares
 * them must not then pass without checking anything.
 */
async function resendUntilNot(mobile: string, other: string): Promise<string> {
	for (let attempt = 0; attempt < 3; attempt++) {
		const latest = server.lastSmsCode(mobile);
		if (latest !== other) return latest;
		server.clock.advance(61);
		expect((await sendCode(mobile)).code).toBe(0);
	}
	throw new Error(`three codes in a row for ${mobile} equal ${other}: the code generator is not random`);
}

describe("send-sms-code", () => {
	it.each(SUPPORTED_LANGUAGES)("rejects a malformed phone with the spec's message in %s", async (lang) => {
		const before = outboxLines().length;

		const answers = await Promise.all(
			["12345678901", "1381234567", "abc", "138123456789"].map((m) => sendCode(m, lang)),
		);

		for (const answer of answers) {
			expect(answer).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("phoneFormat", lang) });
		}
		expect(outboxLines().length).toBe(before);
	});

	it.each(SUPPORTED_LANGUAGES)("asks for the phone when it is missing, in %s", async (lang) => {
		const answer = await server.call("POST", "/app-api/member/auth/send-sms-code", { body: { scene: 1 }, lang });

		expect(answer).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("fillPhone", lang) });
	});

	it("writes a 6-digit code to the outbox as one JSON line", async () => {
		const mobile = newPhone();

		const answer = await sendCode(mobile);

		expect(answer).toEqual({ code: 0, msg: "", data: { resendAfterSeconds: 60 } });
		const line = outboxLines().at(-1);
		expect(line).toMatchObject({ mobile, scene: 1 });
		expect(line?.code).toMatch(/^\d{6}$/);
		expect(new Date(String(line?.sentAt)).toString()).not.toBe("Invalid Date");
	});

	it("answers the same for a registered and an unregistered number", async () => {
		const registered = await sendCode("13800000003");
		const unknown = await sendCode(newPhone());

		expect(registered).toEqual(unknown);
	});

	it("refuses a second send within 60 s, saying how long to wait, and allows it after", async () => {
		const mobile = newPhone();
		await sendCode(mobile);
		server.clock.advance(20);

		const tooSoon = await sendCode(mobile, "en");

		expect(tooSoon).toMatchObject({ code: ErrorCode.SmsSendTooFrequent, data: { retryAfterSeconds: 40 } });
		expect(tooSoon.msg).toBe(formatMessage("smsSendTooFrequent", "en", { seconds: 40 }));
		server.clock.advance(40);
		expect((await sendCode(mobile)).code).toBe(0);
	});

	it("allows at most 5 sends per number in 10 minutes", async () => {
		const mobile = newPhone();
		for (let i = 0; i < 5; i++) {
			expect((await sendCode(mobile)).code).toBe(0);
			server.clock.advance(61);
		}

		const sixth = await sendCode(mobile, "km");

		expect(sixth.code).toBe(ErrorCode.SmsSendLimit);
		expect(sixth.msg).toContain("នាទី");
		server.clock.advance(600 - 4 * 61);
		expect((await sendCode(mobile)).code).toBe(0);
	});

	it("sends only once when the same number asks several times at the same moment", async () => {
		const mobile = newPhone();

		const answers = await Promise.all(Array.from({ length: 6 }, () => sendCode(mobile)));

		expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
		expect(answers.filter((a) => a.code === ErrorCode.SmsSendTooFrequent)).toHaveLength(5);
		expect(outboxLines().filter((line) => line.mobile === mobile)).toHaveLength(1);
	});

	it("refuses unknown fields", async () => {
		const answer = await server.call("POST", "/app-api/member/auth/send-sms-code", {
			body: { mobile: newPhone(), scene: 1, admin: true },
			lang: "en",
		});

		expect(answer).toMatchObject({
			code: ErrorCode.BadRequest,
			msg: formatMessage("fieldNotAllowed", "en", { field: "admin" }),
		});
	});
});

describe("per-IP send limit", () => {
	let limited: TestServer;
	beforeAll(async () => {
		limited = await startTestServer({ limits: { smsPerIpPerHour: 3 } });
	});
	afterAll(async () => {
		await limited?.close();
	});

	it("stops one address from asking codes for many numbers", async () => {
		const send = (mobile: string) =>
			limited.call("POST", "/app-api/member/auth/send-sms-code", { body: { mobile, scene: 1 }, lang: "en" });
		for (const mobile of ["13700000001", "13700000002", "13700000003"]) expect((await send(mobile)).code).toBe(0);

		const fourth = await send("13700000004");

		expect(fourth).toMatchObject({ code: ErrorCode.SmsSendIpLimit, msg: formatMessage("smsSendIpLimit", "en") });
		limited.clock.advance(3601);
		expect((await send("13700000004")).code).toBe(0);
	});

	it("holds when one address asks for codes for many numbers at the same moment", async () => {
		limited.clock.advance(3601);
		const send = (mobile: string) =>
			limited.call("POST", "/app-api/member/auth/send-sms-code", { body: { mobile, scene: 1 } });

		const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => send(`1370000001${index}`)));

		expect(answers.filter((answer) => answer.code === 0)).toHaveLength(3);
		expect(answers.filter((answer) => answer.code === ErrorCode.SmsSendIpLimit)).toHaveLength(5);
	});
});

describe("sms-login", () => {
	it("creates the member on first sign-in and finds it again on the next", async () => {
		const mobile = newPhone();
		await sendCode(mobile);

		const first = await login(mobile, server.lastSmsCode(mobile), "en");

		expect(first.code).toBe(0);
		expect(first.data).toMatchObject({
			userId: expect.any(Number),
			accessToken: expect.any(String),
			refreshToken: expect.any(String),
		});
		expect(first.data.expiresTime).toBe(server.clock.now().getTime() + 15 * 60 * 1000);
		const info = await getInfo(first.data.accessToken);
		expect(info.data).toMatchObject({
			id: first.data.userId,
			mobile,
			nickname: `User ${mobile.slice(-4)}`,
			balance: 0,
			points: 0,
			couponCount: 0,
			userType: "user",
			isMerchant: false,
			merchantShops: [],
			telegramLinked: false,
		});
		server.clock.advance(61);
		await sendCode(mobile);
		const second = await login(mobile, server.lastSmsCode(mobile));
		expect(second.data.userId).toBe(first.data.userId);
	});

	it.each(SUPPORTED_LANGUAGES)("says the code is wrong in %s", async (lang) => {
		const mobile = newPhone();
		await sendCode(mobile);

		const answer = await login(mobile, wrongCode(server.lastSmsCode(mobile)), lang);

		expect(answer).toMatchObject({
			code: ErrorCode.SmsCodeWrong,
			msg: formatMessage("smsCodeWrong", lang),
			data: null,
		});
	});

	it.each(SUPPORTED_LANGUAGES)("checks the code format in %s", async (lang) => {
		const answers = await Promise.all(["12345", "1234567", "abcdef", ""].map((code) => login(newPhone(), code, lang)));

		for (const answer of answers)
			expect(answer).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("smsCodeFormat", lang) });
	});

	it("kills the code after 5 wrong tries, even for the right code afterwards", async () => {
		const mobile = newPhone();
		await sendCode(mobile);
		const code = server.lastSmsCode(mobile);
		for (let i = 0; i < 5; i++) expect((await login(mobile, wrongCode(code))).code).toBe(ErrorCode.SmsCodeWrong);

		const sixth = await login(mobile, code);

		expect(sixth.code).toBe(ErrorCode.SmsCodeExpired);
	});

	it("refuses a code older than 5 minutes", async () => {
		const mobile = newPhone();
		await sendCode(mobile);
		server.clock.advance(301);

		const answer = await login(mobile, server.lastSmsCode(mobile), "zh-CN");

		expect(answer).toMatchObject({ code: ErrorCode.SmsCodeExpired, msg: formatMessage("smsCodeExpired", "zh-CN") });
	});

	it("accepts a code once only", async () => {
		const mobile = newPhone();
		await sendCode(mobile);
		const code = server.lastSmsCode(mobile);
		expect((await login(mobile, code)).code).toBe(0);

		const again = await login(mobile, code);

		expect(again.code).toBe(ErrorCode.SmsCodeExpired);
	});

	it("only accepts the latest code sent", async () => {
		const mobile = newPhone();
		await sendCode(mobile);
		const first = server.lastSmsCode(mobile);
		const second = await resendUntilNot(mobile, first);

		expect((await login(mobile, first)).code).toBe(ErrorCode.SmsCodeWrong);
		expect((await login(mobile, second)).code).toBe(0);
	});

	it("does not accept one number's code for another number", async () => {
		const mine = newPhone();
		const theirs = newPhone();
		await sendCode(mine);
		await sendCode(theirs);
		await resendUntilNot(theirs, server.lastSmsCode(mine));

		const answer = await login(theirs, server.lastSmsCode(mine));

		expect(answer.code).toBe(ErrorCode.SmsCodeWrong);
	});

	it("gives exactly one session when the right code is sent twice at once", async () => {
		const mobile = newPhone();
		await sendCode(mobile);
		const code = server.lastSmsCode(mobile);

		const answers = await Promise.all(Array.from({ length: 4 }, () => login(mobile, code)));

		expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
		expect(answers.filter((a) => a.code === ErrorCode.SmsCodeExpired)).toHaveLength(3);
	});

	it("marks the demo owner and staff as merchants of the demo shop, the owner also of the second branch", async () => {
		const owner = await server.signIn("13800000001");
		const staff = await server.signIn("13800000002");

		const ownerInfo = (await getInfo(owner.accessToken)).data;
		const staffInfo = (await getInfo(staff.accessToken)).data;

		expect(ownerInfo).toMatchObject({
			userType: "merchant_owner",
			isMerchant: true,
			merchantShops: [{ role: "owner" }, { role: "owner" }],
		});
		expect(staffInfo).toMatchObject({
			userType: "merchant_staff",
			isMerchant: true,
			merchantShops: [{ role: "staff" }],
		});
		expect(ownerInfo.merchantShops[0]?.shopId).toBe(staffInfo.merchantShops[0]?.shopId);
	});
});

describe("sessions", () => {
	it.each(SUPPORTED_LANGUAGES)(
		"answers business code 401 with a sign-in message in %s when not signed in",
		async (lang) => {
			const anonymous = await server.call("GET", "/app-api/member/user/get-info", { lang });
			const badToken = await server.call("GET", "/app-api/member/user/get-info", { lang, token: "not-a-real-token" });

			for (const answer of [anonymous, badToken]) {
				expect(answer).toEqual({ code: 401, msg: formatMessage("pleaseSignIn", lang), data: null });
			}
		},
	);

	it("expires the access token after 15 minutes; the refresh token gives a new one", async () => {
		const session = await server.signIn(newPhone());
		server.clock.advance(15 * 60 + 1);
		expect((await getInfo(session.accessToken)).code).toBe(401);

		const refreshed = await refresh(session.refreshToken);

		expect(refreshed.code).toBe(0);
		expect(refreshed.data.userId).toBe(session.userId);
		expect(refreshed.data.refreshToken).not.toBe(session.refreshToken);
		expect((await getInfo(refreshed.data.accessToken)).data.id).toBe(session.userId);
	});

	it("revokes the whole family when an already-used refresh token comes back", async () => {
		const session = await server.signIn(newPhone());
		const rotated = await refresh(session.refreshToken);
		expect(rotated.code).toBe(0);
		server.clock.advance(11);

		const replay = await refresh(session.refreshToken, "en");

		expect(replay).toMatchObject({ code: ErrorCode.SessionExpired, msg: formatMessage("sessionExpired", "en") });
		expect((await getInfo(rotated.data.accessToken)).code).toBe(401);
		expect((await refresh(rotated.data.refreshToken)).code).toBe(ErrorCode.SessionExpired);
	});

	it("refuses a refresh token reused within seconds of its rotation without ending the session", async () => {
		const session = await server.signIn(newPhone());
		const rotated = await refresh(session.refreshToken);
		server.clock.advance(5);

		const otherTab = await refresh(session.refreshToken);

		expect(otherTab.code).toBe(ErrorCode.SessionExpired);
		expect((await getInfo(rotated.data.accessToken)).data.id).toBe(session.userId);
		expect((await refresh(rotated.data.refreshToken)).code).toBe(0);
	});

	it("rotates a refresh token only once when two refreshes race", async () => {
		const session = await server.signIn(newPhone());

		const answers = await Promise.all([refresh(session.refreshToken, "en"), refresh(session.refreshToken, "en")]);

		const winners = answers.filter((a) => a.code === 0);
		const losers = answers.filter((a) => a.code !== 0);
		expect(winners).toHaveLength(1);
		expect(losers).toEqual([
			{ code: ErrorCode.SessionExpired, msg: formatMessage("sessionExpired", "en"), data: null },
		]);
		// The loser is the other tab, not a thief: the winner's new pair keeps working.
		const winner = winners[0]?.data as AuthSession;
		expect((await getInfo(winner.accessToken)).data.id).toBe(session.userId);
		expect((await refresh(winner.refreshToken)).code).toBe(0);
	});

	it("accepts the refresh token from the query string, as the original client sends it", async () => {
		const session = await server.signIn(newPhone());

		const answer = await server.call<AuthSession>(
			"POST",
			`/app-api/member/auth/refresh-token?refreshToken=${encodeURIComponent(session.refreshToken)}`,
		);

		expect(answer.code).toBe(0);
	});

	it("refuses an unknown or missing refresh token", async () => {
		expect((await refresh("nonsense")).code).toBe(ErrorCode.SessionExpired);
		expect((await server.call("POST", "/app-api/member/auth/refresh-token", { body: {} })).code).toBe(
			ErrorCode.SessionExpired,
		);
	});

	it("stops the token at once on logout", async () => {
		const session = await server.signIn(newPhone());
		expect((await getInfo(session.accessToken)).code).toBe(0);

		const answer = await server.call("POST", "/app-api/member/auth/logout", { token: session.accessToken });

		expect(answer).toEqual({ code: 0, msg: "", data: true });
		expect((await getInfo(session.accessToken)).code).toBe(401);
		expect((await refresh(session.refreshToken)).code).toBe(ErrorCode.SessionExpired);
	});

	it("treats logout without a session as done", async () => {
		expect((await server.call("POST", "/app-api/member/auth/logout")).code).toBe(0);
	});
});

describe("update-nickname", () => {
	let token: string;
	beforeAll(async () => {
		token = (await server.signIn(newPhone())).accessToken;
	});
	const update = (body: unknown, lang?: string) =>
		server.call<MemberInfo>("POST", "/app-api/member/user/update-nickname", { body, token, lang });

	it("changes nickname, gender and birthday and shows them in get-info", async () => {
		const answer = await update({ nickname: "  Srey Mom  ", gender: 2, birthday: "1995-04-13" });

		expect(answer.code).toBe(0);
		expect(answer.data).toMatchObject({ nickname: "Srey Mom", gender: 2, birthday: "1995-04-13" });
		expect((await getInfo(token)).data).toMatchObject({ nickname: "Srey Mom", gender: 2, birthday: "1995-04-13" });
	});

	it.each(SUPPORTED_LANGUAGES)("explains a bad nickname in %s and changes nothing", async (lang) => {
		const before = (await getInfo(token)).data.nickname;

		const empty = await update({ nickname: "   " }, lang);
		const long = await update({ nickname: "x".repeat(21) }, lang);

		for (const answer of [empty, long]) {
			expect(answer).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("nicknameLength", lang) });
		}
		expect((await getInfo(token)).data.nickname).toBe(before);
	});

	it.each(SUPPORTED_LANGUAGES)("refuses an impossible or future birthday in %s", async (lang) => {
		for (const birthday of ["2021-02-30", "1995/04/13", "2999-01-01"]) {
			expect(await update({ birthday }, lang)).toMatchObject({
				code: ErrorCode.BadRequest,
				msg: formatMessage("birthdayInvalid", lang),
			});
		}
	});

	it("never changes the phone number", async () => {
		const before = (await getInfo(token)).data.mobile;

		const answer = await update({ nickname: "New", mobile: "13911112222" }, "en");

		expect(answer).toMatchObject({
			code: ErrorCode.BadRequest,
			msg: formatMessage("fieldNotAllowed", "en", { field: "mobile" }),
		});
		expect((await getInfo(token)).data).toMatchObject({ mobile: before });
	});

	it("only takes an avatar the member uploaded", async () => {
		const answer = await update({ avatar: "/uploads/0123456789abcdef.webp" }, "en");

		expect(answer).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("avatarInvalid", "en") });
		expect((await update({ avatar: "https://evil.example/a.png" }, "en")).code).toBe(ErrorCode.BadRequest);
	});
});

function refresh(refreshToken: string, lang?: string) {
	return server.call<AuthSession>("POST", "/app-api/member/auth/refresh-token", { body: { refreshToken }, lang });
}

function wrongCode(code: string): string {
	return code.replace(/^./, (d) => String((Number(d) + 1) % 10));
}

function outboxLines(): Array<Record<string, unknown>> {
	try {
		return readFileSync(path.join(server.dataDir, "sms-outbox.jsonl"), "utf8")
			.trim()
			.split("\n")
			.filter(Boolean)
			.map((line) => JSON.parse(line) as Record<string, unknown>);
	} catch {
		return [];
	}
}
