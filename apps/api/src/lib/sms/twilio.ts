import type { SmsSettings } from "../config.js";
import { SmsAttemptFailed, type SmsChannel, transportFailure } from "./channel.js";

type TwilioSettings = NonNullable<SmsSettings["twilio"]>;

/**
 * Twilio's Programmable Messaging REST API (no SDK: one form POST): Basic auth with the Account
 * SID and auth token, POST /2010-04-01/Accounts/{AccountSid}/Messages.json with To, Body and
 * From or MessagingServiceSid. 201 with the message's SID is accepted; 429 and 5xx may pass;
 * any other refusal (a bad number 21211, credentials 20003) will not.
 */
export function twilioChannel(settings: TwilioSettings): SmsChannel {
	const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
	const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
	return {
		name: "twilio",
		async send(outgoing, signal) {
			const form = new URLSearchParams({
				To: outgoing.to,
				Body: settings.message
					.replaceAll("{code}", outgoing.code)
					.replaceAll("{minutes}", String(Math.ceil(outgoing.ttlSeconds / 60))),
			});
			if (settings.from) form.set("From", settings.from);
			else form.set("MessagingServiceSid", settings.messagingServiceSid as string);
			let response: Response;
			let answer: { sid?: unknown; to?: unknown; status?: unknown; code?: unknown; message?: unknown };
			try {
				response = await fetch(url, {
					method: "POST",
					headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
					body: form,
					signal,
				});
				answer = (await response.json().catch(() => ({}))) as typeof answer;
			} catch (error) {
				throw transportFailure("twilio", error);
			}
			if (response.status === 201 || response.status === 200) {
				// Accepted means a message SID for this very number, not yet failed.
				if (
					typeof answer.sid === "string" &&
					/^(SM|MM)[0-9a-f]{32}$/i.test(answer.sid) &&
					answer.to === outgoing.to &&
					answer.status !== "failed" &&
					answer.status !== "undelivered"
				)
					return;
				throw new SmsAttemptFailed(`twilio: HTTP ${response.status} without an accepted message for the number`, {
					retryable: true,
				});
			}
			throw new SmsAttemptFailed(
				`twilio HTTP ${response.status} ${typeof answer.code === "number" ? answer.code : ""}: ${typeof answer.message === "string" ? answer.message : ""}`,
				{ retryable: response.status === 429 || response.status >= 500 },
			);
		},
	};
}
