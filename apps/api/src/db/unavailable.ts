/**
 * Whether an error means the database could not be reached or went away under the query: the
 * server is fine and the request did nothing, so the client is told "unavailable, try again"
 * (HTTP 503 with Retry-After) instead of "our fault" (500). `/healthz` tells the same state by
 * its probe query failing; this tells it from the error a request's query failed with.
 *
 * - PostgreSQL's connection classes: SQLSTATE class 08 (connection exception), 57P01 admin
 *   shutdown (a fast stop or restart), 57P02 crash shutdown, 57P03 cannot connect now (starting
 *   up, in recovery), 53300 too many connections; and any FATAL or PANIC error, which the
 *   server sends as it ends the session (database.ts's endsTheSession drops such a connection).
 * - The socket: refused, reset, timed out, unreachable, a host name that does not resolve.
 * - node-postgres's own: "Connection terminated (unexpectedly)", a pool's connection timeout,
 *   a client that already lost its connection, a pool that was ended.
 * - PGlite: the embedded database was closed (the server is shutting down or it stopped).
 * - A deadlock (40P01) or serialization failure (40001) that outlasted its reruns
 *   (db/conflicts.ts): the database is there, but the answer to the client is the same, "this
 *   did nothing, try again in a moment", never a 500 (decision 036).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
	for (let cause = error, depth = 0; cause && depth < 5; depth++) {
		if (tellsUnavailable(cause)) return true;
		const nested = cause as { cause?: unknown; errors?: unknown };
		// A connection to a host with several addresses fails with an AggregateError of each.
		if (Array.isArray(nested.errors) && nested.errors.some(tellsUnavailable)) return true;
		cause = nested.cause;
	}
	return false;
}

const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "40P01", "40001"]);
const UNREACHABLE_SOCKET = new Set([
	"ECONNREFUSED",
	"ECONNRESET",
	"ETIMEDOUT",
	"EPIPE",
	"EHOSTUNREACH",
	"ENETUNREACH",
	"EHOSTDOWN",
	"ENOTFOUND",
	"EAI_AGAIN",
]);
const DRIVER_MESSAGES = [
	/^Connection terminated/,
	/timeout exceeded when trying to connect/,
	/Client has encountered a connection error and is not queryable/,
	/Client was closed and is not queryable/,
	/Cannot use a pool after calling end on the pool/,
	/^PGlite is closed/,
	/^PGlite instance is already closed/,
];

function tellsUnavailable(error: unknown): boolean {
	if (!error || typeof error !== "object") return false;
	const { code, severity, message } = error as { code?: unknown; severity?: unknown; message?: unknown };
	if (typeof code === "string") {
		if (code.startsWith("08") && code.length === 5) return true;
		if (UNAVAILABLE_SQLSTATES.has(code) || UNREACHABLE_SOCKET.has(code)) return true;
	}
	if (severity === "FATAL" || severity === "PANIC") return true;
	return typeof message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}
