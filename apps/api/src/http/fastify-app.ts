import { randomUUID } from "node:crypto";
import { ErrorCode, formatMessage } from "@bayon/contract";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppDeps } from "./deps.js";
import { failure } from "./envelope.js";
import { handleApiError, handleFrameworkError } from "./error-handler.js";
import { readJsonQuietly } from "./json-body.js";
import { languageOf } from "./language.js";
import { type CallerLookup, installRequestContext } from "./request-context.js";

export interface BuildAppOptions {
	logger?: FastifyServerOptions["logger"];
}

/**
 * The HTTP server without any feature: limits and timeouts, zod validation, the headers every
 * answer carries, and the health checks. The composition root (app.ts) adds the features.
 */
export function createFastifyApp(deps: AppDeps, options: BuildAppOptions = {}): FastifyInstance {
	const app = Fastify({
		logger: options.logger ?? { level: deps.config.logLevel },
		genReqId: () => randomUUID(),
		requestIdHeader: false,
		bodyLimit: 256 * 1024,
		trustProxy: deps.config.trustProxy,
		// Bad URLs and over-long path parameters are answered before any scope's error handler.
		frameworkErrors: handleFrameworkError,
		// Slow or stalled requests are cut off (HTTP 408) instead of holding their connection
		// until the client leaves. Node checks the deadlines every connectionsCheckingInterval.
		requestTimeout: deps.config.http.requestTimeoutMs,
		http: {
			headersTimeout: deps.config.http.headersTimeoutMs,
			connectionsCheckingInterval: Math.min(5000, Math.max(100, deps.config.http.headersTimeoutMs / 4)),
		},
	});
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
	app.get("/livez", async () => ({ status: "ok" }));
	app.get("/healthz", async (_request, reply) => {
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
	return app;
}

/** What every API scope shares: the caller's context, the envelope's errors and its not-found. */
export function apiScope(scope: FastifyInstance, deps: AppDeps, callers: CallerLookup) {
	installRequestContext(scope, deps, callers);
	scope.setErrorHandler(handleApiError);
	scope.setNotFoundHandler((request, reply) =>
		reply.code(200).send(failure(ErrorCode.NotFound, formatMessage("notFound", languageOf(request)))),
	);
}
