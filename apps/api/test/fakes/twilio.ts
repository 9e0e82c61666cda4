import { randomBytes } from "node:crypto";
import { codeIn, type FakeAnswer, type FakeSmsProvider, SmsFakeState, serveFake } from "./sms-fake-server.js";

/**
 * A local Twilio Programmable Messaging API, written from Twilio's REST documentation:
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic auth with the Account SID
 * (which must be the one in the path) and the auth token (else 401, code 20003), a form with To
 * (E.164, else 400 code 21211), Body, and From or MessagingServiceSid (else 400 code 21603).
 * Accepted: 201 with the message resource (`sid` SM…, `to`, `status: "queued"`). Errors are
 * `{code, message, more_info, status}`.
 */
export interface FakeTwilioOptions {
	accountSid?: string;
	authToken?: string;
	from?: string;
	now?: () => Date;
}

export async function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<FakeSmsProvider> {
	const accountSid = options.accountSid ?? `AC${randomBytes(16).toString("hex")}`;
	let authToken = options.authToken ?? randomBytes(16).toString("hex");
	const from = options.from ?? "+85523000000";
	const now = options.now ?? (() => new Date());
	const state = new SmsFakeState();

	const twilioError = (status: number, code: number, message: string): FakeAnswer => ({
		status,
		body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
	});

	const server = await serveFake(state, (request, body) => {
		const path = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? "");
		if (!path || request.method !== "POST") return twilioError(404, 20404, "The requested resource was not found");
		const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(request.headers.authorization ?? "");
		const [user, password] = basic
			? Buffer.from(basic[1] as string, "base64")
					.toString("utf8")
					.split(":")
			: [];
		if (user !== accountSid || password !== authToken || path[1] !== accountSid) {
			state.refused += 1;
			return twilioError(401, 20003, "Authenticate");
		}
		const form = new URLSearchParams(body.toString("utf8"));
		const to = form.get("To") ?? "";
		const text = form.get("Body") ?? "";
		if (!/^\+[1-9]\d{6,14}$/.test(to))
			return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
		if (!form.get("From") && !form.get("MessagingServiceSid"))
			return twilioError(400, 21603, "The 'From' phone number is required.");
		if (!text) return twilioError(400, 21602, "Message body is required.");

		const fault = state.takeFault({ to, code: codeIn(text), text, at: now() });
		if (fault === "stall") return null;
		if (fault === "unavailable") return twilioError(503, 20503, "Service unavailable");
		if (fault === "refused")
			return twilioError(
				400,
				21408,
				"Permission to send an SMS has not been enabled for the region indicated by the 'To' number",
			);
		const resource = (number: string) => ({
			status: 201,
			body: {
				sid: `SM${randomBytes(16).toString("hex")}`,
				account_sid: accountSid,
				to: number,
				from: form.get("From"),
				messaging_service_sid: form.get("MessagingServiceSid"),
				body: text,
				status: "queued",
				date_created: now().toUTCString(),
				api_version: "2010-04-01",
			},
		});
		if (fault === "lie") return resource("+15005550006");
		state.delivered.push({ to, code: codeIn(text), text, at: now() });
		return resource(to);
	});

	return {
		url: server.url,
		...state.controls(),
		rotateSecret: () => {
			authToken = randomBytes(16).toString("hex");
		},
		env: {
			SMS_PROVIDER: "twilio",
			TWILIO_ACCOUNT_SID: accountSid,
			TWILIO_AUTH_TOKEN: authToken,
			TWILIO_FROM: from,
			TWILIO_API_URL: server.url,
		},
		close: server.close,
	};
}
