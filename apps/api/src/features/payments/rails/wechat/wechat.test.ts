import { generateKeyPairSync } from "node:crypto";
import {
	ErrorCode,
	type OrderView,
	type PayMethodsAnswer,
	type PaymentCheckout,
	type PaymentResult,
	type RailConnectionResult,
	type RechargeMenu,
	type RechargeView,
	type ReservationPaymentResult,
} from "@bayon/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../../../test/booking-money.js";
import type { FakeWechatPay } from "../../../../../test/fakes/wechat-pay.js";
import type { TestServer } from "../../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../../../test/ordering.js";
import { rechargeMenu } from "../../../../../test/recharge.js";
import {
	DESKTOP_BROWSER,
	followSignIn,
	PHONE_BROWSER,
	setUpWechat,
	signInReturnUrl,
	startWechatServer,
	WECHAT_BROWSER,
} from "../../../../../test/wechat-pay.js";
import { reconcileGatewayPayments } from "../../reconciliation/reconciliation.js";
import { settleGatewayRefundDeliveries } from "../../refunds/refunds.js";
import { wechatTimeouts } from "./client.js";

/**
 * WeChat Pay end to end (issue 29 item 1): our real server, with the tenant's WeChat Pay
 * settings stored as the operator's page stores them, against the fake WeChat Pay
 * (test/fakes/wechat-pay.ts) that checks our signatures and signs and encrypts its own. An
 * order, a recharge and a booking deposit are paid in each of WeChat Pay's ways (JSAPI after
 * the web sign-in, H5, Native) and refunded; forged, replayed, altered and racing callbacks
 * change nothing they must not; an outage orphans nothing.
 */

let server: TestServer;
let fake: FakeWechatPay;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
const COCONUT = "Fresh young coconut";
const OK_ANSWER = '{"code":"SUCCESS","message":"成功"}';

beforeAll(async () => {
	({ server, fake } = await startWechatServer());
	await setUpWechat(server, fake);
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COCONUT).id, null);
});
afterAll(async () => {
	await server?.close();
	await fake?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
});
afterEach(async () => {
	fake.fault = null;
	fake.refundAnswer = "SUCCESS";
	wechatTimeouts.callMs = 10_000;
	await settleGatewayRefundDeliveries(server.deps);
	await expectLedgerInvariants(server.deps.db);
});

async function until<T>(probe: () => Promise<T | null | undefined | false>, ms = 8000): Promise<T> {
	const start = Date.now();
	for (;;) {
		const value = await probe();
		if (value !== null && value !== undefined && value !== false) return value;
		if (Date.now() - start > ms) throw new Error("timed out");
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

/** The newest payment started for what it pays for. */
const latestPayment = (purpose: "order" | "recharge" | "booking", purposeId: number) =>
	server.deps.db
		.selectFrom("payment")
		.selectAll()
		.where("purpose", "=", purpose)
		.where("purpose_id", "=", purposeId)
		.orderBy("created_at", "desc")
		.executeTakeFirstOrThrow();

/** Places an order of one coconut and starts paying it by WeChat from this browser. */
async function payOrderByWechat(userAgent: string) {
	const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
	const started = await server.call<PaymentResult>("POST", "/app-api/order/pay", {
		token: customer.accessToken,
		headers: { "user-agent": userAgent },
		body: { orderId: order.id, payMethod: "wechat" },
	});
	expect(started.code, started.msg).toBe(0);
	const payment = await latestPayment("order", order.id);
	return { order, redirectUrl: started.data.redirectUrl as string, paymentId: payment.id };
}

const checkoutOf = async (paymentId: string) =>
	(await server.call<PaymentCheckout>("GET", `/app-api/pay/checkout/${paymentId}`, { token: customer.accessToken }))
		.data;

const orderView = async (orderId: number) =>
	(await server.call<OrderView>("GET", `/app-api/order/detail/${orderId}`, { token: customer.accessToken })).data;

const ledgerKinds = async (column: "order_id" | "recharge_id", id: number) =>
	(await server.deps.db.selectFrom("ledger_txn").select("kind").where(column, "=", id).orderBy("id").execute()).map(
		(row) => row.kind,
	);

const storedOrder = (orderId: number) =>
	server.deps.db
		.selectFrom("customer_order")
		.select(["status", "payment_status", "pay_method"])
		.where("id", "=", orderId)
		.executeTakeFirstOrThrow();

/** Our refunds queued for a payment, as WeChat Pay was told of them. */
const refundsOf = (paymentId: string) =>
	server.deps.db
		.selectFrom("gateway_refund")
		.select(["id", "amount", "status", "provider_refund_id"])
		.where("gateway_payment_id", "=", paymentId)
		.execute();

const atWechat = (paymentId: string) =>
	[...fake.refunds.values()].filter((r) => r.out_trade_no === paymentId.replaceAll("-", ""));

const cancelOrder = (orderId: number) =>
	server.call<OrderView>("POST", "/app-api/order/cancel", { token: customer.accessToken, body: { orderId } });

/** The customer's order was paid once by WeChat Pay and booked once. */
async function expectPaidOnce(orderId: number) {
	expect(await storedOrder(orderId)).toEqual({ status: "new", payment_status: "paid", pay_method: "wechat" });
	expect(await ledgerKinds("order_id", orderId)).toEqual(["order_payment"]);
}

/** Cancelled by the customer: refunded at WeChat Pay once, for the whole order, with our notify URL. */
async function expectCancelledAndRefunded(order: { id: number; total: number }, paymentId: string) {
	const cancelled = await cancelOrder(order.id);
	expect(cancelled.code, cancelled.msg).toBe(0);
	await settleGatewayRefundDeliveries(server.deps);
	expect(await storedOrder(order.id)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
	expect(await ledgerKinds("order_id", order.id)).toEqual(["order_payment", "order_refund"]);
	const refunds = atWechat(paymentId);
	expect(refunds).toEqual([expect.objectContaining({ refund: order.total, total: order.total, status: "SUCCESS" })]);
	expect(refunds[0]?.notify_url).toBe(`${server.url}/pay/notify/wechat/1`);
	expect(await refundsOf(paymentId)).toEqual([
		{
			id: refunds[0]?.out_refund_no,
			amount: order.total,
			status: "succeeded",
			provider_refund_id: refunds[0]?.refund_id,
		},
	]);
}

describe("an order paid by WeChat Pay and refunded", () => {
	it("at a desktop: a Native code on our checkout page; the signed, encrypted callback pays it", async () => {
		const { order, redirectUrl, paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		expect(redirectUrl).toBe(`/pay/checkout/${paymentId}`);
		const page = await checkoutOf(paymentId);
		expect(page).toMatchObject({
			provider: "wechat",
			status: "pending",
			railCurrency: "CNY",
			presentation: { kind: "qr", qrText: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/), deepLink: null },
		});
		expect(fake.order(paymentId)).toMatchObject({
			trade_type: "NATIVE",
			total: order.total,
			notify_url: `${server.url}/pay/notify/wechat/1`,
		});

		const callback = await fake.payer(paymentId);

		expect(callback).toMatchObject({ status: 200, answer: OK_ANSWER });
		await expectPaidOnce(order.id);
		expect(await checkoutOf(paymentId)).toMatchObject({ status: "succeeded" });
		await expectCancelledAndRefunded(order, paymentId);
	});

	it("inside WeChat: the web sign-in once for the openid, then JSAPI's sheet; the next order needs no sign-in", async () => {
		const first = await payOrderByWechat(WECHAT_BROWSER);
		const signIn = new URL(first.redirectUrl);
		expect(`${signIn.origin}${signIn.pathname}`).toBe(`${fake.url}/connect/oauth2/authorize`);
		expect(Object.fromEntries(signIn.searchParams)).toEqual({
			appid: fake.appId,
			redirect_uri: `${server.url}/pay/rails/wechat/oauth-return`,
			response_type: "code",
			scope: "snsapi_base",
			state: first.paymentId,
		});
		expect(signIn.hash).toBe("#wechat_redirect");
		fake.signInOpenid = `o_payer_${customer.userId}`;

		const back = await signInReturnUrl(server, first.redirectUrl);
		const atUs = await fetch(back, { redirect: "manual" });
		expect([atUs.status, atUs.headers.get("location")]).toEqual([302, `/pay/checkout/${first.paymentId}`]);
		// Visited again (the back button): the same order, the used code not exchanged again.
		const prepayId = fake.order(first.paymentId)?.prepay_id;
		const again = await fetch(back, { redirect: "manual" });
		expect([again.status, again.headers.get("location")]).toEqual([302, `/pay/checkout/${first.paymentId}`]);
		expect(fake.order(first.paymentId)?.prepay_id).toBe(prepayId);

		expect(await server.deps.db.selectFrom("wechat_payer").select(["member_id", "app_id", "openid"]).execute()).toEqual(
			[{ member_id: customer.userId, app_id: fake.appId, openid: `o_payer_${customer.userId}` }],
		);
		const order = fake.order(first.paymentId);
		expect(order).toMatchObject({
			trade_type: "JSAPI",
			openid: `o_payer_${customer.userId}`,
			total: first.order.total,
		});
		const page = await checkoutOf(first.paymentId);
		expect(page.presentation).toMatchObject({
			kind: "jsapi",
			params: { appId: fake.appId, package: `prepay_id=${order?.prepay_id}`, signType: "RSA" },
		});
		expect((await latestPayment("order", first.order.id)).rail_ref).toBe(order?.prepay_id);
		await fake.payer(first.paymentId);
		await expectPaidOnce(first.order.id);

		// The next payment inside WeChat goes straight to the sheet.
		const second = await payOrderByWechat(WECHAT_BROWSER);
		expect(second.redirectUrl).toBe(`/pay/checkout/${second.paymentId}`);
		expect(fake.order(second.paymentId)).toMatchObject({ trade_type: "JSAPI", openid: `o_payer_${customer.userId}` });
		expect((await fake.payer(second.paymentId))?.status).toBe(200);
		await expectPaidOnce(second.order.id);

		await expectCancelledAndRefunded(first.order, first.paymentId);
		await expectCancelledAndRefunded(second.order, second.paymentId);
	});

	it("in a phone browser: H5, and back to the order from WeChat's page", async () => {
		const { order, redirectUrl, paymentId } = await payOrderByWechat(PHONE_BROWSER);
		const h5 = new URL(redirectUrl);
		expect(`${h5.origin}${h5.pathname}`).toBe(`${fake.url}/fake/h5`);
		const back = h5.searchParams.get("redirect_url") as string;
		expect(back.startsWith(`${server.url}/`)).toBe(true);
		expect(fake.order(paymentId)).toMatchObject({ trade_type: "MWEB", payer_client_ip: "127.0.0.1" });

		// The payer pays on WeChat's H5 page and is sent back to us.
		const cashier = await fetch(redirectUrl);
		expect(await cashier.text()).toContain(`¥${(order.total / 100).toFixed(2)}`);
		const paid = await fetch(`${fake.url}/fake/payer`, {
			method: "POST",
			headers: { "content-type": "application/x-www-form-urlencoded" },
			body: new URLSearchParams({
				out_trade_no: paymentId.replaceAll("-", ""),
				outcome: "pay",
				redirect_url: encodeURIComponent(back),
			}),
			redirect: "manual",
		});
		expect(paid.status).toBe(303);
		expect(paid.headers.get("location")).toBe(back);

		await until(async () => (await orderView(order.id)).paymentStatus === "paid");
		await expectPaidOnce(order.id);
		await expectCancelledAndRefunded(order, paymentId);
	});

	it("a declined payment leaves the order to be paid another way", async () => {
		const { order, paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		await fake.payer(paymentId, "decline");
		// WeChat Pay calls back only payments; the payer's return asks it.
		const checked = await server.call<PaymentCheckout>("POST", `/app-api/pay/checkout/${paymentId}/check`, {
			token: customer.accessToken,
		});
		expect(checked.data.status).toBe("declined");
		expect((await orderView(order.id)).paymentStatus).toBe("unpaid");
		expect((await fx.pay(customer.accessToken, order.id)).data.paymentStatus).toBe("paid");
	});
});

describe("where WeChat Pay is offered", () => {
	const stateIn = async (userAgent: string) =>
		(
			await server.call<PayMethodsAnswer>("GET", "/app-api/pay/methods", {
				token: customer.accessToken,
				headers: { "user-agent": userAgent },
			})
		).data.methods.find((m) => m.method === "wechat");

	it("inside WeChat, at a desktop, and in a phone browser when H5 is approved; otherwise the hint to open WeChat", async () => {
		for (const userAgent of [WECHAT_BROWSER, DESKTOP_BROWSER, PHONE_BROWSER])
			expect(await stateIn(userAgent), userAgent).toEqual({ method: "wechat", state: "ready", currencies: ["CNY"] });

		await setUpWechat(server, fake, { h5Enabled: false });
		try {
			expect((await stateIn(PHONE_BROWSER))?.state).toBe("openInWechat");
			expect((await stateIn(WECHAT_BROWSER))?.state).toBe("ready");
			const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
			const refused = await server.call<PaymentResult>("POST", "/app-api/order/pay", {
				token: customer.accessToken,
				headers: { "user-agent": PHONE_BROWSER },
				body: { orderId: order.id, payMethod: "wechat" },
			});
			expect(refused.code).toBe(ErrorCode.PayMethodUnavailable);
			expect(
				await server.deps.db
					.selectFrom("payment")
					.select("id")
					.where("purpose", "=", "order")
					.where("purpose_id", "=", order.id)
					.execute(),
			).toEqual([]);
		} finally {
			await setUpWechat(server, fake);
		}
	});
});

describe("a recharge and a booking deposit paid by WeChat Pay", () => {
	it("a recharge at a desktop is credited once", async () => {
		const menu: RechargeMenu = (await rechargeMenu(server, { lang: "en" })).data;
		const pkg = menu.packages[0] as RechargeMenu["packages"][number];
		const member = await server.signIn("13901009001");
		const started = await server.call<RechargeView>("POST", "/app-api/member/user/recharge", {
			token: member.accessToken,
			headers: { "idempotency-key": `wechat-recharge-${Date.now()}`, "user-agent": DESKTOP_BROWSER },
			body: { packageId: pkg.id, agree: true, payMethod: "wechat" },
		});
		expect(started.code, started.msg).toBe(0);
		const payment = await latestPayment("recharge", started.data.id);
		expect(fake.order(payment.id)).toMatchObject({ trade_type: "NATIVE", total: pkg.payAmount });

		const deliveries = await Promise.all([fake.payer(payment.id), fake.replayPaymentCallback(payment.id, 3)]);

		expect([deliveries[0], ...deliveries[1]].map((d) => d?.status)).toEqual([200, 200, 200, 200]);
		await until(async () => (await latestPayment("recharge", started.data.id)).status === "succeeded");
		const kinds = await ledgerKinds("recharge_id", started.data.id);
		expect(kinds).toEqual(pkg.bonusAmount > 0 ? ["recharge", "recharge_bonus"] : ["recharge"]);
	});

	it("a booking deposit inside WeChat is paid, and refunded when the guest cancels in time", async () => {
		const bx = new BookingMoneyFixture(server, fx);
		const holdBefore = await bx.hold();
		const guest = await server.signIn("13901009002");
		const booking = await bx.book({ memberId: guest.userId, deposit: 1000 });
		fake.signInOpenid = `o_guest_${guest.userId}`;
		const started = await server.call<ReservationPaymentResult>("POST", "/app-api/reservation/pay", {
			token: guest.accessToken,
			headers: { "user-agent": WECHAT_BROWSER },
			body: { reservationId: booking.id, payMethod: "wechat" },
		});
		expect(started.code, started.msg).toBe(0);
		const payment = await latestPayment("booking", booking.id);
		expect(await followSignIn(server, started.data.redirectUrl as string)).toBe(`/pay/checkout/${payment.id}`);
		expect(fake.order(payment.id)).toMatchObject({
			trade_type: "JSAPI",
			openid: `o_guest_${guest.userId}`,
			total: 1000,
		});

		expect((await fake.payer(payment.id))?.status).toBe(200);
		await until(async () => (await bx.stored(booking.id)).reservation.status === "confirmed");
		expect(await bx.hold()).toBe(holdBefore + 1000);

		const cancelled = await server.call("POST", "/app-api/reservation/cancel", {
			token: guest.accessToken,
			body: { reservationId: booking.id },
		});
		expect(cancelled.code, cancelled.msg).toBe(0);
		await settleGatewayRefundDeliveries(server.deps);
		await until(async () => (await refundsOf(payment.id))[0]?.status === "succeeded");
		expect(atWechat(payment.id)).toEqual([expect.objectContaining({ refund: 1000, status: "SUCCESS" })]);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});
});

describe("callbacks that must change nothing, or only once", () => {
	it("callbacks signed wrongly, by another key id, or replayed after five minutes are not believed", async () => {
		const { order, paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		await fake.payer(paymentId, "pay", { noCallback: true });

		for (const how of ["bad_signature", "wrong_serial", "stale"] as const) {
			const forged = await fake.sendForgedPaymentCallback(paymentId, how);
			expect(forged.status, how).toBeGreaterThanOrEqual(400);
			expect(JSON.parse(forged.answer), how).toMatchObject({ code: "FAIL" });
		}
		expect(await storedOrder(order.id)).toMatchObject({ payment_status: "paying" });
		expect(await ledgerKinds("order_id", order.id)).toEqual([]);

		expect((await fake.sendPaymentCallback(paymentId)).status).toBe(200);
		await expectPaidOnce(order.id);
	});

	it("the same callback five times at once with the payer's poll: one outcome, one posting", async () => {
		const { order, paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		await fake.payer(paymentId, "pay", { noCallback: true });

		const [deliveries, polled] = await Promise.all([
			fake.replayPaymentCallback(paymentId, 5),
			server.call<PaymentCheckout>("POST", `/app-api/pay/checkout/${paymentId}/check`, { token: customer.accessToken }),
		]);

		expect(deliveries.map((d) => [d.status, d.answer])).toEqual(Array(5).fill([200, OK_ANSWER]));
		expect(polled.code).toBe(0);
		await expectPaidOnce(order.id);
		const payment = await latestPayment("order", order.id);
		expect(payment).toMatchObject({ status: "succeeded", provider_txn_id: fake.order(paymentId)?.transaction_id });
	});

	it("a callback with another amount is refused, flagged, and not applied", async () => {
		const { order, paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		await fake.payer(paymentId, "pay", { noCallback: true });

		const altered = await fake.sendPaymentCallback(paymentId, { total: order.total - 1 });

		expect(altered.status).toBeGreaterThanOrEqual(400);
		expect(await storedOrder(order.id)).toMatchObject({ payment_status: "paying" });
		expect(await ledgerKinds("order_id", order.id)).toEqual([]);
		expect(
			await server.deps.db
				.selectFrom("payment_discrepancy")
				.select(["kind", "rail", "our_amount", "rail_amount"])
				.where("payment_id", "=", paymentId)
				.execute(),
		).toEqual([{ kind: "amount_mismatch", rail: "wechat", our_amount: order.total, rail_amount: order.total - 1 }]);
	});

	it("a callback naming another merchant is refused and flagged", async () => {
		const { order, paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		await fake.payer(paymentId, "pay", { noCallback: true });

		const foreign = await fake.sendPaymentCallback(paymentId, { mchid: "1900000001" });

		expect(foreign.status).toBeGreaterThanOrEqual(400);
		expect(await storedOrder(order.id)).toMatchObject({ payment_status: "paying" });
		expect(
			await server.deps.db
				.selectFrom("payment_discrepancy")
				.select(["kind", "rail"])
				.where("payment_id", "=", paymentId)
				.execute(),
		).toEqual([{ kind: "merchant_mismatch", rail: "wechat" }]);
	});

	it("a callback during the customer's cancel: one outcome, the money goes back once", async () => {
		const { order, paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		await fake.payer(paymentId, "pay", { noCallback: true });

		const [cancelled, delivery] = await Promise.all([cancelOrder(order.id), fake.sendPaymentCallback(paymentId)]);

		expect(cancelled.code === 0 || delivery.status === 200).toBe(true);
		// Whichever came first, the order ends cancelled with its money paid back once, or paid.
		await until(async () => {
			await settleGatewayRefundDeliveries(server.deps);
			const stored = await storedOrder(order.id);
			return stored.status === "cancelled" ? stored.payment_status === "refunded" : stored.payment_status === "paid";
		});
		const stored = await storedOrder(order.id);
		if (stored.status === "cancelled") {
			expect(await ledgerKinds("order_id", order.id)).toEqual(["order_payment", "order_refund"]);
			expect(atWechat(paymentId)).toEqual([expect.objectContaining({ refund: order.total })]);
		} else {
			expect(await ledgerKinds("order_id", order.id)).toEqual(["order_payment"]);
			expect(atWechat(paymentId)).toEqual([]);
		}
	});

	it("a payment after the order expired is taken and given back", async () => {
		const { order, paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		// Just past the order's time (and the rail's), before our job closes it at WeChat Pay a
		// minute later: money can still arrive.
		server.clock.set(new Date(new Date(order.expiresAt as string).getTime() + 30_000));
		customer = await server.signIn("13800000003");
		const { expireUnpaidOrders } = await import("../../../ordering/lifecycle/expiry.js");
		await expireUnpaidOrders(server.deps);

		const late = await fake.payer(paymentId, "pay", { afterExpiry: true });

		expect(late?.status).toBe(200);
		await until(async () => {
			await settleGatewayRefundDeliveries(server.deps);
			return (await storedOrder(order.id)).payment_status === "refunded";
		});
		expect(await ledgerKinds("order_id", order.id)).toEqual(["order_payment", "order_refund"]);
		expect(atWechat(paymentId)).toEqual([expect.objectContaining({ refund: order.total })]);
	});
});

describe("answers that are not WeChat Pay's", () => {
	it("a paid payment is not believed from an answer signed wrongly; it is once WeChat Pay's own answer comes", async () => {
		const { order, paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		// Paid, but the callback was lost: the payer's page asks.
		await fake.payer(paymentId, "pay", { noCallback: true });
		const check = () =>
			server.call<PaymentCheckout>("POST", `/app-api/pay/checkout/${paymentId}/check`, { token: customer.accessToken });

		for (const fault of ["bad_signature", "unsigned"] as const) {
			fake.fault = fault;
			expect((await check()).data.status, fault).toBe("pending");
			// The page's questions to the rail are spaced two seconds apart (server time): the next one is asked anew.
			server.clock.advance(3);
		}
		expect(await ledgerKinds("order_id", order.id)).toEqual([]);

		fake.fault = null;
		expect((await check()).data.status).toBe("succeeded");
		await expectPaidOnce(order.id);
	});

	it("a checkout whose answer is signed wrongly shows the payer nothing to pay", async () => {
		fake.fault = "bad_signature";
		const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
		const started = await server
			.call<PaymentResult>("POST", "/app-api/order/pay", {
				token: customer.accessToken,
				headers: { "user-agent": DESKTOP_BROWSER },
				body: { orderId: order.id, payMethod: "wechat" },
			})
			.catch((error: Error) => error);
		expect(started).toMatchObject({ code: ErrorCode.PayRailUnreachable, data: null });
		const payment = await latestPayment("order", order.id);
		expect(payment).toMatchObject({ status: "pending", checkout: null, rail_ref: null });
	});
});

describe("WeChat Pay down", () => {
	it("during checkout: nothing is orphaned; the payment stays pending and the reconciliation job settles it", async () => {
		wechatTimeouts.callMs = 300;
		fake.fault = "lose_answer";
		const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
		const started = await server
			.call<PaymentResult>("POST", "/app-api/order/pay", {
				token: customer.accessToken,
				headers: { "user-agent": DESKTOP_BROWSER },
				body: { orderId: order.id, payMethod: "wechat" },
			})
			.catch((error: Error) => error);
		// The payer is told the rail cannot be reached and nothing was charged, and is sent nowhere.
		expect(started).toMatchObject({ code: ErrorCode.PayRailUnreachable, data: null });
		const payment = await latestPayment("order", order.id);
		expect(payment.status).toBe("pending");
		fake.fault = null;
		// WeChat Pay made the order although we never heard back, and somehow it was paid; its callback was lost.
		await fake.payer(payment.id, "pay", { noCallback: true });

		server.clock.advance(121);
		await reconcileGatewayPayments(server.deps);

		await expectPaidOnce(order.id);
		customer = await server.signIn("13800000003");
	});

	it("a refund while WeChat Pay answers 5xx stays queued and is delivered once it is back", async () => {
		const { order, paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		await fake.payer(paymentId);
		await expectPaidOnce(order.id);
		fake.fault = "server_error";
		expect((await cancelOrder(order.id)).code).toBe(0);
		await settleGatewayRefundDeliveries(server.deps);
		expect((await refundsOf(paymentId))[0]?.status).toBe("pending");
		expect(atWechat(paymentId)).toEqual([]);
		fake.fault = null;
		const { deliverGatewayRefunds } = await import("../../refunds/refunds.js");
		server.clock.advance(3600);
		await deliverGatewayRefunds(server.deps);
		await settleGatewayRefundDeliveries(server.deps);
		expect((await refundsOf(paymentId))[0]?.status).toBe("succeeded");
		expect(atWechat(paymentId)).toHaveLength(1);
		customer = await server.signIn("13800000003");
	});

	it("a refund WeChat Pay processes later is settled by its refund callback", async () => {
		const { order, paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		await fake.payer(paymentId);
		fake.refundAnswer = "PROCESSING";
		expect((await cancelOrder(order.id)).code).toBe(0);
		await settleGatewayRefundDeliveries(server.deps);
		const [refund] = await refundsOf(paymentId);
		expect(refund?.status).toBe("pending");

		const callback = await fake.finishRefund(refund?.id as string);

		expect(callback).toMatchObject({ status: 200, answer: OK_ANSWER });
		expect((await refundsOf(paymentId))[0]).toMatchObject({
			status: "succeeded",
			provider_refund_id: fake.refunds.get(refund?.id as string)?.refund_id,
		});
	});
});

describe("an unpaid checkout whose time is over", () => {
	it("is closed at WeChat Pay, so it can no longer be paid, and then declined", async () => {
		const { paymentId } = await payOrderByWechat(DESKTOP_BROWSER);
		const { rail_expires_at } = await server.deps.db
			.selectFrom("payment")
			.select("rail_expires_at")
			.where("id", "=", paymentId)
			.executeTakeFirstOrThrow();
		expect(rail_expires_at).not.toBeNull();
		// Still open at WeChat Pay a minute after its own expiry: the job closes it there.
		server.clock.set(new Date(new Date(rail_expires_at as Date).getTime() + 61_000));
		await reconcileGatewayPayments(server.deps);
		expect(fake.order(paymentId)?.trade_state).toBe("CLOSED");
		await expect(fake.payer(paymentId, "pay", { afterExpiry: true })).rejects.toThrow(/CLOSED/);

		server.clock.advance(3600);
		await reconcileGatewayPayments(server.deps);
		expect(
			await server.deps.db.selectFrom("payment").select("status").where("id", "=", paymentId).executeTakeFirst(),
		).toEqual({ status: "declined" });
		customer = await server.signIn("13800000003");
	});
});

describe("the operator's connection test", () => {
	it("saved through the operator's page, the settings test as working; a wrong key or an outage is named", async () => {
		const operator = await server.signIn("13901009031");
		await server.deps.db.insertInto("platform_operator").values({ tenant_id: 1, member_id: operator.userId }).execute();
		const save = (settings: ReturnType<FakeWechatPay["settings"]>) =>
			server.call("POST", "/app-api/platform/payment-rails/save", {
				token: operator.accessToken,
				body: { rail: "wechat", settings },
			});
		const test = async (lang = "en") =>
			(
				await server.call<RailConnectionResult>("POST", "/app-api/platform/payment-rails/test", {
					token: operator.accessToken,
					lang,
					body: { rail: "wechat" },
				})
			).data;

		expect((await save(fake.settings())).code).toBe(0);
		expect(await test()).toMatchObject({ ok: true });
		expect(fake.requests.at(-1)).toMatchObject({ method: "GET", verified: true });

		const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 });
		expect(
			(
				await save(
					fake.settings({ privateKey: stranger.privateKey.export({ type: "pkcs8", format: "pem" }).toString() }),
				)
			).code,
		).toBe(0);
		expect(await test("zh-CN")).toMatchObject({ ok: false, problem: "credentials" });

		expect(
			(
				await save(
					fake.settings({ platformPublicKey: stranger.publicKey.export({ type: "spki", format: "pem" }).toString() }),
				)
			).code,
		).toBe(0);
		expect(await test("km")).toMatchObject({ ok: false, problem: "signature" });

		expect((await save(fake.settings())).code).toBe(0);
		wechatTimeouts.callMs = 300;
		fake.fault = "stall";
		expect(await test()).toMatchObject({ ok: false, problem: "unreachable" });
	});
});
