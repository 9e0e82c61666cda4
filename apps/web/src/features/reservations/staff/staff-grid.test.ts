import type { ReservationGridBooking, ReservationGridView } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { gridAxis, layoutGrid } from "./staff-grid";

/** Phnom Penh is UTC+7 all year: 17:00 local is 10:00Z. */
const TZ = "Asia/Phnom_Penh";
const at = (local: string) => `2026-11-24T${local}:00+07:00`;

function booking(
	id: number,
	tableIds: number[],
	from: string,
	to: string,
	held: string,
	extra: Partial<ReservationGridBooking> = {},
): ReservationGridBooking {
	return {
		reservationId: id,
		tableIds,
		startsAt: at(from),
		endsAt: at(to),
		heldUntil: at(held),
		status: "confirmed",
		party: 2,
		name: `Guest ${id}`,
		...extra,
	};
}

function grid(extra: Partial<ReservationGridView> = {}): ReservationGridView {
	return {
		shopId: 1,
		date: "2026-11-24",
		shopTimeZone: TZ,
		windows: [
			{ opensAt: at("11:30"), closesAt: at("14:00") },
			{ opensAt: at("17:00"), closesAt: at("22:00") },
		],
		slotMinutes: 15,
		tables: [
			{ id: 10, number: "A1", seats: 2, minSeats: 1, area: null, reservable: true },
			{ id: 11, number: "A2", seats: 4, minSeats: 2, area: null, reservable: true },
			{ id: 12, number: "B1", seats: 8, minSeats: 5, area: null, reservable: false },
		],
		bookings: [],
		...extra,
	};
}

describe("the reservation grid's geometry", () => {
	it("runs the axis from the first opening to the last closing, with hour ticks on the shop's clock and the break shaded", () => {
		const axis = gridAxis(grid(), 2);
		expect(axis).not.toBeNull();
		// 11:30 → 22:00 is 630 minutes at 2 px a minute.
		expect(axis?.width).toBe(1260);
		expect(axis?.ticks[0]).toEqual({ left: 60, label: "12:00" });
		expect(axis?.ticks.at(-1)).toEqual({ left: 1260, label: "22:00" });
		expect(axis?.ticks).toHaveLength(11);
		// 14:00 → 17:00 closed: from 150 to 330 minutes after 11:30.
		expect(axis?.closed).toEqual([{ left: 300, width: 360 }]);
	});

	it("places a booking from its start to the end of its reset buffer, with the stay inside it", () => {
		const layout = layoutGrid(grid({ bookings: [booking(1, [11], "19:00", "20:30", "20:40")] }), 2, 0);
		const block = layout?.rows[1]?.blocks[0];
		// 19:00 is 450 minutes after 11:30; the stay is 90 minutes and the buffer 10 more.
		expect(block).toMatchObject({ reservationId: 1, tableId: 11, left: 900, width: 200, stayWidth: 180, lane: 0 });
		expect(block?.startLabel).toBe("19:00");
		expect(block?.endLabel).toBe("20:30");
		expect(layout?.rows[0]?.blocks).toEqual([]);
	});

	it("draws a combined booking on every table it holds", () => {
		const layout = layoutGrid(
			grid({ bookings: [booking(2, [11, 12], "18:00", "20:30", "20:40", { party: 10 })] }),
			2,
			0,
		);
		const blocks = layout?.rows.flatMap((row) => row.blocks) ?? [];
		expect(blocks.map((b) => [b.tableId, b.left, b.combined])).toEqual([
			[11, 780, true],
			[12, 780, true],
		]);
	});

	it("stacks a booking that overlaps another on the same table in a second lane, holding ones first", () => {
		const layout = layoutGrid(
			grid({
				bookings: [
					booking(3, [10], "18:00", "19:30", "19:40", { status: "completed" }),
					booking(4, [10], "19:00", "20:30", "20:40"),
					booking(5, [10], "20:40", "22:00", "22:00"),
				],
			}),
			2,
			0,
		);
		const row = layout?.rows[0];
		expect(row?.lanes).toBe(2);
		expect(row?.blocks.map((b) => [b.reservationId, b.lane])).toEqual([
			[3, 1],
			[4, 0],
			[5, 0],
		]);
	});

	it("widens the axis to a staff booking outside the opening hours, and places now", () => {
		const layout = layoutGrid(
			grid({ bookings: [booking(6, [10], "22:00", "23:30", "23:40")] }),
			1,
			Date.parse(at("12:30")),
		);
		expect(layout?.axis.end).toBe(Date.parse(at("23:40")));
		expect(layout?.nowLeft).toBe(60);
		expect(layoutGrid(grid(), 1, Date.parse(at("09:00")))?.nowLeft).toBeNull();
	});

	it("has nothing to draw on a closed day without bookings", () => {
		expect(layoutGrid(grid({ windows: [] }), 2)).toBeNull();
	});
});
