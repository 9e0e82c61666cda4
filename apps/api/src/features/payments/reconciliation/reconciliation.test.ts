import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BillPaymentResult, OrderView } from "@bayon/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
	decideAtSandbox,
	expectPaidBackAtSandbox,
	expectPaidOnceBySandbox,
	gatewayPaymentOf,
	ledgerKindsOf,
	loseCallbacksOf,
	paymentIdOf,
	recordLog,
	startSandboxPayment,
	storedOrder,
	until,
} from "../../../../test/gateway.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { TableFixture } from "../../../../test/tables.js";
import type { AppDeps } from "../../../http/deps.js";
import { expireUnpaidOrders } from "../../ordering/lifecycle/expiry.js";
import { CALLBACK_DELAYS_MS } from "../rails/sandbox.js";
import { deliverGatewayRefunds, settleGatewayRefundDeliveries } from "../refunds/refunds.js";
import { gateways } from "../registry.js";
import { reconcileGatewayPayments } from "./reconciliation.js";

let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
let quietLog: AppDeps["log"];
const COCONUT = "Fresh young coconut";
const PAYMENT_WINDOW_SECONDS = 15 * 60;
const GRACE_SECONDS = 120;
const sandbox = () => gateways(server.deps).sandbox;

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COCONUT).id, null);
	quietLog = server.deps.log;
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
});
afterEach(async () => {
	sandbox().simulateOutage(false);
	sandbox().useCallbackSchedule(CALLBACK_DELAYS_MS);
	server.deps.log = quietLog;
	await settleGatewayRefundDeliveries(server.deps);
	await fx.expectLedgerConsistent();
});

const start = () => startSandboxPayment(fx, customer.accessToken, COCONUT);
const orderView = async (orderId: number) =>
	(await server.call<OrderView>("GET", `/app-api/order/detail/${orderId}`, { token: customer.accessToken })).data;

describe("the expiry of an unpaid order asks the gateway first", () => {
	it("pays the order when the gateway says it was paid, though its callback never came", async () => {
		const { order, redirectUrl, paymentId } = await start();
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, redirectUrl, "approve");
		server.clock.advance(PAYMENT_WINDOW_SECONDS + 1);

		expect(await expireUnpaidOrders(server.deps)).toBe(0);

		await expectPaidOnceBySandbox(server, order.id);
		expect(await gatewayPaymentOf(server, paymentId)).toMatchObject({ status: "succeeded" });
	});

	it("cancels as unpaid when the payer has not decided, and refunds money that still arrives", async () => {
		const { order, redirectUrl, paymentId } = await start();
		server.clock.advance(PAYMENT_WINDOW_SECONDS + 1);

		expect(await expireUnpaidOrders(server.deps)).toBe(1);
		expect(await storedOrder(server, order.id)).toMatchObject({ status: "cancelled", payment_status: "unpaid" });

		await decideAtSandbox(server, redirectUrl, "approve");
		await until(async () => (await storedOrder(server, order.id)).payment_status === "refunded");
		expect(await storedOrder(server, order.id)).toMatchObject({ status: "cancelled" });
		expect(await ledgerKindsOf(server, order.id)).toEqual(["order_payment", "order_refund"]);
		await settleGatewayRefundDeliveries(server.deps);
		customer = await server.signIn("13800000003"); // the session outlived by the clock's jump
		expect(await orderView(order.id)).toMatchObject({
			paymentStatus: "refunded",
			refundTransfer: { status: "succeeded", amount: order.total },
		});
		expect(await gatewayPaymentOf(server, paymentId)).toMatchObject({ status: "succeeded" });
	});

	it("leaves the order in doubt while the gateway cannot answer, asks again after a pause, then settles it", async () => {
		const log = recordLog(server);
		const { order, redirectUrl, paymentId } = await start();
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, redirectUrl, "approve");
		server.clock.advance(PAYMENT_WINDOW_SECONDS + 1);
		sandbox().simulateOutage(true);

		expect(await expireUnpaidOrders(server.deps)).toBe(0);
		expect(await expireUnpaidOrders(server.deps)).toBe(0);

		expect(await storedOrder(server, order.id)).toMatchObject({ status: "unpaid", payment_status: "paying" });
		// Asked once: the second run respected the pause after the failure.
		expect(await gatewayPaymentOf(server, paymentId)).toMatchObject({
			status: "pending",
			check_failures: 1,
			last_check_error: expect.stringContaining("unreachable"),
		});
		expect(log.filter((line) => line.level === "warn" && line.data.paymentId === paymentId)).toHaveLength(1);

		sandbox().simulateOutage(false);
		server.clock.advance(30);
		expect(await expireUnpaidOrders(server.deps)).toBe(0);
		expect(await storedOrder(server, order.id)).toMatchObject({ status: "new", payment_status: "paid" });
		expect(await ledgerKindsOf(server, order.id)).toEqual(["order_payment"]);
	});
});

describe("reconciling gateway payments in doubt", () => {
	it("settles a paid payment whose callback was lost once its grace period is over, with no page opened", async () => {
		const log = recordLog(server);
		const { order, redirectUrl, paymentId } = await start();
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, redirectUrl, "approve");

		expect(await reconcileGatewayPayments(server.deps)).toEqual({});
		server.clock.advance(GRACE_SECONDS);
		expect(await reconcileGatewayPayments(server.deps)).toEqual({ applied: 1 });
		expect(await reconcileGatewayPayments(server.deps)).toEqual({});

		await expectPaidOnceBySandbox(server, order.id);
		expect(log).toContainEqual(
			expect.objectContaining({ level: "info", data: expect.objectContaining({ paymentId, outcome: "applied" }) }),
		);
	});

	it("books and refunds money the gateway took for an order cancelled meanwhile, never leaving it 'paying'", async () => {
		const { order, redirectUrl, paymentId } = await start();
		const cancelled = await server.call<OrderView>("POST", "/app-api/order/cancel", {
			token: customer.accessToken,
			body: { orderId: order.id },
		});
		expect(cancelled.data).toMatchObject({ status: "cancelled", paymentStatus: "unpaid" });
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, redirectUrl, "approve");
		server.clock.advance(GRACE_SECONDS);

		expect(await reconcileGatewayPayments(server.deps)).toEqual({ refunded_late: 1 });
		await settleGatewayRefundDeliveries(server.deps);

		await expectPaidBackAtSandbox(server, order, paymentId);
	});

	it("asks less often while the payer has not decided, gives up after a day, and still refunds a later payment", async () => {
		const { order, redirectUrl, paymentId } = await start();
		server.clock.advance(GRACE_SECONDS);
		expect(await reconcileGatewayPayments(server.deps)).toEqual({ undecided: 1 });
		expect(await reconcileGatewayPayments(server.deps)).toEqual({});
		const asked = await gatewayPaymentOf(server, paymentId);
		expect(new Date(asked.next_check_at as Date).getTime()).toBeGreaterThan(server.clock.now().getTime());

		server.clock.advance(24 * 3600);
		expect(await reconcileGatewayPayments(server.deps)).toEqual({ abandoned: 1 });
		expect(await expireUnpaidOrders(server.deps)).toBe(1);
		expect(await storedOrder(server, order.id)).toMatchObject({ status: "cancelled", payment_status: "unpaid" });

		await decideAtSandbox(server, redirectUrl, "approve");
		await until(async () => (await storedOrder(server, order.id)).payment_status === "refunded");
		expect(await ledgerKindsOf(server, order.id)).toEqual(["order_payment", "order_refund"]);
	});

	it("settles a table bill paid at the gateway whose callback was lost", async () => {
		const staff = await server.signIn("13800000002");
		const tables = await new TableFixture(server).load(staff);
		const tableToken = await tables.sitAt([...tables.printed.keys()][0] as string);
		const placed = await fx.place(customer.accessToken, {
			orderType: "desk",
			tableToken,
			diners: 2,
			lines: [fx.line(COCONUT)],
		});
		expect(placed.data).toMatchObject({ status: "new", paymentStatus: "unpaid" });
		const paying = await server.call<BillPaymentResult>("POST", "/app-api/order/bill/pay", {
			token: customer.accessToken,
			body: { tableToken, payMethod: "sandbox", expectedTotal: placed.data.total },
		});
		const paymentId = paymentIdOf(paying.data.redirectUrl as string);
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, paying.data.redirectUrl as string, "approve");
		server.clock.advance(GRACE_SECONDS);

		expect(await reconcileGatewayPayments(server.deps)).toEqual({ applied: 1 });

		expect(await storedOrder(server, placed.data.id)).toMatchObject({ payment_status: "paid", pay_method: "sandbox" });
		const bill = await server.deps.db
			.selectFrom("table_bill")
			.select(["status", "paid_total"])
			.where("id", "=", placed.data.billId as number)
			.executeTakeFirstOrThrow();
		expect(bill).toEqual({ status: "settled", paid_total: placed.data.total });
		expect(await ledgerKindsOf(server, placed.data.id)).toEqual(["order_payment"]);
	});

	it("books once when the job, the expiry, the pay-status page and five callbacks race", async () => {
		const { order, redirectUrl, paymentId } = await start();
		await loseCallbacksOf(server, paymentId);
		await decideAtSandbox(server, redirectUrl, "approve");
		const callback = await sandbox().signedCallback(paymentId);
		if (!callback) throw new Error("no callback");
		server.clock.advance(PAYMENT_WINDOW_SECONDS + 1);

		const answers = await Promise.all([
			reconcileGatewayPayments(server.deps),
			reconcileGatewayPayments(server.deps),
			expireUnpaidOrders(server.deps),
			server.call("GET", `/app-api/order/pay-status?orderId=${order.id}`, { token: customer.accessToken }),
			...Array.from({ length: 5 }, () =>
				fetch(`${server.url}/pay/notify/sandbox`, {
					method: "POST",
					headers: callback.headers,
					body: callback.body,
				}).then((response) => response.text()),
			),
		]);

		expect(answers.slice(-5)).toEqual(Array(5).fill("success"));
		expect(answers[2]).toBe(0);
		await expectPaidOnceBySandbox(server, order.id);
		expect(await deliverGatewayRefunds(server.deps)).toEqual({ succeeded: 0, retrying: 0, failed: 0 });
	});
});

describe("the sandbox gateway's callbacks", () => {
	/**
	 * A faulty network between the gateway and our server: it answers the first attempts
	 * itself as scripted, then passes the callback on to our real endpoint.
	 */
	async function faultyNetwork(faults: Array<"http500" | "reset" | "http503">) {
		const attempts: string[] = [];
		const proxy = http.createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on("data", (chunk: Buffer) => chunks.push(chunk));
			request.on("end", () => {
				const fault = faults[attempts.length];
				attempts.push(fault ?? "passed");
				if (fault === "reset") return request.socket.destroy();
				if (fault) return response.writeHead(fault === "http500" ? 500 : 503).end("fail");
				void fetch(`${server.url}/pay/notify/sandbox`, {
					method: "POST",
					headers: { "content-type": "application/json", ...pickSignature(request.headers) },
					body: Buffer.concat(chunks).toString(),
				}).then(async (answer) => response.writeHead(answer.status).end(await answer.text()));
			});
		});
		await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
		const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/notify`;
		return { attempts, url, close: () => new Promise((resolve) => proxy.close(resolve)) };
	}
	const pickSignature = (headers: http.IncomingHttpHeaders) => ({
		"x-sandbox-signature": String(headers["x-sandbox-signature"]),
	});
	const sendCallbacksTo = (paymentId: string, url: string) =>
		server.deps.db.updateTable("sandbox_gateway_txn").set({ notify_url: url }).where("id", "=", paymentId).execute();

	it("retries through errors, a dropped connection and refusals until our server acknowledges, logging each miss", async () => {
		const log = recordLog(server);
		const network = await faultyNetwork(["http500", "reset", "http503"]);
		try {
			sandbox().useCallbackSchedule([0, 20, 20, 20, 20]);
			const { order, redirectUrl, paymentId } = await start();
			await sendCallbacksTo(paymentId, network.url);

			await decideAtSandbox(server, redirectUrl, "approve");

			await until(async () => (await storedOrder(server, order.id)).payment_status === "paid");
			expect(network.attempts).toEqual(["http500", "reset", "http503", "passed"]);
			const misses = log.filter((line) => line.level === "warn" && line.data.paymentId === paymentId);
			expect(misses.map((line) => line.data.attempt)).toEqual([1, 2, 3]);
			await until(async () => log.some((line) => line.msg.includes("callback acknowledged")));
			expect(await ledgerKindsOf(server, order.id)).toEqual(["order_payment"]);
		} finally {
			await network.close();
		}
	});

	it("gives up after its last attempt and says so, and the reconciliation job still settles the payment", async () => {
		const log = recordLog(server);
		const network = await faultyNetwork(["http500", "http500", "http500", "http500"]);
		try {
			sandbox().useCallbackSchedule([0, 20, 20]);
			const { order, redirectUrl, paymentId } = await start();
			await sendCallbacksTo(paymentId, network.url);

			await decideAtSandbox(server, redirectUrl, "approve");

			await until(async () => log.some((line) => line.level === "error" && line.data.paymentId === paymentId));
			expect(network.attempts).toEqual(["http500", "http500", "http500"]);
			expect(await storedOrder(server, order.id)).toMatchObject({ payment_status: "paying" });
			server.clock.advance(GRACE_SECONDS);
			expect(await reconcileGatewayPayments(server.deps)).toEqual({ applied: 1 });
			expect(await storedOrder(server, order.id)).toMatchObject({ status: "new", payment_status: "paid" });
		} finally {
			await network.close();
		}
	});
});
