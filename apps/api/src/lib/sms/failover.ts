import { setTimeout as sleep } from "node:timers/promises";
import { type OutgoingCode, SmsAttemptFailed, type SmsChannel } from "./channel.js";
import { maskedNumber, toE164 } from "./phone.js";
import { type SmsMessage, SmsNotSent, type SmsProvider } from "./provider.js";

export interface SmsLog {
	info(details: object, message: string): void;
	warn(details: object, message: string): void;
}

export interface FailoverOptions {
	/** In order of preference; Telegram's gateway first when it is configured. */
	channels: SmsChannel[];
	attemptTimeoutMs: number;
	attemptsPerProvider: number;
	/** The whole send: once past it no further call starts. */
	deadlineMs: number;
	/** How long a code lives (Telegram is told, so it refunds a message not delivered in time). */
	codeTtlSeconds: () => number;
	log: () => SmsLog;
	/** The first wait between two calls to one provider; doubled each time, with jitter. */
	backoffBaseMs?: number;
}

/**
 * Sends through the first provider that takes the message. A provider that fails in a way that
 * may pass (5xx, throttling, a stall) is asked again after a short, growing wait; one that says
 * no for good (credentials, a template, a limit) is left at once; then the next provider is
 * asked. Every retry carries the same code, so a message that arrives twice is harmless. The
 * customer waits on this, so the whole send is bounded by deadlineMs.
 *
 * The log says which provider sent to which number (masked) and why each one failed; it never
 * carries the code, and reasons are scrubbed of it in case a provider echoes it.
 */
export function createFailoverSmsProvider(options: FailoverOptions): SmsProvider {
	const backoffBaseMs = options.backoffBaseMs ?? 250;
	return {
		async send(message: SmsMessage) {
			const started = Date.now();
			const deadline = started + options.deadlineMs;
			const outgoing: OutgoingCode = {
				to: toE164(message.mobile),
				code: message.code,
				ttlSeconds: options.codeTtlSeconds(),
				message,
			};
			const to = maskedNumber(outgoing.to);
			const reasons: string[] = [];
			for (const channel of options.channels) {
				const attempts = channel.attempts ?? options.attemptsPerProvider;
				for (let attempt = 1; attempt <= attempts; attempt++) {
					const left = deadline - Date.now();
					if (left <= 0) break;
					try {
						await callOnce(channel, outgoing, Math.min(options.attemptTimeoutMs, left));
						options
							.log()
							.info(
								{ sms: { provider: channel.name, to, attempt, ms: Date.now() - started } },
								"verification code sent",
							);
						return;
					} catch (error) {
						const failure =
							error instanceof SmsAttemptFailed
								? error
								: new SmsAttemptFailed(`${channel.name}: ${error instanceof Error ? error.message : String(error)}`, {
										retryable: true,
									});
						const reason = scrub(failure.message, message.code);
						reasons.push(reason);
						const details = { sms: { provider: channel.name, to, attempt, reason, retryable: failure.retryable } };
						if (failure.expected) options.log().info(details, "verification code not sent by this provider");
						else options.log().warn(details, "SMS provider failed");
						if (!failure.retryable || attempt === attempts) break;
						const wait = backoffBaseMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
						await sleep(Math.max(0, Math.min(wait, deadline - Date.now())));
					}
				}
			}
			throw new SmsNotSent(reasons);
		},
	};
}

/**
 * One call, given up after timeoutMs even if the provider's client ignores the abort (a stalled
 * SDK call then finishes, or not, on its own; its answer is no longer awaited).
 */
async function callOnce(channel: SmsChannel, outgoing: OutgoingCode, timeoutMs: number): Promise<void> {
	const controller = new AbortController();
	let timer: NodeJS.Timeout | undefined;
	const timedOut = new Promise<never>((_, reject) => {
		timer = setTimeout(() => {
			controller.abort();
			reject(new SmsAttemptFailed(`${channel.name}: no answer within ${timeoutMs} ms`, { retryable: true }));
		}, timeoutMs);
	});
	try {
		await Promise.race([channel.send(outgoing, controller.signal), timedOut]);
	} finally {
		clearTimeout(timer);
	}
}

function scrub(reason: string, code: string): string {
	return reason.split(code).join("[code]").slice(0, 300);
}
