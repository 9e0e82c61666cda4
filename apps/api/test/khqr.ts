import type { KhqrRailSettings, PaymentCheckout } from "@bayon/contract";
import khqrSdk from "bakong-khqr";
import { expect } from "vitest";
import { writeRailSettings } from "../src/features/payments/rail-settings/store.js";
import { khqrRail } from "../src/features/payments/rails/khqr/index.js";
import { forgetRailGateways } from "../src/features/payments/registry.js";
import { type FakeBakong, startFakeBakong } from "./fakes/bakong.js";
import { paymentIdOf } from "./gateway.js";
import { startTestServer, type TestServer } from "./harness.js";

const { BakongKHQR } = khqrSdk;

/** Helpers for stories about paying by KHQR against a local Bakong (test/fakes/bakong.ts). */

export const OUR_BAKONG_ACCOUNT = "bayon@aclb";

export function khqrSettings(token: string): KhqrRailSettings {
	return {
		bakongAccountId: OUR_BAKONG_ACCOUNT,
		merchantName: "Bayon Cafe",
		merchantCity: "Phnom Penh",
		token,
		tokenExpiresAt: new Date(Date.now() + 80 * 24 * 3600 * 1000).toISOString(),
		environment: "sit",
	};
}

/**
 * A test server pointed at a fake Bakong (whose clock is the server's), with KHQR set up for
 * the demo tenant (dollars, riel as its second currency) as the platform operator would.
 */
export async function startKhqrServer(options: { configure?: Parameters<typeof startTestServer>[0] } = {}) {
	let server: TestServer | undefined;
	const bakong = await startFakeBakong({ now: () => server?.clock.now() ?? new Date() });
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 10_000, smsPerPhonePerDay: 10_000 },
		...options.configure,
		configure: (config) => {
			config.railEndpoints.bakongApi = bakong.url;
			options.configure?.configure?.(config);
		},
	});
	await setUpKhqr(server, bakong);
	return { server, bakong };
}

export async function setUpKhqr(server: TestServer, bakong: FakeBakong, tenantId = 1) {
	const settings = khqrSettings(bakong.token);
	await writeRailSettings(server.deps.db, server.deps.config, {
		tenantId,
		rail: "khqr",
		settings,
		summary: khqrRail.summary(settings),
		expiresAt: new Date(settings.tokenExpiresAt),
		by: null,
		now: server.clock.now(),
	});
	forgetRailGateways(server.deps, tenantId);
}

/** A phone's browser (the checkout offers a link to the bank app there). */
export const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

/** The checkout page's reading of a payment (GET /app-api/pay/checkout/:id). */
export async function checkoutOf(server: TestServer, token: string, paymentId: string): Promise<PaymentCheckout> {
	const answer = await server.call<PaymentCheckout>("GET", `/app-api/pay/checkout/${paymentId}`, { token });
	expect(answer.code, answer.msg).toBe(0);
	return answer.data;
}

/** The checkout page's "has it been paid?" (POST /app-api/pay/checkout/:id/check), which asks Bakong. */
export async function checkPayment(server: TestServer, token: string, paymentId: string): Promise<PaymentCheckout> {
	const answer = await server.call<PaymentCheckout>("POST", `/app-api/pay/checkout/${paymentId}/check`, { token });
	expect(answer.code, answer.msg).toBe(0);
	return answer.data;
}

/** The KHQR string the checkout page shows for a payment. */
export async function qrOf(server: TestServer, token: string, paymentId: string): Promise<string> {
	const checkout = await checkoutOf(server, token, paymentId);
	expect(checkout.presentation?.kind).toBe("qr");
	if (checkout.presentation?.kind !== "qr") throw new Error("no KHQR");
	return checkout.presentation.qrText;
}

/** The KHQR read back with the National Bank's SDK; fails unless its CRC and layout hold. */
export function decodeKhqr(qr: string) {
	expect(BakongKHQR.verify(qr).isValid).toBe(true);
	const decoded = BakongKHQR.decode(qr);
	expect(decoded.status.code).toBe(0);
	if (!decoded.data) throw new Error("undecodable KHQR");
	return decoded.data;
}

/** Places an order of one item and starts paying it by KHQR; returns the order and the payment's id. */
export async function startKhqrOrder(
	server: TestServer,
	fx: {
		place: (
			token: string,
			body: Record<string, unknown>,
		) => Promise<{ code: number; msg: string; data: { id: number; total: number } }>;
		line: (name: string) => unknown;
	},
	token: string,
	item: string,
	options: { railCurrency?: "USD" | "KHR"; userAgent?: string } = {},
) {
	const order = await fx.place(token, { lines: [fx.line(item)] });
	expect(order.code, order.msg).toBe(0);
	const payment = await startKhqrOrderPayment(server, token, order.data.id, options);
	return { order: order.data, ...payment };
}

/** Starts paying an order by KHQR (POST /app-api/order/pay). */
export async function startKhqrOrderPayment(
	server: TestServer,
	token: string,
	orderId: number,
	options: { railCurrency?: "USD" | "KHR"; userAgent?: string } = {},
) {
	const paid = await server.call<{ redirectUrl: string | null; paymentStatus: string }>("POST", "/app-api/order/pay", {
		token,
		body: { orderId, payMethod: "khqr", ...(options.railCurrency ? { railCurrency: options.railCurrency } : {}) },
		headers: options.userAgent ? { "user-agent": options.userAgent } : {},
	});
	expect(paid.code, paid.msg).toBe(0);
	const redirectUrl = paid.data.redirectUrl as string;
	expect(redirectUrl).toMatch(/^\/pay\/checkout\/[0-9a-f-]{36}$/);
	return { redirectUrl, paymentId: paymentIdOf(redirectUrl) };
}

/** The payment as stored (read from the database: no page that asks Bakong is opened). */
export const storedPayment = (server: TestServer, paymentId: string) =>
	server.deps.db.selectFrom("payment").selectAll().where("id", "=", paymentId).executeTakeFirstOrThrow();

/** The gateway refunds of a payment, as stored. */
export const refundsOfPayment = (server: TestServer, paymentId: string) =>
	server.deps.db
		.selectFrom("gateway_refund")
		.selectAll()
		.where("gateway_payment_id", "=", paymentId)
		.orderBy("created_at")
		.execute();

/** Open flags of the KHQR rail for a payment (payment_discrepancy). */
export const flagsOf = (server: TestServer, paymentId: string) =>
	server.deps.db
		.selectFrom("payment_discrepancy")
		.select(["kind", "rail", "detail"])
		.where("payment_id", "=", paymentId)
		.execute();

/** Makes a platform operator of a member of tenant 1 (decision 023). */
export async function makeOperator(server: TestServer, memberId: number) {
	await server.deps.db
		.insertInto("platform_operator")
		.values({ tenant_id: 1, member_id: memberId })
		.onConflict((oc) => oc.doNothing())
		.execute();
}
