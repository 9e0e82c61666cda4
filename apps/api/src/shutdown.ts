import type { IncomingMessage, ServerResponse } from "node:http";
import { LiveSocketClose } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "./http/deps.js";

/**
 * How a server stops (decision 034), within a deadline (SHUTDOWN_SECONDS):
 *
 * 1. `deps.lifecycle.draining` turns true: /readyz answers 503 (the load balancer sends no more)
 *    and the jobs claim nothing new; the jobs begin to stop (step 5) at once.
 * 2. The drain (SHUTDOWN_DRAIN_SECONDS, decision 034): the server goes on accepting connections
 *    and answering for that long, every answer with `Connection: close`, so that a balancer which
 *    has not yet seen /readyz turn 503 still has its requests answered. Closing the listening
 *    socket at once reset the connections queued to be accepted after their request was sent:
 *    a payment (no idempotency key) the balancer could not safely send elsewhere, a 502.
 * 3. Websocket clients are told to reconnect elsewhere (close code 1012, "service restart"), at
 *    the end of the drain: told at its start, they would reconnect within half a second through a
 *    balancer that has not noticed yet, often to this very server, and be told again.
 * 4. The listening socket closes; idle keep-alive connections close at once, and every answer
 *    from now on carries `Connection: close`, so each connection ends after its request in
 *    flight. Without that a keep-alive client holds the server for Fastify's 72 s keep-alive.
 * 5. The jobs stop: runs in progress finish and their leases are given back.
 * 6. Once no request is left: work that still needs the database (refund deliveries), then
 *    the event bus and the database pools.
 *
 * A little before the deadline (the reserve, for step 6) what is still open is cut: requests in
 * flight (a stalled upload: Node stops enforcing requestTimeout once the server closes) and
 * websockets whose clients did not answer the close. The log names what was cut. At the deadline
 * itself the stop returns whatever is left unfinished, and main.ts exits.
 */
export interface ShutdownReport {
	reason: string;
	/** From the start of the stop to its end. */
	seconds: number;
	/** Requests still in flight at the cut ("POST /app-api/infra/file/upload, 4.1 s in flight"). */
	cutRequests: string[];
	/** Websockets still open at the cut, closed without their client's answer. */
	cutWebsockets: number;
	/** Steps not finished by the deadline (the process exits anyway): "jobs", "database"… */
	unfinished: string[];
}

export interface ShutdownSteps {
	/** Stops claiming jobs, waits for the runs in progress and gives back the leases. */
	stopJobs(): Promise<void>;
	/** After the last request: work that still needs the database, before the pools close. */
	afterRequests(): Promise<void>;
	/** The event bus and the database, closed in this order once nothing uses them. */
	closers: ReadonlyArray<readonly [name: string, close: () => Promise<void>]>;
}

export interface Shutdown {
	/**
	 * Starts the stop, or returns the one already under way: a second SIGTERM does not start over.
	 * `drainSeconds` (SHUTDOWN_DRAIN_SECONDS) is part of `seconds`, at its start.
	 */
	run(reason: string, seconds: number, drainSeconds?: number): Promise<ShutdownReport>;
}

/** Left at the end of SHUTDOWN_SECONDS for the process to exit (and serve.mjs and npm after it). */
const EXIT_MARGIN_MS = 200;

/** The part of the budget kept for closing the pools after the cut: a fifth, 0.25 to 2 s. */
export function reserveMs(seconds: number): number {
	return Math.min(2000, Math.max(250, seconds * 200));
}

/**
 * Starts watching requests (so that a stop knows what is in flight) and returns the stop.
 * Called once the app is built, before it listens.
 */
export function prepareShutdown(app: FastifyInstance, deps: AppDeps, steps: ShutdownSteps): Shutdown {
	const inFlight = new Map<IncomingMessage, { response: ServerResponse; startedAt: number }>();
	app.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
		inFlight.set(request, { response, startedAt: performance.now() });
		// Arrived on a connection still open while the server drains: the connection ends with it.
		if (deps.lifecycle.draining) response.setHeader("connection", "close");
		response.once("close", () => inFlight.delete(request));
	});
	let running: Promise<ShutdownReport> | null = null;
	return {
		run(reason, seconds, drainSeconds = 0) {
			running ??= stop(reason, seconds, drainSeconds);
			return running;
		},
	};

	async function stop(reason: string, seconds: number, drainSeconds: number): Promise<ShutdownReport> {
		const log = deps.log;
		const startedAt = performance.now();
		// The stop returns a moment before the deadline: the process, and npm above it, exit in it.
		const deadline = startedAt + seconds * 1000 - EXIT_MARGIN_MS;
		const cutAt = startedAt + seconds * 1000 - reserveMs(seconds);
		const elapsed = () => Math.round(performance.now() - startedAt) / 1000;
		const report: ShutdownReport = { reason, seconds: 0, cutRequests: [], cutWebsockets: 0, unfinished: [] };

		deps.lifecycle.draining = true;
		const websockets = app.websocketServer?.clients ?? new Set();
		// The configuration keeps the drain well inside the deadline; this only guards the arithmetic.
		const drainEnd = Math.min(startedAt + drainSeconds * 1000, cutAt);
		const untilCut = (cutAt - startedAt) / 1000;
		log.info(
			{ reason, deadlineSeconds: seconds, drainSeconds, requestsInFlight: inFlight.size, websockets: websockets.size },
			drainSeconds > 0
				? `stopping (${reason}): not ready any more; still answering new connections for ${drainSeconds} s (SHUTDOWN_DRAIN_SECONDS) while load balancers notice, then no new connections; requests may finish within ${untilCut} s, the rest is cut`
				: `stopping (${reason}): not ready any more, no new connections; requests in flight may finish within ${untilCut} s, the rest is cut`,
		);
		// Answers not yet begun end their connection (answers to requests arriving from now on get
		// the same from the request listener above).
		for (const { response } of inFlight.values()) if (!response.headersSent) response.setHeader("connection", "close");
		// The jobs hand their leases over now: another server can take them during the drain.
		const jobsStopped = steps.stopJobs().then(
			() => log.info({ seconds: elapsed() }, "jobs stopped: runs finished, leases given back"),
			(error: unknown) => log.error({ err: error }, "jobs did not stop cleanly"),
		);
		let jobsDone = false;
		void jobsStopped.then(() => {
			jobsDone = true;
		});

		if (drainEnd > performance.now()) {
			// Idle keep-alive connections are left open here on purpose: one the client reuses now
			// gets its request answered with `Connection: close`, while closing it could cross a
			// request already on its way. New connections are accepted and answered the same way.
			let served = 0;
			const countServed = () => served++;
			app.server.on("request", countServed);
			// Node's timers count whole milliseconds and may fire up to one early: wait again until
			// the drain has really lasted its length (the balancers' notice time is what it is for).
			while (performance.now() < drainEnd)
				await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(drainEnd - performance.now()))));
			app.server.off("request", countServed);
			log.info(
				{ seconds: elapsed(), requestsDuringDrain: served, requestsInFlight: inFlight.size },
				`drain over after ${elapsed()} s (${served} requests arrived during it): no new connections from now on`,
			);
		}

		for (const socket of websockets) socket.close(LiveSocketClose.ServiceRestart, "service restart");
		if (websockets.size > 0) log.info({ websockets: websockets.size }, "websocket clients told to reconnect (1012)");

		const httpClosed = app.close().then(
			() => log.info({ seconds: elapsed() }, "HTTP server closed: every request answered, every connection ended"),
			(error: unknown) => log.error({ err: error }, "HTTP server did not close cleanly"),
		);
		// An answer whose headers went out before the drain keeps its connection alive: once it
		// ends, the connection is idle and closed here.
		const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);

		try {
			if (!(await settlesBefore(Promise.all([httpClosed, jobsStopped]), cutAt))) {
				report.cutRequests = [...inFlight.entries()].map(
					([request, { startedAt: since }]) =>
						`${request.method} ${pathOf(request.url)}, ${((performance.now() - since) / 1000).toFixed(1)} s in flight`,
				);
				report.cutWebsockets = websockets.size;
				log.warn(
					{ requests: report.cutRequests, websockets: report.cutWebsockets, jobsRunning: !jobsDone },
					`shutdown deadline near: cutting off ${report.cutRequests.length} requests still in flight and ${report.cutWebsockets} websockets${jobsDone ? "" : "; a job run is still going and is left to end with the process"}`,
				);
				for (const socket of websockets) socket.terminate();
				app.server.closeAllConnections();
				if (!(await settlesBefore(httpClosed, deadline))) report.unfinished.push("http");
				if (!jobsDone) report.unfinished.push("jobs");
			}
		} finally {
			clearInterval(idleSweep);
		}

		if (report.unfinished.length === 0) {
			const afterRequests = steps.afterRequests().then(
				() => log.info({ seconds: elapsed() }, "refund deliveries settled"),
				(error: unknown) => log.error({ err: error }, "refund deliveries not settled"),
			);
			if (!(await settlesBefore(afterRequests, deadline))) report.unfinished.push("refund deliveries");
		}
		for (const [name, close] of steps.closers) {
			if (report.unfinished.length > 0) {
				// Something still uses the pools; closing them would wait for it. The process ends them.
				report.unfinished.push(name);
				continue;
			}
			const closed = close().then(
				() => log.info({ seconds: elapsed() }, `${name} closed`),
				(error: unknown) => log.error({ err: error }, `${name} did not close cleanly`),
			);
			if (!(await settlesBefore(closed, deadline))) report.unfinished.push(name);
		}
		report.seconds = elapsed();
		if (report.unfinished.length > 0)
			log.error(
				{ unfinished: report.unfinished, seconds: report.seconds },
				`shutdown deadline (${seconds} s) reached with ${report.unfinished.join(", ")} unfinished; the process exit ends them`,
			);
		else log.info({ seconds: report.seconds }, `stopped in ${report.seconds} s`);
		return report;
	}
}

/** True when `work` settled before the moment `until` (performance.now() time). */
async function settlesBefore(work: Promise<unknown>, until: number): Promise<boolean> {
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<false>((resolve) => {
		timer = setTimeout(() => resolve(false), Math.max(0, until - performance.now()));
	});
	try {
		return await Promise.race([work.then(() => true as const), late]);
	} finally {
		clearTimeout(timer);
	}
}

/** The path without its query: a query may carry a token, and the log never does. */
function pathOf(url: string | undefined): string {
	return (url ?? "").split("?")[0] ?? "";
}
