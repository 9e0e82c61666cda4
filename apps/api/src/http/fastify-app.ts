import { randomUUID } from "node:crypto";
import { ErrorCode, formatMessage } from "@bayon/contract";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { sql } from "kysely";
import type { AppDeps } from "./deps.js";
import { failure } from "./envelope.js";
import { handleApiError, handleFrameworkError } from "./error-handler.js";
import { readJsonQuietly } from "./json-body.js";
import { languageOf } from "./language.js";
import { installRequestLogContext, loggerOptions } from "./logging.js";
import { registerMetrics } from "./metrics.js";
import { type CallerLookup, installRequestContext } from "./request-context.js";

/**
 * Probes and scrapes arrive every few seconds from each balancer and Prometheus: their request
 * lines are left out of the log at `info` (a failure still logs as a warning or error).
 */
const PROBE = { logLevel: "warn" } as const;

export interface BuildAppOptions {
	logger?: FastifyServerOptions["logger"];
}

/**
 * The HTTP server without any feature: limits and timeouts, zod validation, the headers every
 * answer carries, and the health checks. The composition root (app.ts) adds the features.
 */
export function createFastifyApp(deps: AppDeps, options: BuildAppOptions = {}): FastifyInstance {
	const app = Fastify({
		// JSON lines, secrets kept out (http/logging.ts, decision 035); a test's options are laid over ours.
		logger: loggerOptions(deps.config, options.logger),
		genReqId: () => randomUUID(),
		requestIdHeader: false,
		bodyLimit: 256 * 1024,
		trustProxy: deps.config.trustProxy,
		// Bad URLs and over-long path parameters are answered before any scope's error handler.
		frameworkErrors: handleFrameworkError,
		// Slow or stalled requests are cut off (HTTP 408) instead of holding their connection
		// until the client leaves. Node checks the deadlines every connectionsCheckingInterval.
		requestTimeout: deps.config.http.requestTimeoutMs,
		// While the server stops, a request that arrives on a connection still open is answered
		// (with Connection: close) rather than refused with a 503: the customer sees no error and
		// the next request goes to another server (decision 034).
		return503OnClosing: false,
		http: {
			headersTimeout: deps.config.http.headersTimeoutMs,
			connectionsCheckingInterval: Math.min(5000, Math.max(100, deps.config.http.headersTimeoutMs / 4)),
		},
	});
	// deps.log called from a request's work writes with the request's id.
	installRequestLogContext(app);
	// Request counts and latency per route, and GET /metrics.
	registerMetrics(app, deps);
	// A body that is not JSON is refused without a word of it in the log or the answer.
	readJsonQuietly(app);
	app.setValidatorCompiler(validatorCompiler);
	app.setSerializerCompiler(serializerCompiler);
	app.addHook("onSend", async (request, reply) => {
		reply.header("x-request-id", request.id);
		reply.header("x-content-type-options", "nosniff");
		reply.header("referrer-policy", "strict-origin-when-cross-origin");
	});

	// Liveness: the process answers (no dependencies). Readiness: /healthz answers 503 while the
	// database does not answer or the event bus is reconnecting (live updates would be lost).
	app.get("/livez", PROBE, async () => ({ status: "ok" }));
	app.get("/healthz", PROBE, async (_request, reply) => {
		const { state, since } = deps.events.health();
		const bus = { state, since: since.toISOString() };
		const databaseUp = await deps.database.db
			.selectFrom("tenant")
			.select("id")
			.limit(1)
			.execute()
			.then(
				() => true,
				() => false,
			);
		if (databaseUp && state === "connected") return { status: "ok", database: deps.database.kind, bus };
		return reply.code(503).send({ status: "unavailable", database: deps.database.kind, bus });
	});

	// Readiness for the load balancer (decision 035): 503 while this server drains (SIGTERM) or
	// cannot reach its database. The server listens only once its migrations are applied, so
	// before that the probe's connection is refused, which every balancer counts as not ready.
	// The event bus is left out on purpose: Redis away makes every server lose live updates at
	// once, and taking them all out of the balancer would turn that into a full outage.
	app.get("/readyz", PROBE, async (_request, reply) => {
		if (deps.lifecycle.draining) return reply.code(503).header("connection", "close").send({ status: "draining" });
		const databaseUp = await databaseAnswers(deps);
		if (!databaseUp) return reply.code(503).send({ status: "unavailable", database: "unreachable" });
		return { status: "ready" };
	});
	return app;
}

/** How long readiness waits for the database before calling it unreachable (a probe times out at a few seconds). */
const READINESS_DATABASE_TIMEOUT_MS = 2000;

/**
 * One cheap round trip (`SELECT 1`), shared by the probes that arrive while it is in flight: a
 * balancer probing every second from several places costs one query at a time.
 */
const readinessChecks = new WeakMap<AppDeps, Promise<boolean>>();
function databaseAnswers(deps: AppDeps): Promise<boolean> {
	const inFlight = readinessChecks.get(deps);
	if (inFlight) return inFlight;
	let timer: NodeJS.Timeout | undefined;
	const check = Promise.race([
		sql`SELECT 1`.execute(deps.db).then(
			() => true,
			() => false,
		),
		new Promise<boolean>((resolve) => {
			timer = setTimeout(() => resolve(false), READINESS_DATABASE_TIMEOUT_MS);
		}),
	]).finally(() => {
		clearTimeout(timer);
		readinessChecks.delete(deps);
	});
	readinessChecks.set(deps, check);
	return check;
}

/** What every API scope shares: the caller's context, the envelope's errors and its not-found. */
export function apiScope(scope: FastifyInstance, deps: AppDeps, callers: CallerLookup) {
	installRequestContext(scope, deps, callers);
	scope.setErrorHandler(handleApiError);
	scope.setNotFoundHandler((request, reply) =>
		reply.code(200).send(failure(ErrorCode.NotFound, formatMessage("notFound", languageOf(request)))),
	);
}
