import { type ApiEnvelope, ErrorCode, formatMessage } from "@bayon/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../test/throwaway-postgres.js";

/**
 * The database goes away under a running server (issue 27): every call is answered HTTP 503
 * with Retry-After and the envelope `{code: ServiceUnavailable, msg: "…we'll retry"}`, not 500,
 * whether the query was in flight when the server shut down (57P01) or the connection is
 * refused; once the database is back, the same calls work. A cluster of the test's own is
 * stopped and started (x.cluster.test.ts: the PostgreSQL project, where its binaries are).
 */
let database: ThrowawayPostgres;
let server: TestServer;
let customer: { accessToken: string; userId: number };

beforeAll(async () => {
	const started = await startThrowawayPostgres();
	if (!started) throw new Error("PostgreSQL binaries were found but no cluster could be started");
	database = started;
	server = await startTestServer({ databaseUrl: database.url });
	customer = await server.signIn("13800000003");
});
afterAll(async () => {
	database?.start();
	await server?.close();
	database?.destroy();
});

interface Answer {
	status: number;
	retryAfter: string | null;
	body: ApiEnvelope<{ retryAfterSeconds?: number } | null>;
}

async function send(method: "GET" | "POST", path: string, options: { body?: unknown; lang?: string } = {}) {
	const headers: Record<string, string> = {
		"tenant-id": "1",
		"shop-key": "bayon-demo",
		"x-lang": options.lang ?? "en",
		authorization: `Bearer ${customer.accessToken}`,
	};
	if (options.body !== undefined) headers["content-type"] = "application/json";
	const response = await fetch(`${server.url}${path}`, {
		method,
		headers,
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
	});
	return {
		status: response.status,
		retryAfter: response.headers.get("retry-after"),
		body: (await response.json()) as Answer["body"],
	} satisfies Answer;
}

function expectUnavailable(answer: Answer, lang = "en") {
	expect(answer.status).toBe(503);
	expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
	expect(answer.body).toEqual({
		code: ErrorCode.ServiceUnavailable,
		msg: formatMessage("serviceUnavailable", lang),
		data: { retryAfterSeconds: Number(answer.retryAfter) },
	});
}

const nickname = (name: string) => send("POST", "/app-api/member/user/update-nickname", { body: { nickname: name } });

describe("a database outage under the server", () => {
	it("answers a query in flight when the database shuts down with 503 and Retry-After", async () => {
		expect((await nickname("Before")).body.code).toBe(0);
		// Hold the member's row so the rename waits inside the database, then shut the database
		// down ("fast": every session is ended with 57P01, as in a restart or a failover).
		const blocker = new pg.Client({ connectionString: database.url });
		blocker.on("error", () => {});
		await blocker.connect();
		await blocker.query("BEGIN");
		await blocker.query("SELECT id FROM member WHERE id = $1 FOR UPDATE", [customer.userId]);
		const renaming = nickname("During");
		await waitForLockWait(database.url);
		database.stop("fast");
		expectUnavailable(await renaming);
		await blocker.end().catch(() => {});
	});

	it("answers reads and writes while the database is down with 503, in the caller's language", async () => {
		expectUnavailable(await send("GET", "/app-api/member/user/get-info"));
		expectUnavailable(await send("GET", "/app-api/member/user/get-info", { lang: "km" }), "km");
		expectUnavailable(await send("GET", "/app-api/member/user/get-info", { lang: "zh-CN" }), "zh-CN");
		expectUnavailable(await nickname("Down"));
		expectUnavailable(await send("GET", "/app-api/order/page?page=1&pageSize=10"));
		// /healthz agrees.
		expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
		// The load balancer's readiness too (decision 035), while the process itself stays live.
		const readiness = await fetch(`${server.url}/readyz`);
		expect(readiness.status).toBe(503);
		expect(await readiness.json()).toEqual({ status: "unavailable", database: "unreachable" });
		expect((await fetch(`${server.url}/livez`)).status).toBe(200);
		// Metrics still answer: the gauges read from the database say NaN (not a reassuring 0), the failure counted.
		const metrics = await fetch(`${server.url}/metrics`);
		expect(metrics.status).toBe(200);
		const text = await metrics.text();
		expect(text).toMatch(/^bayon_metrics_reading_failures_total\{reading="paymentsInDoubt"\} [1-9]/m);
		expect(text).toMatch(/^bayon_payments_in_doubt Nan$/im);
	});

	it("works again once the database is back, and nothing was changed meanwhile", async () => {
		database.start();
		const info = await untilAnswered(() => send("GET", "/app-api/member/user/get-info"));
		expect(info.status).toBe(200);
		expect(info.body.code).toBe(0);
		// The rename refused while the database was down never happened. The one in flight when it
		// shut down may have committed just before its session ended (its outcome was unknown to the
		// caller, who was told to retry): either name is right, never "Down".
		expect(["Before", "During"]).toContain((info.body.data as { nickname: string }).nickname);
		expect((await nickname("After")).body.code).toBe(0);
		expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
	});
});

/** Waits (bounded) until some session waits for a lock. */
async function waitForLockWait(url: string): Promise<void> {
	const admin = new pg.Client({ connectionString: url });
	await admin.connect();
	try {
		for (let attempt = 0; attempt < 100; attempt++) {
			const { rows } = await admin.query(
				"SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
			);
			if (rows.length > 0) return;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		throw new Error("the rename never waited for the lock");
	} finally {
		await admin.end();
	}
}

/** The first answer that is not 503, within ~10 s (the pool reconnects on the next call). */
async function untilAnswered(call: () => Promise<Answer>): Promise<Answer> {
	let last: Answer | undefined;
	for (let attempt = 0; attempt < 50; attempt++) {
		last = await call();
		if (last.status !== 503) return last;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	return last as Answer;
}
