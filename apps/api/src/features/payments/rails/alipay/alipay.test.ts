import {
	ErrorCode,
	type OrderView,
	type PaymentCheckout,
	type PaymentResult,
	type RechargeMenu,
	type RechargeView,
	type ReservationPaymentResult,
} from "@bayon/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
	DESKTOP_BROWSER,
	outTradeNoOf,
	PHONE_BROWSER,
	setUpAlipay,
	WECHAT_BROWSER,
} from "../../../../../test/alipay.js";
import { BookingMoneyFixture } from "../../../../../test/booking-money.js";
import { type FakeAlipay, startFakeAlipay } from "../../../../../test/fakes/alipay.js";
import { startTestServer, type TestServer } from "../../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../../../test/ordering.js";
import { newKey } from "../../../../../test/recharge.js";
import { expireUnpaidRecharges } from "../../../stored-value/recharge/recharge-jobs.js";
import { reconcileGatewayPayments } from "../../reconciliation/reconciliation.js";
import { deliverGatewayRefunds, settleGatewayRefundDeliveries } from "../../refunds/refunds.js";
import { alipayTimeouts } from "./client.js";

/**
 * Paying through Alipay end to end (issue 29 part 2): our real server over HTTP, its database
 * (PGlite and PostgreSQL), and the fake Alipay gateway (test/fakes/alipay.ts) that checks our
 * signatures and signs its answers and notifies with its own key. The payer's browser is the
 * fake's cashier; Alipay's notify reaches /pay/notify/alipay/<tenant> as Alipay sends it.
 */

let server: TestServer;
let fake: FakeAlipay;
let fx: OrderingFixture;
let bx: BookingMoneyFixture;
let customer: { accessToken: string; userId: number };
let staff: { accessToken: string; userId: number };
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	fake = await startFakeAlipay({ now: () => server.clock.now() });
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 10_000, smsPerPhonePerDay: 10_000 },
		configure: (config) => {
			config.railEndpoints.alipayGateway = fake.url;
		},
	});
	await setUpAlipay(server, fake);
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COCONUT).id, null);
	bx = new BookingMoneyFixture(server, fx);
});
afterAll(async () => {
	await server?.close();
	await fake?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
});
afterEach(async () => {
	fake.apiFault = null;
	fake.notifyTamper = null;
	fake.holdNotifies = false;
	fake.payAfterExpiry = false;
	alipayTimeouts.requestMs = 10_000;
	await fake.notifiesSettled();
	await settleGatewayRefundDeliveries(server.deps);
	await expectLedgerInvariants(server.deps.db);
});

/** Places an order of a coconut and starts paying it with Alipay from this browser. */
async function startOrderPayment(userAgent = PHONE_BROWSER) {
	const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
	const paid = await server.call<PaymentResult>("POST", "/app-api/order/pay", {
		token: customer.accessToken,
		headers: { "user-agent": userAgent },
		body: { orderId: order.id, payMethod: "alipay" },
	});
	expect(paid.code, paid.msg).toBe(0);
	const redirectUrl = paid.data.redirectUrl as string;
	return { order, redirectUrl, paymentId: outTradeNoOf(redirectUrl) };
}

/** The payer opens Alipay's cashier and pays there; answers where Alipay sends them back. */
async function payAtAlipay(redirectUrl: string) {
	const paymentId = await fake.openCashier(redirectUrl);
	return fake.pay(paymentId);
}

const storedPayment = (paymentId: string) =>
	server.deps.db.selectFrom("payment").selectAll().where("id", "=", paymentId).executeTakeFirstOrThrow();
const storedOrder = (orderId: number) =>
	server.deps.db
		.selectFrom("customer_order")
		.select(["status", "payment_status", "pay_method"])
		.where("id", "=", orderId)
		.executeTakeFirstOrThrow();
const ledgerOf = async (orderId: number) =>
	(
		await server.deps.db.selectFrom("ledger_txn").select("kind").where("order_id", "=", orderId).orderBy("id").execute()
	).map((row) => row.kind);
const refundsAtAlipay = (paymentId: string) =>
	[...(fake.trades.get(paymentId)?.refunds.values() ?? [])].map((refund) => refund.amount);
const act = (orderId: number, action: string, reason?: string) =>
	server.call<OrderView>("POST", "/app-api/merchant/order/action", {
		token: staff.accessToken,
		body: { orderId, action, ...(reason ? { reason } : {}) },
	});
const discrepancies = (paymentId: string) =>
	server.deps.db
		.selectFrom("payment_discrepancy")
		.select(["kind", "rail"])
		.where("payment_id", "=", paymentId)
		.execute();

describe("paying with Alipay", () => {
	it("an order paid in a phone browser (WAP) and refunded when the shop rejects it", async () => {
		const { order, redirectUrl, paymentId } = await startOrderPayment(PHONE_BROWSER);
		const url = new URL(redirectUrl);
		expect(`${url.origin}${url.pathname}`).toBe(fake.url);
		expect(url.searchParams.get("method")).toBe("alipay.trade.wap.pay");
		expect(url.searchParams.get("notify_url")).toBe(`${server.url}/pay/notify/alipay/1`);
		expect(JSON.parse(url.searchParams.get("biz_content") as string)).toMatchObject({
			out_trade_no: paymentId,
			total_amount: `${Math.trunc(order.total / 100)}.${String(order.total % 100).padStart(2, "0")}`,
			product_code: "QUICK_WAP_WAY",
		});
		expect(await storedPayment(paymentId)).toMatchObject({
			provider: "alipay",
			channel: "wap",
			rail_currency: "CNY",
			rail_amount: order.total,
			status: "pending",
		});

		const back = await payAtAlipay(redirectUrl);
		expect(back).toContain(`${server.url}/pages/components/pages/orders/detail?id=${order.id}`);
		await fake.notifiesSettled();

		expect(fake.deliveries.filter((d) => d.outTradeNo === paymentId).map((d) => d.answer)).toEqual(["success"]);
		expect(await storedOrder(order.id)).toEqual({ status: "new", payment_status: "paid", pay_method: "alipay" });
		expect(await storedPayment(paymentId)).toMatchObject({
			status: "succeeded",
			provider_txn_id: fake.trades.get(paymentId)?.tradeNo,
		});
		expect(await ledgerOf(order.id)).toEqual(["order_payment"]);

		expect((await act(order.id, "reject", "Out of coconuts")).code).toBe(0);
		await settleGatewayRefundDeliveries(server.deps);
		await fake.notifiesSettled();

		expect(refundsAtAlipay(paymentId)).toEqual([order.total]);
		expect(fake.trades.get(paymentId)?.status).toBe("TRADE_CLOSED");
		const refund = await server.deps.db
			.selectFrom("gateway_refund")
			.selectAll()
			.where("gateway_payment_id", "=", paymentId)
			.executeTakeFirstOrThrow();
		expect(refund).toMatchObject({ status: "succeeded", amount: order.total });
		// Alipay's notify of the refund (TRADE_CLOSED, refund_fee, out_biz_no = our refund id) is
		// taken as the refund's, not as a decline of the paid trade: answered success, nothing changes.
		const refundNotify = fake.deliveries.filter((d) => d.outTradeNo === paymentId).at(-1);
		expect(refundNotify?.fields).toMatchObject({ trade_status: "TRADE_CLOSED", out_biz_no: refund.id });
		expect(refundNotify?.answer).toBe("success");
		expect(await storedPayment(paymentId)).toMatchObject({ status: "succeeded" });
		expect(await storedOrder(order.id)).toMatchObject({ status: "rejected", payment_status: "refunded" });
		expect(await ledgerOf(order.id)).toEqual(["order_payment", "order_refund"]);
	});

	it("a recharge paid on a desktop (page.pay), and one whose money came after it expired credited once", async () => {
		const menu = await server.call<RechargeMenu>("GET", "/app-api/recharge/getMoneyList", {
			token: customer.accessToken,
		});
		const packageId = menu.data.packages[0]?.id as number;
		const start = async () => {
			const started = await server.call<RechargeView>("POST", "/app-api/member/user/recharge", {
				token: customer.accessToken,
				headers: { "idempotency-key": newKey(), "user-agent": DESKTOP_BROWSER },
				body: { packageId, agree: true, payMethod: "alipay" },
			});
			expect(started.code, started.msg).toBe(0);
			return { view: started.data, redirectUrl: started.data.redirectUrl as string };
		};
		const stored = (id: number) =>
			server.deps.db.selectFrom("recharge").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

		const first = await start();
		expect(new URL(first.redirectUrl).searchParams.get("method")).toBe("alipay.trade.page.pay");
		const firstPayment = outTradeNoOf(first.redirectUrl);
		expect((await storedPayment(firstPayment)).channel).toBe("page");
		await payAtAlipay(first.redirectUrl);
		await fake.notifiesSettled();
		expect((await stored(first.view.id)).status).toBe("paid");

		const late = await start();
		const latePayment = outTradeNoOf(late.redirectUrl);
		await fake.openCashier(late.redirectUrl);
		// The payer is still at Alipay's cashier when the recharge expires here (their notify comes
		// late): Alipay still answers "waiting", so the recharge expires; then the payer pays.
		fake.payAfterExpiry = true;
		// Within the minute after its expiry, before our job closes the trade at Alipay.
		server.clock.set(new Date(new Date((await stored(late.view.id)).expires_at).getTime() + 30_000));
		expect(await expireUnpaidRecharges(server.deps)).toBeGreaterThan(0);
		expect((await stored(late.view.id)).status).toBe("expired");
		await fake.pay(latePayment);
		await fake.notifiesSettled();
		// Decision 021: the member paid for exactly this package, so it is credited after all, once.
		expect((await stored(late.view.id)).status).toBe("paid");
		expect(await fake.postNotify(latePayment)).toEqual({ status: 200, answer: "success" });
		const credits = await server.deps.db
			.selectFrom("ledger_txn")
			.select(["kind", "recharge_id"])
			.where("recharge_id", "in", [first.view.id, late.view.id])
			.where("kind", "=", "recharge")
			.orderBy("id")
			.execute();
		expect(credits).toEqual([
			{ kind: "recharge", recharge_id: first.view.id },
			{ kind: "recharge", recharge_id: late.view.id },
		]);
		expect(refundsAtAlipay(latePayment)).toEqual([]);
		expect(refundsAtAlipay(firstPayment)).toEqual([]);
	});

	it("a booking's deposit paid (WAP) and refunded when the guest cancels in time", async () => {
		const booking = await bx.book({ memberId: customer.userId, deposit: 1000 });
		const paid = await server.call<ReservationPaymentResult>("POST", "/app-api/reservation/pay", {
			token: customer.accessToken,
			headers: { "user-agent": PHONE_BROWSER },
			body: { reservationId: booking.id, payMethod: "alipay" },
		});
		expect(paid.code, paid.msg).toBe(0);
		const redirectUrl = paid.data.redirectUrl as string;
		const paymentId = outTradeNoOf(redirectUrl);
		await payAtAlipay(redirectUrl);
		await fake.notifiesSettled();
		expect((await bx.stored(booking.id)).payments).toEqual([
			{ kind: "deposit", amount: 1000, status: "paid", pay_method: "alipay" },
		]);

		const cancelled = await server.call("POST", "/app-api/reservation/cancel", {
			token: customer.accessToken,
			body: { reservationId: booking.id },
		});
		expect(cancelled.code, cancelled.msg).toBe(0);
		await deliverGatewayRefunds(server.deps);
		await settleGatewayRefundDeliveries(server.deps);
		expect(refundsAtAlipay(paymentId)).toEqual([1000]);
		expect((await bx.stored(booking.id)).payments.map((p) => p.status)).toEqual(["refunded"]);
		await bx.expectBooksBalanced();
	});

	it("WeChat's browser is not sent to Alipay (WeChat blocks it): nothing is started", async () => {
		const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
		const [callsBefore, tradesBefore] = [fake.calls.length, fake.trades.size];
		const paid = await server.call<PaymentResult>("POST", "/app-api/order/pay", {
			token: customer.accessToken,
			headers: { "user-agent": WECHAT_BROWSER },
			body: { orderId: order.id, payMethod: "alipay" },
		});
		expect(paid.code).toBe(1008007007);
		expect([fake.calls.length, fake.trades.size]).toEqual([callsBefore, tradesBefore]);
		// The order stays payable another way; Alipay was never asked.
		expect(await storedOrder(order.id)).toMatchObject({ status: "unpaid", pay_method: null });
	});
});

describe("Alipay's notify, genuine or not", () => {
	it("an unsigned, wrongly signed or altered notify is refused and changes nothing; the genuine one pays", async () => {
		fake.holdNotifies = true;
		const { order, redirectUrl, paymentId } = await startOrderPayment();
		await payAtAlipay(redirectUrl);
		const genuine = fake.notifyFields(paymentId);

		const unsigned = { ...genuine };
		delete unsigned.sign;
		expect(await fake.postNotify(paymentId, unsigned)).toEqual({ status: 200, answer: "fail" });
		expect(await fake.postNotify(paymentId, { ...genuine, total_amount: "0.01" })).toEqual({
			status: 200,
			answer: "fail",
		});
		expect(await fake.postNotify(paymentId, { ...genuine, sign_type: "RSA" })).toEqual({ status: 200, answer: "fail" });
		fake.notifyTamper = { wrongSignature: true };
		expect(await fake.postNotify(paymentId)).toEqual({ status: 200, answer: "fail" });
		fake.notifyTamper = null;

		expect(await storedPayment(paymentId)).toMatchObject({ status: "pending", provider_txn_id: null });
		expect(await storedOrder(order.id)).toMatchObject({ payment_status: "paying" });
		expect(await ledgerOf(order.id)).toEqual([]);
		expect(await discrepancies(paymentId)).toEqual([]);

		expect(await fake.postNotify(paymentId, genuine)).toEqual({ status: 200, answer: "success" });
		expect(await storedOrder(order.id)).toMatchObject({ payment_status: "paid" });
		expect(await ledgerOf(order.id)).toEqual(["order_payment"]);
	});

	it("replayed and simultaneous notifies, with the customer's page and the reconciliation asking: one outcome, one posting", async () => {
		fake.holdNotifies = true;
		const { order, redirectUrl, paymentId } = await startOrderPayment(DESKTOP_BROWSER);
		await payAtAlipay(redirectUrl);
		server.clock.advance(5 * 60);
		customer = await server.signIn("13800000003");

		const answers = await Promise.all([
			...Array.from({ length: 5 }, () => fake.postNotify(paymentId)),
			server.call<OrderView>("GET", `/app-api/order/detail/${order.id}`, { token: customer.accessToken }),
			reconcileGatewayPayments(server.deps),
		]);
		expect(answers.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => ({ status: 200, answer: "success" })));
		// Replayed later (Alipay resends until it hears success): still one posting.
		expect(await fake.postNotify(paymentId)).toEqual({ status: 200, answer: "success" });

		expect(await storedOrder(order.id)).toEqual({ status: "new", payment_status: "paid", pay_method: "alipay" });
		expect(await ledgerOf(order.id)).toEqual(["order_payment"]);
		const payments = await server.deps.db
			.selectFrom("payment")
			.select(["status", "provider_txn_id"])
			.where("purpose", "=", "order")
			.where("purpose_id", "=", order.id)
			.execute();
		expect(payments).toEqual([{ status: "succeeded", provider_txn_id: fake.trades.get(paymentId)?.tradeNo }]);
	});

	it("a notify for another amount is refused, flagged, and not applied", async () => {
		fake.holdNotifies = true;
		const { order, redirectUrl, paymentId } = await startOrderPayment();
		await payAtAlipay(redirectUrl);
		fake.notifyTamper = { totalAmount: "0.01" };

		expect(await fake.postNotify(paymentId)).toEqual({ status: 200, answer: "fail" });

		expect(await storedPayment(paymentId)).toMatchObject({ status: "pending" });
		expect(await ledgerOf(order.id)).toEqual([]);
		expect(await discrepancies(paymentId)).toEqual([{ kind: "amount_mismatch", rail: "alipay" }]);
	});

	it("a notify naming another seller or app is refused and flagged; ours then pays", async () => {
		fake.holdNotifies = true;
		const { order, redirectUrl, paymentId } = await startOrderPayment();
		await payAtAlipay(redirectUrl);

		fake.notifyTamper = { sellerId: "2088999999999999" };
		expect(await fake.postNotify(paymentId)).toEqual({ status: 200, answer: "fail" });
		fake.notifyTamper = { appId: "2021000199999999" };
		expect(await fake.postNotify(paymentId)).toEqual({ status: 200, answer: "fail" });

		expect(await storedPayment(paymentId)).toMatchObject({ status: "pending" });
		expect(await ledgerOf(order.id)).toEqual([]);
		expect(await discrepancies(paymentId)).toEqual([{ kind: "merchant_mismatch", rail: "alipay" }]);

		fake.notifyTamper = null;
		expect(await fake.postNotify(paymentId)).toEqual({ status: 200, answer: "success" });
		expect(await ledgerOf(order.id)).toEqual(["order_payment"]);
	});

	it("a notify during the customer's cancel: the money is taken once and given back once", async () => {
		fake.holdNotifies = true;
		const { order, redirectUrl, paymentId } = await startOrderPayment();
		await payAtAlipay(redirectUrl);
		const notify = fake.notifyFields(paymentId);

		const [cancelled, notified] = await Promise.all([
			server.call<OrderView>("POST", "/app-api/order/cancel", {
				token: customer.accessToken,
				body: { orderId: order.id },
			}),
			fake.postNotify(paymentId, notify),
		]);
		expect(cancelled.code, cancelled.msg).toBe(0);
		expect(notified).toEqual({ status: 200, answer: "success" });
		await deliverGatewayRefunds(server.deps);
		await settleGatewayRefundDeliveries(server.deps);
		// The same notify replayed after it all changes nothing.
		expect(await fake.postNotify(paymentId, notify)).toEqual({ status: 200, answer: "success" });

		expect(await storedOrder(order.id)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
		expect(await ledgerOf(order.id)).toEqual(["order_payment", "order_refund"]);
		expect(refundsAtAlipay(paymentId)).toEqual([order.total]);
	});
});

describe("when Alipay is down", () => {
	it("a payment whose notify was lost while Alipay could not be asked is settled by the reconciliation once it answers", async () => {
		fake.holdNotifies = true;
		alipayTimeouts.requestMs = 500;
		const { order, redirectUrl, paymentId } = await startOrderPayment();
		await payAtAlipay(redirectUrl);

		for (const [failures, kind] of (["drop", "stall", "http502", "wrongSignature"] as const).entries()) {
			fake.apiFault = { kind };
			server.clock.advance(10 * 60);
			await reconcileGatewayPayments(server.deps);
			expect(await storedPayment(paymentId)).toMatchObject({ status: "pending", check_failures: failures + 1 });
			expect(await ledgerOf(order.id)).toEqual([]);
		}

		fake.apiFault = null;
		server.clock.advance(3600);
		await reconcileGatewayPayments(server.deps);
		expect(await storedOrder(order.id)).toMatchObject({ payment_status: "paid", pay_method: "alipay" });
		expect(await ledgerOf(order.id)).toEqual(["order_payment"]);
		// The notify Alipay kept resending arrives at last: nothing more.
		expect(await fake.postNotify(paymentId)).toEqual({ status: 200, answer: "success" });
		expect(await ledgerOf(order.id)).toEqual(["order_payment"]);
	});

	it("a refund Alipay cannot be reached for stays queued and is made once when it is back", async () => {
		const { order, redirectUrl, paymentId } = await startOrderPayment();
		await payAtAlipay(redirectUrl);
		await fake.notifiesSettled();
		expect(await storedOrder(order.id)).toMatchObject({ payment_status: "paid" });

		fake.apiFault = { kind: "http502", methods: ["alipay.trade.refund"] };
		expect((await act(order.id, "reject", "Out of coconuts")).code).toBe(0);
		await settleGatewayRefundDeliveries(server.deps);
		const queued = await server.deps.db
			.selectFrom("gateway_refund")
			.selectAll()
			.where("gateway_payment_id", "=", paymentId)
			.executeTakeFirstOrThrow();
		expect(queued).toMatchObject({ status: "pending", attempts: 1 });
		expect(refundsAtAlipay(paymentId)).toEqual([]);

		fake.apiFault = null;
		server.clock.advance(3600);
		await deliverGatewayRefunds(server.deps);
		expect(refundsAtAlipay(paymentId)).toEqual([order.total]);
		await fake.notifiesSettled();
		expect(await storedOrder(order.id)).toMatchObject({ status: "rejected", payment_status: "refunded" });
	});
});

describe("at the counter (alipay.trade.precreate)", () => {
	const scanToPay = (order: OrderView) =>
		server.call<PaymentCheckout>("POST", "/app-api/merchant/counter/scan-to-pay", {
			token: staff.accessToken,
			body: { shopId: 1, payMethod: "alipay", purpose: "order", purposeId: order.id, amount: order.total },
		});
	const check = (paymentId: string) =>
		server.call<PaymentCheckout>("POST", "/app-api/merchant/counter/scan-to-pay/check", {
			token: staff.accessToken,
			body: { shopId: 1, paymentId },
		});

	it("the staff's screen shows Alipay's code; the customer scans and pays; the shop's rejection pays it back", async () => {
		const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
		const started = await scanToPay(order);
		expect(started.code, started.msg).toBe(0);
		expect(started.data).toMatchObject({
			provider: "alipay",
			status: "pending",
			presentation: { kind: "qr", deepLink: null },
		});
		const paymentId = started.data.paymentId;
		expect(fake.calls.filter((call) => call.biz.out_trade_no === paymentId).map((call) => call.method)).toEqual([
			"alipay.trade.precreate",
		]);
		expect(await storedPayment(paymentId)).toMatchObject({ channel: "precreate", rail_amount: order.total });
		server.clock.advance(3);
		expect((await check(paymentId)).data.status).toBe("pending");

		await fake.scanAndPay((started.data.presentation as { qrText: string }).qrText);
		await fake.notifiesSettled();
		server.clock.advance(3);
		expect((await check(paymentId)).data.status).toBe("succeeded");
		expect(await storedOrder(order.id)).toMatchObject({ payment_status: "paid", pay_method: "alipay" });
		expect(await ledgerOf(order.id)).toEqual(["order_payment"]);

		expect((await act(order.id, "reject", "Out of coconuts")).code).toBe(0);
		await settleGatewayRefundDeliveries(server.deps);
		expect(refundsAtAlipay(paymentId)).toEqual([order.total]);
		expect(await ledgerOf(order.id)).toEqual(["order_payment", "order_refund"]);
	});

	it("Alipay down while the code is asked for orphans nothing: the payment is asked about later, a new code pays once", async () => {
		const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
		fake.apiFault = { kind: "drop", methods: ["alipay.trade.precreate"] };
		// The staff are told Alipay cannot be reached and nothing was charged.
		expect(await scanToPay(order)).toMatchObject({ code: ErrorCode.PayRailUnreachable, data: null });
		fake.apiFault = null;
		const orphan = await server.deps.db
			.selectFrom("payment")
			.selectAll()
			.where("purpose", "=", "order")
			.where("purpose_id", "=", order.id)
			.executeTakeFirstOrThrow();
		expect(orphan).toMatchObject({ provider: "alipay", status: "pending" });
		expect(orphan.next_check_at).not.toBeNull();
		// The reconciliation asks Alipay, which has no such trade: not decided, asked again later.
		server.clock.advance(10 * 60);
		await reconcileGatewayPayments(server.deps);
		expect(await storedPayment(orphan.id)).toMatchObject({ status: "pending", check_failures: 0 });
		// (The SDK's HTTP client sends a request once more when its connection drops: harmless,
		// Alipay keeps one trade per out_trade_no.)
		const asked = fake.calls.filter((call) => call.biz.out_trade_no === orphan.id).map((call) => call.method);
		expect(new Set(asked)).toEqual(new Set(["alipay.trade.precreate", "alipay.trade.query"]));
		expect(asked.at(-1)).toBe("alipay.trade.query");

		staff = await server.signIn("13800000002");
		const again = await scanToPay(order);
		expect(again.code, again.msg).toBe(0);
		await fake.scanAndPay((again.data.presentation as { qrText: string }).qrText);
		await fake.notifiesSettled();
		expect(await storedOrder(order.id)).toMatchObject({ payment_status: "paid", pay_method: "alipay" });
		expect(await ledgerOf(order.id)).toEqual(["order_payment"]);
	});
});
