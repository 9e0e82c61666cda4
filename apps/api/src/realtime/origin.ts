import type { FastifyRequest } from "fastify";
import type { AppDeps } from "../http/deps.js";
import { headerValue } from "../http/language.js";

/** Telegram's web clients embed Mini Apps in a frame from these origins. */
const TELEGRAM_ORIGINS = ["https://web.telegram.org"];

/**
 * Whether a websocket may be opened from the request's page: our own pages (same host or
 * PUBLIC_URL) and Telegram's web clients; no Origin: not a browser. The members' socket
 * (websocket.ts) keeps the same rule.
 */
export function isAllowedOrigin(deps: AppDeps, request: FastifyRequest): boolean {
	const origin = headerValue(request.headers.origin);
	if (!origin) return true;
	let host: string;
	try {
		host = new URL(origin).host;
	} catch {
		return false;
	}
	if (host === request.headers.host) return true;
	if (deps.config.publicUrl && origin === deps.config.publicUrl) return true;
	return TELEGRAM_ORIGINS.includes(origin);
}
