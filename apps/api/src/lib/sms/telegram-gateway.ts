import type { SmsSettings } from "../config.js";
import { SmsAttemptFailed, type SmsChannel, transportFailure } from "./channel.js";

type GatewaySettings = NonNullable<SmsSettings["telegramGateway"]>;

interface GatewayAnswer {
	ok?: boolean;
	error?: string;
	result?: { request_id?: unknown; phone_number?: unknown };
}

/**
 * Telegram's Gateway API (gatewayapi.telegram.org), tried before SMS: checkSendAbility asks
 * whether the number has Telegram (a no is expected, and SMS follows at once); then
 * sendVerificationMessage with our code and that request_id (so the check is not paid twice)
 * and the code's lifetime as ttl (Telegram refunds a message not delivered within it). Bearer
 * token on every call. One call only: when Telegram fails, SMS is the retry.
 */
export function telegramGatewayChannel(settings: GatewaySettings): SmsChannel {
	const call = async (method: string, params: object, signal: AbortSignal): Promise<GatewayAnswer> => {
		try {
			const response = await fetch(`${settings.apiUrl}/${method}`, {
				method: "POST",
				headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
				body: JSON.stringify(params),
				signal,
			});
			const answer = (await response.json().catch(() => ({}))) as GatewayAnswer;
			if (!response.ok && answer.ok !== false)
				throw new SmsAttemptFailed(`telegram ${method}: HTTP ${response.status}`, { retryable: false });
			return answer;
		} catch (error) {
			if (error instanceof SmsAttemptFailed) throw error;
			throw transportFailure("telegram", error);
		}
	};
	return {
		name: "telegram",
		attempts: 1,
		async send(outgoing, signal) {
			const ability = await call("checkSendAbility", { phone_number: outgoing.to }, signal);
			const requestId = ability.result?.request_id;
			if (!ability.ok || typeof requestId !== "string") {
				throw new SmsAttemptFailed(`telegram checkSendAbility: ${ability.error ?? "no request_id"}`, {
					retryable: false,
					expected: ability.ok === false,
				});
			}
			const sent = await call(
				"sendVerificationMessage",
				{
					phone_number: outgoing.to,
					request_id: requestId,
					code: outgoing.code,
					ttl: Math.min(3600, Math.max(30, outgoing.ttlSeconds)),
				},
				signal,
			);
			// Sent means this request, to this number (with or without its "+").
			const number = String(sent.result?.phone_number ?? "").replace(/^\+/, "");
			if (sent.ok && sent.result?.request_id === requestId && number === outgoing.to.slice(1)) return;
			throw new SmsAttemptFailed(`telegram sendVerificationMessage: ${sent.error ?? "an answer for another request"}`, {
				retryable: false,
			});
		},
	};
}
