/**
 * A fresh key for one attempt at a request that must not happen twice: the server answers a
 * retry that carries the same key with the first attempt's result.
 */
export function newIdempotencyKey(): string {
	return typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
		? crypto.randomUUID()
		: `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
