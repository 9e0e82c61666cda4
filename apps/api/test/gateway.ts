import type { PaymentResult } from "@bayon/contract";
import { expect } from "vitest";
import { gateways } from "../src/features/payments/registry.js";
import type { TestServer } from "./harness.js";
import type { OrderingFixture } from "./ordering.js";

/** Helpers for stories about payments through the sandbox gateway. */

export const paymentIdOf = (redirectUrl: string) => redirectUrl.split("/").at(-1) as string;

/** Places an order of one item and starts paying it at the sandbox; returns the order and the payment's id. */
export async function startSandboxPayment(fx: OrderingFixture, token: string, item: string) {
	const order = await fx.place(token, { lines: [fx.line(item)] });
	expect(order.code).toBe(0);
	const payment = await fx.server.call<PaymentResult>("POST", "/app-api/order/pay", {
		token,
		body: { orderId: order.data.id, payMethod: "sandbox" },
	});
	expect(payment.data).toMatchObject({ paymentStatus: "paying" });
	const redirectUrl = payment.data.redirectUrl as string;
	return { order: order.data, redirectUrl, paymentId: paymentIdOf(redirectUrl) };
}

/** The payer presses a button on the gateway's checkout page, as a browser's form would; returns where they are sent back to. */
export async function decideAtSandbox(server: TestServer, redirectUrl: string, decision: "approve" | "decline") {
	const response = await fetch(`${server.url}${redirectUrl}/decide`, {
		method: "POST",
		headers: { "content-type": "application/x-www-form-urlencoded" },
		body: `decision=${decision}`,
		redirect: "manual",
	});
	expect(response.status).toBe(303);
	return response.headers.get("location");
}

/**
 * The sandbox's signed callback for a decided payment, delivered to our notify endpoint `times`
 * times at once, as a gateway that retries eagerly would; answers what each delivery was told.
 */
export async function fireSandboxCallback(server: TestServer, paymentId: string, times: number): Promise<string[]> {
	const callback = await gateways(server.deps).sandbox.signedCallback(paymentId);
	if (!callback) throw new Error("no callback");
	return Promise.all(
		Array.from({ length: times }, () =>
			fetch(`${server.url}/pay/notify/sandbox`, {
				method: "POST",
				headers: callback.headers,
				body: callback.body,
			}).then((response) => response.text()),
		),
	);
}

/** The gateway's callbacks for this payment go nowhere (a network fault), and it gives up after one try. */
export async function loseCallbacksOf(server: TestServer, paymentId: string) {
	gateways(server.deps).sandbox.useCallbackSchedule([0]);
	await server.deps.db
		.updateTable("sandbox_gateway_txn")
		.set({ notify_url: "http://127.0.0.1:9/nowhere" })
		.where("id", "=", paymentId)
		.execute();
}

/** Polls until the probe answers something other than null. */
export async function until<T>(probe: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
	const start = Date.now();
	for (;;) {
		const value = await probe();
		if (value !== null && value !== undefined && value !== false) return value;
		if (Date.now() - start > ms) throw new Error("timed out");
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

/** The order as stored: read from the database, so no customer page (which asks the gateway) is opened. */
export const storedOrder = (server: TestServer, orderId: number) =>
	server.deps.db
		.selectFrom("customer_order")
		.select(["status", "payment_status", "pay_method"])
		.where("id", "=", orderId)
		.executeTakeFirstOrThrow();

/** The order's ledger transactions, oldest first. */
export const ledgerKindsOf = async (server: TestServer, orderId: number) =>
	(
		await server.deps.db.selectFrom("ledger_txn").select("kind").where("order_id", "=", orderId).orderBy("id").execute()
	).map((row) => row.kind);

/** The order was paid through the sandbox and booked exactly once. */
export async function expectPaidOnceBySandbox(server: TestServer, orderId: number) {
	expect(await storedOrder(server, orderId)).toEqual({ status: "new", payment_status: "paid", pay_method: "sandbox" });
	expect(await ledgerKindsOf(server, orderId)).toEqual(["order_payment"]);
}

/** Money that arrived for a cancelled order was booked, booked back, and given back at the sandbox, once. */
export async function expectPaidBackAtSandbox(
	server: TestServer,
	order: { id: number; total: number },
	paymentId: string,
) {
	expect(await storedOrder(server, order.id)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
	expect(await ledgerKindsOf(server, order.id)).toEqual(["order_payment", "order_refund"]);
	const refunds = await server.deps.db
		.selectFrom("sandbox_gateway_refund")
		.select("amount")
		.where("txn_id", "=", paymentId)
		.execute();
	expect(refunds).toEqual([{ amount: order.total }]);
}

export const gatewayPaymentOf = (server: TestServer, paymentId: string) =>
	server.deps.db.selectFrom("payment").selectAll().where("id", "=", paymentId).executeTakeFirstOrThrow();

/** What the server logs from now on (work outside requests logs through deps.log). */
export function recordLog(server: TestServer) {
	const lines: Array<{ level: "info" | "warn" | "error"; msg: string; data: Record<string, unknown> }> = [];
	const record =
		(level: "info" | "warn" | "error") =>
		(data: unknown, msg?: string): void => {
			lines.push({ level, msg: msg ?? "", data: (data ?? {}) as Record<string, unknown> });
		};
	server.deps.log = { info: record("info"), warn: record("warn"), error: record("error") } as TestServer["deps"]["log"];
	return lines;
}
