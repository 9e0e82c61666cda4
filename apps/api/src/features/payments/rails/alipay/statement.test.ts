import type { OrderView, PaymentResult } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outTradeNoOf, PHONE_BROWSER, setUpAlipay } from "../../../../../test/alipay.js";
import { type FakeAlipay, startFakeAlipay } from "../../../../../test/fakes/alipay.js";
import { startTestServer, type TestServer } from "../../../../../test/harness.js";
import { OrderingFixture } from "../../../../../test/ordering.js";
import { settleGatewayRefundDeliveries } from "../../refunds/refunds.js";
import { reconcileRailStatements } from "../../statements/job.js";
import { fromShanghaiTime, shanghaiTime } from "./money.js";

/**
 * The daily reconciliation (payments/statements/job.ts) reading Alipay's own bill of the day
 * (the fake serves it as Alipay does: a zip of GBK CSV files from a short-lived URL): what we
 * paid and refunded matches it line by line; a payment Alipay took whose notify never reached
 * us is flagged.
 */

let server: TestServer;
let fake: FakeAlipay;
let fx: OrderingFixture;
let customer: { accessToken: string };
let staff: { accessToken: string };
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	fake = await startFakeAlipay({ now: () => server.clock.now() });
	server = await startTestServer({
		configure: (config) => {
			config.railEndpoints.alipayGateway = fake.url;
		},
	});
	await setUpAlipay(server, fake);
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COCONUT).id, null);
	fx.moveClockToLocal("12:00");
	customer = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
});
afterAll(async () => {
	await server?.close();
	await fake?.close();
});

async function paidAtAlipay() {
	const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
	const paid = await server.call<PaymentResult>("POST", "/app-api/order/pay", {
		token: customer.accessToken,
		headers: { "user-agent": PHONE_BROWSER },
		body: { orderId: order.id, payMethod: "alipay" },
	});
	const paymentId = outTradeNoOf(paid.data.redirectUrl as string);
	await fake.openCashier(paid.data.redirectUrl as string);
	await fake.pay(paymentId);
	await fake.notifiesSettled();
	return { order, paymentId };
}

describe("the day's reconciliation against Alipay's bill", () => {
	it("matches what was paid and refunded; flags what Alipay took that we never heard of", async () => {
		const kept = await paidAtAlipay();
		const refunded = await paidAtAlipay();
		expect(
			(
				await server.call<OrderView>("POST", "/app-api/merchant/order/action", {
					token: staff.accessToken,
					body: { orderId: refunded.order.id, action: "reject", reason: "Out of coconuts" },
				})
			).code,
		).toBe(0);
		await settleGatewayRefundDeliveries(server.deps);
		// Paid at Alipay; the notify never reaches us and nobody asked since.
		fake.holdNotifies = true;
		const lost = await paidAtAlipay();
		fake.holdNotifies = false;

		const day = shanghaiTime(server.clock.now()).slice(0, 10);
		const nextMorning = new Date((fromShanghaiTime(`${day} 11:00:00`) as Date).getTime() + 86_400_000);
		const tally = await reconcileRailStatements(server.deps, { now: nextMorning });

		expect(tally).toMatchObject({ failed: 0, differences: 1 });
		// The day's bill, asked for signed (the day before, with no trade, has none: nothing to compare).
		expect(
			fake.calls.filter((call) => call.method === "alipay.data.dataservice.bill.downloadurl.query"),
		).toContainEqual(expect.objectContaining({ biz: { bill_type: "trade", bill_date: day }, signed: true }));
		const flags = await server.deps.db
			.selectFrom("payment_discrepancy")
			.select(["kind", "payment_id", "rail"])
			.where("statement_date", "is not", null)
			.execute();
		expect(flags).toEqual([{ kind: "status_differs", payment_id: lost.paymentId, rail: "alipay" }]);
		expect([kept, refunded].map(({ paymentId }) => fake.trades.get(paymentId)?.status)).toEqual([
			"TRADE_SUCCESS",
			"TRADE_CLOSED",
		]);
	});
});
