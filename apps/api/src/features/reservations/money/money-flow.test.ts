import { ErrorCode, type OrderView, type PageResult, type ReservationView, type TableBillView } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../../test/booking-money.js";
import type { TestServer } from "../../../../test/harness.js";
import type { OrderingFixture } from "../../../../test/ordering.js";
import { writeReservationRules } from "../../../../test/reservation-rules.js";
import { startAtDemoTables, type TableFixture } from "../../../../test/tables.js";

/**
 * One booking's money from end to end through the real calls: booked in the app with a deposit
 * and a pre-order paid now, paid from the balance, seated by its code; the pre-order reaches
 * the board paid, the deposit is credited to the table's bill, and the hold ends where it began.
 */

let server: TestServer;
let fx: OrderingFixture;
let bx: BookingMoneyFixture;
let tables: TableFixture;
let guest: { accessToken: string; userId: number };
let staff: { accessToken: string; userId: number };
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	({ server, fx, staff, tables } = await startAtDemoTables());
	bx = new BookingMoneyFixture(server, fx);
	// The demo seed already takes bookings with the defaults: this story's rules replace them.
	// Bookings need 30 minutes' notice; parties of 4 or more leave 5.00 a head.
	await writeReservationRules(server.deps.db, 1, { minNoticeMinutes: 30, depositMinParty: 4, depositPerPerson: 500 });
	// Only T1 takes bookings here (the demo seed lets every table take them), so the story knows
	// where the party sits.
	await server.deps.db.updateTable("dining_table").set({ reservable: false }).where("shop_id", "=", 1).execute();
	await server.deps.db
		.updateTable("dining_table")
		.set({ reservable: true, min_seats: 1 })
		.where("shop_id", "=", 1)
		.where("number", "=", "T1")
		.execute();
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("12:00");
	guest = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
});

const book = (startsAt: Date, key = fx.newKey()) =>
	server.call<ReservationView>("POST", "/app-api/reservation/create", {
		token: guest.accessToken,
		headers: { "idempotency-key": key },
		body: {
			shopId: 1,
			startsAt: startsAt.toISOString(),
			party: 4,
			name: "Dara",
			phone: "13800000003",
			agreed: true,
			preorder: { lines: [fx.line(COCONUT, 2)], pay: "now" },
		},
	});

describe("a booking with a deposit and a pre-order paid now", () => {
	it("is paid once, seated by its code, its pre-order on the board and its deposit on the bill", async () => {
		await fx.grant(guest.userId, 20_000);
		const holdBefore = await bx.hold();
		const revenueBefore = await bx.revenue();
		const walletBefore = await bx.wallet(guest.userId);
		const stockBefore = await fx.stockOf(fx.item(COCONUT).id);
		const startsAt = new Date(server.clock.now().getTime() + 60 * 60_000);

		const booked = await book(startsAt);
		expect(booked.code, booked.msg).toBe(0);
		expect(booked.data).toMatchObject({
			status: "awaiting_payment",
			amountDue: 2000 + 400,
			actions: expect.arrayContaining(["pay"]),
		});

		const clicks = await Promise.all([1, 2, 3].map(() => bx.pay(guest.accessToken, booked.data.id)));
		expect(clicks.map((c) => c.code).sort()).toEqual([
			0,
			ErrorCode.ReservationNotPayable,
			ErrorCode.ReservationNotPayable,
		]);
		expect(await bx.wallet(guest.userId)).toBe(walletBefore - 2400);
		expect(await bx.hold()).toBe(holdBefore + 2400);
		const detail = await server.call<ReservationView>("GET", `/app-api/reservation/detail?id=${booked.data.id}`, {
			token: guest.accessToken,
		});
		expect(detail.data).toMatchObject({ status: "confirmed", amountDue: 0 });
		expect(detail.data.payments.map((p) => [p.kind, p.status, p.payMethod])).toEqual([
			["deposit", "paid", "balance"],
			["preorder", "paid", "balance"],
		]);

		const arrived = await bx.arrive(staff.accessToken, `bayon:arrive?code=${booked.data.code}`);
		expect(arrived.code, arrived.msg).toBe(0);
		expect(arrived.data.tableNumbers).toEqual(["T1"]);
		const board = await server.call<PageResult<OrderView>>(
			"GET",
			"/app-api/merchant/order/list?shopId=1&scope=active",
			{
				token: staff.accessToken,
			},
		);
		const preorder = board.data.list.find((order) => order.id === arrived.data.preorderOrderId);
		expect(preorder).toMatchObject({ status: "new", paymentStatus: "paid", total: 400, tableNumber: "T1" });
		expect(await fx.stockOf(fx.item(COCONUT).id)).toBe(stockBefore === null ? null : stockBefore - 2);

		// A round at the table: 3 coconuts (600); the deposit (2000) covers it, the rest goes back.
		const seating = await tables.sitAt("T1");
		const round = await fx.place(guest.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 4,
			lines: [fx.line(COCONUT, 3)],
		});
		expect(round.code).toBe(0);
		const bill = (await tables.billOf(guest, seating)).data as TableBillView;
		expect(bill).toMatchObject({ credit: 2000, due: 0 });
		const settled = await server.call<TableBillView>("POST", "/app-api/merchant/bill/settle", {
			token: staff.accessToken,
			body: { billId: arrived.data.billId, expectedTotal: 0 },
		});
		expect(settled.code).toBe(0);

		expect(await bx.revenue()).toBe(revenueBefore + 400 + 600);
		expect(await bx.wallet(guest.userId)).toBe(walletBefore - 400 - 600);
		expect(await bx.hold()).toBe(holdBefore);
		await bx.expectBooksBalanced();
	});
});
