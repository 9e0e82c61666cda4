import type { CounterTakeView, ReservationView, ShiftView, TableBillView } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../test/booking-money.js";
import type { TestServer } from "../../../test/harness.js";
import { expectLedgerInvariants } from "../../../test/ledger-invariants.js";
import type { OrderingFixture } from "../../../test/ordering.js";
import { writeReservationRules } from "../../../test/reservation-rules.js";
import { startAtDemoTables, type TableFixture } from "../../../test/tables.js";

/**
 * A table bill a booking's deposit paid part of, the rest taken in cash at the counter (decision
 * 029): the cash part is paid out to the shop at once and never withdrawable; the deposit's part
 * (money the platform holds) stays the shop's pending earning, withdrawable when it settles.
 */

let server: TestServer;
let fx: OrderingFixture;
let bx: BookingMoneyFixture;
let tables: TableFixture;
let guest: { accessToken: string; userId: number };
let staff: { accessToken: string; userId: number };
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	({ server, fx, tables } = await startAtDemoTables());
	bx = new BookingMoneyFixture(server, fx);
	await fx.setStock(fx.item(COCONUT).id, null);
	// Parties of 4 or more leave 5.00 a head; only T1 takes bookings, so the story knows where they sit.
	await writeReservationRules(server.deps.db, 1, { minNoticeMinutes: 30, depositMinParty: 4, depositPerPerson: 500 });
	await server.deps.db.updateTable("dining_table").set({ reservable: false }).where("shop_id", "=", 1).execute();
	await server.deps.db
		.updateTable("dining_table")
		.set({ reservable: true, min_seats: 1 })
		.where("shop_id", "=", 1)
		.where("number", "=", "T1")
		.execute();
	fx.moveClockToLocal("12:00");
	guest = await server.signIn("13800000003");
	staff = await server.signIn("13800000002");
});
afterAll(async () => {
	await server?.close();
});

describe("a bill a deposit paid part of, the rest in cash", () => {
	it("keeps the cash part at the counter and leaves the deposit's part a pending earning", async () => {
		await fx.grant(guest.userId, 20_000);
		const booked = await server.call<ReservationView>("POST", "/app-api/reservation/create", {
			token: guest.accessToken,
			headers: { "idempotency-key": fx.newKey() },
			body: {
				shopId: 1,
				startsAt: new Date(server.clock.now().getTime() + 60 * 60_000).toISOString(),
				party: 4,
				name: "Dara",
				phone: "13800000003",
				agreed: true,
			},
		});
		expect(booked.code, booked.msg).toBe(0);
		expect((await bx.pay(guest.accessToken, booked.data.id)).code).toBe(0);
		const arrived = await bx.arrive(staff.accessToken, `bayon:arrive?code=${booked.data.code}`);
		expect(arrived.code, arrived.msg).toBe(0);
		const seating = await tables.sitAt("T1");
		const coconut = fx.item(COCONUT).price;
		// More than the deposit (2,000): the rest is paid at the counter.
		const quantity = Math.floor(2000 / coconut) + 3;
		const round = await fx.place(guest.accessToken, {
			orderType: "desk",
			tableToken: seating,
			diners: 4,
			lines: [fx.line(COCONUT, quantity)],
		});
		expect(round.code, round.msg).toBe(0);
		const bill = (await tables.billOf(guest, seating)).data as TableBillView;
		const cash = round.data.total - 2000;
		expect(bill).toMatchObject({ credit: 2000, due: cash });

		const opened = await server.call<ShiftView>("POST", "/app-api/merchant/counter/shift/open", {
			token: staff.accessToken,
			body: { shopId: 1, floatCash: 0 },
		});
		expect(opened.code, opened.msg).toBe(0);
		const taken = await server.call<CounterTakeView>("POST", "/app-api/merchant/counter/take", {
			token: staff.accessToken,
			headers: { "idempotency-key": fx.newKey() },
			body: { shopId: 1, purpose: "table_bill", purposeId: bill.id, amount: cash, method: "cash", tendered: cash },
		});
		expect(taken.code, taken.msg).toBe(0);

		const earnings = await server.deps.db
			.selectFrom("shop_earning")
			.select(["gross", "status", "counter_take_id"])
			.where("order_id", "=", round.data.id)
			.orderBy("id")
			.execute();
		expect(earnings).toEqual([
			{ gross: 2000, status: "pending", counter_take_id: null },
			{ gross: cash, status: "settled", counter_take_id: taken.data.id },
		]);
		await expectLedgerInvariants(server.deps.db);
	});
});
