import type { OrderView, PaymentResult } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeWechatPay } from "../../../../../test/fakes/wechat-pay.js";
import type { TestServer } from "../../../../../test/harness.js";
import { OrderingFixture } from "../../../../../test/ordering.js";
import { DESKTOP_BROWSER, setUpWechat, startWechatServer } from "../../../../../test/wechat-pay.js";
import { settleGatewayRefundDeliveries } from "../../refunds/refunds.js";
import { reconcileRailStatements } from "../../statements/job.js";
import { beijingTime } from "./client.js";

/**
 * The daily reconciliation (payments/statements/job.ts) reading WeChat Pay's own trade bill of
 * the day (the fake serves it as WeChat Pay does: a signed answer naming a download URL and the
 * file's SHA1, the file in backquoted CSV with yuan amounts): what we paid and refunded matches
 * it line by line; a payment WeChat Pay took whose callback never reached us is flagged.
 */

let server: TestServer;
let fake: FakeWechatPay;
let fx: OrderingFixture;
let customer: { accessToken: string };
let staff: { accessToken: string };
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	({ server, fake } = await startWechatServer());
	await setUpWechat(server, fake);
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

async function paidAtWechat(callback = true) {
	const order = (await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] })).data;
	const started = await server.call<PaymentResult>("POST", "/app-api/order/pay", {
		token: customer.accessToken,
		headers: { "user-agent": DESKTOP_BROWSER },
		body: { orderId: order.id, payMethod: "wechat" },
	});
	expect(started.code, started.msg).toBe(0);
	const paymentId = (started.data.redirectUrl as string).split("/").at(-1) as string;
	await fake.payer(paymentId, "pay", { noCallback: !callback });
	return { order, paymentId };
}

describe("the day's reconciliation against WeChat Pay's trade bill", () => {
	it("matches what was paid and refunded; flags what WeChat Pay took that we never heard of", async () => {
		const kept = await paidAtWechat();
		const refunded = await paidAtWechat();
		const rejected = await server.call<OrderView>("POST", "/app-api/merchant/order/action", {
			token: staff.accessToken,
			body: { orderId: refunded.order.id, action: "reject", reason: "Out of coconuts" },
		});
		expect(rejected.code, rejected.msg).toBe(0);
		await settleGatewayRefundDeliveries(server.deps);
		expect(fake.refunds.size).toBe(1);
		// Paid at WeChat Pay; the callback never reaches us and nobody asked since.
		const lost = await paidAtWechat(false);

		const day = beijingTime(server.clock.now()).slice(0, 10);
		const nextMorning = new Date(new Date(`${day}T11:00:00+08:00`).getTime() + 86_400_000);
		const tally = await reconcileRailStatements(server.deps, { now: nextMorning });
		const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

		// The day the rail was set up (nothing paid) and the day of the payments.
		expect(tally).toMatchObject({ done: 2, failed: 0, differences: 1 });
		expect(fake.requests.filter((r) => r.path === "/v3/bill/tradebill").map((r) => [r.query, r.verified])).toEqual([
			[`?bill_date=${dayBefore}&bill_type=ALL`, true],
			[`?bill_date=${day}&bill_type=ALL`, true],
		]);
		const flags = await server.deps.db
			.selectFrom("payment_discrepancy")
			.select(["kind", "payment_id", "rail"])
			.where("statement_date", "is not", null)
			.execute();
		expect(flags).toEqual([{ kind: "status_differs", payment_id: lost.paymentId, rail: "wechat" }]);
		expect([kept, refunded].map(({ paymentId }) => fake.order(paymentId)?.trade_state)).toEqual(["SUCCESS", "REFUND"]);
	});
});
