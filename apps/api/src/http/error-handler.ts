import { ErrorCode, formatMessage, isMessageKey, Limits, type MessageKey, type ValidationIssue } from "@bayon/contract";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { BusinessError } from "./business-error.js";
import { failure } from "./envelope.js";
import { languageOf } from "./language.js";
import { answerUnavailable } from "./unavailable.js";

/**
 * Turns anything thrown in an API route into the spec's envelope. Client mistakes and
 * business outcomes are HTTP 200 with a non-zero code and a translated message; a database
 * that cannot be reached (or work the server is too busy for) is HTTP 503 with Retry-After;
 * only a real fault is HTTP 500, logged with the request id and never showing internals.
 */
export function handleApiError(error: FastifyError | BusinessError, request: FastifyRequest, reply: FastifyReply) {
	const lang = languageOf(request);
	// Fastify sets the HTTP status of its own errors (415, 413, 400) before calling us: a
	// client's mistake is still answered HTTP 200 with the envelope, as the README promises.
	reply.code(200);
	if (error instanceof BusinessError) {
		return reply.send(
			failure(error.code, error.translated ?? formatMessage(error.messageKey, lang, error.params), error.data),
		);
	}
	if (hasZodFastifySchemaValidationErrors(error)) {
		const issues = error.validation.map((issue) => describeIssue(issue, lang));
		return reply.send(
			failure(ErrorCode.BadRequest, issues[0]?.message ?? formatMessage("badRequest", lang), { issues }),
		);
	}
	if (
		error.code === "FST_REQ_FILE_TOO_LARGE" ||
		error.code === "FST_FILES_LIMIT" ||
		error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
	) {
		const code = error.code === "FST_REQ_FILE_TOO_LARGE" ? ErrorCode.FileTooLarge : ErrorCode.BadRequest;
		const key: MessageKey = code === ErrorCode.FileTooLarge ? "fileTooLarge" : "badRequest";
		return reply.send(failure(code, formatMessage(key, lang, { mb: Limits.uploadMaxBytes / (1024 * 1024) })));
	}
	if (isClientMistake(error)) {
		// Malformed JSON, a content type we do not read, an empty body and the like. Only the
		// kind is logged: a parser's message may quote the body it could not read (issue 27).
		request.log.info(clientMistakeLogged(error), "rejected malformed request");
		return reply.send(failure(ErrorCode.BadRequest, formatMessage("badRequest", lang)));
	}
	// The database away (an outage, a restart) or the server too busy: "try again shortly", not "our fault".
	const unavailable = answerUnavailable(error, request, reply);
	if (unavailable) return unavailable;
	request.log.error({ err: error }, "unexpected failure");
	return reply
		.code(500)
		.send(failure(ErrorCode.InternalError, formatMessage("internalError", lang), { requestId: request.id }));
}

/** What the log keeps of a client's mistake: its kind, never its message (which may quote the request). */
function clientMistakeLogged(error: FastifyError) {
	return { code: error.code, statusCode: error.statusCode };
}

function isClientMistake(error: FastifyError): boolean {
	return typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500;
}

/** Paths whose every answer is the envelope (HTTP 200 unless the server itself failed). */
export const API_PREFIXES = ["/app-api/", "/api/v1/"] as const;

function isApiPath(url: string): boolean {
	return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Fastify's `frameworkErrors`: mistakes found while routing, before any scope's error
 * handler can see them (a URL that is not valid percent-encoding, a path parameter longer
 * than `maxParamLength`). API paths get the envelope like every other client mistake;
 * other paths get it with the HTTP status.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
	const lang = languageOf(request);
	if (!isClientMistake(error)) {
		request.log.error({ err: error }, "unexpected failure while routing");
		return reply
			.code(500)
			.send(failure(ErrorCode.InternalError, formatMessage("internalError", lang), { requestId: request.id }));
	}
	request.log.info(clientMistakeLogged(error), "rejected malformed request");
	return reply
		.code(isApiPath(request.url) ? 200 : 400)
		.send(failure(ErrorCode.BadRequest, formatMessage("badRequest", lang)));
}

interface SchemaIssue {
	instancePath: string;
	keyword: string;
	message?: string | undefined;
	params: Record<string, unknown>;
}

function describeIssue(issue: SchemaIssue, lang: string): ValidationIssue {
	const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
	if (issue.keyword === "unrecognized_keys") {
		const keys = Array.isArray(issue.params.keys) ? issue.params.keys.join(", ") : field;
		return { field: keys, rule: "fieldNotAllowed", message: formatMessage("fieldNotAllowed", lang, { field: keys }) };
	}
	const rule = issue.message && isMessageKey(issue.message) ? issue.message : "fieldInvalid";
	return { field, rule, message: formatMessage(rule, lang, { field: field || "body" }) };
}
