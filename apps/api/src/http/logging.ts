import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { LoggerOptions } from "pino";
import { stdSerializers } from "pino";
import type { Config } from "../lib/config.js";
import type { AppDeps } from "./deps.js";

/**
 * The server's log (decision 035): JSON lines from pino through Fastify, each line of a request
 * carrying its `reqId`, also lines written by work the request started (deps.log), and never a
 * secret. Three layers keep secrets out, each catching what the one before may miss:
 *
 * 1. What is logged: request lines name the method, the route's URL with sensitive query values
 *    replaced, and the caller's address; never headers or bodies. Errors keep their kind, message,
 *    code and stack, not the enumerable fields HTTP clients and drivers hang on them (a request's
 *    headers, a failing row's values).
 * 2. Fields named like secrets (password, token, authorization, cookie, card number, SMS code,
 *    keys) are replaced wherever a log call passes them, a few levels deep (pino's log formatter).
 * 3. The written line itself: this server's configured secrets (token secret, card and rail keys,
 *    provider credentials, the bot's token, the metrics token) and anything shaped like a bearer
 *    token, a Telegram bot token or a card number (15 to 19 digits passing the Luhn check) are
 *    replaced before the line leaves the process.
 */

const REDACTED = "[REDACTED]";

/** Field names that hold a secret, wherever they appear in a logged object. */
const SECRET_FIELDS = [
	"authorization",
	"cookie",
	"set-cookie",
	"password",
	"token",
	"accessToken",
	"refreshToken",
	"ticket",
	"secret",
	"apiKey",
	"privateKey",
	"smsCode",
	"cardNumber",
	"cardNo",
	"cvv",
	"pan",
];

const SECRET_FIELD_NAMES = new Set(SECRET_FIELDS.map((field) => field.toLowerCase()));
/** Keys whose values have serializers of their own (below), which keep only what is safe. */
const SERIALIZED_KEYS = new Set(["req", "res", "err", "error"]);

/**
 * A logged object with every field named like a secret replaced, down to four levels, in plain
 * objects and arrays only (a class instance, such as Fastify's request, is left to its
 * serializer). Copies only what it changes: the caller's object is never modified. Written
 * instead of pino's `redact` because a wildcard path per field and level cost ~180 µs a line.
 */
function withoutSecretFields(value: unknown, depth: number): unknown {
	if (depth > 4 || value === null || typeof value !== "object") return value;
	if (Array.isArray(value)) {
		let copy: unknown[] | null = null;
		value.forEach((item, index) => {
			const replaced = withoutSecretFields(item, depth + 1);
			if (replaced === item) return;
			copy ??= [...value];
			copy[index] = replaced;
		});
		return copy ?? value;
	}
	const proto = Object.getPrototypeOf(value);
	if (proto !== Object.prototype && proto !== null) return value;
	let copy: Record<string, unknown> | null = null;
	for (const [key, inner] of Object.entries(value)) {
		if (depth === 0 && SERIALIZED_KEYS.has(key)) continue;
		const replaced = SECRET_FIELD_NAMES.has(key.toLowerCase()) ? REDACTED : withoutSecretFields(inner, depth + 1);
		if (replaced === inner) continue;
		copy ??= { ...(value as Record<string, unknown>) };
		copy[key] = replaced;
	}
	return copy ?? value;
}

/** Query parameters whose values are left out of logged URLs (tickets, OAuth codes, signatures…). */
const SENSITIVE_QUERY = /token|ticket|code|secret|sign|key|auth|pass|session|mobile|phone|card/i;

/** A logged URL: the path as sent, the query's values replaced where their name looks sensitive. */
export function loggableUrl(url: string): string {
	const mark = url.indexOf("?");
	if (mark < 0) return url;
	const query = url
		.slice(mark + 1)
		.split("&")
		.map((part) => {
			const equals = part.indexOf("=");
			if (equals < 0) return part;
			const name = part.slice(0, equals);
			let decoded = name;
			try {
				decoded = decodeURIComponent(name);
			} catch {}
			return SENSITIVE_QUERY.test(decoded) ? `${name}=${REDACTED}` : part;
		})
		.join("&");
	return `${url.slice(0, mark)}?${query}`;
}

/** Error fields worth a log line; everything else an error carries (request configs, row values) is left out. */
const ERROR_FIELDS = [
	"type",
	"message",
	"stack",
	"code",
	"statusCode",
	"status",
	"errno",
	"syscall",
	"severity",
	"constraint",
	"table",
	"column",
	"routine",
	"reason",
] as const;

function serializeError(error: unknown): unknown {
	if (!(error instanceof Error)) return error;
	const full = stdSerializers.err(error) as unknown as Record<string, unknown>;
	const kept: Record<string, unknown> = {};
	for (const field of ERROR_FIELDS) if (full[field] !== undefined) kept[field] = full[field];
	// The cause chain: a wrapped driver or network error is often the useful part.
	if (error.cause instanceof Error) kept.cause = serializeError(error.cause);
	return kept;
}

/** Every secret this server was configured with, as it might appear in text. */
export function configuredSecrets(config: Config): string[] {
	const found = new Set<string>();
	const walk = (value: unknown, name: string, depth: number) => {
		if (depth > 4 || value == null) return;
		const secretName = /secret|token|password|key|auth/i.test(name) && !/prefix|url$|endpoint/i.test(name);
		if (typeof value === "string" && secretName && value.length >= 12 && !/^https?:\/\//.test(value)) found.add(value);
		else if (Buffer.isBuffer(value) && secretName && value.length >= 8) {
			found.add(value.toString("base64"));
			found.add(value.toString("hex"));
		} else if (typeof value === "object" && !Buffer.isBuffer(value) && !(value instanceof Date))
			for (const [key, inner] of Object.entries(value)) walk(inner, key, depth + 1);
	};
	walk(config, "", 0);
	return [...found].sort((a, b) => b.length - a.length);
}

/**
 * One pass over the line for what is shaped like a secret: a bearer token, a Telegram bot token
 * (`123456:AA…`), and 15 to 19 digits standing alone (a card number if they pass the Luhn check;
 * a millisecond timestamp has 13 digits, our ids far fewer). Digits beside a decimal point are
 * part of a number (pino's responseTime has 15 or more after the point), never a card: rewriting
 * them would also leave the line invalid JSON.
 */
const SECRET_SHAPED = /(bearer\s+)[A-Za-z0-9._~+/=-]{8,}|\d{6,12}:[A-Za-z0-9_-]{30,}|(?<![\d.])\d{15,19}(?!\.?\d)/gi;

function passesLuhn(digits: string): boolean {
	let sum = 0;
	for (let i = 0; i < digits.length; i++) {
		let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
		if (i % 2 === 1) {
			digit *= 2;
			if (digit > 9) digit -= 9;
		}
		sum += digit;
	}
	return sum % 10 === 0;
}

/** The last word on a log line before it is written: known secrets and secret-shaped text replaced. */
export function scrubLine(line: string, secrets: readonly string[]): string {
	let out = line;
	for (const secret of secrets) if (out.includes(secret)) out = out.replaceAll(secret, REDACTED);
	return out.replace(SECRET_SHAPED, (match: string, bearer: string | undefined) => {
		if (bearer) return `${bearer}${REDACTED}`;
		if (match.includes(":")) return REDACTED;
		return passesLuhn(match) ? `${match.slice(0, 6)}…${match.slice(-4)}` : match;
	});
}

/**
 * pino's options for this server; a test's own options (a stream to read, a level) are laid over
 * them without losing the redaction. `false` turns the log off.
 */
export function loggerOptions(config: Config, given: boolean | LoggerOptions | undefined): false | LoggerOptions {
	if (given === false) return false;
	const secrets = configuredSecrets(config);
	const own: LoggerOptions = {
		level: config.logLevel,
		formatters: { log: (object) => withoutSecretFields(object, 0) as Record<string, unknown> },
		serializers: {
			req: (request: FastifyRequest) => ({
				method: request.method,
				url: loggableUrl(request.url),
				remoteAddress: request.ip,
			}),
			err: serializeError,
			error: serializeError,
		},
		hooks: { streamWrite: (line: string) => scrubLine(line, secrets) },
	};
	if (given === true || given === undefined) return own;
	return {
		...own,
		...given,
		serializers: { ...own.serializers, ...given.serializers },
		formatters: own.formatters,
		hooks: own.hooks,
	};
}

/** The request whose work is running now, found through the async context its hooks entered. */
const currentRequestLog = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * Runs each request's handling in an async context holding its logger, so that deps.log (jobs,
 * deliveries after commit, helpers without the request at hand) writes with the request's id when
 * the work was started by a request. Entered again before validation: a request's body arrives on
 * the socket's own events, outside the context entered at onRequest.
 */
export function installRequestLogContext(app: FastifyInstance): void {
	app.addHook("onRequest", (request, _reply, done) => currentRequestLog.run(request.log, done));
	app.addHook("preValidation", (request, _reply, done) => currentRequestLog.run(request.log, done));
}

type LogCall = (...args: unknown[]) => void;

/** deps.log: the current request's logger (with its id) when called from a request's work, else the server's. */
export function contextualLog(base: FastifyBaseLogger): AppDeps["log"] {
	const current = () => currentRequestLog.getStore() ?? base;
	const call =
		(level: "info" | "warn" | "error"): LogCall =>
		(...args) =>
			(current()[level] as LogCall)(...args);
	return { info: call("info"), warn: call("warn"), error: call("error") } as AppDeps["log"];
}
