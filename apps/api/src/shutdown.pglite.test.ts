import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LiveSocketClose } from "@bayon/contract";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
	isRunning,
	type NpmServer,
	openLiveSocket,
	signInThroughOutbox,
	sigtermAndWatch,
	slowBodyRequest,
	stalledUpload,
	startThroughNpm,
} from "../test/npm-serve.js";
import { reserveMs } from "./shutdown.js";

/**
 * `npm run serve` with the embedded database (decision 034): npm, serve.mjs and the server, its
 * child process. Before, SIGTERM to npm killed npm's shell and left serve.mjs and the server
 * answering, with nothing to stop them. SHUTDOWN_SECONDS is small: the deadline is measured.
 */
const SHUTDOWN_SECONDS = 3;
const CUT_AT_SECONDS = SHUTDOWN_SECONDS - reserveMs(SHUTDOWN_SECONDS) / 1000;
/** Time the processes may take to exit once the server has stopped (npm's own exit included). */
const EXIT_SLACK_SECONDS = 0.75;

const dataDir = mkdtempSync(path.join(tmpdir(), "bayon-shutdown-"));
const started: NpmServer[] = [];

/**
 * The embedded server on this file's folder. The first start makes and migrates the database
 * (the slow part, a minute on a loaded machine); the next ones open it again, which also shows
 * that a stopped server left it whole.
 */
async function startOnFolder(): Promise<NpmServer> {
	const server = await startThroughNpm({ dataDir, env: { SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS) } });
	started.push(server);
	return server;
}

afterEach(() => {
	for (const server of started.splice(0))
		for (const pid of server.tree) if (isRunning(pid)) process.kill(pid, "SIGKILL");
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("`npm run serve` with the embedded database", () => {
	it("stops when npm is killed outright (SIGKILL): serve.mjs sees its parent gone and the server stops within SHUTDOWN_SECONDS", {
		timeout: 240_000,
	}, async () => {
		const target = await startOnFolder();
		const tree = target.tree;
		const killedAt = performance.now();
		target.npm.kill("SIGKILL");
		const under = tree.slice(1);
		while (under.some(isRunning)) {
			if ((performance.now() - killedAt) / 1000 > SHUTDOWN_SECONDS + 10)
				throw new Error("serve.mjs and the server still run 13 s after npm was killed");
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		const goneSeconds = (performance.now() - killedAt) / 1000;
		console.log(
			`embedded server after SIGKILL to npm: serve.mjs and the server gone after ${goneSeconds.toFixed(2)} s`,
		);
		expect(goneSeconds).toBeLessThan(SHUTDOWN_SECONDS + EXIT_SLACK_SECONDS);
		expect(target.stderr()).toContain("is gone: stopping the server");
		expect(target.logLines().some((line) => line.msg.startsWith("stopped in"))).toBe(true);
	});

	it("on SIGTERM to npm finishes the slow request, tells websockets to reconnect, cuts the stalled upload, and npm, serve.mjs and the server are gone within SHUTDOWN_SECONDS", {
		timeout: 240_000,
	}, async () => {
		const target = await startOnFolder();
		expect(target.tree.length).toBeGreaterThanOrEqual(3);
		const token = await signInThroughOutbox(target, "13800000343");
		const live = await openLiveSocket(target, token);
		const slow = slowBodyRequest(target, {
			path: "/app-api/member/user/update-nickname",
			token,
			body: { nickname: "Chenda" },
		});
		const upload = stalledUpload(target, token);
		await upload.started;
		await new Promise((resolve) => setTimeout(resolve, 300));

		const watching = sigtermAndWatch(target, SHUTDOWN_SECONDS + 10);
		const sentAt = performance.now();
		// The slow body's second half arrives during the drain: the request is answered.
		await new Promise((resolve) => setTimeout(resolve, 500));
		slow.finish();
		const answered = await slow.answer;
		const answeredAfter = (performance.now() - sentAt) / 1000;
		const { goneAfter, lastGoneSeconds } = await watching;
		const socketClose = await live.closed;
		const uploadCutAfter = ((await upload.closed).at - sentAt) / 1000;
		const { code, signal } = await target.exited;
		console.log(
			`shutdown of the embedded server (SHUTDOWN_SECONDS=${SHUTDOWN_SECONDS}, SIGTERM to npm): websocket closed ${socketClose.code} after ${((socketClose.at - sentAt) / 1000).toFixed(2)} s; slow request answered ${answered.status} after ${answeredAfter.toFixed(2)} s; stalled upload cut after ${uploadCutAfter.toFixed(2)} s; npm, serve.mjs, server… gone after ${[...goneAfter.values()].map((s) => s.toFixed(2)).join(", ")} s (all: ${lastGoneSeconds.toFixed(2)} s)`,
		);

		expect(answered.status).toBe(200);
		expect(JSON.parse(answered.body)).toMatchObject({ code: 0 });
		expect(answered.headers.connection).toBe("close");
		expect(socketClose.code).toBe(LiveSocketClose.ServiceRestart);
		// No drain outside production unless SHUTDOWN_DRAIN_SECONDS says so: one developer's server
		// has no balancer to wait for, so websockets are told at once and it stops listening at once.
		expect((socketClose.at - sentAt) / 1000).toBeLessThan(1);
		expect(uploadCutAfter).toBeGreaterThanOrEqual(CUT_AT_SECONDS - 0.1);
		expect(uploadCutAfter).toBeLessThan(SHUTDOWN_SECONDS);
		expect(lastGoneSeconds).toBeLessThan(SHUTDOWN_SECONDS + EXIT_SLACK_SECONDS);
		// npm, the process the person started, is there until the server is gone (as a supervisor needs).
		expect(goneAfter.get(target.npm.pid as number)).toBe(lastGoneSeconds);
		expect({ code, signal }).toEqual({ code: 0, signal: null });
		const messages = target.logLines().map((line) => line.msg);
		expect(messages).toContain(`SIGTERM received: stopping within ${SHUTDOWN_SECONDS} s (SHUTDOWN_SECONDS)`);
		expect(messages.some((msg) => msg.startsWith("shutdown deadline near: cutting off 1 requests"))).toBe(true);
		expect(messages.some((msg) => msg.startsWith("drain over"))).toBe(false);
		expect(messages.some((msg) => msg.startsWith("database closed"))).toBe(true);
	});
});
