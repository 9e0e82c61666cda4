// `npm run bench`: starts the real server on PostgreSQL (TEST_POSTGRES_URL, else the local
// server on 127.0.0.1:5432, else embedded PGlite, said loudly) with a fresh database and
// measures HTTP routes with autocannon at 50 connections. Prints requests/s, latency and
// response size per route. These are figures to compare, not pass/fail tests.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { type Database, openDatabase } from "../../apps/api/src/db/database.js";
import { loadConfig } from "../../apps/api/src/lib/config.js";
import { startServer } from "../../apps/api/src/server.js";

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

interface Scenario {
	name: string;
	path: string;
	headers?: Record<string, string>;
}

async function main() {
	const dataDir = mkdtempSync(path.join(tmpdir(), "bayon-bench-"));
	const { database, label, drop } = await openBenchDatabase();
	const config = loadConfig({
		NODE_ENV: "test",
		PORT: "0",
		DATA_DIR: dataDir,
		LOG_LEVEL: "silent",
		TOKEN_SECRET: randomBytes(32).toString("hex"),
	});
	config.limits.smsPerIpPerHour = 1_000_000;
	const server = await startServer(config, { database, logger: false });
	try {
		const token = await signIn(server.url, dataDir, "13800000009");
		const base = { "tenant-id": "1", "shop-key": "bayon-demo" };
		const scenarios: Scenario[] = [
			{ name: "GET /livez (trivial JSON, baseline)", path: "/livez" },
			{ name: "GET /healthz (one query)", path: "/healthz" },
			{ name: "GET /app-api/system/language/page", path: "/app-api/system/language/page", headers: base },
			{
				name: "GET /app-api/member/user/get-info (signed in)",
				path: "/app-api/member/user/get-info",
				headers: { ...base, authorization: `Bearer ${token}` },
			},
		];
		console.log(
			`\nBayon benchmarks: ${label}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route, Node ${process.version}\n`,
		);
		console.log(pad("route", 52), pad("req/s", 10), pad("p50 ms", 8), pad("p99 ms", 8), pad("bytes", 8), "errors");
		for (const scenario of scenarios) {
			// Warm-up: the first seconds after start are JIT-cold and ~30 % slow.
			await measure(server.url, scenario, 2);
			const result = await measure(server.url, scenario, DURATION_SECONDS);
			const size = Math.round(result.throughput.total / Math.max(1, result.requests.total));
			const errors = result.errors + result.non2xx;
			console.log(
				pad(scenario.name, 52),
				pad(result.requests.average.toFixed(0), 10),
				pad(String(result.latency.p50), 8),
				pad(String(result.latency.p99), 8),
				pad(String(size), 8),
				errors,
			);
		}
	} finally {
		await server.close();
		await drop();
		rmSync(dataDir, { recursive: true, force: true });
	}
}

function measure(url: string, scenario: Scenario, seconds: number) {
	return autocannon({
		url: `${url}${scenario.path}`,
		connections: CONNECTIONS,
		duration: seconds,
		headers: scenario.headers ?? {},
	});
}

function pad(value: string, width: number) {
	return value.padEnd(width);
}

async function signIn(url: string, dataDir: string, mobile: string): Promise<string> {
	const headers = { "content-type": "application/json", "tenant-id": "1" };
	await fetch(`${url}/app-api/member/auth/send-sms-code`, {
		method: "POST",
		headers,
		body: JSON.stringify({ mobile, scene: 1 }),
	});
	const lines = readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
	const code = (JSON.parse(lines.at(-1) ?? "{}") as { code: string }).code;
	const response = await fetch(`${url}/app-api/member/auth/sms-login`, {
		method: "POST",
		headers,
		body: JSON.stringify({ mobile, code }),
	});
	const body = (await response.json()) as { data: { accessToken: string } };
	return body.data.accessToken;
}

async function openBenchDatabase(): Promise<{ database: Database; label: string; drop: () => Promise<void> }> {
	const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
	const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
	try {
		await admin.connect();
	} catch {
		console.warn(
			"!! No PostgreSQL server answered: benchmarking on embedded PGlite, which is NOT what production runs.",
		);
		return { database: await openDatabase({}), label: "PGlite (in memory)", drop: async () => {} };
	}
	const name = `bayon_bench_${randomBytes(4).toString("hex")}`;
	await admin.query(`CREATE DATABASE ${name}`);
	await admin.end();
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	const database = await openDatabase({ url: url.toString(), poolSize: 20 });
	const version = (
		await database.db.selectNoFrom((eb) => eb.fn<string>("version", []).as("v")).executeTakeFirstOrThrow()
	).v;
	return {
		database,
		label: version.split(" on ")[0] ?? "PostgreSQL",
		async drop() {
			const cleanup = new pg.Client({ connectionString: adminUrl });
			await cleanup.connect();
			await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await cleanup.end();
		},
	};
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
