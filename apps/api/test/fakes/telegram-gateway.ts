import { randomBytes } from "node:crypto";
import { type FakeAnswer, type FakeSmsProvider, SmsFakeState, serveFake } from "./sms-fake-server.js";

/**
 * A local Telegram Gateway API (gatewayapi.telegram.org), written from Telegram's documentation:
 * `POST /<method>` with `Authorization: Bearer <token>` (a wrong one: 401, ACCESS_TOKEN_INVALID),
 * parameters as JSON, answers `{ok: true, result: RequestStatus}` or `{ok: false, error}`.
 *
 * - checkSendAbility {phone_number}: a RequestStatus with a new request_id when the number is on
 *   Telegram (`addTelegramUser`), else `{ok: false, error: "PHONE_NUMBER_NOT_FOUND"}`.
 * - sendVerificationMessage {phone_number, request_id, code, ttl}: the request_id must be one a
 *   check gave for that number and not used yet, the code 4–8 digits, ttl 30–3600.
 *
 * Faults: `unavailable` (HTTP 502), `refused` ({ok: false, error: "BALANCE_NOT_ENOUGH"}),
 * `stall`, `lie` (ok with another request's status); they apply to sendVerificationMessage.
 */
export interface FakeTelegramGateway extends FakeSmsProvider {
	/** The number (11 digits or E.164) has Telegram from now on. */
	addTelegramUser(mobile: string): void;
}

export async function startFakeTelegramGateway(
	options: { token?: string; now?: () => Date } = {},
): Promise<FakeTelegramGateway> {
	let token = options.token ?? `gw${randomBytes(24).toString("hex")}`;
	const now = options.now ?? (() => new Date());
	const state = new SmsFakeState();
	const users = new Set<string>();
	const checks = new Map<string, string>();

	const no = (error: string, status = 200): FakeAnswer => ({ status, body: { ok: false, error } });

	const server = await serveFake(state, (request, body) => {
		if (request.headers.authorization !== `Bearer ${token}`) {
			state.refused += 1;
			return no("ACCESS_TOKEN_INVALID", 401);
		}
		let params: { phone_number?: string; request_id?: string; code?: string; ttl?: number };
		try {
			params = JSON.parse(body.toString("utf8") || "{}");
		} catch {
			return no("BAD_REQUEST", 400);
		}
		const phone = `+${String(params.phone_number ?? "").replace(/^\+/, "")}`;
		const status = (requestId: string, number: string) => ({
			status: 200,
			body: {
				ok: true,
				result: {
					request_id: requestId,
					phone_number: number.slice(1),
					request_cost: 0.01,
					remaining_balance: 9.99,
					delivery_status: { status: "sent", updated_at: Math.floor(now().getTime() / 1000) },
				},
			},
		});
		if (request.url === "/checkSendAbility") {
			if (!users.has(phone)) return no("PHONE_NUMBER_NOT_FOUND");
			const requestId = randomBytes(8).toString("hex");
			checks.set(requestId, phone);
			return status(requestId, phone);
		}
		if (request.url !== "/sendVerificationMessage") return no("METHOD_NOT_FOUND", 404);
		if (!params.request_id || checks.get(params.request_id) !== phone) return no("REQUEST_ID_INVALID");
		if (!/^\d{4,8}$/.test(params.code ?? "")) return no("CODE_INVALID");
		if (params.ttl !== undefined && (params.ttl < 30 || params.ttl > 3600)) return no("TTL_INVALID");
		const fault = state.takeFault({ to: phone, code: params.code as string, at: now() });
		if (fault === "stall") return null;
		if (fault === "unavailable") return { status: 502, body: "Bad Gateway" };
		if (fault === "refused") return no("BALANCE_NOT_ENOUGH");
		if (fault === "lie") return status(randomBytes(8).toString("hex"), phone);
		checks.delete(params.request_id);
		state.delivered.push({ to: phone, code: params.code as string, at: now() });
		return status(params.request_id, phone);
	});

	return {
		url: server.url,
		...state.controls(),
		addTelegramUser: (mobile) => users.add(/^1\d{10}$/.test(mobile) ? `+86${mobile}` : mobile),
		rotateSecret: () => {
			token = `gw${randomBytes(24).toString("hex")}`;
		},
		env: { TELEGRAM_GATEWAY_TOKEN: token, TELEGRAM_GATEWAY_URL: server.url },
		close: server.close,
	};
}
