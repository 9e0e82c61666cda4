import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "bayon-config-"));

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
	])("names the bad variable %o", (env, name) => {
		expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`${name}=`));
	});

	it("takes a fake start time for browser tests, but never in production", () => {
		expect(loadConfig({ DATA_DIR: dataDir(), FAKE_NOW: "2026-11-20T05:00:00Z" }).fakeNow?.toISOString()).toBe(
			"2026-11-20T05:00:00.000Z",
		);
		expect(() => loadConfig({ DATA_DIR: dataDir(), FAKE_NOW: "tomorrow" })).toThrow(/FAKE_NOW=/);
		expect(() =>
			loadConfig({
				NODE_ENV: "production",
				SMS_PROVIDER: "outbox",
				TOKEN_SECRET: "s".repeat(40),
				FAKE_NOW: "2026-11-20T05:00:00Z",
			}),
		).toThrow(/FAKE_NOW is for tests/);
	});

	it("refuses the SMS outbox and a missing secret in production", () => {
		const secret = "s".repeat(40);
		expect(() => loadConfig({ NODE_ENV: "production", SMS_PROVIDER: "outbox", TOKEN_SECRET: secret })).toThrow(
			ConfigError,
		);
		expect(() => loadConfig({ NODE_ENV: "production", SMS_PROVIDER: "outbox", TOKEN_SECRET: secret })).toThrow(
			/outbox/,
		);
		expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
	});
});
