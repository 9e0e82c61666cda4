import { ErrorCode, type ReservationView } from "@bayon/contract";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { expectLedgerInvariants } from "../../../../test/ledger-invariants.js";
import { writeReservationRules } from "../../../../test/reservation-rules.js";
import { addShop } from "../../../../test/shops.js";
import { fromLocalMoment } from "../../venues/hours.js";

const PP = "Asia/Phnom_Penh";
const at = (local: string) =>
	fromLocalMoment(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), PP);
const GUESTS = 50;

/**
 * Many guests at once on PostgreSQL (PGlite has one connection, so nothing runs at the same
 * time there): the database's exclusion constraint gives each table to one booking, and the
 * slot's lock keeps pacing.
 */
describe("guests booking at the same moment", () => {
	let server: TestServer;
	let guests: Array<{ accessToken: string; userId: number }>;

	beforeAll(async () => {
		server = await startTestServer();
		// Friday 2026-12-04 09:00 in Phnom Penh.
		server.clock.set(at("2026-12-04 09:00"));
		guests = [];
		for (let i = 0; i < GUESTS; i++) guests.push(await server.signIn(`139${String(10_000_000 + i)}`));
	}, 120_000);
	// After every race: money moved, never made, and none a shop may withdraw that nobody paid (decision 027).
	afterEach(async () => {
		await expectLedgerInvariants(server.deps.db);
	});
	afterAll(async () => {
		await server?.close();
	});

	/** A shop open 10:00–22:00 with `fitting` four-seat tables and two two-seat tables a party of 4 cannot use. */
	async function shopWithTables(code: string, fitting: number, pacing: number | null): Promise<number> {
		const shopId = await addShop(server, code);
		await server.deps.db
			.insertInto("shop_opening_hours")
			.values(
				[0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ shop_id: shopId, weekday, opens_at: "10:00", closes_at: "22:00" })),
			)
			.execute();
		await server.deps.db
			.insertInto("dining_table")
			.values(
				[
					...Array.from({ length: fitting }, (_, i) => ({ number: `F${i + 1}`, seats: 4 })),
					{ number: "S1", seats: 2 },
					{ number: "S2", seats: 2 },
				].map((table, sort) => ({ ...table, shop_id: shopId, reservable: true, min_seats: 1, sort })),
			)
			.execute();
		await writeReservationRules(server.deps.db, shopId, { pacingCoversPerSlot: pacing });
		return shopId;
	}

	function bookAll(shopId: number, startOf: (i: number) => Date) {
		return Promise.all(
			guests.map((guest, i) =>
				server.call<ReservationView>("POST", "/app-api/reservation/create", {
					token: guest.accessToken,
					headers: { "idempotency-key": `race-${shopId}-${i}-${Date.now()}` },
					body: {
						shopId,
						startsAt: startOf(i).toISOString(),
						party: 4,
						name: `Guest ${i}`,
						phone: `139${String(10_000_000 + i)}`,
						agreed: true,
					},
				}),
			),
		);
	}

	/** Pairs of holding rows of one table whose stays overlap: there must never be one. */
	async function overlappingHolds(shopId: number): Promise<number> {
		const result = await sql<{ n: string }>`
			SELECT count(*) AS n FROM reservation_table a JOIN reservation_table b
				ON a.table_id = b.table_id AND a.reservation_id < b.reservation_id
			WHERE a.shop_id = ${shopId} AND a.holding AND b.holding AND a.stay && b.stay`.execute(server.deps.db);
		return Number(result.rows[0]?.n);
	}

	it("50 guests, one slot, three tables that fit: exactly three bookings, never two on one table", async () => {
		const shopId = await shopWithTables("race-one-slot", 3, null);
		const answers = await bookAll(shopId, () => at("2026-12-04 19:00"));
		const booked = answers.filter((answer) => answer.code === 0);
		expect(booked).toHaveLength(3);
		expect(answers.filter((answer) => answer.code === ErrorCode.ReservationSlotTaken)).toHaveLength(GUESTS - 3);
		expect(new Set(booked.map((answer) => answer.data.tables[0]?.number))).toEqual(new Set(["F1", "F2", "F3"]));
		expect(await overlappingHolds(shopId)).toBe(0);
	});

	it("50 guests at overlapping times of different slots (no shared lock): the database still gives each table once", async () => {
		const shopId = await shopWithTables("race-overlapping", 3, null);
		// Starts 18:00 … 18:45: every stay (90 + 10 minutes) overlaps every other.
		const answers = await bookAll(shopId, (i) => at(`2026-12-04 18:${String((i % 4) * 15).padStart(2, "0")}`));
		expect(answers.filter((answer) => answer.code === 0)).toHaveLength(3);
		expect(answers.every((answer) => answer.code === 0 || answer.code === ErrorCode.ReservationSlotTaken)).toBe(true);
		expect(await overlappingHolds(shopId)).toBe(0);
	});

	it("keeps pacing under a rush: with room for 8 covers a slot, two parties of 4 get in although five tables fit", async () => {
		const shopId = await shopWithTables("race-pacing", 5, 8);
		const answers = await bookAll(shopId, () => at("2026-12-04 19:00"));
		expect(answers.filter((answer) => answer.code === 0)).toHaveLength(2);
		const covers = await server.deps.db
			.selectFrom("reservation")
			.select((eb) => eb.fn.sum<string>("party").as("covers"))
			.where("shop_id", "=", shopId)
			.executeTakeFirstOrThrow();
		expect(Number(covers.covers)).toBe(8);
	});
});
