import {
	ErrorCode,
	type OrderView,
	type RefundTransferList,
	type RefundTransferView,
	type ReservationPaymentResult,
	type ReservationView,
} from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../../test/booking-money.js";
import type { FakeBakong } from "../../../../test/fakes/bakong.js";
import { paymentIdOf, recordLog } from "../../../../test/gateway.js";
import type { TestServer } from "../../../../test/harness.js";
import {
	checkPayment,
	makeOperator,
	qrOf,
	refundsOfPayment,
	startKhqrOrder,
	startKhqrOrderPayment,
	startKhqrServer,
	storedPayment,
} from "../../../../test/khqr.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { deliverGatewayRefunds, settleGatewayRefundDeliveries } from "../refunds/refunds.js";

/**
 * KHQR refunds (issue 29 part 3): Bakong has no refund call, so a refund of a KHQR payment waits
 * for the platform's staff to transfer the money back and record the transfer; the operator's
 * list shows what to send where, and recording it succeeds once.
 */

let server: TestServer;
let bakong: FakeBakong;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
let staff: { accessToken: string; userId: number };
let operator: { accessToken: string; userId: number };
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	({ server, bakong } = await startKhqrServer());
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COCONUT).id, null);
	operator = await server.signIn("13900007001");
	await makeOperator(server, operator.userId);
});
afterAll(async () => {
	await server?.close();
	await bakong?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
	operator = await server.signIn("13900007001");
});

const list = (token = operator.accessToken) =>
	server.call<RefundTransferList>("GET", "/app-api/platform/payments/refund-transfers", { token });
const record = (refundId: string, reference: string, token = operator.accessToken) =>
	server.call<RefundTransferView>("POST", "/app-api/platform/payments/refund-transfers/record", {
		token,
		body: { refundId, reference },
	});
const orderDetail = (orderId: number) =>
	server.call<OrderView>("GET", `/app-api/order/detail/${orderId}`, { token: customer.accessToken });

/** Delivers due refunds (the job's round, and the deliveries started after commit). */
async function deliverRefunds() {
	await settleGatewayRefundDeliveries(server.deps);
	await deliverGatewayRefunds(server.deps);
	await settleGatewayRefundDeliveries(server.deps);
}

/** An order paid by KHQR (scanned, found by the checkout page), then rejected by the shop: its refund. */
async function refundedOrder(options: { railCurrency?: "USD" | "KHR" } = {}) {
	const { order, paymentId } = await startKhqrOrder(server, fx, customer.accessToken, COCONUT, options);
	const txn = bakong.scanAndPay(await qrOf(server, customer.accessToken, paymentId));
	expect(await checkPayment(server, customer.accessToken, paymentId)).toMatchObject({ status: "succeeded" });
	const rejected = await server.call<OrderView>("POST", "/app-api/merchant/order/action", {
		token: staff.accessToken,
		body: { orderId: order.id, action: "reject", reason: "Sold out" },
	});
	expect(rejected.code, rejected.msg).toBe(0);
	await deliverRefunds();
	const [refund] = await refundsOfPayment(server, paymentId);
	if (!refund) throw new Error("no refund queued");
	return { order, paymentId, txn, refund };
}

describe("a KHQR refund", () => {
	it("waits for a transfer, shows the operator what to send where, and is recorded once when two submissions race", async () => {
		const { order, paymentId, txn, refund } = await refundedOrder();
		const payment = await storedPayment(server, paymentId);
		expect(refund).toMatchObject({ status: "awaiting_transfer", amount: payment.amount, provider_refund_id: null });
		// Delivering again changes nothing: it waits for a person.
		await deliverRefunds();
		expect((await refundsOfPayment(server, paymentId))[0]).toMatchObject({ status: "awaiting_transfer" });
		expect((await orderDetail(order.id)).data.refundTransfer).toEqual({
			status: "awaiting_transfer",
			amount: payment.amount,
		});

		// Only the platform's operators see the list.
		expect((await list(staff.accessToken)).code).toBe(ErrorCode.NotPlatformOperator);
		const listed = await list();
		expect(listed.code, listed.msg).toBe(0);
		expect(listed.data.awaiting.find((row) => row.refundId === refund.id)).toEqual({
			refundId: refund.id,
			status: "awaiting_transfer",
			purpose: "order",
			purposeId: order.id,
			amount: payment.amount,
			currency: "USD",
			railAmount: payment.amount,
			railCurrency: "USD",
			payerMobile: "138****0003",
			bakongHash: txn.hash,
			payerAccount: "payer@wing",
			createdAt: expect.any(String),
			reference: null,
			recordedAt: null,
			recordedBy: null,
		});

		// Someone who is not an operator cannot record it.
		expect((await record(refund.id, "ABA-000001", staff.accessToken)).code).toBe(ErrorCode.NotPlatformOperator);
		const log = recordLog(server);
		const [first, second] = await Promise.all([record(refund.id, "ABA-778899"), record(refund.id, "ABA-778899")]);

		expect([first.code, second.code]).toEqual([0, 0]);
		expect(first.data).toMatchObject({ status: "succeeded", reference: "ABA-778899", recordedAt: expect.any(String) });
		const stored = (await refundsOfPayment(server, paymentId))[0];
		expect(stored).toMatchObject({
			status: "succeeded",
			provider_refund_id: "ABA-778899",
			transfer_recorded_by: operator.userId,
		});
		expect(stored?.transfer_recorded_at).not.toBeNull();
		// Recorded once: the order heard of the delivered refund once.
		expect(log.filter((line) => line.msg === "KHQR refund transferred back, recorded by staff")).toHaveLength(1);
		// Another reference afterwards is refused and changes nothing.
		expect((await record(refund.id, "ABA-000002")).code).toBe(ErrorCode.RefundTransferAlreadyRecorded);
		expect((await refundsOfPayment(server, paymentId))[0]).toMatchObject({ provider_refund_id: "ABA-778899" });
		// The customer sees the money given back; the list moves it to the recorded ones.
		expect((await orderDetail(order.id)).data.refundTransfer).toEqual({ status: "succeeded", amount: payment.amount });
		const after = await list();
		expect(after.data.awaiting.some((row) => row.refundId === refund.id)).toBe(false);
		expect(after.data.recorded.filter((row) => row.refundId === refund.id)).toEqual([
			expect.objectContaining({ status: "succeeded", reference: "ABA-778899", payerAccount: null }),
		]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("records one of two different references submitted at once, and refuses the other", async () => {
		const { refund, paymentId } = await refundedOrder();
		// Bakong away: the list still comes, without the account to send to.
		bakong.failing = true;
		try {
			const listed = await list();
			expect(listed.data.awaiting.find((row) => row.refundId === refund.id)).toMatchObject({ payerAccount: null });
		} finally {
			bakong.failing = false;
		}

		const answers = await Promise.all([record(refund.id, "WING-1"), record(refund.id, "WING-2")]);

		const codes = answers.map((answer) => answer.code).sort();
		expect(codes).toEqual([0, ErrorCode.RefundTransferAlreadyRecorded].sort());
		const winner = answers.find((answer) => answer.code === 0)?.data.reference;
		expect((await refundsOfPayment(server, paymentId))[0]).toMatchObject({
			status: "succeeded",
			provider_refund_id: winner,
		});
	});

	it("gives back a booking's deposit paid in riel, in riel", async () => {
		const bx = new BookingMoneyFixture(server, fx);
		const booking = await bx.book({ memberId: customer.userId, deposit: 1000 });
		const started = await server.call<ReservationPaymentResult>("POST", "/app-api/reservation/pay", {
			token: customer.accessToken,
			body: { reservationId: booking.id, payMethod: "khqr", railCurrency: "KHR" },
		});
		expect(started.code, started.msg).toBe(0);
		const paymentId = paymentIdOf(started.data.redirectUrl as string);
		bakong.scanAndPay(await qrOf(server, customer.accessToken, paymentId));
		expect(await checkPayment(server, customer.accessToken, paymentId)).toMatchObject({ status: "succeeded" });

		const cancelled = await server.call<ReservationView>("POST", "/app-api/reservation/cancel", {
			token: customer.accessToken,
			body: { reservationId: booking.id },
		});
		expect(cancelled.code, cancelled.msg).toBe(0);
		await deliverRefunds();

		const [refund] = await refundsOfPayment(server, paymentId);
		expect(refund).toMatchObject({ status: "awaiting_transfer", amount: 1000, purpose: "booking" });
		const row = (await list()).data.awaiting.find((candidate) => candidate.refundId === refund?.id);
		expect(row).toMatchObject({
			amount: 1000,
			currency: "USD",
			railAmount: 41000,
			railCurrency: "KHR",
			purpose: "booking",
		});

		expect((await record(refund?.id as string, "ACLEDA 2026-12-07 0042")).data).toMatchObject({ status: "succeeded" });
		expect((await bx.stored(booking.id)).ledger).toEqual(["reservation_payment", "reservation_refund"]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("owes a customer who paid one order twice (two tabs) the second payment back by transfer", async () => {
		const { order, paymentId: first } = await startKhqrOrder(server, fx, customer.accessToken, COCONUT);
		const { paymentId: second } = await startKhqrOrderPayment(server, customer.accessToken, order.id);
		expect(second).not.toBe(first);
		bakong.scanAndPay(await qrOf(server, customer.accessToken, first));
		bakong.scanAndPay(await qrOf(server, customer.accessToken, second));

		expect(await checkPayment(server, customer.accessToken, first)).toMatchObject({ status: "succeeded" });
		expect(await checkPayment(server, customer.accessToken, second)).toMatchObject({ status: "succeeded" });
		await deliverRefunds();

		expect(await refundsOfPayment(server, first)).toEqual([]);
		const [back] = await refundsOfPayment(server, second);
		expect(back).toMatchObject({ status: "awaiting_transfer", amount: (await storedPayment(server, second)).amount });
		expect((await list()).data.awaiting.some((row) => row.refundId === back?.id)).toBe(true);
		expect((await orderDetail(order.id)).data).toMatchObject({
			paymentStatus: "paid",
			refundTransfer: { status: "awaiting_transfer" },
		});
		await expectLedgerInvariants(server.deps.db);
	});

	it("refuses an unknown refund, a blank reference, and a refund that does not wait for a transfer", async () => {
		expect((await record("00000000-0000-4000-8000-000000000000", "X")).code).toBe(ErrorCode.RefundTransferNotFound);
		const { refund } = await refundedOrder();
		expect((await record(refund.id, "   ")).code).not.toBe(0);
		await server.deps.db.updateTable("gateway_refund").set({ status: "pending" }).where("id", "=", refund.id).execute();
		expect((await record(refund.id, "ABA-1")).code).toBe(ErrorCode.RefundNotAwaitingTransfer);
		await server.deps.db
			.updateTable("gateway_refund")
			.set({ status: "awaiting_transfer" })
			.where("id", "=", refund.id)
			.execute();
	});
});
