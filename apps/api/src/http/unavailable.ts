import { ErrorCode, formatMessage } from "@bayon/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { failure } from "./envelope.js";
import { languageOf } from "./language.js";

/**
 * "Not now, try again shortly" (HTTP 503 with Retry-After, issue 27): the request did nothing
 * and the same request a little later will very likely work. Thrown by work the server bounds
 * (the QR sheet's queue); a database that cannot be reached is told the same way.
 */
export class ServiceUnavailableError extends Error {
	constructor(
		readonly retryAfterSeconds: number,
		reason: string,
	) {
		super(reason);
		this.name = "ServiceUnavailableError";
	}
}

/** How long a client should wait before trying again while the database is away: a restart takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

/** A database outage answers every request at once: the log says so once in a while, not 2,000 times. */
const LOG_EVERY_MS = 10_000;
let lastLoggedAt = 0;
let unloggedSince = 0;

/**
 * Answers a request that failed because the service is unavailable for a moment: the envelope
 * with code ServiceUnavailable, HTTP 503 and Retry-After. Returns null for any other error.
 */
export function answerUnavailable(error: unknown, request: FastifyRequest, reply: FastifyReply) {
	const busy = error instanceof ServiceUnavailableError;
	if (!busy && !isDatabaseUnavailable(error)) return null;
	const retryAfterSeconds = busy ? error.retryAfterSeconds : DATABASE_RETRY_AFTER_SECONDS;
	const now = Date.now();
	if (now - lastLoggedAt >= LOG_EVERY_MS) {
		request.log.warn(
			{ err: error, alsoUnavailableSinceLastLine: unloggedSince },
			busy ? "answered 503: too busy" : "answered 503: the database is unavailable",
		);
		lastLoggedAt = now;
		unloggedSince = 0;
	} else unloggedSince++;
	return reply
		.code(503)
		.header("retry-after", String(retryAfterSeconds))
		.send(
			failure(ErrorCode.ServiceUnavailable, formatMessage("serviceUnavailable", languageOf(request)), {
				retryAfterSeconds,
			}),
		);
}
