import { ErrorCode, IDEMPOTENCY_HEADER } from "@bayon/contract";
import type { FastifyRequest } from "fastify";
import { BusinessError } from "./business-error.js";
import { headerValue } from "./language.js";

/** What a client may send as an Idempotency-Key: long enough to be unique, short enough to store. */
const WELL_FORMED_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The request's Idempotency-Key header as sent (undefined when absent). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
	return headerValue(request.headers[IDEMPOTENCY_HEADER]);
}

/** For requests that must not run twice (buying, recharging): a missing or malformed key is refused. */
export function requiredIdempotencyKey(key: string | undefined): string {
	if (!key || !WELL_FORMED_KEY.test(key)) throw new BusinessError(ErrorCode.IdempotencyKeyRequired);
	return key;
}

/** For requests where the key is a courtesy (null when absent), but a malformed one is still refused. */
export function optionalIdempotencyKey(key: string | undefined): string | null {
	return key === undefined ? null : requiredIdempotencyKey(key);
}
