import {
	type CounterTakeView,
	type CurrencyConfig,
	cashChange,
	ErrorCode,
	formatMessage,
	type OrderView,
	type PayCodeView,
	type ShiftView,
	type TillView,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../../test/harness.js";
import { expectLedgerInvariants } from "../../../test/ledger-invariants.js";
import type { OrderingFixture } from "../../../test/ordering.js";
import { startAtDemoTables, type TableFixture } from "../../../test/tables.js";
import { settleDueEarnings } from "../merchant-wallet/earnings/settlement.js";
import { findTenant } from "../tenancy/service.js";

/**
 * The counter and its till (issue 28, decision 029): staff take cash (with change), a card on the
 * shop's terminal, or the member's balance by pay code, for a staff order, a pickup order and a
 * table bill; shifts open with a float and close with a count; a cash refund is the refunder's.
 * Cash and card never become money the shop can withdraw from the platform.
 */

type Caller = { accessToken: string; userId: number };
let server: TestServer;
let fx: OrderingFixture;
let tables: TableFixture;
let staff: Caller;
let owner: Caller;
let customer: Caller;
const COCONUT = "Fresh young coconut";
const CUSTOMER_MOBILE = "13900000271";

beforeAll(async () => {
	({ server, fx, tables } = await startAtDemoTables());
	await fx.setStock(fx.item(COCONUT).id, null);
	fx.moveClockToLocal("11:00");
	staff = await server.signIn("13800000002");
	owner = await server.signIn("13800000001");
	customer = await server.signIn(CUSTOMER_MOBILE);
	expect((await openShiftOf(staff, 5000)).code).toBe(0);
	expect((await openShiftOf(owner, 2000)).code).toBe(0);
});
afterAll(async () => {
	await server?.close();
});

function openShiftOf(who: Caller, floatCash: number, floatCashSecond = 0) {
	return server.call<ShiftView>("POST", "/app-api/merchant/counter/shift/open", {
		token: who.accessToken,
		lang: "en",
		body: { shopId: 1, floatCash, floatCashSecond },
	});
}

function take(who: Caller, body: Record<string, unknown>, key = fx.newKey(), lang = "en") {
	return server.call<CounterTakeView>("POST", "/app-api/merchant/counter/take", {
		token: who.accessToken,
		lang,
		headers: { "idempotency-key": key },
		body: { shopId: 1, ...body },
	});
}

function till(who: Caller) {
	return server.call<TillView>("GET", "/app-api/merchant/counter/till?shopId=1", { token: who.accessToken });
}

/** An order staff place for the customer ("员工帮点"): unpaid until someone pays. */
async function staffOrder(items = [COCONUT]): Promise<OrderView> {
	const answer = await server.call<OrderView>("POST", "/app-api/merchant/order/create", {
		token: staff.accessToken,
		headers: { "idempotency-key": fx.newKey() },
		body: {
			shopId: 1,
			orderType: "takein",
			lines: items.map((name) => fx.line(name)),
			customerMobile: CUSTOMER_MOBILE,
		},
	});
	expect(answer.code).toBe(0);
	return answer.data;
}

/** A pickup order the customer placed in the app and comes to pay for at the counter. */
async function pickupOrder(): Promise<OrderView> {
	const answer = await fx.place(customer.accessToken, { lines: [fx.line(COCONUT)] });
	expect(answer.code).toBe(0);
	return answer.data;
}

async function shopMoney() {
	const rows = await server.deps.db
		.selectFrom("ledger_account")
		.select(["kind", "balance"])
		.where("tenant_id", "=", 1)
		.where((eb) => eb.or([eb("shop_id", "=", 1), eb("kind", "=", "shop_payouts")]))
		.execute();
	const of = (kind: string) => rows.find((row) => row.kind === kind)?.balance ?? 0;
	return { available: of("shop_available"), pending: of("shop_revenue"), payouts: of("shop_payouts") };
}

async function orderStatus(orderId: number) {
	return server.deps.db
		.selectFrom("customer_order")
		.select(["status", "payment_status"])
		.where("id", "=", orderId)
		.executeTakeFirstOrThrow();
}

describe("cash at the counter", () => {
	it("takes cash for a staff order, gives change, prints a receipt, and leaves the shop's withdrawable money alone", async () => {
		const order = await staffOrder();
		const before = await shopMoney();
		const tendered = order.total + 1035;

		const answer = await take(staff, {
			purpose: "order",
			purposeId: order.id,
			amount: order.total,
			method: "cash",
			tendered,
		});

		expect(answer.code, answer.msg).toBe(0);
		// The demo prices in dollars with riel beside: change in whole dollars, the rest in riel.
		const currency = (await findTenant(server.deps, 1))?.currency as CurrencyConfig;
		const change = cashChange(order.total, { tendered, tenderedSecond: 0 }, currency);
		expect(change.change + change.changeSecond).toBeGreaterThan(0);
		expect(answer.data).toMatchObject({
			method: "cash",
			amount: order.total,
			tendered,
			change: change.change,
			changeSecond: change.changeSecond,
			status: "paid",
		});
		expect(answer.data.receiptNo).toMatch(/^\d{8}-\d{4}$/);
		expect(await orderStatus(order.id)).toMatchObject({ payment_status: "paid" });
		// The shop holds the cash: booked as paid out to it at the counter, never withdrawable.
		const after = await shopMoney();
		expect(after.available).toBe(before.available);
		expect(after.pending).toBe(before.pending);
		expect(after.payouts).toBe(before.payouts + order.total);
		const earnings = await server.deps.db
			.selectFrom("shop_earning")
			.select(["status", "counter_take_id", "gross"])
			.where("order_id", "=", order.id)
			.execute();
		expect(earnings).toEqual([{ status: "settled", counter_take_id: answer.data.id, gross: order.total }]);
		await expectLedgerInvariants(server.deps.db);
	});

	it("takes cash for a pickup order the customer placed in the app", async () => {
		const order = await pickupOrder();
		const answer = await take(owner, {
			purpose: "order",
			purposeId: order.id,
			amount: order.total,
			method: "cash",
			tendered: order.total,
		});
		expect(answer.code, answer.msg).toBe(0);
		expect(answer.data.change).toBe(0);
		expect(await orderStatus(order.id)).toMatchObject({ payment_status: "paid", status: "new" });
		await expectLedgerInvariants(server.deps.db);
	});

	it("refuses cash that does not cover what is due, and a sheet that showed another amount", async () => {
		const order = await staffOrder();
		const short = await take(staff, {
			purpose: "order",
			purposeId: order.id,
			amount: order.total,
			method: "cash",
			// 10 cents short: more than half of the 100 riel that cash is rounded to.
			tendered: order.total - 10,
		});
		const stale = await take(staff, {
			purpose: "order",
			purposeId: order.id,
			amount: order.total + 1,
			method: "cash",
			tendered: order.total + 100,
		});
		expect(short).toMatchObject({ code: ErrorCode.CashTenderShort, msg: formatMessage("cashTenderShort", "en") });
		expect(stale.code).toBe(ErrorCode.CounterAmountChanged);
		expect(await orderStatus(order.id)).toMatchObject({ payment_status: "unpaid" });
	});

	it("lets one of two staff settle an order in parallel; the other is told it was paid", async () => {
		const order = await staffOrder();
		const body = { purpose: "order", purposeId: order.id, amount: order.total, method: "cash", tendered: order.total };
		const answers = await Promise.all([take(staff, body), take(owner, body)]);
		const codes = answers.map((answer) => answer.code).sort();
		expect(codes).toEqual([0, ErrorCode.AlreadyPaidAtCounter]);
		const refused = answers.find((answer) => answer.code !== 0);
		expect(refused?.msg).toBe(formatMessage("alreadyPaidAtCounter", "en"));
		const takes = await server.deps.db
			.selectFrom("counter_take")
			.select("id")
			.where("purpose", "=", "order")
			.where("purpose_id", "=", order.id)
			.execute();
		expect(takes).toHaveLength(1);
		await expectLedgerInvariants(server.deps.db);
	});

	it("answers a retried tap with the same taking", async () => {
		const order = await staffOrder();
		const key = fx.newKey();
		const body = { purpose: "order", purposeId: order.id, amount: order.total, method: "cash", tendered: order.total };
		const [first, second] = await Promise.all([take(staff, body, key), take(staff, body, key)]);
		expect(first.code, first.msg).toBe(0);
		expect(second.code, second.msg).toBe(0);
		expect(second.data.id).toBe(first.data.id);
	});
});

describe("card terminal and member balance", () => {
	it("takes a card on the shop's terminal with its slip reference, kept out of withdrawable money", async () => {
		const order = await staffOrder();
		const before = await shopMoney();
		const answer = await take(staff, {
			purpose: "order",
			purposeId: order.id,
			amount: order.total,
			method: "card_terminal",
			reference: "  RRN 004211  ",
		});
		expect(answer.code, answer.msg).toBe(0);
		expect(answer.data).toMatchObject({ method: "card_terminal", reference: "RRN 004211", tendered: null });
		expect((await shopMoney()).available).toBe(before.available);
		// The order completes and the settlement job runs two days later: still nothing withdrawable.
		for (const action of ["accept", "ready", "complete"])
			expect(
				(
					await server.call("POST", "/app-api/merchant/order/action", {
						token: staff.accessToken,
						body: { orderId: order.id, action },
					})
				).code,
			).toBe(0);
		const later = new Date(server.clock.now().getTime() + 48 * 3600_000);
		await settleDueEarnings({ ...server.deps, clock: { now: () => later } });
		expect((await shopMoney()).available).toBe(before.available);
		const payment = await server.deps.db
			.selectFrom("payment")
			.select(["provider", "status", "purpose", "purpose_id", "provider_txn_id"])
			.where("purpose", "=", "order")
			.where("purpose_id", "=", order.id)
			.executeTakeFirstOrThrow();
		expect(payment).toEqual({
			provider: "card_terminal",
			status: "succeeded",
			purpose: "order",
			purpose_id: order.id,
			provider_txn_id: "RRN 004211",
		});
		const blank = await take(staff, {
			purpose: "order",
			purposeId: (await staffOrder()).id,
			amount: order.total,
			method: "card_terminal",
			reference: "  ",
		});
		expect(blank).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("fillTerminalReference", "en") });
		await expectLedgerInvariants(server.deps.db);
	});

	it("takes the member's balance with their one-minute pay code: money the platform holds, so the shop earns it", async () => {
		await fx.grant(customer.userId, 10_000);
		const order = await staffOrder();
		const code = await server.call<PayCodeView>("GET", "/app-api/member/user/pay-code", {
			token: customer.accessToken,
		});
		const before = await shopMoney();
		const answer = await take(staff, {
			purpose: "order",
			purposeId: order.id,
			amount: order.total,
			method: "balance",
			code: code.data.code,
		});
		expect(answer.code, answer.msg).toBe(0);
		expect(answer.data).toMatchObject({ method: "balance", amount: order.total });
		expect(await orderStatus(order.id)).toMatchObject({ payment_status: "paid", status: "new" });
		const after = await shopMoney();
		expect(after.pending).toBe(before.pending + order.total);
		expect(after.payouts).toBe(before.payouts);
		// The code is spent.
		const again = await take(staff, {
			purpose: "order",
			purposeId: (await staffOrder()).id,
			amount: order.total,
			method: "balance",
			code: code.data.code,
		});
		expect(again.code).toBe(ErrorCode.PayCodeInvalid);
		await expectLedgerInvariants(server.deps.db);
	});

	it("refuses someone who does not work at the shop", async () => {
		const manager = await server.signIn("13900000272");
		const order = await staffOrder();
		const answer = await take(manager, {
			purpose: "order",
			purposeId: order.id,
			amount: order.total,
			method: "cash",
			tendered: order.total,
		});
		// Not on the shop's staff at all: Forbidden before anything else.
		expect(answer.code).toBe(ErrorCode.Forbidden);
	});
});

describe("a table bill at the counter", () => {
	it("takes a table's bill in cash: every round paid, the bill settled, nothing withdrawable", async () => {
		const seating = await tables.sitAt("A3");
		const placed = await fx.place(customer.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 2,
			lines: [fx.line(COCONUT), fx.line(COCONUT)],
		});
		expect(placed.code, placed.msg).toBe(0);
		const billId = placed.data.billId as number;
		expect(billId).toBeTruthy();
		const before = await shopMoney();

		const answer = await take(staff, {
			purpose: "table_bill",
			purposeId: billId,
			amount: placed.data.total,
			method: "cash",
			tendered: placed.data.total + 500,
		});

		expect(answer.code, answer.msg).toBe(0);
		expect(answer.data).toMatchObject({ purpose: "table_bill", change: 500, label: "A3" });
		const bill = await server.deps.db
			.selectFrom("table_bill")
			.select(["status"])
			.where("id", "=", billId)
			.executeTakeFirstOrThrow();
		expect(bill.status).toBe("settled");
		expect(await orderStatus(placed.data.id)).toMatchObject({ payment_status: "paid" });
		expect((await shopMoney()).available).toBe(before.available);
		await expectLedgerInvariants(server.deps.db);
	});

	it("takes a table's bill from the member's balance with their pay code", async () => {
		await fx.grant(customer.userId, 10_000);
		const placed = await fx.place(customer.accessToken, {
			orderType: "desk",
			tableToken: await tables.sitAt("A4"),
			diners: 1,
			lines: [fx.line(COCONUT)],
		});
		expect(placed.code, placed.msg).toBe(0);
		const code = await server.call<PayCodeView>("GET", "/app-api/member/user/pay-code", {
			token: customer.accessToken,
		});
		const answer = await take(staff, {
			purpose: "table_bill",
			purposeId: placed.data.billId,
			amount: placed.data.total,
			method: "balance",
			code: code.data.code,
		});
		expect(answer.code, answer.msg).toBe(0);
		expect(answer.data).toMatchObject({ method: "balance", label: "A4" });
		const bill = await server.deps.db
			.selectFrom("table_bill")
			.select(["status", "settle_method"])
			.where("id", "=", placed.data.billId as number)
			.executeTakeFirstOrThrow();
		expect(bill).toEqual({ status: "settled", settle_method: "balance" });
		await expectLedgerInvariants(server.deps.db);
	});
});

describe("the platform's commission on counter takings", () => {
	it("charges it as settlement would, a debt when the shop has nothing available, and gives it back on a refund", async () => {
		await server.deps.db.updateTable("tenant").set({ commission_bps: 1000 }).where("id", "=", 1).execute();
		try {
			const order = await staffOrder();
			const before = await shopMoney();
			const taken = await take(staff, {
				purpose: "order",
				purposeId: order.id,
				amount: order.total,
				method: "cash",
				tendered: order.total,
			});
			expect(taken.code, taken.msg).toBe(0);
			const commission = Math.round(order.total / 10);
			// Never up: down by the platform's commission on the cash the shop kept.
			expect((await shopMoney()).available).toBe(before.available - commission);
			await expectLedgerInvariants(server.deps.db);

			const refund = await server.call<CounterTakeView>("POST", "/app-api/merchant/counter/cash-refund", {
				token: staff.accessToken,
				body: { shopId: 1, takeId: taken.data.id },
			});
			expect(refund.code, refund.msg).toBe(0);
			expect((await shopMoney()).available).toBe(before.available);
			await expectLedgerInvariants(server.deps.db);
		} finally {
			await server.deps.db.updateTable("tenant").set({ commission_bps: 0 }).where("id", "=", 1).execute();
		}
	});
});

describe("cash refund and the till", () => {
	it("records a cash refund by the staff member who hands it back, out of their drawer", async () => {
		const order = await staffOrder();
		const taken = await take(staff, {
			purpose: "order",
			purposeId: order.id,
			amount: order.total,
			method: "cash",
			tendered: order.total,
		});
		expect(taken.code, taken.msg).toBe(0);
		const before = await shopMoney();
		const ownerTillBefore = (await till(owner)).data.open?.lines.find((line) => line.method === "cash")?.expected;

		const refund = await server.call<CounterTakeView>("POST", "/app-api/merchant/counter/cash-refund", {
			token: owner.accessToken,
			body: { shopId: 1, takeId: taken.data.id },
		});
		const twice = await server.call<CounterTakeView>("POST", "/app-api/merchant/counter/cash-refund", {
			token: owner.accessToken,
			lang: "en",
			body: { shopId: 1, takeId: taken.data.id },
		});

		expect(refund.code, refund.msg).toBe(0);
		expect(refund.data.status).toBe("refunded");
		expect(twice.code).toBe(ErrorCode.CounterRefundRefused);
		const row = await server.deps.db
			.selectFrom("counter_take")
			.select(["refunded_by_member_id"])
			.where("id", "=", taken.data.id)
			.executeTakeFirstOrThrow();
		expect(row.refunded_by_member_id).toBe(owner.userId);
		expect(await orderStatus(order.id)).toMatchObject({ status: "refunded", payment_status: "refunded" });
		// The cash left the owner's drawer; the shop's platform money did not move.
		const ownerTillAfter = (await till(owner)).data.open?.lines.find((line) => line.method === "cash")?.expected;
		expect(ownerTillAfter).toBe((ownerTillBefore ?? 0) - order.total);
		const after = await shopMoney();
		expect(after.available).toBe(before.available);
		expect(after.payouts).toBe(before.payouts - order.total);
		await expectLedgerInvariants(server.deps.db);
	});

	it("closes a shift whose counted cash differs: expected, counted and the difference recorded and shown", async () => {
		const open = (await till(staff)).data.open;
		expect(open).not.toBeNull();
		const shift = open as ShiftView;
		const expected = shift.lines.find((line) => line.method === "cash")?.expected as number;
		const expectedCard = shift.lines.find((line) => line.method === "card_terminal")?.expected as number;
		expect(expected).toBeGreaterThan(5000);

		const closed = await server.call<ShiftView>("POST", "/app-api/merchant/counter/shift/close", {
			token: staff.accessToken,
			body: {
				shopId: 1,
				shiftId: shift.id,
				countedCash: expected - 250,
				countedCard: expectedCard,
				note: "a note short",
			},
		});
		const again = await server.call<ShiftView>("POST", "/app-api/merchant/counter/shift/close", {
			token: staff.accessToken,
			body: { shopId: 1, shiftId: shift.id, countedCash: 0 },
		});

		expect(closed.code, closed.msg).toBe(0);
		expect(closed.data.status).toBe("closed");
		expect(closed.data.lines.find((line) => line.method === "cash")).toEqual({
			method: "cash",
			expected,
			counted: expected - 250,
			difference: -250,
		});
		expect(closed.data.lines.find((line) => line.method === "card_terminal")?.difference).toBe(0);
		expect(again.code).toBe(ErrorCode.ShiftClosed);
		const row = await server.deps.db
			.selectFrom("counter_shift")
			.select(["difference_cash", "counted_cash", "expected_cash"])
			.where("id", "=", shift.id)
			.executeTakeFirstOrThrow();
		expect(row).toEqual({ difference_cash: -250, counted_cash: expected - 250, expected_cash: expected });
		const shown = await till(staff);
		expect(shown.data.open).toBeNull();
		expect(shown.data.closed[0]?.lines.find((line) => line.method === "cash")?.difference).toBe(-250);
		// Closed: no more takings until a new shift opens.
		const order = await staffOrder();
		const refused = await take(staff, {
			purpose: "order",
			purposeId: order.id,
			amount: order.total,
			method: "cash",
			tendered: order.total,
		});
		expect(refused).toMatchObject({ code: ErrorCode.ShiftNotOpen, msg: formatMessage("shiftNotOpen", "en") });
	});

	it("opens one shift at a time per staff member", async () => {
		expect((await openShiftOf(staff, 1000)).code).toBe(0);
		expect((await openShiftOf(staff, 1000)).code).toBe(ErrorCode.ShiftAlreadyOpen);
	});
});
