import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { LiveSocketClose } from "@bayon/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	isRunning,
	keepAliveRequest,
	type NpmServer,
	openLiveSocket,
	signInThroughOutbox,
	sigtermAndWatch,
	stalledUpload,
	startThroughNpm,
} from "../test/npm-serve.js";
import { reserveMs } from "./shutdown.js";

/**
 * SIGTERM to `npm run serve` on PostgreSQL, as an operator's supervisor sends it (decision 034).
 * Before it, SIGTERM to npm killed npm's shell and left the server answering; a keep-alive
 * connection held the closing server ~70 s and a stalled upload 150 s and more.
 *
 * A request in flight is made to wait on PostgreSQL for real: a test connection holds the row
 * lock the request needs. SHUTDOWN_SECONDS is small, since the deadline is what is measured, and
 * the drain (SHUTDOWN_DRAIN_SECONDS: not ready, still answering, while balancers notice) shorter.
 */
const SHUTDOWN_SECONDS = 3;
const DRAIN_SECONDS = 1;
const CUT_AT_SECONDS = SHUTDOWN_SECONDS - reserveMs(SHUTDOWN_SECONDS) / 1000;
/** Time the processes may take to exit once the server has stopped (npm's own exit included). */
const EXIT_SLACK_SECONDS = 0.75;

const adminUrl = process.env.TEST_POSTGRES_URL as string;

/** A server started through npm on a database of its own; both drills start theirs at once. */
interface Drill {
	server: NpmServer;
	databaseName: string;
	databaseUrl: string;
	dataDir: string;
}
let drills: Drill[] = [];
const lockers: pg.Client[] = [];

async function startDrill(): Promise<Drill> {
	const databaseName = `bayon_shutdown_${randomBytes(5).toString("hex")}`;
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	await admin.query(`CREATE DATABASE ${databaseName}`);
	await admin.end();
	const url = new URL(adminUrl);
	url.pathname = `/${databaseName}`;
	const databaseUrl = url.toString();
	const dataDir = mkdtempSync(path.join(tmpdir(), "bayon-shutdown-"));
	const server = await startThroughNpm({
		dataDir,
		env: {
			DATABASE_URL: databaseUrl,
			SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS),
			SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
		},
	});
	return { server, databaseName, databaseUrl, dataDir };
}

beforeAll(async () => {
	drills = await Promise.all([startDrill(), startDrill()]);
}, 240_000);

afterAll(async () => {
	for (const locker of lockers.splice(0)) await locker.end().catch(() => {});
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	for (const drill of drills) {
		for (const pid of drill.server.tree) if (isRunning(pid)) process.kill(pid, "SIGKILL");
		await admin.query(`DROP DATABASE IF EXISTS ${drill.databaseName} WITH (FORCE)`);
		rmSync(drill.dataDir, { recursive: true, force: true });
	}
	await admin.end();
});

/** A transaction holding the member's row: an update of it waits until this ends. */
async function lockMemberRow(drill: Drill, mobile: string) {
	const locker = new pg.Client({ connectionString: drill.databaseUrl });
	lockers.push(locker);
	await locker.connect();
	await locker.query("BEGIN");
	await locker.query("SELECT id FROM member WHERE mobile = $1 FOR UPDATE", [mobile]);
	return locker;
}

/** Until PostgreSQL shows a statement of the server waiting for a lock. */
async function untilWaitingOnLock(locker: pg.Client) {
	for (let tries = 0; tries < 250; tries++) {
		const { rows } = await locker.query(
			"SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
		);
		if (rows[0].waiting > 0) return;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	throw new Error("no statement of the server waits on the row lock");
}

async function untilLogged(target: NpmServer, matches: (line: Record<string, unknown>) => boolean) {
	for (let tries = 0; tries < 250; tries++) {
		if (target.logLines().some(matches)) return;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	throw new Error("the server did not log what was awaited");
}

/** The answer, or the code of the error the request failed with: never rejects. */
function answerOrError<T>(request: Promise<T>): Promise<{ answer?: T; error?: string }> {
	return request.then(
		(answer) => ({ answer }),
		(error: NodeJS.ErrnoException) => ({ error: error.code ?? error.message }),
	);
}

const requestTo = (url: string) => (line: Record<string, unknown>) =>
	(line.req as { url?: string } | undefined)?.url === url;

describe("SIGTERM to `npm run serve` on PostgreSQL", () => {
	it("answers new connections through the drain and refuses them after it, finishes the request waiting on PostgreSQL, tells websockets to reconnect at the drain's end, ends keep-alive connections, cuts the stalled upload at the deadline, and every process is gone within SHUTDOWN_SECONDS", async () => {
		const drill = drills[0] as Drill;
		const target = drill.server;
		const mobile = "13800000341";
		const token = await signInThroughOutbox(target, mobile);
		const live = await openLiveSocket(target, token);

		// Idle keep-alive connections: before the stop closed them they held the server for
		// Fastify's 72 s. One is used again during the drain, one stays idle through it.
		const [reusedAgent, idleAgent] = [new http.Agent({ keepAlive: true }), new http.Agent({ keepAlive: true })];
		for (const agent of [reusedAgent, idleAgent]) {
			const warm = await keepAliveRequest(target, agent, { method: "GET", path: "/livez" });
			expect(warm.headers.connection).toBe("keep-alive");
		}
		const reusedSocket = Object.values(reusedAgent.freeSockets).flat()[0] as Socket;
		const idleSocket = Object.values(idleAgent.freeSockets).flat()[0] as Socket;
		const idleClosed = new Promise<number>((resolve) => idleSocket.once("close", () => resolve(performance.now())));

		// A request in flight, waiting on PostgreSQL for the row lock, on a keep-alive connection.
		const locker = await lockMemberRow(drill, mobile);
		const slowAgent = new http.Agent({ keepAlive: true });
		const slow = keepAliveRequest(target, slowAgent, {
			method: "POST",
			path: "/app-api/member/user/update-nickname",
			token,
			body: { nickname: "Sokha" },
		});
		await untilWaitingOnLock(locker);

		const upload = stalledUpload(target, token);
		await upload.started;
		await untilLogged(target, requestTo("/app-api/infra/file/upload"));

		const watching = sigtermAndWatch(target, SHUTDOWN_SECONDS + 10);
		const sentAt = performance.now();
		// A second SIGTERM (an impatient supervisor) neither starts over nor cuts the drain short.
		await new Promise((resolve) => setTimeout(resolve, 300));
		target.npm.kill("SIGTERM");
		// During the drain, as from a balancer that has not yet seen /readyz turn 503: a customer's
		// request on a new connection, the readiness check, and the keep-alive connection used again.
		const newConnection = () => new http.Agent({ keepAlive: true });
		const duringDrain = answerOrError(
			keepAliveRequest(target, newConnection(), { method: "GET", path: "/app-api/member/user/get-info", token }),
		);
		const readyDuringDrain = answerOrError(
			keepAliveRequest(target, newConnection(), { method: "GET", path: "/readyz" }),
		);
		const reused = answerOrError(keepAliveRequest(target, reusedAgent, { method: "GET", path: "/livez" }));
		// The row lock goes at 0.6 s: the request in flight then finishes, and is answered.
		await new Promise((resolve) => setTimeout(resolve, 300));
		await locker.query("COMMIT");
		const answered = await slow;
		const answeredAfter = (performance.now() - sentAt) / 1000;
		// After the drain the server no longer listens: a new connection is refused, which a
		// balancer retries elsewhere whatever the request (nothing was sent).
		await new Promise((resolve) =>
			setTimeout(resolve, Math.max(0, sentAt + (DRAIN_SECONDS + 0.4) * 1000 - performance.now())),
		);
		const afterDrain = await answerOrError(
			keepAliveRequest(target, newConnection(), { method: "GET", path: "/app-api/member/user/get-info", token }),
		);

		const { goneAfter, lastGoneSeconds } = await watching;
		const socketClose = await live.closed;
		const uploadEnd = await upload.closed;
		const idleClosedAfter = ((await idleClosed) - sentAt) / 1000;
		const [drainAnswer, drainReadiness, reusedAnswer] = await Promise.all([duringDrain, readyDuringDrain, reused]);
		const uploadCutAfter = (uploadEnd.at - sentAt) / 1000;
		const { code, signal } = await target.exited;
		console.log(
			`shutdown on PostgreSQL (SHUTDOWN_SECONDS=${SHUTDOWN_SECONDS}, SHUTDOWN_DRAIN_SECONDS=${DRAIN_SECONDS}, SIGTERM to npm): new connection during the drain ${JSON.stringify(drainAnswer.answer?.status ?? drainAnswer.error)}, after it ${JSON.stringify(afterDrain.answer?.status ?? afterDrain.error)}; idle keep-alive closed after ${idleClosedAfter.toFixed(2)} s; websocket closed ${socketClose.code} after ${((socketClose.at - sentAt) / 1000).toFixed(2)} s; request waiting on PostgreSQL answered ${answered.status} after ${answeredAfter.toFixed(2)} s; stalled upload cut after ${uploadCutAfter.toFixed(2)} s; processes gone after ${[...goneAfter.values()].map((s) => s.toFixed(2)).join(", ")} s (npm and all under it: ${lastGoneSeconds.toFixed(2)} s)`,
		);

		expect(answered.status).toBe(200);
		expect(JSON.parse(answered.body)).toMatchObject({ code: 0 });
		// The connection ends with its answer: it would otherwise keep the stopping server.
		expect(answered.headers.connection).toBe("close");
		const { rows } = await locker.query("SELECT nickname FROM member WHERE mobile = $1", [mobile]);
		expect(rows[0].nickname).toBe("Sokha");

		// The drain: not ready, yet a new connection is taken and answered, and ends with its answer.
		expect(drainReadiness).toMatchObject({ answer: { status: 503 } });
		expect(drainAnswer).toMatchObject({ answer: { status: 200, headers: { connection: "close" } } });
		expect(JSON.parse(drainAnswer.answer?.body ?? "")).toMatchObject({ code: 0, data: { id: expect.any(Number) } });
		expect(reusedAnswer).toMatchObject({ answer: { status: 200, headers: { connection: "close" } } });
		expect(reusedSocket.destroyed).toBe(true);
		expect(afterDrain).toEqual({ error: "ECONNREFUSED" });
		// The idle connection is closed when the server stops listening, at the drain's end.
		expect(idleClosedAfter).toBeGreaterThanOrEqual(DRAIN_SECONDS - 0.05);
		expect(idleClosedAfter).toBeLessThan(DRAIN_SECONDS + 1);
		// Websockets are told to reconnect at the drain's end, when balancers send them elsewhere.
		expect(socketClose.code).toBe(LiveSocketClose.ServiceRestart);
		expect((socketClose.at - sentAt) / 1000).toBeGreaterThanOrEqual(DRAIN_SECONDS - 0.05);
		expect((socketClose.at - sentAt) / 1000).toBeLessThan(DRAIN_SECONDS + 1);
		// The stalled upload was not answered: it was cut near the deadline, not before.
		expect(uploadCutAfter).toBeGreaterThanOrEqual(CUT_AT_SECONDS - 0.1);
		expect(uploadCutAfter).toBeLessThan(SHUTDOWN_SECONDS);
		expect(lastGoneSeconds).toBeLessThan(SHUTDOWN_SECONDS + EXIT_SLACK_SECONDS);
		// npm, the process the person started, is there until the server is gone (as a supervisor needs).
		expect(goneAfter.get(target.npm.pid as number)).toBe(lastGoneSeconds);
		// Everything closed by the deadline: a clean exit, which npm passes on.
		expect({ code, signal }).toEqual({ code: 0, signal: null });

		const messages = target.logLines().map((line) => line.msg);
		expect(messages).toContain(`SIGTERM received: stopping within ${SHUTDOWN_SECONDS} s (SHUTDOWN_SECONDS)`);
		expect(messages.filter((msg) => msg.startsWith("SIGTERM received: already stopping"))).toHaveLength(1);
		expect(messages).toContain("websocket clients told to reconnect (1012)");
		const drainOver = target.logLines().find((line) => line.msg.startsWith("drain over"));
		expect(drainOver?.seconds).toBeGreaterThanOrEqual(DRAIN_SECONDS);
		expect(drainOver?.requestsDuringDrain).toBeGreaterThanOrEqual(3);
		const cut = target.logLines().find((line) => line.msg.startsWith("shutdown deadline near: cutting off 1 requests"));
		expect(cut?.requests).toEqual([expect.stringMatching(/^POST \/app-api\/infra\/file\/upload, [\d.]+ s in flight$/)]);
		for (const step of [
			"jobs stopped",
			"refund deliveries settled",
			"event bus closed",
			"database closed",
			"stopped in",
		])
			expect(messages.some((msg) => msg.startsWith(step))).toBe(true);
		expect(target.logLines().filter((line) => line.level >= 50)).toEqual([]);
	});

	it("cuts a request still waiting on PostgreSQL at the deadline, says so, and exits without waiting for the pool", async () => {
		const drill = drills[1] as Drill;
		const target = drill.server;
		const mobile = "13800000342";
		const token = await signInThroughOutbox(target, mobile);
		const locker = await lockMemberRow(drill, mobile);
		const agent = new http.Agent({ keepAlive: true });
		const slow = keepAliveRequest(target, agent, {
			method: "POST",
			path: "/app-api/member/user/update-nickname",
			token,
			body: { nickname: "Vanna" },
		}).then(
			() => "answered",
			() => "cut",
		);
		await untilWaitingOnLock(locker);

		const { lastGoneSeconds } = await sigtermAndWatch(target, SHUTDOWN_SECONDS + 10);
		const { code } = await target.exited;
		console.log(
			`shutdown on PostgreSQL with a request held on a row lock past the deadline (SHUTDOWN_SECONDS=${SHUTDOWN_SECONDS}): every process gone after ${lastGoneSeconds.toFixed(2)} s`,
		);

		expect(await slow).toBe("cut");
		expect(lastGoneSeconds).toBeLessThan(SHUTDOWN_SECONDS + EXIT_SLACK_SECONDS);
		// The pool could not close with a statement in it: the exit says the stop was not clean.
		expect(code).toBe(1);
		const lines = target.logLines();
		const cut = lines.find((line) => line.msg.startsWith("shutdown deadline near: cutting off 1 requests"));
		expect(cut?.requests).toEqual([
			expect.stringMatching(/^POST \/app-api\/member\/user\/update-nickname, [\d.]+ s in flight$/),
		]);
		const unfinished = lines.find((line) => typeof line.unfinished === "object");
		expect(unfinished?.unfinished).toContain("database");
		await locker.query("ROLLBACK");
	});
});
