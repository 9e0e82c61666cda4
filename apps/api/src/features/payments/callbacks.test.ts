import { ErrorCode, type OrderView, type PaymentResult } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decideAtSandbox, fireSandboxCallback } from "../../../test/gateway.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { OrderingFixture } from "../../../test/ordering.js";
import { expireUnpaidOrders } from "../ordering/lifecycle/expiry.js";
import { gateways } from "./registry.js";

let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
const COCONUT = "Fresh young coconut";

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
});

async function startSandboxPayment(lang = "en"): Promise<{ order: OrderView; payment: PaymentResult }> {
	const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
	const payment = await server.call<PaymentResult>("POST", "/app-api/order/pay", {
		token: customer.accessToken,
		lang,
		body: { orderId: order.id, payMethod: "sandbox" },
	});
	expect(payment.code).toBe(0);
	return { order, payment: payment.data };
}

/** The payer presses a button on the gateway's checkout page, as a browser would. */
async function decide(redirectUrl: string, decision: "approve" | "decline") {
	const page = await fetch(`${server.url}${redirectUrl}`);
	expect(page.status).toBe(200);
	const location = await decideAtSandbox(server, redirectUrl, decision);
	return { page: await page.text(), location };
}

const orderView = async (orderId: number) =>
	(await server.call<OrderView>("GET", `/app-api/order/detail/${orderId}`, { token: customer.accessToken })).data;

async function until(condition: () => Promise<boolean>, ms = 5000) {
	const start = Date.now();
	while (!(await condition())) {
		if (Date.now() - start > ms) throw new Error("timed out");
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

const paymentIdOf = (redirectUrl: string) => redirectUrl.split("/").at(-1) as string;

describe("paying through the sandbox gateway", () => {
	it("sends the payer to the gateway, and its signed callback pays the order", async () => {
		const { order, payment } = await startSandboxPayment();
		expect(payment).toMatchObject({
			paymentStatus: "paying",
			redirectUrl: expect.stringMatching(/^\/sandbox-pay\/checkout\//),
		});

		const { page, location } = await decide(payment.redirectUrl as string, "approve");

		expect(page).toContain("$");
		expect(location).toContain(`/pages/components/pages/orders/detail?id=${order.id}`);
		await until(async () => (await orderView(order.id)).paymentStatus === "paid");
		expect(await orderView(order.id)).toMatchObject({ status: "new", payMethod: "sandbox" });
		await fx.expectLedgerConsistent();
	});

	it("shows its page in the language the payer chose in the app, not the browser's", async () => {
		for (const [chosen, title] of [
			["km", "ការបង់ប្រាក់សាកល្បង"],
			["en", "Sandbox payment"],
			["zh-CN", "沙箱支付"],
		] as const) {
			const { payment } = await startSandboxPayment(chosen);
			// The browser following the redirect sends the device's language, not the app's choice.
			const device = chosen === "zh-CN" ? "en-US,en;q=0.9" : "zh-CN,zh;q=0.9";
			const page = await (
				await fetch(`${server.url}${payment.redirectUrl}`, { headers: { "accept-language": device } })
			).text();

			expect(page, chosen).toContain(`<html lang="${chosen}">`);
			expect(page, chosen).toContain(`<h1>${title}</h1>`);
		}
	});

	it("puts the order back to unpaid when the payer declines, so they can pay another way", async () => {
		const { order, payment } = await startSandboxPayment();

		await decide(payment.redirectUrl as string, "decline");

		await until(async () => (await orderView(order.id)).paymentStatus === "unpaid");
		expect((await fx.pay(customer.accessToken, order.id)).data.paymentStatus).toBe("paid");
	});

	it("credits once when the same callback arrives five times at once", async () => {
		const { order, payment } = await startSandboxPayment();
		const paymentId = paymentIdOf(payment.redirectUrl as string);
		await decide(payment.redirectUrl as string, "approve");

		const answers = await fireSandboxCallback(server, paymentId, 5);

		expect(answers).toEqual(Array(5).fill("success"));
		await until(async () => (await orderView(order.id)).paymentStatus === "paid");
		const payments = await server.deps.db
			.selectFrom("ledger_txn")
			.select("kind")
			.where("order_id", "=", order.id)
			.execute();
		expect(payments).toEqual([{ kind: "order_payment" }]);
		await fx.expectLedgerConsistent();
	});

	it("refuses a callback with a wrong signature or a wrong amount, and changes nothing", async () => {
		const { order, payment } = await startSandboxPayment();
		const paymentId = paymentIdOf(payment.redirectUrl as string);
		await server.deps.db
			.updateTable("sandbox_gateway_txn")
			.set({ status: "approved", provider_txn_id: "sbx_forged" })
			.where("id", "=", paymentId)
			.execute();
		const genuine = await gateways(server.deps).sandbox.signedCallback(paymentId);
		if (!genuine) throw new Error("no callback");
		const forgedAmount = genuine.body.replace(/"amount":\d+/, '"amount":1');
		const post = (body: string, headers: Record<string, string>) =>
			fetch(`${server.url}/pay/notify/sandbox`, { method: "POST", headers, body }).then(async (r) => [
				r.status,
				await r.text(),
			]);

		const badSignature = await post(genuine.body, { ...genuine.headers, "x-sandbox-signature": "0".repeat(64) });
		const wrongAmount = await post(forgedAmount, { ...genuine.headers });

		expect(badSignature).toEqual([400, "fail"]);
		expect(wrongAmount).toEqual([400, "fail"]);
		expect(await orderView(order.id)).toMatchObject({ paymentStatus: "paying", status: "unpaid" });
	});

	it("asks the gateway when the callback never arrives", async () => {
		const { order, payment } = await startSandboxPayment();
		// The payer approved, but the callback was lost on the way.
		await server.deps.db
			.updateTable("sandbox_gateway_txn")
			.set({ status: "approved", provider_txn_id: "sbx_lost_callback", notify_url: "http://127.0.0.1:9/nowhere" })
			.where("id", "=", paymentIdOf(payment.redirectUrl as string))
			.execute();

		const status = await server.call<PaymentResult>("GET", `/app-api/order/pay-status?orderId=${order.id}`, {
			token: customer.accessToken,
		});

		expect(status.data).toEqual({ orderId: order.id, paymentStatus: "paid" });
	});

	it("refunds money that arrives after the order expired, so it is never lost", async () => {
		const { order, payment } = await startSandboxPayment();
		server.clock.advance(15 * 60 + 1);
		await expireUnpaidOrders(server.deps);

		await decide(payment.redirectUrl as string, "approve");

		await until(async () => {
			const rows = await server.deps.db
				.selectFrom("payment")
				.select("status")
				.where("purpose", "=", "order")
				.where("purpose_id", "=", order.id)
				.execute();
			return rows[0]?.status === "succeeded";
		});
		customer = await server.signIn("13800000003");
		expect(await orderView(order.id)).toMatchObject({ status: "cancelled" });
		const txns = await server.deps.db
			.selectFrom("ledger_txn")
			.select("kind")
			.where("order_id", "=", order.id)
			.orderBy("id")
			.execute();
		expect(txns).toEqual([{ kind: "order_payment" }, { kind: "order_refund" }]);
		await fx.expectLedgerConsistent();
	});

	it("answers that WeChat Pay and Alipay are not available here", async () => {
		const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;

		for (const payMethod of ["wechat", "alipay"]) {
			const answer = await server.call("POST", "/app-api/order/pay", {
				token: customer.accessToken,
				body: { orderId: order.id, payMethod },
			});
			expect(answer.code).toBe(ErrorCode.PayMethodUnavailable);
		}
	});
});
