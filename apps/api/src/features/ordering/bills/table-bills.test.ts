import {
	ErrorCode,
	formatMessage,
	type OrderView,
	type PageResult,
	type SeatingEndedData,
	type TableBillView,
} from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { takeBillInCash } from "../../../../test/counter.js";
import type { TestServer } from "../../../../test/harness.js";
import type { OrderingFixture } from "../../../../test/ordering.js";
import { startAtDemoTables, type TableFixture } from "../../../../test/tables.js";
import { deliverGatewayRefunds } from "../../payments/refunds/refunds.js";
import { expireUnpaidOrders } from "../lifecycle/expiry.js";

let server: TestServer;
let fx: OrderingFixture;
let alice: { accessToken: string; userId: number };
let bob: { accessToken: string; userId: number };
let staff: { accessToken: string };
let owner: { accessToken: string };
let tables: TableFixture;
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	({ server, fx, staff, tables } = await startAtDemoTables());
	// Plenty of coconuts: these stories are about bills, not stock.
	await fx.setStock(fx.item(COCONUT).id, null);
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	alice = await server.signIn("13800000003");
	bob = await server.signIn("13900000021");
	staff = await server.signIn("13800000002");
	owner = await server.signIn("13800000001");
	await fx.grant(alice.userId, 5000);
	await fx.grant(bob.userId, 5000);
});

/** A round ordered at a table by one diner. */
async function round(who: { accessToken: string }, table: string, items = [COCONUT], diners = 2) {
	const placed = await fx.place(who.accessToken, {
		orderType: "desk",
		tableToken: await tables.sitAt(table),
		diners,
		lines: items.map((name) => fx.line(name)),
	});
	expect(placed.code).toBe(0);
	return placed.data;
}

/** A table by number (scanned now, joining its current seating), or a seating token a diner kept. */
type At = string | { seating: string };
const tokenAt = async (at: At) => (typeof at === "string" ? tables.sitAt(at) : at.seating);

const billOf = async (who: { accessToken: string }, at: At, lang?: string) =>
	tables.billOf(who, await tokenAt(at), lang);

const payBill = async (
	who: { accessToken: string },
	at: At,
	expectedTotal: number,
	payMethod = "balance",
	lang?: string,
) => tables.payBill(who, await tokenAt(at), expectedTotal, payMethod, lang);

/** The staff close a bill with nothing due (the route once took money at the counter, decision 029). */
const closeBill = (billId: number, expectedTotal: number, token = staff.accessToken, lang?: string) =>
	server.call<TableBillView>("POST", "/app-api/merchant/bill/settle", {
		token,
		...(lang ? { lang } : {}),
		body: { billId, expectedTotal },
	});

const storedBill = (billId: number) =>
	server.deps.db
		.selectFrom("table_bill")
		.select(["status", "settle_method", "paid_total"])
		.where("id", "=", billId)
		.executeTakeFirstOrThrow();

const ledgerTxnCount = async () =>
	Number(
		(
			await server.deps.db
				.selectFrom("ledger_txn")
				.select((eb) => eb.fn.countAll().as("n"))
				.executeTakeFirstOrThrow()
		).n,
	);

/** The shop's money in the ledger: what is pending, what it may withdraw, what it has received. */
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

const balanceOf = (who: { accessToken: string }) => tables.balanceOf(who);

const orderOf = async (who: { accessToken: string }, orderId: number) =>
	(await server.call<OrderView>("GET", `/app-api/order/detail/${orderId}`, { token: who.accessToken })).data;

/** The owner's choice of how dine-in guests pay. */
const setPayAfterMeal = async (payAfterMeal: boolean, token?: string) =>
	server.call<{ deskPayAfterMeal: boolean }>("POST", "/app-api/merchant/shop/dine-in-payment", {
		token: token ?? owner.accessToken,
		body: { shopId: 1, payAfterMeal },
	});

describe("dine-in paid after the meal", () => {
	it("sends each round to the kitchen unpaid and gathers the table's rounds on one bill", async () => {
		const first = await round(alice, "A1", [COCONUT]);
		const second = await round(bob, "A1", [COCONUT, COCONUT]);

		expect(first).toMatchObject({ status: "new", paymentStatus: "unpaid", expiresAt: null, tableNumber: "A1" });
		expect(second.billId).toBe(first.billId);
		expect(first.billId).toEqual(expect.any(Number));

		const bill = await billOf(bob, "A1");
		expect(bill.code).toBe(0);
		expect(bill.data).toMatchObject({
			id: first.billId,
			tableNumber: "A1",
			status: "open",
			due: first.total + second.total,
			diners: 2,
		});
		expect(bill.data?.rounds.map((r) => [r.orderId, r.mine])).toEqual([
			[first.id, false],
			[second.id, true],
		]);

		// The kitchen sees the rounds at once, without waiting for a payment.
		const board = await server.call<PageResult<OrderView>>("GET", "/app-api/merchant/order/list?shopId=1", {
			token: staff.accessToken,
		});
		expect(board.data.list.map((o) => o.id)).toEqual(expect.arrayContaining([first.id, second.id]));
		const openBills = await server.call<TableBillView[]>("GET", "/app-api/merchant/bill/list?shopId=1", {
			token: staff.accessToken,
		});
		expect(openBills.data.find((b) => b.id === first.billId)?.due).toBe(first.total + second.total);
	});

	it("never expires a round that waits for the bill", async () => {
		const order = await round(alice, "A2");
		server.clock.advance(3 * 3600);
		await expireUnpaidOrders(server.deps);
		alice = await server.signIn("13800000003");
		expect(await orderOf(alice, order.id)).toMatchObject({ status: "new", paymentStatus: "unpaid" });
	});

	it("pays every round from one diner's balance, once, and the next round opens a new bill", async () => {
		const first = await round(alice, "A3");
		const second = await round(bob, "A3");
		const due = first.total + second.total;
		const bobBefore = await balanceOf(bob);
		const aliceBefore = await balanceOf(alice);

		const seating = { seating: await tables.sitAt("A3") };
		const paid = await payBill(bob, seating, due);
		const again = await payBill(bob, seating, due);

		expect(paid.code).toBe(0);
		expect(paid.data.bill).toMatchObject({ status: "settled", settleMethod: "balance", paidTotal: due, due: 0 });
		expect(paid.data.balance).toBe(bobBefore - due);
		// A double tap answers like the first payment and charges nothing more.
		expect(again.code).toBe(0);
		expect(again.data.bill.id).toBe(paid.data.bill.id);
		expect(await balanceOf(bob)).toBe(bobBefore - due);
		expect(await balanceOf(alice)).toBe(aliceBefore);
		expect(await orderOf(alice, first.id)).toMatchObject({ paymentStatus: "paid", payMethod: "balance" });
		expect(await orderOf(bob, second.id)).toMatchObject({ paymentStatus: "paid", payMethod: "balance" });

		const next = await round(alice, "A3");
		expect(next.billId).not.toBe(first.billId);
		expect((await billOf(alice, "A3")).data).toMatchObject({ id: next.billId, status: "open", due: next.total });
		await fx.expectLedgerConsistent();
	});

	it("refuses a payment for a total the payer did not see, and changes nothing", async () => {
		const first = await round(alice, "A4");
		const before = await balanceOf(alice);
		// Bob adds a round while Alice looks at the old total.
		const added = await round(bob, "A4");

		const stale = await payBill(alice, "A4", first.total, "balance", "en");

		expect(stale.code).toBe(ErrorCode.BillChanged);
		expect(stale.msg).toMatch(/bill has changed/);
		expect(await balanceOf(alice)).toBe(before);
		expect((await billOf(alice, "A4")).data).toMatchObject({ status: "open", due: first.total + added.total });
		expect((await payBill(alice, "A4", first.total + added.total)).code).toBe(0);
	});

	it("refuses a balance that cannot cover the bill, leaving it open", async () => {
		const carol = await server.signIn("13900000022");
		const order = await round(alice, "A5");

		const refused = await payBill(carol, "A5", order.total, "balance", "en");

		expect(refused.code).toBe(ErrorCode.InsufficientBalance);
		expect((await billOf(alice, "A5")).data).toMatchObject({ status: "open", due: order.total });
		expect(await orderOf(alice, order.id)).toMatchObject({ paymentStatus: "unpaid" });
		await fx.expectLedgerConsistent();
	});

	it("leaves a cancelled round off the bill, and refunds a paid round to whoever paid it", async () => {
		const kept = await round(alice, "A6");
		const cancelled = await round(alice, "A6");
		expect(
			(
				await server.call("POST", "/app-api/order/cancel", {
					token: alice.accessToken,
					body: { orderId: cancelled.id },
				})
			).code,
		).toBe(0);
		expect((await billOf(alice, "A6")).data?.due).toBe(kept.total);

		const bobBefore = await balanceOf(bob);
		expect((await payBill(bob, "A6", kept.total)).code).toBe(0);
		// The shop rejects Alice's round after Bob paid for it: Bob gets the money back.
		const rejected = await server.call<OrderView>("POST", "/app-api/merchant/order/action", {
			token: staff.accessToken,
			body: { orderId: kept.id, action: "reject", reason: "Out of coconuts" },
		});
		expect(rejected.code).toBe(0);
		expect(await balanceOf(bob)).toBe(bobBefore);
		expect(await orderOf(alice, kept.id)).toMatchObject({ status: "rejected", paymentStatus: "refunded" });
		await fx.expectLedgerConsistent();
	});

	it("lets the staff take a bill's money at the counter's till, once", async () => {
		const order = await round(alice, "T1");
		const billId = order.billId as number;
		const seating = { seating: await tables.sitAt("T1") };
		const customerTries = await server.call("GET", "/app-api/merchant/bill/list?shopId=1", {
			token: alice.accessToken,
		});
		expect(customerTries.code).toBe(ErrorCode.Forbidden);
		expect((await closeBill(billId, order.total, alice.accessToken)).code).toBe(ErrorCode.Forbidden);
		expect((await takeBillInCash(server, alice.accessToken, { billId, amount: order.total })).code).toBe(
			ErrorCode.Forbidden,
		);
		expect((await takeBillInCash(server, staff.accessToken, { billId, amount: order.total + 1 })).code).toBe(
			ErrorCode.CounterAmountChanged,
		);

		const taken = await takeBillInCash(server, staff.accessToken, { billId, amount: order.total });
		const twice = await takeBillInCash(server, staff.accessToken, { billId, amount: order.total });

		expect(taken.code, taken.msg).toBe(0);
		expect(taken.data).toMatchObject({ purpose: "table_bill", purposeId: billId, amount: order.total });
		expect(twice.code).toBe(ErrorCode.AlreadyPaidAtCounter);
		expect(await orderOf(alice, order.id)).toMatchObject({ paymentStatus: "paid" });
		expect((await payBill(alice, seating, order.total)).code).toBe(ErrorCode.SeatingEnded);
		await fx.expectLedgerConsistent();

		// The seating ended with the bill: the diner's token now shows the bill they settled
		// and says to scan again; a new scan starts a new seating with nothing on it.
		const ended = await billOf(alice, seating, "en");
		expect(ended).toMatchObject({
			code: ErrorCode.SeatingEnded,
			msg: formatMessage("seatingEnded", "en"),
			data: { reason: "paid", bill: { id: order.billId, status: "settled", paidTotal: order.total } },
		});
		expect((await billOf(alice, "T1")).data).toBeNull();
	});

	it("closes a bill with nothing due, and refuses one with something due without changing anything", async () => {
		const order = await round(alice, "T2");
		const billId = order.billId as number;
		const moneyBefore = await shopMoney();
		const txnsBefore = await ledgerTxnCount();

		// The money due is taken with the counter's Take payment, never booked by closing the bill.
		const refused = await closeBill(billId, order.total, staff.accessToken, "en");

		expect(refused).toMatchObject({
			code: ErrorCode.TakePaymentAtCounter,
			msg: formatMessage("takePaymentAtCounter", "en"),
		});
		expect(await storedBill(billId)).toEqual({ status: "open", settle_method: null, paid_total: null });
		expect(await orderOf(alice, order.id)).toMatchObject({ paymentStatus: "unpaid" });
		expect(await ledgerTxnCount()).toBe(txnsBefore);
		expect(await shopMoney()).toEqual(moneyBefore);
		expect((await billOf(alice, "T2")).data).toMatchObject({ id: billId, status: "open", due: order.total });

		// Every round cancelled: nothing is due, and the staff close the bill.
		await server.call("POST", "/app-api/order/cancel", { token: alice.accessToken, body: { orderId: order.id } });
		expect((await payBill(alice, "T2", 0, "balance")).code).toBe(ErrorCode.BillNothingDue);

		const closed = await closeBill(billId, 0);

		expect(closed.data).toMatchObject({ status: "settled", settleMethod: "nothing_due", paidTotal: 0 });
		expect(await shopMoney()).toEqual(moneyBefore);
		await fx.expectLedgerConsistent();
	});

	it("pays the bill through the sandbox gateway, and refunds a payment the bill outgrew", async () => {
		const first = await round(alice, "T3");
		const seating = { seating: await tables.sitAt("T3") };
		const started = await payBill(alice, seating, first.total, "sandbox");
		expect(started.code).toBe(0);
		expect(started.data.redirectUrl).toMatch(/^\/sandbox-pay\/checkout\//);

		// Bob orders another round while Alice is on the gateway's page, then she approves.
		const added = await round(bob, "T3");
		await approve(started.data.redirectUrl as string);
		const afterOutgrown = await until(async () => {
			const refunds = await server.deps.db
				.selectFrom("ledger_txn")
				.select("id")
				.where("idempotency_key", "like", "gateway:%:refund")
				.where("order_id", "is", null)
				.execute();
			return refunds.length > 0 ? (await billOf(alice, "T3")).data : null;
		});
		expect(afterOutgrown).toMatchObject({ status: "open", due: first.total + added.total });

		const retry = await payBill(alice, seating, first.total + added.total, "sandbox");
		await approve(retry.data.redirectUrl as string);
		const settled = await until(() => settledBillSeenBy(alice, seating));
		expect(settled).toMatchObject({ settleMethod: "sandbox", paidTotal: first.total + added.total });
		expect(await orderOf(bob, added.id)).toMatchObject({ paymentStatus: "paid", payMethod: "sandbox" });
		await fx.expectLedgerConsistent();
	});

	it("refunds one round of a bill paid through the gateway at the gateway, its own share only", async () => {
		const kept = await round(alice, "T3");
		const dropped = await round(bob, "T3");
		const due = kept.total + dropped.total;
		// A friend who ordered nothing pays for the table, and still sees the bill they settled.
		const carol = await server.signIn("13900000023");
		const seating = { seating: await tables.sitAt("T3") };
		const started = await payBill(carol, seating, due, "sandbox");
		await approve(started.data.redirectUrl as string);
		const settled = await until(() => settledBillSeenBy(carol, seating));
		expect(settled).toMatchObject({ settleMethod: "sandbox", paidTotal: due });

		const rejected = await server.call<OrderView>("POST", "/app-api/merchant/order/action", {
			token: staff.accessToken,
			body: { orderId: dropped.id, action: "reject", reason: "Kitchen closed" },
		});
		expect(rejected.code).toBe(0);
		// Delivery starts by itself after the rejection; asking again is harmless (one refund).
		await deliverGatewayRefunds(server.deps);
		const atGateway = await until(async () => {
			const rows = await server.deps.db
				.selectFrom("sandbox_gateway_refund")
				.select(["amount", "txn_id"])
				.where("txn_id", "=", paymentIdOf(started.data.redirectUrl as string))
				.execute();
			return rows.length > 0 ? rows : null;
		});
		await until(async () => ((await orderOf(bob, dropped.id)).refundTransfer?.status === "succeeded" ? true : null));
		expect(atGateway).toEqual([{ amount: dropped.total, txn_id: paymentIdOf(started.data.redirectUrl as string) }]);
		expect(await orderOf(bob, dropped.id)).toMatchObject({
			paymentStatus: "refunded",
			refundTransfer: { status: "succeeded", amount: dropped.total },
		});
		expect(await orderOf(alice, kept.id)).toMatchObject({ paymentStatus: "paid", refundTransfer: null });
		await fx.expectLedgerConsistent();
	});

	it("lets only the owner choose how dine-in guests pay", async () => {
		expect((await setPayAfterMeal(false, staff.accessToken)).code).toBe(ErrorCode.Forbidden);
		expect((await setPayAfterMeal(false, alice.accessToken)).code).toBe(ErrorCode.Forbidden);
		const shop = await server.call<{ deskPayAfterMeal: boolean }>("GET", "/app-api/store/getShop?shop_id=1");
		expect(shop.data.deskPayAfterMeal).toBe(true);
	});

	it("asks for payment up front when the shop does not take payment after the meal", async () => {
		expect((await setPayAfterMeal(false)).data).toEqual({ shopId: 1, deskPayAfterMeal: false });
		try {
			const order = await round(alice, "T4");
			expect(order).toMatchObject({ status: "unpaid", billId: null, expiresAt: expect.any(String) });
			expect((await billOf(alice, "T4")).data).toBeNull();
			expect((await payBill(alice, "T4", order.total, "balance", "en")).code).toBe(ErrorCode.NoOpenBill);
		} finally {
			await setPayAfterMeal(true);
		}
	});

	it("answers bad input with the field and its rule, and changes nothing", async () => {
		const order = await round(alice, "A5");
		const before = await balanceOf(alice);
		const bad = await server.call<{ issues: Array<{ field: string; rule: string }> }>(
			"POST",
			"/app-api/order/bill/pay",
			{
				token: alice.accessToken,
				lang: "en",
				body: { tableToken: await tables.sitAt("A5"), payMethod: "cash", expectedTotal: -1 },
			},
		);
		const noToken = await server.call("GET", "/app-api/order/bill?tableToken=", {
			token: alice.accessToken,
			lang: "en",
		});
		const badBill = await server.call("POST", "/app-api/merchant/bill/settle", {
			token: staff.accessToken,
			body: { billId: "one", expectedTotal: 1.5 },
		});

		expect(bad.code).toBe(ErrorCode.BadRequest);
		expect(bad.data.issues.map((issue) => [issue.field, issue.rule])).toEqual(
			expect.arrayContaining([
				["payMethod", "fieldInvalid"],
				["expectedTotal", "fieldInvalid"],
			]),
		);
		expect(noToken).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("tableInvalid", "en") });
		expect(badBill.code).toBe(ErrorCode.BadRequest);
		expect(await balanceOf(alice)).toBe(before);
		expect((await billOf(alice, "A5")).data?.rounds.map((r) => r.orderId)).toContain(order.id);
	});

	it("refuses a forged table code", async () => {
		const forged = await server.call("GET", "/app-api/order/bill?tableToken=t1-1-1-forged", {
			token: alice.accessToken,
		});
		expect(forged.code).toBe(ErrorCode.TableInvalid);
	});
});

describe("paying a bill while the table keeps ordering", () => {
	it("charges once when two diners pay the same bill at the same moment", async () => {
		const first = await round(alice, "A1");
		const seating = { seating: await tables.sitAt("A1") };
		const open = (await billOf(alice, seating)).data as TableBillView;
		const [aliceBefore, bobBefore] = [await balanceOf(alice), await balanceOf(bob)];

		const answers = await Promise.all([payBill(alice, seating, open.due), payBill(bob, seating, open.due)]);

		const succeeded = answers.filter((answer) => answer.code === 0);
		expect(succeeded).toHaveLength(1);
		expect(answers.find((answer) => answer.code !== 0)?.code).toBe(ErrorCode.SeatingEnded);
		const spent = aliceBefore - (await balanceOf(alice)) + (bobBefore - (await balanceOf(bob)));
		expect(spent).toBe(open.due);
		expect(await orderOf(alice, first.id)).toMatchObject({ paymentStatus: "paid" });
		await fx.expectLedgerConsistent();
	});

	it("never leaves a round unpaid on a settled bill when it races the payment", async () => {
		await round(alice, "A2");
		const seating = { seating: await tables.sitAt("A2") };
		const open = (await billOf(alice, seating)).data as TableBillView;

		const [late, payment] = await Promise.all([
			fx.place(bob.accessToken, {
				orderType: "desk",
				tableToken: seating.seating,
				diners: 2,
				lines: [fx.line(COCONUT)],
			}),
			payBill(alice, seating, open.due),
		]);

		// Either the round made it onto the bill before it was paid (and the payment, for the
		// old total, was refused), or the payment came first and the round was refused: its
		// seating had ended.
		if (payment.code === 0) {
			expect(late.code).toBe(ErrorCode.SeatingEnded);
		} else {
			expect(payment.code).toBe(ErrorCode.BillChanged);
			expect(late.code).toBe(0);
			expect(late.data.billId).toBe(open.id);
		}
		const stranded = await server.deps.db
			.selectFrom("customer_order")
			.innerJoin("table_bill", "table_bill.id", "customer_order.bill_id")
			.select("customer_order.id")
			.where("table_bill.status", "=", "settled")
			.where("customer_order.payment_status", "=", "unpaid")
			.where("customer_order.status", "not in", ["cancelled", "rejected"])
			.execute();
		expect(stranded).toEqual([]);
	});

	it("opens exactly one bill when a table's first two rounds arrive together", async () => {
		const orders = await Promise.all([round(alice, "T4"), round(bob, "T4"), round(alice, "T4")]);
		expect(new Set(orders.map((order) => order.billId)).size).toBe(1);
	});
});

/** The bill a diner settled, as their (now ended) seating token shows it; null while it is open. */
async function settledBillSeenBy(who: { accessToken: string }, seating: { seating: string }) {
	const answer = await billOf(who, seating);
	if (answer.code === 0) return null;
	expect(answer.code).toBe(ErrorCode.SeatingEnded);
	return (answer.data as unknown as SeatingEndedData).bill;
}

const paymentIdOf = (redirectUrl: string) => redirectUrl.split("/").at(-1) as string;

/** The payer approves on the sandbox gateway's page, as a browser would. */
async function approve(redirectUrl: string) {
	const response = await fetch(`${server.url}${redirectUrl}/decide`, {
		method: "POST",
		headers: { "content-type": "application/x-www-form-urlencoded" },
		body: "decision=approve",
		redirect: "manual",
	});
	expect(response.status).toBe(303);
}

async function until<T>(probe: () => Promise<T | null>, ms = 5000): Promise<T> {
	const start = Date.now();
	for (;;) {
		const value = await probe();
		if (value !== null) return value;
		if (Date.now() - start > ms) throw new Error("timed out");
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}
