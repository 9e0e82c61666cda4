import { ErrorCode, type OrderView, type PaymentCheckout, secondCurrencyUnits } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeBakong } from "../../../test/fakes/bakong.js";
import type { TestServer } from "../../../test/harness.js";
import { decodeKhqr, startKhqrServer, storedPayment } from "../../../test/khqr.js";
import { expectLedgerInvariants } from "../../../test/ledger-invariants.js";
import { OrderingFixture } from "../../../test/ordering.js";
import { TableFixture } from "../../../test/tables.js";
import { findTenant } from "../tenancy/service.js";

/**
 * "Customer scans a code" at the counter (issue 29): staff show a rail's code (KHQR here) for an
 * order or a table's bill on their screen; the customer's bank app pays it; the staff's screen
 * finds it paid by asking (KHQR never calls back); the order or bill reads paid through its own
 * purpose, booked once. Only counter staff of the shop; the amount the sheet showed; only rails
 * set up.
 */

type Caller = { accessToken: string; userId: number };
let server: TestServer;
let bakong: FakeBakong;
let fx: OrderingFixture;
let tables: TableFixture;
let staff: Caller;
let customer: Caller;
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	({ server, bakong } = await startKhqrServer());
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COCONUT).id, null);
	// Open hours, before anyone signs in (their sessions run on this clock).
	fx.moveClockToLocal("12:00");
	staff = await server.signIn("13800000002");
	tables = await new TableFixture(server).load(staff);
	customer = await server.signIn("13900000281");
});
afterAll(async () => {
	await server?.close();
	await bakong?.close();
});

function scanToPay(who: Caller, body: Record<string, unknown>) {
	return server.call<PaymentCheckout>("POST", "/app-api/merchant/counter/scan-to-pay", {
		token: who.accessToken,
		lang: "en",
		body: { shopId: 1, payMethod: "khqr", ...body },
	});
}

function check(who: Caller, paymentId: string) {
	return server.call<PaymentCheckout>("POST", "/app-api/merchant/counter/scan-to-pay/check", {
		token: who.accessToken,
		lang: "en",
		body: { shopId: 1, paymentId },
	});
}

async function pickupOrder(): Promise<OrderView> {
	const answer = await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] });
	expect(answer.code, answer.msg).toBe(0);
	return answer.data;
}

const orderRow = (id: number) =>
	server.deps.db
		.selectFrom("customer_order")
		.select(["status", "payment_status", "pay_method", "gateway_payment_id"])
		.where("id", "=", id)
		.executeTakeFirstOrThrow();
const ledgerOf = async (orderId: number) =>
	(
		await server.deps.db.selectFrom("ledger_txn").select("kind").where("order_id", "=", orderId).orderBy("id").execute()
	).map((row) => row.kind);

describe("a code on the counter's screen", () => {
	it("shows a KHQR for an order (the counter's terminal label, no bank-app link), found paid when the staff's screen asks", async () => {
		const order = await pickupOrder();
		const started = await scanToPay(staff, { purpose: "order", purposeId: order.id, amount: order.total });
		expect(started.code, started.msg).toBe(0);
		expect(started.data).toMatchObject({
			provider: "khqr",
			status: "pending",
			amount: order.total,
			railCurrency: "USD",
			returnPath: "/pages/merchant/till",
			presentation: { kind: "qr", deepLink: null },
		});
		const qr = started.data.presentation?.kind === "qr" ? started.data.presentation.qrText : "";
		expect(decodeKhqr(qr)).toMatchObject({ terminalLabel: "Counter", transactionCurrency: "840" });
		expect(await orderRow(order.id)).toMatchObject({ payment_status: "paying" });
		// The order's customer is the payer: it is their order's money.
		expect((await storedPayment(server, started.data.paymentId)).payer_member_id).toBe(customer.userId);

		// Not paid yet: still waiting.
		expect((await check(staff, started.data.paymentId)).data.status).toBe("pending");
		bakong.scanAndPay(qr);
		server.clock.advance(3);
		const paid = await check(staff, started.data.paymentId);
		expect(paid.code, paid.msg).toBe(0);
		expect(paid.data.status).toBe("succeeded");
		expect(await orderRow(order.id)).toMatchObject({
			payment_status: "paid",
			pay_method: "khqr",
			gateway_payment_id: started.data.paymentId,
		});
		// Asked again: nothing more is booked.
		server.clock.advance(3);
		expect((await check(staff, started.data.paymentId)).data.status).toBe("succeeded");
		expect(await ledgerOf(order.id)).toEqual(["order_payment"]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("takes a table's bill in riel", async () => {
		const seating = await tables.sitAt("A2");
		const placed = await fx.place(customer.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 2,
			lines: [fx.line(COCONUT), fx.line(COCONUT)],
		});
		expect(placed.code, placed.msg).toBe(0);
		const billId = placed.data.billId as number;
		const started = await scanToPay(staff, {
			purpose: "table_bill",
			purposeId: billId,
			amount: placed.data.total,
			railCurrency: "KHR",
		});
		expect(started.code, started.msg).toBe(0);
		const tenant = await findTenant(server.deps, 1);
		if (!tenant) throw new Error("no demo tenant");
		const riel = Number(secondCurrencyUnits(placed.data.total, tenant.currency));
		expect(started.data).toMatchObject({ railCurrency: "KHR", railAmount: riel, amount: placed.data.total });
		const qr = started.data.presentation?.kind === "qr" ? started.data.presentation.qrText : "";
		expect(decodeKhqr(qr)).toMatchObject({ transactionCurrency: "116", transactionAmount: String(riel) });
		expect((await storedPayment(server, started.data.paymentId)).payer_member_id).toBeNull();

		bakong.scanAndPay(qr);
		expect((await check(staff, started.data.paymentId)).data.status).toBe("succeeded");
		const bill = await server.deps.db
			.selectFrom("table_bill")
			.select("status")
			.where("id", "=", billId)
			.executeTakeFirstOrThrow();
		expect(bill.status).toBe("settled");
		await expectLedgerInvariants(server.deps.db);
	});

	it("refuses what the counter may not start: another amount, someone not on the counter, a rail not set up", async () => {
		const order = await pickupOrder();
		const changed = await scanToPay(staff, { purpose: "order", purposeId: order.id, amount: order.total + 100 });
		expect(changed.code).toBe(ErrorCode.CounterAmountChanged);
		const byCustomer = await scanToPay(customer, { purpose: "order", purposeId: order.id, amount: order.total });
		expect(byCustomer.code).toBe(ErrorCode.Forbidden);
		const wechat = await scanToPay(staff, {
			purpose: "order",
			purposeId: order.id,
			amount: order.total,
			payMethod: "wechat",
		});
		expect(wechat.code).toBe(ErrorCode.PayMethodUnavailable);
		// Nothing was started for it.
		const payments = await server.deps.db
			.selectFrom("payment")
			.select("id")
			.where("purpose", "=", "order")
			.where("purpose_id", "=", order.id)
			.execute();
		expect(payments).toEqual([]);
		expect(await orderRow(order.id)).toMatchObject({ payment_status: "unpaid" });

		// The customer cannot watch a code through the counter's call either.
		const started = await scanToPay(staff, { purpose: "order", purposeId: order.id, amount: order.total });
		expect(started.code, started.msg).toBe(0);
		expect((await check(customer, started.data.paymentId)).code).toBe(ErrorCode.Forbidden);
	});
});
