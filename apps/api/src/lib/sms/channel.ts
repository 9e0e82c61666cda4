import type { SmsMessage } from "./provider.js";

/** A code ready for one provider: the number in E.164 and how long the code lives. */
export interface OutgoingCode {
	to: string;
	code: string;
	ttlSeconds: number;
	message: SmsMessage;
}

/** One provider: a single call, no retries of its own (failover.ts retries and moves on). */
export interface SmsChannel {
	name: string;
	/** Calls to this provider before the next one is tried; the configured number when unset. */
	attempts?: number;
	/** Resolves when the provider took the message; throws SmsAttemptFailed (or anything) when not. */
	send(code: OutgoingCode, signal: AbortSignal): Promise<void>;
}

/**
 * One provider's no, with a reason safe to log (provider codes and messages, never our request,
 * which carries the code). retryable: asking the same provider again soon may work (5xx,
 * throttling, a timeout); otherwise the next provider is asked at once. expected: a normal no
 * (a number without Telegram), logged as information rather than a warning.
 */
export class SmsAttemptFailed extends Error {
	readonly retryable: boolean;
	readonly expected: boolean;
	constructor(reason: string, options: { retryable: boolean; expected?: boolean }) {
		super(reason);
		this.name = "SmsAttemptFailed";
		this.retryable = options.retryable;
		this.expected = options.expected ?? false;
	}
}

/** A network error or an abort: the provider may or may not have the message; ask again. */
export function transportFailure(provider: string, error: unknown): SmsAttemptFailed {
	const cause = error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.name) : "error";
	return new SmsAttemptFailed(`${provider}: not reached (${cause})`, { retryable: true });
}
