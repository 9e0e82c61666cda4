import { resolveLanguage, SUPPORTED_LANGUAGES } from "@bayon/contract";
import type { FastifyRequest } from "fastify";

/**
 * The caller's language: X-Lang first (the app's explicit choice), then the first
 * Accept-Language entry, resolved like the client does (spec §4), zh-CN by default.
 */
export function languageOf(request: FastifyRequest): string {
	const explicit = headerValue(request.headers["x-lang"]);
	if (explicit) return resolveLanguage(explicit, SUPPORTED_LANGUAGES);
	const accepted = headerValue(request.headers["accept-language"])?.split(",")[0]?.split(";")[0];
	return resolveLanguage(accepted, SUPPORTED_LANGUAGES);
}

export function headerValue(value: string | string[] | undefined): string | undefined {
	const first = Array.isArray(value) ? value[0] : value;
	return first?.trim() || undefined;
}
