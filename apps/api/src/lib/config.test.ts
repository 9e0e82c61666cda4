import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const tempRoot = mkdtempSync(path.join(tmpdir(), "bayon-config-"));
afterAll(() => rmSync(tempRoot, { recursive: true, force: true }));
const dataDir = () => mkdtempSync(path.join(tempRoot, "data-"));

describe("loadConfig", () => {
	it("runs with no configuration at all: PGlite, port 8080, SMS outbox, a generated secret", () => {
		const dir = dataDir();

		const config = loadConfig({ DATA_DIR: dir });

		expect(config).toMatchObject({
			port: 8080,
			host: "127.0.0.1",
			databaseUrl: undefined,
			smsProvider: "outbox",
			seedDemo: true,
			trustProxy: false,
		});
		expect(config.tokenSecret.length).toBeGreaterThanOrEqual(32);
		expect(JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8")).tokenSecret).toBe(config.tokenSecret);
		expect(loadConfig({ DATA_DIR: dir }).tokenSecret).toBe(config.tokenSecret);
	});

	it("sends 20 codes an hour to one address unless configured", () => {
		expect(loadConfig({ DATA_DIR: dataDir() }).limits.smsPerIpPerHour).toBe(20);
		expect(loadConfig({ DATA_DIR: dataDir(), SMS_PER_IP_PER_HOUR: "500" }).limits.smsPerIpPerHour).toBe(500);
		expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PER_IP_PER_HOUR: "0" })).toThrow(/SMS_PER_IP_PER_HOUR=/);
	});

	it("lets unpaid orders wait 15 minutes unless configured", () => {
		expect(loadConfig({ DATA_DIR: dataDir() }).orderPaymentSeconds).toBe(900);
		expect(loadConfig({ DATA_DIR: dataDir(), ORDER_PAYMENT_MINUTES: "30" }).orderPaymentSeconds).toBe(1800);
		expect(() => loadConfig({ DATA_DIR: dataDir(), ORDER_PAYMENT_MINUTES: "0" })).toThrow(/ORDER_PAYMENT_MINUTES=/);
	});

	it("times requests out after 60 s (headers 15 s) and works on a few images at once, unless configured", () => {
		const defaults = loadConfig({ DATA_DIR: dataDir() });
		const configured = loadConfig({
			DATA_DIR: dataDir(),
			HTTP_REQUEST_TIMEOUT_SECONDS: "10",
			HTTP_HEADERS_TIMEOUT_SECONDS: "30",
			UPLOAD_IMAGE_WORKERS: "2",
			UPLOAD_QUEUE_LENGTH: "5",
		});

		expect(defaults.http).toEqual({ requestTimeoutMs: 60_000, headersTimeoutMs: 15_000 });
		expect(defaults.uploads.imageWorkers).toBeGreaterThanOrEqual(1);
		expect(defaults.uploads.imageWorkers).toBeLessThanOrEqual(3);
		expect(defaults.uploads.maxWaiting).toBe(16);
		// Headers arrive within the whole request, so their limit is never the longer one.
		expect(configured.http).toEqual({ requestTimeoutMs: 10_000, headersTimeoutMs: 10_000 });
		expect(configured.uploads).toMatchObject({ imageWorkers: 2, maxWaiting: 5 });
	});

	it.each([
		[{ PORT: "eighty" }, "PORT"],
		[{ PORT: "70000" }, "PORT"],
		[{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
		[{ TELEGRAM_BOT_TOKEN: "nope" }, "TELEGRAM_BOT_TOKEN"],
		[{ SMS_PROVIDER: "carrier-pigeon" }, "SMS_PROVIDER"],
		[{ HTTP_REQUEST_TIMEOUT_SECONDS: "0" }, "HTTP_REQUEST_TIMEOUT_SECONDS"],
		[{ UPLOAD_IMAGE_WORKERS: "many" }, "UPLOAD_IMAGE_WORKERS"],
		[{ BANK_CARD_KEY: "short" }, "BANK_CARD_KEY"],
		[{ BANK_CARD_KEY: Buffer.alloc(16).toString("base64") }, "BANK_CARD_KEY"],
	])("names the bad variable %o", (env, name) => {
		expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`${name}=`));
	});

	it("takes a 32-byte bank card key in base64, and leaves it unset without one", () => {
		const key = Buffer.alloc(32, 9);
		expect(loadConfig({ DATA_DIR: dataDir(), BANK_CARD_KEY: key.toString("base64") }).bankCardKey).toEqual(key);
		expect(loadConfig({ DATA_DIR: dataDir() }).bankCardKey).toBeUndefined();
	});

	it("drains for 0 s on a stop outside production unless configured, and keeps the drain to half of SHUTDOWN_SECONDS", () => {
		expect(loadConfig({ DATA_DIR: dataDir() }).shutdownDrainSeconds).toBe(0);
		expect(loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_SECONDS: "1.5", SHUTDOWN_SECONDS: "3" })).toMatchObject({
			shutdownDrainSeconds: 1.5,
			shutdownSeconds: 3,
		});
		expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_SECONDS: "-1" })).toThrow(/SHUTDOWN_DRAIN_SECONDS=/);
		expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_SECONDS: "6" })).toThrow(
			"SHUTDOWN_DRAIN_SECONDS (6) must be at most half of SHUTDOWN_SECONDS (10)",
		);
	});

	it("takes a fake start time for browser tests", () => {
		expect(loadConfig({ DATA_DIR: dataDir(), FAKE_NOW: "2026-11-20T05:00:00Z" }).fakeNow?.toISOString()).toBe(
			"2026-11-20T05:00:00.000Z",
		);
		expect(() => loadConfig({ DATA_DIR: dataDir(), FAKE_NOW: "tomorrow" })).toThrow(/FAKE_NOW=/);
	});
});

/**
 * Production checks. The baseline keeps the SMS outbox, so even the most complete production
 * configuration is refused for its SMS provider (test/sms-providers.test.ts starts one with a
 * real provider's settings); every check is therefore seen by the exact
 * list of problems, which must differ from that baseline by exactly the one thing a test changes.
 */
describe("loadConfig in production", () => {
	const OUTBOX =
		"SMS_PROVIDER=outbox writes codes to a file and is refused when NODE_ENV=production; use aliyun, tencent or twilio.";
	const NO_SMS =
		"SMS_PROVIDER is required when NODE_ENV=production: aliyun, tencent or twilio, or several in order (aliyun,twilio).";
	const NO_SECRET = "TOKEN_SECRET is required when NODE_ENV=production (32+ random characters).";
	const FAKE_NOW = "FAKE_NOW is for tests and is refused when NODE_ENV=production.";
	const NO_CARD_KEY =
		"BANK_CARD_KEY is required when NODE_ENV=production (32 random bytes in base64: openssl rand -base64 32); keep it: cards saved under it cannot be read without it.";
	const NO_RAIL_KEY =
		"RAIL_SECRETS_KEY is required when NODE_ENV=production (32 random bytes in base64: openssl rand -base64 32); keep it: the payment rails' settings saved under it cannot be read without it.";

	/** The problems loadConfig lists for the most complete production config, changed by `change`. */
	function problemsWith(change: Record<string, string | undefined>): string[] {
		const env: Record<string, string | undefined> = {
			NODE_ENV: "production",
			DATA_DIR: dataDir(),
			TOKEN_SECRET: "s".repeat(40),
			BANK_CARD_KEY: Buffer.alloc(32, 7).toString("base64"),
			RAIL_SECRETS_KEY: Buffer.alloc(32, 9).toString("base64"),
			SMS_PROVIDER: "outbox",
			...change,
		};
		for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
		try {
			loadConfig(env);
		} catch (error) {
			expect(error).toBeInstanceOf(ConfigError);
			const [heading, ...lines] = (error as Error).message.split("\n");
			expect(heading).toBe("Invalid configuration:");
			return lines.map((line) => line.trim());
		}
		throw new Error("loadConfig accepted a production configuration");
	}

	it("refuses the SMS outbox, and nothing else, in an otherwise complete configuration", () => {
		expect(problemsWith({})).toEqual([OUTBOX]);
	});

	it("requires an SMS provider", () => {
		expect(problemsWith({ SMS_PROVIDER: undefined })).toEqual([NO_SMS]);
	});

	it("requires a token secret", () => {
		expect(problemsWith({ TOKEN_SECRET: undefined })).toEqual([OUTBOX, NO_SECRET]);
	});

	it("requires a bank card key", () => {
		expect(problemsWith({ BANK_CARD_KEY: undefined })).toEqual([OUTBOX, NO_CARD_KEY]);
	});

	it("requires a key for the payment rails' secrets", () => {
		expect(problemsWith({ RAIL_SECRETS_KEY: undefined })).toEqual([OUTBOX, NO_RAIL_KEY]);
	});

	it("refuses a fake start time", () => {
		expect(problemsWith({ FAKE_NOW: "2026-11-20T05:00:00Z" })).toEqual([FAKE_NOW, OUTBOX]);
	});

	it("drains 5 s on a stop (half of a SHUTDOWN_SECONDS below 10), and refuses a drain longer than half", () => {
		const complete = {
			NODE_ENV: "production",
			DATA_DIR: dataDir(),
			TOKEN_SECRET: "s".repeat(40),
			BANK_CARD_KEY: Buffer.alloc(32, 7).toString("base64"),
			RAIL_SECRETS_KEY: Buffer.alloc(32, 9).toString("base64"),
			SMS_PROVIDER: "twilio",
			TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
			TWILIO_AUTH_TOKEN: "t",
			TWILIO_FROM: "Bayon",
		};
		expect(loadConfig(complete).shutdownDrainSeconds).toBe(5);
		expect(loadConfig({ ...complete, SHUTDOWN_SECONDS: "6" }).shutdownDrainSeconds).toBe(3);
		expect(loadConfig({ ...complete, SHUTDOWN_DRAIN_SECONDS: "0" }).shutdownDrainSeconds).toBe(0);
		expect(problemsWith({ SHUTDOWN_DRAIN_SECONDS: "8" })).toEqual([
			OUTBOX,
			"SHUTDOWN_DRAIN_SECONDS (8) must be at most half of SHUTDOWN_SECONDS (10): the rest is for the requests taken during the drain to finish. Lower it or raise SHUTDOWN_SECONDS.",
		]);
	});

	it("names every problem at once", () => {
		expect(
			problemsWith({
				SMS_PROVIDER: undefined,
				TOKEN_SECRET: undefined,
				BANK_CARD_KEY: undefined,
				RAIL_SECRETS_KEY: undefined,
				FAKE_NOW: "2026-11-20T05:00:00Z",
			}),
		).toEqual([FAKE_NOW, NO_SMS, NO_SECRET, NO_CARD_KEY, NO_RAIL_KEY]);
	});
});
