import type { ReservationGridBooking, ReservationGridView, ReservationStatus } from "@bayon/contract";
import { clockTime } from "../../../lib/shop-clock";

/**
 * The table × time grid's geometry, kept apart from the screen so it can be tested: one row
 * per table, a time axis from the day's first opening to its last closing, and each booking
 * as a block from its start to the end of its reset buffer (held until), on every table it
 * holds. Positions are in pixels from the axis start.
 */

const MINUTE = 60_000;

export interface GridAxis {
	/** Epoch ms of the axis start and end. */
	start: number;
	end: number;
	pxPerMinute: number;
	width: number;
	/** Whole hours on the shop's clock, for the labels along the top. */
	ticks: Array<{ left: number; label: string }>;
	/** Stretches between opening windows (an afternoon break), shaded as closed. */
	closed: Array<{ left: number; width: number }>;
}

export interface GridBlock {
	reservationId: number;
	tableId: number;
	status: ReservationStatus;
	name: string;
	party: number;
	/** Start and end times on the shop's clock. */
	startLabel: string;
	endLabel: string;
	left: number;
	/** The whole block: start → held until (stay plus reset buffer). */
	width: number;
	/** The stay alone (start → ends at); the rest of the block is the reset buffer. */
	stayWidth: number;
	/** 0 for the first lane of its row; bookings that overlap (a cancelled one under a new one) stack. */
	lane: number;
	/** Held on more than one table (combined for a large party). */
	combined: boolean;
}

export interface GridRow {
	tableId: number;
	number: string;
	seats: number;
	minSeats: number;
	reservable: boolean;
	lanes: number;
	blocks: GridBlock[];
}

export interface GridLayout {
	axis: GridAxis;
	rows: GridRow[];
	/** Where "now" falls on the axis, when it does. */
	nowLeft: number | null;
}

/** Statuses drawn behind the holding ones (they no longer hold the table). */
const FADED: ReadonlySet<ReservationStatus> = new Set([
	"cancelled",
	"late_cancelled",
	"rejected",
	"no_show",
	"expired",
	"completed",
]);

export function isFadedStatus(status: ReservationStatus): boolean {
	return FADED.has(status);
}

/**
 * The axis covers the opening windows and every booking of the day (a staff booking may sit
 * outside the usual hours). Null when there is nothing to draw: no windows and no bookings.
 */
export function gridAxis(grid: ReservationGridView, pxPerMinute: number): GridAxis | null {
	const starts = [
		...grid.windows.map((w) => Date.parse(w.opensAt)),
		...grid.bookings.map((b) => Date.parse(b.startsAt)),
	];
	const ends = [
		...grid.windows.map((w) => Date.parse(w.closesAt)),
		...grid.bookings.map((b) => Date.parse(b.heldUntil)),
	];
	if (starts.length === 0) return null;
	const start = Math.min(...starts);
	const end = Math.max(...ends, start + 60 * MINUTE);
	const x = (at: number) => ((at - start) / MINUTE) * pxPerMinute;

	const ticks: GridAxis["ticks"] = [];
	const minuteOfHour = Number(clockTime(start, grid.shopTimeZone).slice(3, 5)) || 0;
	for (let at = start + ((60 - minuteOfHour) % 60) * MINUTE; at <= end; at += 60 * MINUTE) {
		ticks.push({ left: x(at), label: clockTime(at, grid.shopTimeZone) });
	}

	const windows = [...grid.windows].sort((a, b) => Date.parse(a.opensAt) - Date.parse(b.opensAt));
	const closed: GridAxis["closed"] = [];
	for (let i = 1; i < windows.length; i++) {
		const from = Date.parse(windows[i - 1]?.closesAt ?? "");
		const to = Date.parse(windows[i]?.opensAt ?? "");
		if (to > from) closed.push({ left: x(from), width: x(to) - x(from) });
	}
	return { start, end, pxPerMinute, width: x(end), ticks, closed };
}

/** The grid's rows and blocks for a day; `now` places the "now" line. */
export function layoutGrid(
	grid: ReservationGridView,
	pxPerMinute: number,
	now: number = Date.now(),
): GridLayout | null {
	const axis = gridAxis(grid, pxPerMinute);
	if (!axis) return null;
	const x = (at: number) => ((Math.min(Math.max(at, axis.start), axis.end) - axis.start) / MINUTE) * pxPerMinute;

	const rows: GridRow[] = grid.tables.map((table) => {
		// Holding bookings first, so they take the first lane and faded ones stack below them.
		const bookings = grid.bookings
			.filter((booking) => booking.tableIds.includes(table.id))
			.sort(
				(a, b) =>
					Number(isFadedStatus(a.status)) - Number(isFadedStatus(b.status)) ||
					Date.parse(a.startsAt) - Date.parse(b.startsAt),
			);
		const laneEnds: number[] = [];
		const blocks = bookings.map((booking) => {
			const from = Date.parse(booking.startsAt);
			const until = Date.parse(booking.heldUntil);
			let lane = laneEnds.findIndex((laneEnd) => laneEnd <= from);
			if (lane === -1) lane = laneEnds.length;
			laneEnds[lane] = Math.max(laneEnds[lane] ?? 0, until);
			return blockOf(booking, table.id, lane, x, grid.shopTimeZone);
		});
		return {
			tableId: table.id,
			number: table.number,
			seats: table.seats,
			minSeats: table.minSeats,
			reservable: table.reservable,
			lanes: Math.max(1, laneEnds.length),
			blocks: blocks.sort((a, b) => a.left - b.left),
		};
	});
	const nowLeft = now >= axis.start && now <= axis.end ? x(now) : null;
	return { axis, rows, nowLeft };
}

function blockOf(
	booking: ReservationGridBooking,
	tableId: number,
	lane: number,
	x: (at: number) => number,
	timeZone: string,
): GridBlock {
	const left = x(Date.parse(booking.startsAt));
	return {
		reservationId: booking.reservationId,
		tableId,
		status: booking.status,
		name: booking.name,
		party: booking.party,
		startLabel: clockTime(booking.startsAt, timeZone),
		endLabel: clockTime(booking.endsAt, timeZone),
		left,
		width: Math.max(x(Date.parse(booking.heldUntil)) - left, 1),
		stayWidth: Math.max(x(Date.parse(booking.endsAt)) - left, 1),
		lane,
		combined: booking.tableIds.length > 1,
	};
}
