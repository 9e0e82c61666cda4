import { randomUUID } from "node:crypto";
import type { OrderView, PageResult, PaymentResult } from "@bayon/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decideAtSandbox } from "../../../../test/gateway.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import type { AppDeps } from "../../../http/deps.js";
import type { OrderChangedEvent } from "../../../realtime/bus.js";
import { expireUnpaidOrders } from "../../ordering/lifecycle/expiry.js";
import { queueOrderGatewayRefund } from "../../ordering/lifecycle/online-payment.js";
import { gateways } from "../registry.js";
import { deliverGatewayRefunds, MAX_REFUND_ATTEMPTS, settleGatewayRefundDeliveries } from "./refunds.js";

let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
let staff: { accessToken: string };
const COCONUT = "Fresh young coconut";
const sandbox = () => gateways(server.deps).sandbox;

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
});
afterEach(async () => {
	sandbox().simulateOutage(false);
	await settleGatewayRefundDeliveries(server.deps);
});

async function until(condition: () => Promise<boolean>, ms = 5000) {
	const start = Date.now();
	while (!(await condition())) {
		if (Date.now() - start > ms) throw new Error("timed out");
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

/** Starts paying a new order through the sandbox; the payer has not decided yet. */
async function startSandboxPayment(): Promise<{ order: OrderView; redirectUrl: string }> {
	const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
	const payment = await server.call<PaymentResult>("POST", "/app-api/order/pay", {
		token: customer.accessToken,
		body: { orderId: order.id, payMethod: "sandbox" },
	});
	expect(payment.code).toBe(0);
	return { order, redirectUrl: payment.data.redirectUrl as string };
}

/** The payer presses a button on the sandbox's checkout page. */
const decide = (redirectUrl: string, decision: "approve" | "decline") => decideAtSandbox(server, redirectUrl, decision);

/** A new order paid through the sandbox gateway (its callback applied). */
async function sandboxPaidOrder(): Promise<OrderView> {
	const { order, redirectUrl } = await startSandboxPayment();
	await decide(redirectUrl, "approve");
	await until(async () => (await customerView(order.id)).paymentStatus === "paid");
	return order;
}

const customerView = async (orderId: number) =>
	(await server.call<OrderView>("GET", `/app-api/order/detail/${orderId}`, { token: customer.accessToken })).data;
const staffView = async (orderId: number) =>
	(await server.call<OrderView>("GET", `/app-api/merchant/order/detail/${orderId}`, { token: staff.accessToken })).data;
const cancel = (orderId: number) =>
	server.call<OrderView>("POST", "/app-api/order/cancel", { token: customer.accessToken, body: { orderId } });
const act = (orderId: number, action: string, reason?: string) =>
	server.call<OrderView>("POST", "/app-api/merchant/order/action", {
		token: staff.accessToken,
		body: { orderId, action, ...(reason ? { reason } : {}) },
	});

/** Accepted, refund asked for and approved by the shop. */
async function approveRefund(orderId: number) {
	expect((await act(orderId, "accept")).code).toBe(0);
	const asked = await server.call("POST", "/app-api/order/refund", {
		token: customer.accessToken,
		body: { orderId, reason: "Wrong drink" },
	});
	expect(asked.code).toBe(0);
	const decided = await server.call<OrderView>("POST", "/app-api/merchant/order/refund-decision", {
		token: staff.accessToken,
		body: { orderId, approve: true },
	});
	expect(decided.code).toBe(0);
}

/** Our queued refunds of an order. */
const outbox = (orderId: number) =>
	server.deps.db
		.selectFrom("gateway_refund")
		.selectAll()
		.where("purpose", "=", "order")
		.where("purpose_id", "=", orderId)
		.execute();

async function onlyRefund(orderId: number) {
	const rows = await outbox(orderId);
	expect(rows).toHaveLength(1);
	return rows[0] as (typeof rows)[number];
}

/** What the sandbox gateway itself has refunded for an order's payments. */
const refundsAtGateway = (orderId: number) =>
	server.deps.db
		.selectFrom("sandbox_gateway_refund as r")
		.innerJoin("payment as p", "p.id", "r.txn_id")
		.select(["r.refund_id", "r.amount", "r.provider_refund_id", "r.txn_id"])
		.where("p.purpose", "=", "order")
		.where("p.purpose_id", "=", orderId)
		.execute();

const capturedPayment = (orderId: number) =>
	server.deps.db
		.selectFrom("payment")
		.selectAll()
		.where("purpose", "=", "order")
		.where("purpose_id", "=", orderId)
		.where("status", "=", "succeeded")
		.executeTakeFirstOrThrow();

function listen() {
	const heard: OrderChangedEvent[] = [];
	const unsubscribe = server.deps.events.subscribe((event) => event.type === "order.changed" && heard.push(event));
	return { heard, unsubscribe };
}

describe("refunding an order paid through a gateway", () => {
	it("pays the money back at the gateway once when the shop approves a refund, and says so", async () => {
		const order = await sandboxPaidOrder();
		const { heard, unsubscribe } = listen();

		await approveRefund(order.id);
		await settleGatewayRefundDeliveries(server.deps);
		const again = await deliverGatewayRefunds(server.deps);

		const payment = await capturedPayment(order.id);
		const queued = await onlyRefund(order.id);
		const atGateway = await refundsAtGateway(order.id);
		expect(atGateway).toEqual([
			{
				refund_id: queued.id,
				txn_id: payment.id,
				amount: order.total,
				provider_refund_id: expect.stringMatching(/^sbxr_[0-9a-f]{24}$/),
			},
		]);
		expect(queued).toMatchObject({
			status: "succeeded",
			gateway_payment_id: payment.id,
			refund_key: `order:${order.id}:refund`,
			amount: order.total,
			attempts: 1,
			provider_refund_id: atGateway[0]?.provider_refund_id,
			last_error: null,
		});
		expect(again).toEqual({ succeeded: 0, retrying: 0, failed: 0 });
		expect(await customerView(order.id)).toMatchObject({
			paymentStatus: "refunded",
			refundStatus: "approved",
			refundTransfer: { status: "succeeded", amount: order.total },
		});
		expect((await staffView(order.id)).refundTransfer).toEqual({ status: "succeeded", amount: order.total });
		await until(async () => heard.some((e) => e.orderId === order.id && e.reason === "refund_delivered"));
		unsubscribe();
		await fx.expectLedgerConsistent();
	});

	it("pays back at the gateway when the customer cancels a paid order the shop has not accepted", async () => {
		const order = await sandboxPaidOrder();

		const cancelled = await cancel(order.id);
		await settleGatewayRefundDeliveries(server.deps);

		expect(cancelled.data).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
		expect(await refundsAtGateway(order.id)).toEqual([expect.objectContaining({ amount: order.total })]);
		expect(await onlyRefund(order.id)).toMatchObject({ status: "succeeded", reason: "order_refund" });
		const list = await server.call<PageResult<OrderView>>("GET", "/app-api/order/list?type=-1&pageSize=50", {
			token: customer.accessToken,
		});
		expect(list.data.list.find((o) => o.id === order.id)?.refundTransfer).toEqual({
			status: "succeeded",
			amount: order.total,
		});
		await fx.expectLedgerConsistent();
	});

	it("pays back at the gateway when the shop rejects the order", async () => {
		const order = await sandboxPaidOrder();

		const rejected = await act(order.id, "reject", "Out of coconuts");
		await settleGatewayRefundDeliveries(server.deps);

		expect(rejected.data.status).toBe("rejected");
		expect(await refundsAtGateway(order.id)).toEqual([expect.objectContaining({ amount: order.total })]);
		expect((await staffView(order.id)).refundTransfer).toEqual({ status: "succeeded", amount: order.total });
		await fx.expectLedgerConsistent();
	});

	it("pays back at the gateway money that arrived after the order expired", async () => {
		const { order, redirectUrl } = await startSandboxPayment();
		server.clock.advance(15 * 60 + 1);
		expect(await expireUnpaidOrders(server.deps)).toBeGreaterThan(0);

		await decide(redirectUrl, "approve");
		await until(async () => (await outbox(order.id))[0]?.status === "succeeded");

		const queued = await onlyRefund(order.id);
		expect(queued).toMatchObject({
			reason: "late_payment",
			refund_key: `gateway:${queued.gateway_payment_id}:refund`,
			amount: order.total,
			attempts: 1,
		});
		expect(await refundsAtGateway(order.id)).toEqual([
			expect.objectContaining({ refund_id: queued.id, amount: order.total }),
		]);
		customer = await server.signIn("13800000003");
		expect(await customerView(order.id)).toMatchObject({
			status: "cancelled",
			refundTransfer: { status: "succeeded", amount: order.total },
		});
		await fx.expectLedgerConsistent();
	});

	it("keeps the refund queued while the gateway is down, backs off, and delivers once it is back", async () => {
		const order = await sandboxPaidOrder();
		sandbox().simulateOutage(true);

		const cancelled = await cancel(order.id);
		await settleGatewayRefundDeliveries(server.deps);

		expect(cancelled.code).toBe(0);
		const failedOnce = await onlyRefund(order.id);
		expect(failedOnce).toMatchObject({
			status: "pending",
			attempts: 1,
			last_error: expect.stringContaining("unreachable"),
		});
		expect(new Date(failedOnce.next_attempt_at)).toEqual(new Date(server.clock.now().getTime() + 60_000));
		expect((await customerView(order.id)).refundTransfer).toEqual({ status: "pending", amount: order.total });
		expect(await refundsAtGateway(order.id)).toEqual([]);

		// Not due yet: nothing is tried, however often the job runs.
		expect(await deliverGatewayRefunds(server.deps)).toEqual({ succeeded: 0, retrying: 0, failed: 0 });
		server.clock.advance(61);
		expect(await deliverGatewayRefunds(server.deps)).toEqual({ succeeded: 0, retrying: 1, failed: 0 });
		const failedTwice = await onlyRefund(order.id);
		expect(failedTwice.attempts).toBe(2);
		expect(new Date(failedTwice.next_attempt_at)).toEqual(new Date(server.clock.now().getTime() + 5 * 60_000));

		sandbox().simulateOutage(false);
		server.clock.advance(4 * 60);
		expect(await deliverGatewayRefunds(server.deps)).toEqual({ succeeded: 0, retrying: 0, failed: 0 });
		server.clock.advance(61);
		expect(await deliverGatewayRefunds(server.deps)).toEqual({ succeeded: 1, retrying: 0, failed: 0 });

		expect(await onlyRefund(order.id)).toMatchObject({ status: "succeeded", attempts: 3, last_error: null });
		expect(await refundsAtGateway(order.id)).toEqual([expect.objectContaining({ amount: order.total })]);
		expect((await customerView(order.id)).refundTransfer).toEqual({ status: "succeeded", amount: order.total });
		await fx.expectLedgerConsistent();
	});

	it("gives up after the last attempt, logs it for a person, and shows the refund as failed", async () => {
		const order = await sandboxPaidOrder();
		const errors: Array<{ details: unknown; message: unknown }> = [];
		const log = server.deps.log;
		server.deps.log = {
			info: () => {},
			warn: () => {},
			error: (details: unknown, message: unknown) => errors.push({ details, message }),
		} as unknown as AppDeps["log"];
		const { heard, unsubscribe } = listen();
		sandbox().simulateOutage(true);
		try {
			await cancel(order.id);
			await settleGatewayRefundDeliveries(server.deps);
			const tallies = [];
			for (const delay of [60, 5 * 60, 30 * 60, 2 * 3600, 12 * 3600]) {
				server.clock.advance(delay + 1);
				tallies.push(await deliverGatewayRefunds(server.deps));
			}
			server.clock.advance(7 * 24 * 3600);
			const afterGivingUp = await deliverGatewayRefunds(server.deps);

			expect(tallies.map((t) => [t.retrying, t.failed])).toEqual([
				[1, 0],
				[1, 0],
				[1, 0],
				[1, 0],
				[0, 1],
			]);
			expect(afterGivingUp).toEqual({ succeeded: 0, retrying: 0, failed: 0 });
			const gaveUp = await onlyRefund(order.id);
			expect(gaveUp).toMatchObject({
				status: "failed",
				attempts: MAX_REFUND_ATTEMPTS,
				last_error: expect.stringContaining("unreachable"),
			});
			expect(errors).toEqual([
				{
					details: expect.objectContaining({ refundId: gaveUp.id, purpose: "order", purposeId: order.id }),
					message: expect.any(String),
				},
			]);
			expect(await refundsAtGateway(order.id)).toEqual([]);
			// A week has passed: the morning's session has expired.
			customer = await server.signIn("13800000003");
			expect((await customerView(order.id)).refundTransfer).toEqual({ status: "failed", amount: order.total });
			await until(async () => heard.some((e) => e.orderId === order.id && e.reason === "refund_failed"));
			await fx.expectLedgerConsistent();
		} finally {
			server.deps.log = log;
			unsubscribe();
		}
	});

	it("fails at once, without retrying, when the gateway refuses the refund", async () => {
		const order = await sandboxPaidOrder();
		const payment = await capturedPayment(order.id);
		// Someone refunded the payment by hand in the gateway's own dashboard first.
		const byHand = await sandbox().refund({
			refundId: randomUUID(),
			paymentId: payment.id,
			providerTxnId: payment.provider_txn_id as string,
			amount: payment.amount,
			paymentAmount: payment.amount,
			currency: "CNY",
			reason: "dashboard",
		});
		expect(byHand.status).toBe("succeeded");

		await cancel(order.id);
		await settleGatewayRefundDeliveries(server.deps);

		expect(await onlyRefund(order.id)).toMatchObject({
			status: "failed",
			attempts: 1,
			last_error: "refused by sandbox: amount_exceeds_captured",
		});
		expect(await refundsAtGateway(order.id)).toHaveLength(1);
		expect((await customerView(order.id)).refundTransfer?.status).toBe("failed");
	});

	it("refunds once at the gateway when five deliveries run at the same moment", async () => {
		const order = await sandboxPaidOrder();
		sandbox().simulateOutage(true);
		await cancel(order.id);
		await settleGatewayRefundDeliveries(server.deps);
		sandbox().simulateOutage(false);
		server.clock.advance(61);
		let calls = 0;
		const gateway = sandbox();
		const refund = gateway.refund;
		gateway.refund = (args) => {
			calls += 1;
			return refund(args);
		};
		try {
			const tallies = await Promise.all(Array.from({ length: 5 }, () => deliverGatewayRefunds(server.deps)));

			expect(tallies.reduce((sum, t) => sum + t.succeeded, 0)).toBe(1);
			expect(tallies.reduce((sum, t) => sum + t.retrying + t.failed, 0)).toBe(0);
			expect(calls).toBe(1);
			expect(await onlyRefund(order.id)).toMatchObject({ status: "succeeded", attempts: 2 });
			expect(await refundsAtGateway(order.id)).toHaveLength(1);
			await fx.expectLedgerConsistent();
		} finally {
			gateway.refund = refund;
		}
	});

	it("queues an order's refund once, however often a booking transaction asks again", async () => {
		const order = await sandboxPaidOrder();
		const paidRow = await server.deps.db
			.selectFrom("customer_order")
			.selectAll()
			.where("id", "=", order.id)
			.executeTakeFirstOrThrow();
		await cancel(order.id);
		await settleGatewayRefundDeliveries(server.deps);

		await server.deps.db.transaction().execute(async (trx) => {
			await queueOrderGatewayRefund(trx, paidRow, server.clock.now());
			await queueOrderGatewayRefund(trx, paidRow, server.clock.now());
		});
		const again = await deliverGatewayRefunds(server.deps);

		expect(await outbox(order.id)).toEqual([expect.objectContaining({ amount: order.total, status: "succeeded" })]);
		expect(again).toEqual({ succeeded: 0, retrying: 0, failed: 0 });
		expect(await refundsAtGateway(order.id)).toHaveLength(1);
	});

	it("queues nothing for an order paid from the balance", async () => {
		await fx.grant(customer.userId, 2000);
		const order = await fx.paidOrder(customer.accessToken, COCONUT);

		const cancelled = await cancel(order.id);

		expect(cancelled.data).toMatchObject({ paymentStatus: "refunded", refundTransfer: null });
		expect(await outbox(order.id)).toEqual([]);
	});
});

describe("the sandbox gateway's refunds", () => {
	it("refunds once per refund id, never beyond what was captured, and only approved transactions", async () => {
		const order = await sandboxPaidOrder();
		const payment = await capturedPayment(order.id);
		const txn = {
			paymentId: payment.id,
			providerTxnId: payment.provider_txn_id as string,
			paymentAmount: payment.amount,
			currency: "CNY",
			reason: "test",
		};
		const first = randomUUID();

		const twice = await Promise.all([
			sandbox().refund({ ...txn, refundId: first, amount: 100 }),
			sandbox().refund({ ...txn, refundId: first, amount: 100 }),
		]);
		const reused = await sandbox().refund({ ...txn, refundId: first, amount: 200 });
		const tooMuch = await sandbox().refund({ ...txn, refundId: randomUUID(), amount: payment.amount - 99 });
		const rest = await sandbox().refund({ ...txn, refundId: randomUUID(), amount: payment.amount - 100 });
		const beyond = await sandbox().refund({ ...txn, refundId: randomUUID(), amount: 1 });
		const unknownTxn = await sandbox().refund({ ...txn, providerTxnId: "sbx_nope", refundId: randomUUID(), amount: 1 });
		const otherPayment = await sandbox().refund({ ...txn, paymentId: randomUUID(), refundId: randomUUID(), amount: 1 });

		expect(twice[0]).toEqual({ status: "succeeded", providerRefundId: expect.stringMatching(/^sbxr_/) });
		expect(twice[1]).toEqual(twice[0]);
		expect(reused).toEqual({ status: "failed", failureReason: "refund_id_reused" });
		expect(tooMuch).toEqual({ status: "failed", failureReason: "amount_exceeds_captured" });
		expect(rest.status).toBe("succeeded");
		expect(beyond).toEqual({ status: "failed", failureReason: "amount_exceeds_captured" });
		expect(unknownTxn).toEqual({ status: "failed", failureReason: "unknown_transaction" });
		expect(otherPayment).toEqual({ status: "failed", failureReason: "unknown_transaction" });
		expect((await refundsAtGateway(order.id)).map((r) => r.amount).sort((a, b) => a - b)).toEqual(
			[100, payment.amount - 100].sort((a, b) => a - b),
		);
	});

	it("refuses to refund a declined payment, and is unreachable during a simulated outage", async () => {
		const { order, redirectUrl } = await startSandboxPayment();
		await decide(redirectUrl, "decline");
		await until(async () => (await customerView(order.id)).paymentStatus === "unpaid");
		const declined = await server.deps.db
			.selectFrom("payment")
			.selectAll()
			.where("purpose", "=", "order")
			.where("purpose_id", "=", order.id)
			.executeTakeFirstOrThrow();
		const args = {
			refundId: randomUUID(),
			paymentId: declined.id,
			providerTxnId: declined.provider_txn_id as string,
			amount: declined.amount,
			paymentAmount: declined.amount,
			currency: "CNY",
			reason: "test",
		};

		const refused = await sandbox().refund(args);
		sandbox().simulateOutage(true);
		const duringOutage = sandbox().refund(args);

		expect(declined.status).toBe("declined");
		expect(refused).toEqual({ status: "failed", failureReason: "transaction_not_captured" });
		await expect(duringOutage).rejects.toThrow(/unreachable/);
	});
});
