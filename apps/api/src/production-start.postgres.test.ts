import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_TENANT_ID, DEMO_SHOP_KEY, ErrorCode } from "@bayon/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../test/embedded-server.js";
import { startFakeAliyunSms } from "../test/fakes/aliyun-sms.js";
import type { FakeSmsProvider } from "../test/fakes/sms-fake-server.js";
import { startFakeTencentSms } from "../test/fakes/tencent-sms.js";
import { startFakeTwilio } from "../test/fakes/twilio.js";
import {
	fencedBlocks,
	guideSection,
	layOutImage,
	minimumSettings,
	readGuide,
	repoRoot,
	serveCommand,
	withTestValues,
} from "../test/operations-guide.js";

/**
 * Issue 30's "done when": the operations guide's minimum settings start a production server that
 * signs a customer in through a real SMS provider's fake. The server is started as the image
 * starts it: from the files the Dockerfile's run stage copies (laid out by layOutImage: CI
 * cannot build the image), with `npm run serve`'s command without npm, NODE_ENV=production and
 * exactly the lines of the guide's block, nothing inherited from this process: the placeholders get a
 * fresh PostgreSQL database, generated keys and the fake's credentials, and only PORT (a free
 * one) and the provider's endpoint (the fake) are added. The operator's first step, the guide's
 * SQL for the first business, is run as written; then a customer signs in over HTTP with the code
 * the provider's fake received, after it checked our request's signature.
 */
const guide = readGuide();
const block = minimumSettings(guide);
const firstBusinessSql = fencedBlocks(guideSection(guide, "Minimum production settings"), "sql")[0];
const adminUrl = process.env.TEST_POSTGRES_URL;

const fakes: Record<string, () => Promise<FakeSmsProvider>> = {
	aliyun: () => startFakeAliyunSms(),
	tencent: () => startFakeTencentSms(),
	twilio: () => startFakeTwilio(),
};

const CUSTOMER_MOBILE = "13912345678";
const START_DEADLINE_MS = 60_000;

let sms: FakeSmsProvider;
let server: ChildProcess;
let url: string;
let databaseUrl: string;
let databaseName: string;
let workDir: string;
/** The server's standard output (its log) and standard error, kept apart: chunks of the two interleave. */
let log = "";
let errors = "";
let env: Record<string, string>;
let added: string[];

beforeAll(async () => {
	if (!adminUrl) throw new Error("needs TEST_POSTGRES_URL (the PostgreSQL project sets it)");
	const provider = block.find(([name]) => name === "SMS_PROVIDER")?.[1] ?? "";
	const startFake = fakes[provider.split(",")[0] ?? ""];
	if (!startFake) throw new Error(`no fake for the guide's SMS_PROVIDER=${provider}`);
	sms = await startFake();

	databaseName = `bayon_production_${randomBytes(6).toString("hex")}`;
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	await admin.query(`CREATE DATABASE ${databaseName}`);
	await admin.end();
	const database = new URL(adminUrl);
	database.pathname = `/${databaseName}`;
	databaseUrl = database.toString();

	const settings = withTestValues(block, {
		...sms.env,
		DATABASE_URL: databaseUrl,
		TOKEN_SECRET: randomBytes(48).toString("base64"),
		BANK_CARD_KEY: randomBytes(32).toString("base64"),
		RAIL_SECRETS_KEY: randomBytes(32).toString("base64"),
	});
	const port = await freePort();
	// Beyond the block, only where to listen and where the provider is (the fake, not the real one).
	const additions: Record<string, string> = { PORT: String(port) };
	for (const [name, value] of Object.entries(sms.env))
		if (!settings.some(([setting]) => setting === name)) additions[name] = value;
	added = Object.keys(additions);
	env = { ...Object.fromEntries(settings), ...additions };

	// The files the image's run stage holds, in a folder of their own that is also the working
	// directory (the image's WORKDIR): DATA_DIR's default (./data) lands there, not in the repository.
	workDir = mkdtempSync(path.join(tmpdir(), "bayon-production-"));
	const image = layOutImage(workDir);
	const [, script = "", ...rest] = serveCommand();
	server = spawn(process.execPath, [path.join(image, script), ...rest], {
		cwd: image,
		env,
		stdio: ["ignore", "pipe", "pipe"],
	});
	server.stdout?.on("data", (chunk: Buffer) => {
		log += chunk.toString();
	});
	server.stderr?.on("data", (chunk: Buffer) => {
		errors += chunk.toString();
	});
	url = `http://127.0.0.1:${port}`;
	const startedAt = performance.now();
	await waitReady();
	console.log(
		`production server (guide's minimum settings): ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
	);
}, START_DEADLINE_MS + 30_000);

afterAll(async () => {
	if (server && server.exitCode === null && server.signalCode === null) {
		const exited = new Promise((resolve) => server.once("exit", resolve));
		server.kill("SIGTERM");
		await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
		if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
	}
	await sms?.close();
	if (adminUrl && databaseName) {
		const admin = new pg.Client({ connectionString: adminUrl });
		await admin.connect();
		await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
		await admin.end();
	}
	if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 40_000);

async function waitReady() {
	const deadline = Date.now() + START_DEADLINE_MS;
	for (;;) {
		if (server.exitCode !== null || server.signalCode !== null)
			throw new Error(
				`the production server exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${errors}\n${log}`,
			);
		if (Date.now() > deadline)
			throw new Error(`the production server was not ready within a minute:\n${errors}\n${log}`);
		try {
			if ((await fetch(`${url}/healthz`)).status === 200) return;
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** A call as the web app makes it: its tenant and shop key, JSON in and out (HTTP 200 envelopes). */
async function call<T = unknown>(method: "GET" | "POST", urlPath: string, body?: unknown, token?: string) {
	const response = await fetch(`${url}${urlPath}`, {
		method,
		headers: {
			"tenant-id": String(DEFAULT_TENANT_ID),
			"shop-key": DEMO_SHOP_KEY,
			"accept-language": "en",
			...(body === undefined ? {} : { "content-type": "application/json" }),
			...(token ? { authorization: `Bearer ${token}` } : {}),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	expect(response.status, `${method} ${urlPath}`).toBe(200);
	return (await response.json()) as { code: number; msg: string; data: T };
}

async function query<Row>(sql: string): Promise<Row[]> {
	const client = new pg.Client({ connectionString: databaseUrl });
	await client.connect();
	try {
		return (await client.query(sql)).rows as Row[];
	} finally {
		await client.end();
	}
}

describe("a production server started with exactly the operations guide's minimum settings", () => {
	it("ran with the block's lines and nothing else but where to listen and where the provider is", () => {
		expect(env.NODE_ENV).toBe("production");
		expect(added.sort()).toEqual(
			["PORT", ...added.filter((name) => name !== "PORT" && /_(ENDPOINT|URL)$/.test(name))].sort(),
		);
		expect(added).toContain("PORT");
	});

	it("migrated the database and seeded no demo data", async () => {
		const [counts] = await query<{ tenants: string; members: string; shops: string }>(
			"SELECT (SELECT count(*) FROM tenant) AS tenants, (SELECT count(*) FROM member) AS members, (SELECT count(*) FROM shop) AS shops",
		);
		expect(counts).toEqual({ tenants: "0", members: "0", shops: "0" });
	});

	it("answers the container's health check on the path the Dockerfile names", async () => {
		const dockerfile = readFileSync(path.join(repoRoot, "Dockerfile"), "utf8");
		const healthPath = /HEALTHCHECK[\s\S]*?(\/(?:readyz|healthz|livez))\b/.exec(dockerfile)?.[1];
		expect(healthPath).toBeDefined();
		expect((await fetch(`${url}${healthPath}`)).status).toBe(200);
	});

	it("signs a customer in with the code the SMS provider's fake received, once the guide's first business exists", async () => {
		expect(firstBusinessSql, 'the guide\'s ```sql block under "The first business"').toBeDefined();
		await query(firstBusinessSql ?? "");

		const sent = await call("POST", "/app-api/member/auth/send-sms-code", { mobile: CUSTOMER_MOBILE, scene: 1 });
		expect(sent.code, sent.msg).toBe(0);
		const code = sms.lastCode(CUSTOMER_MOBILE);
		expect(code, "the code the provider was asked to send").toMatch(/^\d{4,8}$/);
		expect(sms.refusedSignatures()).toBe(0);

		const login = await call<{ accessToken: string }>("POST", "/app-api/member/auth/sms-login", {
			mobile: CUSTOMER_MOBILE,
			code,
		});
		expect(login.code, login.msg).toBe(0);
		const me = await call<{ mobile: string }>(
			"GET",
			"/app-api/member/user/get-info",
			undefined,
			login.data.accessToken,
		);
		expect(me.code, me.msg).toBe(0);
		expect(me.data.mobile).toBe(CUSTOMER_MOBILE);

		// Production offers no sandbox gateway: with no rail set up there is nothing to pay with.
		const methods = await call<{ methods: Array<{ method: string }> }>(
			"GET",
			"/app-api/pay/methods",
			undefined,
			login.data.accessToken,
		);
		expect(methods.code, methods.msg).toBe(0);
		expect(methods.data.methods.map((method) => method.method)).not.toContain("sandbox");

		// The code went to the provider, never to the log (nor a file in the data folder).
		for (const output of [log, errors]) expect(output).not.toMatch(new RegExp(`\\b${code}\\b`));
	});

	it("serves no test-only route", async () => {
		for (const [method, route, body] of [
			["GET", "/app-api/test/clock", undefined],
			["POST", "/app-api/test/clock/advance", { seconds: 3600 }],
		] as const) {
			const answer = await call(method, route, body);
			expect(answer.code, `${method} ${route}`).toBe(ErrorCode.NotFound);
		}
	});

	it("stops on SIGTERM, cleanly, within SHUTDOWN_SECONDS (what systemd and Docker send)", async () => {
		const shutdownSeconds = Number(env.SHUTDOWN_SECONDS ?? 10);
		const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
			server.once("exit", (code, signal) => resolve({ code, signal })),
		);
		const stoppingAt = performance.now();
		server.kill("SIGTERM");
		const outcome = await Promise.race([
			exited,
			new Promise<null>((resolve) => setTimeout(() => resolve(null), (shutdownSeconds + 5) * 1000)),
		]);
		const seconds = (performance.now() - stoppingAt) / 1000;
		console.log(`production server: exited ${seconds.toFixed(1)} s after SIGTERM`);
		// Exit code 0: systemd's Restart=on-failure leaves a server that was asked to stop stopped.
		expect(outcome, `still running ${shutdownSeconds + 5} s after SIGTERM`).toEqual({ code: 0, signal: null });
		expect(seconds).toBeLessThanOrEqual(shutdownSeconds + 1);
	}, 30_000);

	it("writes its log as JSON lines on standard output, and nothing on standard error", () => {
		const lines = log.split("\n").filter((line) => line.trim() !== "");
		expect(lines.length).toBeGreaterThan(0);
		for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
		expect(errors).toBe("");
	});
});
