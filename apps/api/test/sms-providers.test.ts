import { randomBytes } from "node:crypto";
import { ErrorCode } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/lib/config.js";
import { startFakeAliyunSms } from "./fakes/aliyun-sms.js";
import type { FakeSmsProvider } from "./fakes/sms-fake-server.js";
import { type FakeTelegramGateway, startFakeTelegramGateway } from "./fakes/telegram-gateway.js";
import { startFakeTencentSms } from "./fakes/tencent-sms.js";
import { startFakeTwilio } from "./fakes/twilio.js";
import { startTestServer, type TestServer } from "./harness.js";

/**
 * Issue 30 part 1 (decision 032): a server whose SMS_PROVIDER is "aliyun,tencent,twilio" with
 * TELEGRAM_GATEWAY_TOKEN set, each pointed at its local fake, which checks that provider's own
 * signature. Customers sign in over HTTP; the fakes fail, stall, lie and stop trusting our key.
 */
let server: TestServer;
let aliyun: FakeSmsProvider;
let tencent: FakeSmsProvider;
let twilio: FakeSmsProvider;
let telegram: FakeTelegramGateway;
const logLines: string[] = [];
// Short, so stalls cost the suite little, yet long enough for a loaded CI machine to answer.
const ATTEMPT_TIMEOUT_MS = 1000;
let nextMobile = 13700000100;
const newMobile = () => String(nextMobile++);

beforeAll(async () => {
	[aliyun, tencent, twilio, telegram] = await Promise.all([
		startFakeAliyunSms(),
		startFakeTencentSms(),
		startFakeTwilio(),
		startFakeTelegramGateway(),
	]);
	server = await startTestServer({
		limits: { smsPerPhoneInWindow: 3, smsPerPhonePerDay: 3 },
		logger: { level: "info", stream: { write: (line: string) => logLines.push(line) } },
		configure: (config) => {
			// The SMS block exactly as loadConfig reads it from the environment an operator sets.
			config.sms = loadConfig({
				NODE_ENV: "test",
				DATA_DIR: server?.dataDir ?? config.dataDir,
				TOKEN_SECRET: config.tokenSecret,
				...aliyun.env,
				...tencent.env,
				...twilio.env,
				...telegram.env,
				SMS_PROVIDER: "aliyun,tencent,twilio",
			}).sms;
			// The shape (2 calls to each provider, then the next) is the default.
			config.sms.attemptTimeoutMs = ATTEMPT_TIMEOUT_MS;
		},
	});
}, 30_000);

afterAll(async () => {
	await server?.close();
	await Promise.all([aliyun, tencent, twilio, telegram].map((fake) => fake?.close()));
});

beforeEach(() => {
	for (const fake of [aliyun, tencent, twilio, telegram]) {
		fake.failAlways(null);
	}
});

const sendCode = (mobile: string, lang?: string) =>
	server.call<{ resendAfterSeconds: number }>("POST", "/app-api/member/auth/send-sms-code", {
		body: { mobile, scene: 1 },
		...(lang ? { lang } : {}),
	});
const login = (mobile: string, code: string) =>
	server.call<{ accessToken: string }>("POST", "/app-api/member/auth/sms-login", { body: { mobile, code } });

async function signsInWith(mobile: string, code: string | undefined) {
	expect(code).toMatch(/^\d{6}$/);
	const session = await login(mobile, code as string);
	expect(session).toMatchObject({ code: 0 });
	expect(session.data.accessToken).toBeTruthy();
}

function callCounts() {
	return { aliyun: aliyun.calls(), tencent: tencent.calls(), twilio: twilio.calls(), telegram: telegram.calls() };
}

describe("sending a sign-in code through real providers", () => {
	it("a number on Telegram gets its code by the Telegram Gateway and signs in with it; no SMS is paid", async () => {
		const mobile = newMobile();
		telegram.addTelegramUser(mobile);
		const before = callCounts();

		expect(await sendCode(mobile)).toMatchObject({ code: 0, data: { resendAfterSeconds: 60 } });

		expect(telegram.messages().at(-1)).toMatchObject({ to: `+86${mobile}` });
		expect(callCounts()).toEqual({ ...before, telegram: before.telegram + 2 }); // checkSendAbility + send
		await signsInWith(mobile, telegram.lastCode(mobile));
	});

	it("a number without Telegram gets it by SMS from the first provider, in E.164, signed as Alibaba checks", async () => {
		const mobile = newMobile();
		const before = callCounts();

		expect(await sendCode(mobile)).toMatchObject({ code: 0 });

		expect(aliyun.messages().at(-1)?.to).toBe(`+86${mobile}`);
		expect(aliyun.refusedSignatures()).toBe(0);
		expect(callCounts()).toEqual({ ...before, telegram: before.telegram + 1, aliyun: before.aliyun + 1 });
		await signsInWith(mobile, aliyun.lastCode(mobile));
	});

	it.each(["unavailable", "refused", "stall", "lie"] as const)(
		"Telegram's gateway %s: SMS takes over at once, without asking Telegram again",
		async (fault) => {
			const mobile = newMobile();
			telegram.addTelegramUser(mobile);
			telegram.failNext(fault);
			const before = callCounts();

			expect(await sendCode(mobile)).toMatchObject({ code: 0 });

			expect(telegram.calls() - before.telegram).toBe(2);
			expect(telegram.lastCode(mobile)).toBeUndefined();
			await signsInWith(mobile, aliyun.lastCode(mobile));
		},
	);

	it("a 5xx is asked again of the same provider after a short wait, with the same code", async () => {
		const mobile = newMobile();
		aliyun.failNext("unavailable");
		const before = callCounts();

		expect(await sendCode(mobile)).toMatchObject({ code: 0 });

		expect(aliyun.calls() - before.aliyun).toBe(2);
		expect(tencent.calls()).toBe(before.tencent);
		const seen = aliyun.received().filter((message) => message.to === `+86${mobile}`);
		expect(seen).toHaveLength(2);
		expect(seen[0]?.code).toBe(seen[1]?.code);
		await signsInWith(mobile, aliyun.lastCode(mobile));
	});

	it("a business refusal moves to the next provider without asking again (Tencent, TC3-signed)", async () => {
		const mobile = newMobile();
		aliyun.failNext("refused");
		const before = callCounts();

		expect(await sendCode(mobile)).toMatchObject({ code: 0 });

		expect(aliyun.calls() - before.aliyun).toBe(1);
		expect(tencent.refusedSignatures()).toBe(0);
		await signsInWith(mobile, tencent.lastCode(mobile));
	});

	it("a stalled provider is given up after the attempt timeout, twice, then the next sends", async () => {
		const mobile = newMobile();
		aliyun.failAlways("stall");
		const started = Date.now();

		expect(await sendCode(mobile)).toMatchObject({ code: 0 });

		const elapsed = Date.now() - started;
		console.log(`stalled Alibaba twice (timeout ${ATTEMPT_TIMEOUT_MS} ms) then Tencent: code sent in ${elapsed} ms`);
		expect(elapsed).toBeGreaterThanOrEqual(2 * ATTEMPT_TIMEOUT_MS);
		expect(elapsed).toBeLessThan(4 * ATTEMPT_TIMEOUT_MS + 1500);
		await signsInWith(mobile, tencent.lastCode(mobile));
	});

	it("answers that only look like success are not believed: Twilio, third, sends", async () => {
		const mobile = newMobile();
		aliyun.failAlways("lie");
		tencent.failAlways("lie");

		expect(await sendCode(mobile)).toMatchObject({ code: 0 });

		expect(aliyun.lastCode(mobile)).toBeUndefined();
		expect(tencent.lastCode(mobile)).toBeUndefined();
		expect(twilio.messages().at(-1)?.text).toMatch(/^Bayon: your code is \d{6}\. It expires in 5 minutes\.$/);
		await signsInWith(mobile, twilio.lastCode(mobile));
	});

	it("when every provider fails the customer is told plainly, nothing is used up, and the code given out signs no one in", async () => {
		const mobile = newMobile();
		aliyun.failAlways("unavailable");
		tencent.failAlways("refused");
		twilio.failAlways("lie");

		// More failed sends than the number's window and day allow (3 in this server), one right after another.
		const answers = [];
		for (const lang of ["en", "zh-CN", "km", "en"]) answers.push(await sendCode(mobile, lang));
		expect(answers.map((answer) => answer.code)).toEqual(Array(4).fill(ErrorCode.SmsCodeNotSent));
		expect(answers[0]).toMatchObject({ msg: "We could not send the code. Please try again in a moment", data: null });
		expect(answers[1]?.msg).toBe("验证码没能发出，请稍后再试");
		expect(answers[2]?.msg).toBe("មិនអាចផ្ញើលេខកូដបានទេ សូមព្យាយាមម្តងទៀតបន្តិចទៀត");

		// Twilio saw the codes (and lied about sending them, twice each): none of them signs in.
		const given = twilio.received().filter((message) => message.to === `+86${mobile}`);
		expect(given).toHaveLength(8);
		expect(await login(mobile, given.at(-1)?.code as string)).toMatchObject({ code: ErrorCode.SmsCodeExpired });

		// The providers are back: the very next tap sends, with no wait and no daily limit in the way.
		aliyun.failAlways(null);
		expect(await sendCode(mobile)).toMatchObject({ code: 0 });
		await signsInWith(mobile, aliyun.lastCode(mobile));
	});

	it("the customer's wait is bounded even when every provider stalls", async () => {
		const mobile = newMobile();
		for (const fake of [aliyun, tencent, twilio]) fake.failAlways("stall");
		const started = Date.now();

		expect(await sendCode(mobile)).toMatchObject({ code: ErrorCode.SmsCodeNotSent });

		const elapsed = Date.now() - started;
		console.log(
			`three stalled providers, 2 calls each of ${ATTEMPT_TIMEOUT_MS} ms: the customer was answered in ${elapsed} ms`,
		);
		expect(elapsed).toBeLessThan(6 * ATTEMPT_TIMEOUT_MS + 3000);
	});

	it("a key the provider no longer accepts is refused by its signature check, and the next provider sends", async () => {
		const mobile = newMobile();
		aliyun.rotateSecret();
		tencent.rotateSecret();
		const before = callCounts();

		expect(await sendCode(mobile)).toMatchObject({ code: 0 });

		expect(aliyun.calls() - before.aliyun).toBe(1); // a 4xx is not asked again
		expect(aliyun.refusedSignatures()).toBe(1);
		expect(tencent.refusedSignatures()).toBe(1);
		await signsInWith(mobile, twilio.lastCode(mobile));

		twilio.rotateSecret();
		expect(await sendCode(newMobile())).toMatchObject({ code: ErrorCode.SmsCodeNotSent });
		expect(twilio.refusedSignatures()).toBe(1);
	});

	it("the log names providers and failures, never a code or a secret", () => {
		const codes = [aliyun, tencent, twilio, telegram].flatMap((fake) => fake.received().map((message) => message.code));
		const secrets = [aliyun, tencent, twilio, telegram].flatMap((fake) =>
			Object.entries(fake.env)
				.filter(([name]) => /SECRET|TOKEN/.test(name))
				.map(([, value]) => value),
		);
		expect(codes.length).toBeGreaterThan(20);
		// Every string in every line, and which of them carry a code or a secret (named when this fails).
		const strings: string[] = [];
		const collect = (value: unknown) => {
			if (typeof value === "string") strings.push(value);
			else if (value && typeof value === "object") for (const inner of Object.values(value)) collect(inner);
		};
		for (const line of logLines.join("").split("\n").filter(Boolean)) {
			try {
				collect(JSON.parse(line));
			} catch {
				// Not ours to parse (the log's last scrub can leave a line that is not JSON): read it whole.
				strings.push(line);
			}
		}
		const leaks = strings.filter(
			(text) =>
				codes.some((code) => new RegExp(`(^|\\D)${code}(\\D|$)`).test(text)) ||
				secrets.some((secret) => text.includes(secret)),
		);
		expect(leaks).toEqual([]);
		const failures = logLines.filter((line) => line.includes("SMS provider failed"));
		expect(failures.some((line) => line.includes('"provider":"aliyun"'))).toBe(true);
		expect(logLines.some((line) => line.includes("verification code sent") && line.includes("+86*******"))).toBe(true);
	});
});

describe("SMS settings", () => {
	const production = {
		NODE_ENV: "production",
		TOKEN_SECRET: randomBytes(32).toString("hex"),
		BANK_CARD_KEY: randomBytes(32).toString("base64"),
		RAIL_SECRETS_KEY: randomBytes(32).toString("base64"),
		DATA_DIR: "/tmp/bayon-sms-config-test",
	};

	it("production refuses the outbox, alone or in a list, and asks for a provider when none is set", () => {
		expect(() => loadConfig({ ...production, SMS_PROVIDER: "outbox" })).toThrow(/SMS_PROVIDER=outbox .* refused/);
		expect(() =>
			loadConfig({
				...production,
				...{ TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`, TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+85512345678" },
				SMS_PROVIDER: "twilio,outbox",
			}),
		).toThrow(/SMS_PROVIDER=outbox/);
		expect(() => loadConfig(production)).toThrow(/SMS_PROVIDER is required when NODE_ENV=production/);
		expect(() => loadConfig({ ...production, SMS_PROVIDER: "aliyun;twilio" })).toThrow(
			/must be a comma-separated list of outbox, aliyun, tencent, twilio/,
		);
	});

	it("names every setting a listed provider is missing", () => {
		let message = "";
		try {
			loadConfig({
				...production,
				SMS_PROVIDER: "aliyun,tencent,twilio",
				ALIYUN_SMS_ACCESS_KEY_ID: "LTAI1",
				TWILIO_AUTH_TOKEN: "x",
			});
		} catch (error) {
			message = (error as Error).message;
		}
		expect(message).toContain(
			"aliyun, which needs ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE",
		);
		expect(message).toContain(
			"tencent, which needs TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID",
		);
		expect(message).toContain("twilio, which needs TWILIO_ACCOUNT_SID");
		expect(message).toContain("exactly one of TWILIO_FROM");
		expect(message).not.toContain("LTAI1");
	});

	it("a provider's settings from its fake's environment start a production configuration", async () => {
		const fake = await startFakeTwilio();
		try {
			const config = loadConfig({ ...production, ...fake.env });
			expect(config.sms.providers).toEqual(["twilio"]);
			expect(config.sms.twilio?.apiUrl).toBe(fake.url);
		} finally {
			await fake.close();
		}
	});
});
