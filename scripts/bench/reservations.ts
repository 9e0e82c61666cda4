import type { Kysely } from "kysely";
import type { DB } from "../../apps/api/src/db/schema.js";
import { writeReservationRules } from "../../apps/api/test/reservation-rules.js";
import { createBenchShop, text } from "./bench-shop.js";

export const BENCH_TABLES = 40;
export const BENCH_BOOKINGS = 2_000;
export const BENCH_DAYS = 30;
/** The offset of the bench shop's clock (BENCH_TIME_ZONE, UTC+7 all year): local times are plain arithmetic here. */
const UTC_OFFSET_HOURS = 7;
const STAY_MINUTES = 105;
const BUFFER_MINUTES = 10;

/**
 * A busy restaurant for the availability benchmark (issue 11): 40 bookable tables of 2 to 8
 * seats, open 11:00–23:00 every day and until 02:00 on Friday and Saturday nights, bookings
 * open 30 days ahead, and 2,000 confirmed bookings spread over those 30 days (about 67 a day,
 * lunch and dinner), written straight into the database. Returns the shop and a local day to
 * ask about that has bookings on it.
 */
export async function createBookedShop(db: Kysely<DB>, now: Date): Promise<{ shopId: number; date: string }> {
	const shopId = await createBenchShop(db, {
		code: "bench-bookings",
		name: text("Bookings benchmark shop"),
		address: text("Street 2"),
		phone: "+855 23 000 001",
		hours: (weekday) => ({ opens_at: "11:00", closes_at: weekday === 5 || weekday === 6 ? "02:00" : "23:00" }),
	});
	await writeReservationRules(
		db,
		shopId,
		{
			turnTimes: [{ upToParty: 50, minutes: STAY_MINUTES }],
			bufferMinutes: BUFFER_MINUTES,
			maxDaysAhead: BENCH_DAYS,
			pacingCoversPerSlot: 40,
			autoConfirmPercent: 80,
		},
		now,
	);
	const tables = await db
		.insertInto("dining_table")
		.values(
			Array.from({ length: BENCH_TABLES }, (_, i) => ({
				shop_id: shopId,
				number: `T${i + 1}`,
				seats: 2 + (i % 4) * 2,
				min_seats: 1,
				reservable: true,
				sort: i,
			})),
		)
		.returning(["id", "seats"])
		.execute();

	// Each table gets up to two bookings a day (lunch at 12:00 + its index's quarter hours,
	// dinner three and a half hours later), never overlapping: the exclusion constraint checks.
	const localMidnightUtc =
		Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - UTC_OFFSET_HOURS * 3_600_000;
	const bookings: Array<{ start: Date; tableId: number; party: number }> = [];
	for (let day = 1; day <= BENCH_DAYS && bookings.length < BENCH_BOOKINGS; day++) {
		for (const [index, table] of tables.entries()) {
			for (const meal of [0, 1]) {
				if (bookings.length >= BENCH_BOOKINGS) break;
				const minutes = 12 * 60 + (index % 8) * 15 + meal * 210;
				bookings.push({
					start: new Date(localMidnightUtc + day * 86_400_000 + minutes * 60_000),
					tableId: table.id,
					party: Math.max(1, table.seats - (index % 2)),
				});
			}
		}
	}
	for (let offset = 0; offset < bookings.length; offset += 500) {
		const batch = bookings.slice(offset, offset + 500);
		const rows = await db
			.insertInto("reservation")
			.values(
				batch.map((booking, i) => {
					const ends = new Date(booking.start.getTime() + STAY_MINUTES * 60_000);
					return {
						tenant_id: 1,
						shop_id: shopId,
						member_id: null,
						code: `BENCH${offset + i}`,
						status: "confirmed" as const,
						party: booking.party,
						starts_at: booking.start,
						ends_at: ends,
						held_until: new Date(ends.getTime() + BUFFER_MINUTES * 60_000),
						guest_name: `Guest ${offset + i}`,
						guest_phone: "13800000000",
						occasion: null,
						area_preference: null,
						source: "staff" as const,
						created_by_member_id: null,
						pay_deadline: null,
						created_at: now,
						updated_at: now,
					};
				}),
			)
			.returning(["id", "starts_at", "held_until"])
			.execute();
		await db
			.insertInto("reservation_table")
			.values(
				rows.map((row, i) => ({
					reservation_id: row.id,
					table_id: batch[i]?.tableId ?? 0,
					shop_id: shopId,
					stay: `[${new Date(row.starts_at).toISOString()},${new Date(row.held_until).toISOString()})`,
				})),
			)
			.execute();
	}
	const askedDay = new Date(localMidnightUtc + 5 * 86_400_000 + UTC_OFFSET_HOURS * 3_600_000);
	return { shopId, date: askedDay.toISOString().slice(0, 10) };
}
