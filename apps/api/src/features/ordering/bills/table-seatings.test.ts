import {
	ErrorCode,
	formatMessage,
	type MerchantTable,
	type OrderView,
	type SeatingEndedData,
	type TableBillView,
} from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { takeBillInCash } from "../../../../test/counter.js";
import type { TestServer } from "../../../../test/harness.js";
import type { OrderingFixture } from "../../../../test/ordering.js";
import { addOtherShop, codeOf, startAtDemoTables, type TableFixture } from "../../../../test/tables.js";

/**
 * Seatings (decision 009): a table's printed code opens or joins its current seating; only a
 * token of the current seating orders, sees the bill and pays it. Plus the staff's tools
 * against strangers: who ordered each round, removing a round, clearing the table and
 * reprinting its code.
 */

let server: TestServer;
let fx: OrderingFixture;
type Diner = { accessToken: string; userId: number };
let alice: Diner;
let bob: Diner;
/** Someone who scanned a table once and kept the link. */
let stranger: Diner;
let staff: Diner;
let tables: TableFixture;
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	({ server, fx, staff, tables } = await startAtDemoTables());
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	alice = await server.signIn("13800000003");
	bob = await server.signIn("13900000031");
	stranger = await server.signIn("13900000032");
	staff = await server.signIn("13800000002");
	await fx.setStock(fx.item(COCONUT).id, null);
	for (const diner of [alice, bob, stranger]) await fx.grant(diner.userId, 5000);
});

const printed = (table: string) => tables.printed.get(table) as string;
const scan = (code: string, lang?: string) => tables.scan(code, lang);
const sitAt = (table: string) => tables.sitAt(table);

const order = (who: Diner, seating: string, quantity = 1, lang?: string) =>
	fx.place(
		who.accessToken,
		{ orderType: "desk", tableToken: seating, diners: 2, lines: [fx.line(COCONUT, quantity)] },
		fx.newKey(),
		lang,
	);

async function round(who: Diner, seating: string, quantity = 1): Promise<OrderView> {
	const placed = await order(who, seating, quantity);
	expect(placed.code).toBe(0);
	return placed.data;
}

const billOf = (who: Diner, seating: string, lang?: string) => tables.billOf(who, seating, lang);
const payBill = (who: Diner, seating: string, expectedTotal: number, lang?: string) =>
	tables.payBill(who, seating, expectedTotal, "balance", lang);

const staffCall = <T>(path: string, body: Record<string, unknown>, who: { accessToken: string } = staff) =>
	server.call<T>("POST", `/app-api/merchant/bill/${path}`, { token: who.accessToken, body });

const removeRound = (orderId: number, who: { accessToken: string } = staff) =>
	staffCall<TableBillView>("remove-round", { orderId }, who);
const clearTable = (billId: number, expectedTotal: number, who: { accessToken: string } = staff) =>
	staffCall<TableBillView>("clear", { billId, expectedTotal }, who);

const openBills = async () =>
	(
		await server.call<TableBillView[]>("GET", "/app-api/merchant/bill/list?shopId=1", {
			token: staff.accessToken,
		})
	).data;

const balanceOf = (who: Diner) => tables.balanceOf(who);

const statusOf = async (orderId: number) =>
	server.deps.db
		.selectFrom("customer_order")
		.select(["status", "payment_status"])
		.where("id", "=", orderId)
		.executeTakeFirstOrThrow();

/** What an old seating's token gets for a round, the bill and paying: SeatingEnded each time. */
async function expectRefusedEverywhere(who: Diner, seating: string, reason: SeatingEndedData["reason"]) {
	const [newRound, bill, payment, rescan] = await Promise.all([
		order(who, seating, 1, "en"),
		billOf(who, seating, "en"),
		payBill(who, seating, 100, "en"),
		scan(seating, "en"),
	]);
	const scanAgain = formatMessage("seatingEnded", "en");
	expect(newRound).toMatchObject({ code: ErrorCode.SeatingEnded, msg: scanAgain });
	expect(bill).toMatchObject({ code: ErrorCode.SeatingEnded, msg: scanAgain, data: { reason } });
	expect(payment).toMatchObject({ code: ErrorCode.SeatingEnded, msg: scanAgain, data: { reason } });
	expect(rescan).toMatchObject({ code: ErrorCode.SeatingEnded, msg: scanAgain });
	// The cart page says the same before anyone gets to checkout.
	const priced = await server.call<{ problems: Array<{ code: number }> }>("POST", "/app-api/cart/price", {
		lang: "en",
		body: { shopId: 1, orderType: "desk", tableToken: seating, lines: [fx.line(COCONUT)] },
	});
	expect(priced.data.problems.map((problem) => problem.code)).toEqual([ErrorCode.SeatingEnded]);
}

describe("a table's seatings", () => {
	it("gives everyone who scans the table during a visit the same seating, and a new one after the bill is paid", async () => {
		const aliceSeat = await sitAt("A1");
		const bobSeat = await sitAt("A1");
		expect(bobSeat).toBe(aliceSeat);
		expect(aliceSeat).not.toBe(printed("A1"));
		const first = await round(alice, aliceSeat);
		const second = await round(bob, bobSeat);
		expect(second.billId).toBe(first.billId);
		const due = first.total + second.total;
		const [aliceBefore, bobBefore] = [await balanceOf(alice), await balanceOf(bob)];
		expect((await payBill(alice, aliceSeat, due)).code).toBe(0);

		await expectRefusedEverywhere(bob, bobSeat, "paid");
		// The refused calls charged nobody and ordered nothing.
		expect(await balanceOf(alice)).toBe(aliceBefore - due);
		expect(await balanceOf(bob)).toBe(bobBefore);
		const onOldBill = await server.deps.db
			.selectFrom("customer_order")
			.select("id")
			.where("bill_id", "=", first.billId)
			.execute();
		expect(onOldBill.map((row) => row.id)).toEqual([first.id, second.id]);

		const nextSeat = await sitAt("A1");
		expect(nextSeat).not.toBe(aliceSeat);
		expect((await billOf(bob, nextSeat)).data).toBeNull();
		const next = await round(bob, nextSeat);
		expect(next.billId).not.toBe(first.billId);
	});

	it("ends the seating when the bill is settled at the counter, and says so to the diners", async () => {
		const seat = await sitAt("A2");
		const placed = await round(alice, seat);
		const settled = await takeBillInCash(server, staff.accessToken, {
			billId: placed.billId as number,
			amount: placed.total,
		});
		expect(settled.code, settled.msg).toBe(0);

		await expectRefusedEverywhere(bob, seat, "paid");
		// A diner who had a round on it still sees the bill they settled; others do not.
		const mine = await billOf(alice, seat, "km");
		expect(mine).toMatchObject({
			code: ErrorCode.SeatingEnded,
			msg: formatMessage("seatingEnded", "km"),
			data: { reason: "paid", bill: { id: placed.billId, status: "settled", settleMethod: "counter" } },
		});
		expect(((await billOf(bob, seat)).data as unknown as SeatingEndedData).bill).toBeNull();
	});

	it("ends the seating when the staff clear the table, cancelling the unpaid rounds they confirmed", async () => {
		await fx.setStock(fx.item(COCONUT).id, 20);
		const seat = await sitAt("A3");
		const placed = await round(alice, seat, 3);
		expect(await fx.stockOf(fx.item(COCONUT).id)).toBe(17);

		// The staff saw nothing unpaid, but a round is: refused, nothing changes.
		const unseen = await clearTable(placed.billId as number, 0, staff);
		expect(unseen.code).toBe(ErrorCode.BillChanged);
		expect((await billOf(alice, seat)).data?.due).toBe(placed.total);

		const cleared = await clearTable(placed.billId as number, placed.total);
		expect(cleared.code).toBe(0);
		expect(cleared.data).toMatchObject({ status: "settled", settleMethod: "nothing_due", paidTotal: 0, due: 0 });
		expect(await statusOf(placed.id)).toEqual({ status: "cancelled", payment_status: "unpaid" });
		expect(await fx.stockOf(fx.item(COCONUT).id)).toBe(20);
		expect((await clearTable(placed.billId as number, 0)).code).toBe(ErrorCode.BillSettled);

		await expectRefusedEverywhere(alice, seat, "closed");
		const nextSeat = await sitAt("A3");
		expect(nextSeat).not.toBe(seat);
		expect((await round(bob, nextSeat)).billId).not.toBe(placed.billId);
		await fx.expectLedgerConsistent();
	});

	it("voids printed copies and every token handed out when the staff reprint the code, keeping the bill", async () => {
		const oldCode = printed("A4");
		const seat = await sitAt("A4");
		const placed = await round(alice, seat);
		const a4 = (await tables.tables(staff)).find((table) => table.number === "A4") as MerchantTable;

		// A new code is the owner's or a manager's call (permission `shop`, decision 016).
		const owner = await server.signIn("13800000001");
		const reprinted = await server.call<MerchantTable>("POST", "/app-api/merchant/table/reprint", {
			token: owner.accessToken,
			body: { tableId: a4.id },
		});
		expect(reprinted.code).toBe(0);
		const newCode = codeOf(reprinted.data);
		expect(newCode).not.toBe(oldCode);
		tables.printed.set("A4", newCode);

		expect((await scan(oldCode, "en")).code).toBe(ErrorCode.TableInvalid);
		const stale = await billOf(alice, seat, "en");
		expect(stale).toMatchObject({ code: ErrorCode.SeatingEnded, data: { reason: "codeChanged", bill: null } });
		expect((await order(stranger, seat)).code).toBe(ErrorCode.SeatingEnded);
		// The diners scan the new print and carry on with the same bill.
		const again = await sitAt("A4");
		expect((await billOf(alice, again)).data).toMatchObject({ id: placed.billId, status: "open", due: placed.total });
	});

	it("lets a waiter at the table take a round with the printed code: it joins the current seating", async () => {
		const seat = await sitAt("T4");
		const diners = await round(alice, seat);

		const forBob = await server.call<OrderView>("POST", "/app-api/merchant/order/create", {
			token: staff.accessToken,
			headers: { "idempotency-key": fx.newKey() },
			body: {
				shopId: 1,
				orderType: "desk",
				tableToken: printed("T4"),
				diners: 2,
				customerMobile: "13900000031",
				lines: [fx.line(COCONUT)],
			},
		});

		expect(forBob.code).toBe(0);
		expect(forBob.data.billId).toBe(diners.billId);
		// The same printed code is no seating token for a customer.
		const customerTries = await fx.place(alice.accessToken, {
			orderType: "desk",
			tableToken: printed("T4"),
			diners: 2,
			lines: [fx.line(COCONUT)],
		});
		expect(customerTries.code).toBe(ErrorCode.TableInvalid);
	});

	it("starts a new seating when the open one had no round for hours (someone scanned and left)", async () => {
		const early = await sitAt("A5");
		server.clock.advance(4 * 3600);
		stranger = await server.signIn("13900000032");

		const tonight = await sitAt("A5");

		expect(tonight).not.toBe(early);
		expect((await order(stranger, early)).code).toBe(ErrorCode.SeatingEnded);
		expect((await order(stranger, tonight)).code).toBe(0);
		// A seating with a round is the table's bill: it stays however long the meal takes.
		server.clock.advance(4 * 3600);
		stranger = await server.signIn("13900000032");
		expect(await sitAt("A5")).toBe(tonight);
	});
});

describe("the staff against a stranger's rounds", () => {
	it("shows the staff who ordered each round, and when", async () => {
		await server.call("POST", "/app-api/member/user/update-nickname", {
			token: stranger.accessToken,
			body: { nickname: "Mystery" },
		});
		const seat = await sitAt("A6");
		const mine = await round(alice, seat);
		const theirs = await round(stranger, seat);

		const bill = (await openBills()).find((candidate) => candidate.id === mine.billId) as TableBillView;

		expect(bill.rounds.map((r) => [r.orderId, r.orderedBy, r.createdAt])).toEqual([
			[mine.id, { nickname: expect.any(String), mobile: "138****0003" }, mine.createdAt],
			[theirs.id, { nickname: "Mystery", mobile: "139****0032" }, theirs.createdAt],
		]);
		// Diners see which rounds are theirs, not who the others are.
		const dinerView = (await billOf(alice, seat)).data as TableBillView;
		expect(dinerView.rounds.map((r) => [r.mine, r.orderedBy])).toEqual([
			[true, undefined],
			[false, undefined],
		]);
	});

	it("lets the staff remove a stranger's unpaid round: stock back, total down, stale payers told", async () => {
		await fx.setStock(fx.item(COCONUT).id, 10);
		const seat = await sitAt("T1");
		const mine = await round(alice, seat);
		const theirs = await round(stranger, seat, 2);
		expect(await fx.stockOf(fx.item(COCONUT).id)).toBe(7);
		const bobBefore = await balanceOf(bob);

		const removed = await removeRound(theirs.id);

		expect(removed.code).toBe(0);
		expect(removed.data.due).toBe(mine.total);
		expect(removed.data.rounds.find((r) => r.orderId === theirs.id)?.status).toBe("cancelled");
		expect(await fx.stockOf(fx.item(COCONUT).id)).toBe(9);
		expect(await statusOf(theirs.id)).toEqual({ status: "cancelled", payment_status: "unpaid" });
		// Removing it twice changes nothing more.
		expect((await removeRound(theirs.id)).code).toBe(0);
		expect(await fx.stockOf(fx.item(COCONUT).id)).toBe(9);
		// Bob still looks at the old total: refused, and nothing is charged.
		const stale = await payBill(bob, seat, mine.total + theirs.total, "en");
		expect(stale.code).toBe(ErrorCode.BillChanged);
		expect(await balanceOf(bob)).toBe(bobBefore);

		expect((await payBill(bob, seat, mine.total)).code).toBe(0);
		const paidRound = await removeRound(mine.id, staff);
		expect(paidRound).toMatchObject({ code: ErrorCode.BillRoundPaid });
		expect(await statusOf(mine.id)).toEqual({ status: "new", payment_status: "paid" });
		expect(await fx.stockOf(fx.item(COCONUT).id)).toBe(9);
		await fx.expectLedgerConsistent();
	});

	it("refuses the staff calls to customers the same way whether or not the id exists", async () => {
		const seat = await sitAt("T2");
		const placed = await round(alice, seat);
		const t2 = (await tables.tables(staff)).find((table) => table.number === "T2") as MerchantTable;
		const missingOrder = placed.id + 100_000;
		const missingBill = (placed.billId as number) + 100_000;

		const answers = await Promise.all([
			removeRound(placed.id, stranger),
			removeRound(missingOrder, stranger),
			clearTable(placed.billId as number, placed.total, stranger),
			clearTable(missingBill, placed.total, stranger),
			staffCall("settle", { billId: placed.billId, expectedTotal: placed.total }, stranger),
			staffCall("settle", { billId: missingBill, expectedTotal: placed.total }, stranger),
			server.call("POST", "/app-api/merchant/table/reprint", {
				token: stranger.accessToken,
				body: { tableId: t2.id },
			}),
			server.call("POST", "/app-api/merchant/table/reprint", {
				token: stranger.accessToken,
				body: { tableId: 999_999 },
			}),
		]);

		for (const answer of answers) expect(answer).toMatchObject({ code: ErrorCode.Forbidden, data: null });

		// Staff of another shop are told "not found", for real ids and made-up ones alike.
		const elsewhere = await server.signIn("13900000033");
		await addOtherShop(server, elsewhere.userId);
		const fromElsewhere = await Promise.all([
			removeRound(placed.id, elsewhere),
			removeRound(missingOrder, elsewhere),
			clearTable(placed.billId as number, placed.total, elsewhere),
			clearTable(missingBill, placed.total, elsewhere),
		]);
		for (const answer of fromElsewhere) expect(answer).toMatchObject({ code: ErrorCode.NotFound, data: null });

		expect(await statusOf(placed.id)).toEqual({ status: "new", payment_status: "unpaid" });
		expect((await billOf(alice, seat)).data).toMatchObject({ status: "open", due: placed.total });
	});

	it("either pays a round or removes it when both happen at once, never both", async () => {
		await fx.setStock(fx.item(COCONUT).id, 100);
		for (let attempt = 0; attempt < 6; attempt++) {
			const seat = await sitAt("T3");
			const mine = await round(alice, seat);
			const theirs = await round(stranger, seat);
			const stockBefore = (await fx.stockOf(fx.item(COCONUT).id)) as number;
			const bobBefore = await balanceOf(bob);

			const [removal, payment] = await Promise.all([
				removeRound(theirs.id),
				payBill(bob, seat, mine.total + theirs.total),
			]);

			const after = await statusOf(theirs.id);
			if (payment.code === 0) {
				// The payment came first: the round is paid, the removal refused, its stock kept.
				expect(removal.code).toBe(ErrorCode.BillRoundPaid);
				expect(after).toEqual({ status: "new", payment_status: "paid" });
				expect(await fx.stockOf(fx.item(COCONUT).id)).toBe(stockBefore);
				expect(await balanceOf(bob)).toBe(bobBefore - mine.total - theirs.total);
			} else {
				// The removal came first: the payer saw a total that no longer holds.
				expect(payment.code).toBe(ErrorCode.BillChanged);
				expect(removal.code).toBe(0);
				expect(after).toEqual({ status: "cancelled", payment_status: "unpaid" });
				expect(await fx.stockOf(fx.item(COCONUT).id)).toBe(stockBefore + 1);
				expect(await balanceOf(bob)).toBe(bobBefore);
				expect((await payBill(bob, seat, mine.total)).code).toBe(0);
			}
		}
		await fx.expectLedgerConsistent();
	});
});
