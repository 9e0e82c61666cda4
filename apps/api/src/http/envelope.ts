import type { ApiEnvelope } from "@bayon/contract";

/** The success envelope: `{code: 0, msg: "", data}`. */
export function ok<T>(data: T): ApiEnvelope<T> {
	return { code: 0, msg: "", data };
}

export function failure(code: number, msg: string, data: unknown = null): ApiEnvelope<unknown> {
	return { code, msg, data };
}
