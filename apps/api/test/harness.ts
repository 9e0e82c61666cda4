import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ApiEnvelope } from "@bayon/contract";
import pg from "pg";
import { inject } from "vitest";
import type { BuildAppOptions } from "../src/app.js";
import { type Database, type OpenDatabaseOptions, openDatabase } from "../src/db/database.js";
import type { Clock } from "../src/lib/clock.js";
import { type Config, loadConfig, type RateLimits } from "../src/lib/config.js";
import { type StartedServer, startServer } from "../src/server.js";

declare module "vitest" {
	export interface ProvidedContext {
		/** A gzipped tarball of a migrated PGlite cluster without data (test/pglite-template.ts). */
		pgliteTemplate: string;
	}
}

/**
 * Where every test server's clock starts: the first 12:00 in Phnom Penh (the demo shop's zone,
 * UTC+7 all year) not before the real time. A test that never moves the clock then still runs at
 * one time of day, inside the demo shop's hours, whenever the suite runs; it stays within a day
 * of the database's own now() (column defaults), as a test that moves its clock does.
 */
export function testClockStart(now = new Date()): Date {
	const start = new Date(now);
	start.setUTCHours(12 - 7, 0, 0, 0);
	while (start < now) start.setUTCDate(start.getUTCDate() + 1);
	return start;
}

/** A clock the test moves by hand, starting at testClockStart. */
export class ManualClock implements Clock {
	private current = testClockStart();
	now(): Date {
		return new Date(this.current);
	}
	advance(seconds: number) {
		this.current = new Date(this.current.getTime() + seconds * 1000);
	}
	set(instant: Date) {
		this.current = new Date(instant);
	}
}

export const TEST_BOT_TOKEN = "1234567890:TEST-bot-token-for-bayon-tests-only";

export interface TestServer extends StartedServer {
	clock: ManualClock;
	dataDir: string;
	databaseKind: "pglite" | "postgres";
	/** Calls the running server over HTTP like the web app does. */
	call<T = unknown>(method: "GET" | "POST", urlPath: string, options?: CallOptions): Promise<ApiEnvelope<T>>;
	/** The last code the SMS outbox holds for a phone. */
	lastSmsCode(mobile: string): string;
	/** Sends a code and signs in with it; returns the session. */
	signIn(mobile: string): Promise<{ accessToken: string; refreshToken: string; userId: number }>;
}

export interface CallOptions {
	body?: unknown;
	token?: string;
	lang?: string;
	headers?: Record<string, string>;
}

/**
 * Starts the real server for one test file: a fresh database (in-memory PGlite, or a new
 * database on the PostgreSQL server when TEST_DATABASE=postgres), migrations and the demo
 * seed, a temporary DATA_DIR, and an ephemeral port.
 */
export async function startTestServer(
	options: {
		limits?: Partial<RateLimits>;
		telegram?: boolean;
		webDistDir?: string;
		/** A second server on the same PostgreSQL database (another process behind the load balancer). */
		sameDatabaseAs?: TestServer;
		/** Fan live events out through this Redis instead of the database. */
		redisUrl?: string;
		/** Use this PostgreSQL database (e.g. a throwaway cluster the test stops); left in place on close. */
		databaseUrl?: string;
		/** With databaseUrl: its settings (prepared statements, a replica, a direct URL; decision 036). */
		databaseOptions?: Pick<OpenDatabaseOptions, "preparedStatements" | "replicaUrl" | "directUrl">;
		/** Changes to the configuration before the server starts (shorter timeouts, fewer workers). */
		configure?: (config: Config) => void;
		/** The server's log (silent by default), e.g. a stream the test reads. */
		logger?: BuildAppOptions["logger"];
	} = {},
): Promise<TestServer> {
	const dataDir = mkdtempSync(path.join(tmpdir(), "bayon-test-"));
	const config = loadConfig({
		NODE_ENV: "test",
		PORT: "0",
		HOST: "127.0.0.1",
		DATA_DIR: dataDir,
		TOKEN_SECRET: randomBytes(32).toString("hex"),
		LOG_LEVEL: "silent",
		...(options.telegram === false ? {} : { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN }),
		...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
		...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
	});
	// Generous per-IP limit: every test call comes from 127.0.0.1. Tests of that limit lower it.
	config.limits = { ...config.limits, smsPerIpPerHour: 10_000, ...options.limits };
	const { database, dropDatabase } = options.databaseUrl
		? {
				database: await openDatabase({ url: options.databaseUrl, poolSize: 5, ...options.databaseOptions }),
				dropDatabase: async () => {},
			}
		: options.sameDatabaseAs
			? await reopenDatabase(options.sameDatabaseAs)
			: await openTestDatabase();
	if (options.sameDatabaseAs) config.tokenSecret = options.sameDatabaseAs.deps.config.tokenSecret;
	options.configure?.(config);
	const clock = new ManualClock();
	// Background jobs off: tests run them explicitly, at the moment the story needs. The event
	// bus retries within a second, so outage tests need not wait half a minute.
	const server = await startServer(config, {
		database,
		clock,
		// TEST_LOG=1 prints the server's errors (a 500's cause) beside the test's output.
		logger: options.logger ?? (process.env.TEST_LOG ? { level: "error" } : false),
		jobs: false,
		busBackoff: { baseDelayMs: 50, maxDelayMs: 1000 },
	});

	const call: TestServer["call"] = async (method, urlPath, callOptions = {}) => {
		const headers: Record<string, string> = { "tenant-id": "1", "shop-key": "bayon-demo", ...callOptions.headers };
		if (callOptions.lang) {
			headers["x-lang"] = callOptions.lang;
			headers["accept-language"] = callOptions.lang;
		}
		if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
		let body: string | undefined;
		if (callOptions.body !== undefined) {
			headers["content-type"] = "application/json";
			body = JSON.stringify(callOptions.body);
		}
		const response = await fetch(`${server.url}${urlPath}`, { method, headers, body });
		if (response.status !== 200)
			throw new Error(`HTTP ${response.status} for ${method} ${urlPath}: ${await response.text()}`);
		return (await response.json()) as ApiEnvelope<never>;
	};

	const lastSmsCode = (mobile: string) => {
		const lines = readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
		const mine = lines
			.map((line) => JSON.parse(line) as { mobile: string; code: string })
			.filter((m) => m.mobile === mobile);
		const last = mine.at(-1);
		if (!last) throw new Error(`no SMS sent to ${mobile}`);
		return last.code;
	};

	const signIn: TestServer["signIn"] = async (mobile) => {
		const sent = await call("POST", "/app-api/member/auth/send-sms-code", { body: { mobile, scene: 1 } });
		if (sent.code !== 0) throw new Error(`send-sms-code failed: ${sent.code} ${sent.msg}`);
		const login = await call<{ accessToken: string; refreshToken: string; userId: number }>(
			"POST",
			"/app-api/member/auth/sms-login",
			{
				body: { mobile, code: lastSmsCode(mobile) },
			},
		);
		if (login.code !== 0) throw new Error(`sms-login failed: ${login.code} ${login.msg}`);
		return login.data;
	};

	return {
		...server,
		clock,
		dataDir,
		databaseKind: database.kind,
		call,
		lastSmsCode,
		signIn,
		async close() {
			await server.close();
			await dropDatabase();
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}

async function reopenDatabase(other: TestServer): Promise<{ database: Database; dropDatabase: () => Promise<void> }> {
	const url = other.deps.database.url;
	if (!url) throw new Error("only a PostgreSQL database can be shared between test servers");
	return { database: await openDatabase({ url, poolSize: 5 }), dropDatabase: async () => {} };
}

/**
 * A fresh database without data for this test project: in-memory PGlite, or a new database on
 * the PostgreSQL server when TEST_DATABASE=postgres. On PGlite it starts from the migrated
 * cluster the project's global setup made (test/pglite-template.ts), so migrate() finds
 * nothing left to do; without that setup it is an empty cluster. dropDatabase closes
 * nothing: close first.
 */
export async function openTestDatabase(): Promise<{ database: Database; dropDatabase: () => Promise<void> }> {
	if (process.env.TEST_DATABASE !== "postgres") {
		const template = inject("pgliteTemplate");
		const database = await openDatabase(template ? { pgliteFrom: new Blob([readFileSync(template)]) } : {});
		return { database, dropDatabase: async () => {} };
	}
	const adminUrl = process.env.TEST_POSTGRES_URL;
	if (!adminUrl)
		throw new Error("TEST_DATABASE=postgres needs TEST_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/test)");
	const name = `bayon_test_${randomBytes(6).toString("hex")}`;
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	await admin.query(`CREATE DATABASE ${name}`);
	await admin.end();
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	const database = await openDatabase({ url: url.toString(), poolSize: 20 });
	return {
		database,
		async dropDatabase() {
			const cleanup = new pg.Client({ connectionString: adminUrl });
			await cleanup.connect();
			await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await cleanup.end();
		},
	};
}
