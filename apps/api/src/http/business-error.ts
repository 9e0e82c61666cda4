import { ErrorCode, errorMessageKeys, type MessageKey } from "@bayon/contract";

type FailureCode = Exclude<ErrorCode, 0>;

/**
 * An outcome the caller can act on (wrong code, wait 60 s, not signed in, …). Services
 * throw it; the API's error handler answers it as HTTP 200 with the code and its message
 * in the caller's language. Anything else thrown is a fault and is logged.
 */
export class BusinessError extends Error {
	readonly messageKey: MessageKey;

	constructor(
		readonly code: FailureCode,
		readonly params: Record<string, string | number> = {},
		readonly data: unknown = null,
		messageKey?: MessageKey,
		/** An already translated message (e.g. the first problem of a priced cart). */
		readonly translated?: string,
	) {
		const key = messageKey ?? errorMessageKeys[code];
		super(key);
		this.messageKey = key;
	}

	/** A field broke one rule: answered like a schema failure (code 400, the rule's message). */
	static invalidField(field: string, rule: MessageKey): BusinessError {
		return new BusinessError(ErrorCode.BadRequest, { field }, { issues: [{ field, rule }] }, rule);
	}
}
