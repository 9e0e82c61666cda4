import {
	type DepositTerms,
	localDateOf,
	type NoSlotsReason,
	type ReservationSettings,
	type TurnTimeBand,
} from "@bayon/contract";
import {
	addDays,
	type Closure,
	formatClock,
	fromLocalMoment,
	parseClock,
	toLocalMoment,
	type WeeklyWindow,
} from "../../venues/hours.js";

/**
 * The one rule set of table bookings (decision 020): which slots of a local day are free for
 * a party. The slot list and the booking both call it, so what a guest is offered is exactly
 * what a booking accepts. Pure: everything is loaded by the caller; times are epoch ms.
 */

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

export interface BookableTable {
	id: number;
	seats: number;
	minSeats: number;
	/** The area's key (its zh-CN name), null when the table has no area. */
	area: string | null;
	/** The shop's own order of its tables, to break ties. */
	sort: number;
}

/** A stay that holds a table: [start, end) in epoch ms (the booking's start to its end + buffer). */
export interface HeldStay {
	tableId: number;
	start: number;
	end: number;
}

/** A booking that holds tables, for pacing (covers starting per slot) and the auto-confirm share. */
export interface HeldBooking {
	startsAt: number;
	/** The end of the stay (before the buffer). */
	endsAt: number;
	party: number;
}

export interface AvailabilityFacts {
	settings: ReservationSettings;
	windows: WeeklyWindow[];
	closures: Closure[];
	timeZone: string;
	/** The shop's reservable (and enabled) tables. */
	tables: BookableTable[];
	stays: HeldStay[];
	bookings: HeldBooking[];
	now: Date;
	/**
	 * Online (a guest): bookings must be on, and the minimum notice, the booking window, the
	 * largest online party and pacing apply. The staff booking for a caller waive them, never
	 * the opening hours or a table's other bookings.
	 */
	online: boolean;
	/** Tables of this area come first among those that fit. */
	areaPreference?: string | null;
}

export interface FreeSlot {
	/** Epoch ms of the start. */
	startsAt: number;
	/** "19:15" on the shop's clock. */
	time: string;
	/** The stay's end (start + turn time) and how long the tables stay held (+ buffer). */
	endsAt: number;
	heldUntil: number;
	/** Free tables that fit the party for the whole stay, best first. */
	tableIds: number[];
	/** The areas (keys) of those tables: a preferred area missing here cannot be honoured then. */
	freeAreas: string[];
}

export interface DaySlots {
	slots: FreeSlot[];
	/** Why there is none, when there is none. */
	noSlotsReason: NoSlotsReason | null;
	/** How long the party keeps its table. */
	stayMinutes: number;
}

/** How long a party keeps its table: the first band that covers it, or the last band for larger parties. */
export function turnMinutes(turnTimes: TurnTimeBand[], party: number): number {
	const band = turnTimes.find((candidate) => party <= candidate.upToParty) ?? turnTimes[turnTimes.length - 1];
	return band?.minutes ?? 90;
}

/** The first and last local days a guest can book online. */
export function bookingWindowDates(settings: ReservationSettings, timeZone: string, now: Date) {
	const today = localDateOf(now, timeZone);
	return { firstDate: today, lastDate: addDays(today, settings.maxDaysAhead) };
}

function weekdayOf(date: string): number {
	return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function isClosedOn(date: string, closures: Closure[]): boolean {
	return closures.some((closure) => closure.startsOn <= date && date <= closure.endsOn);
}

/**
 * The opening windows that start on a local day, as instants. A window closing at or before
 * its opening runs past midnight and belongs to the day it opened; the part of it that falls
 * on a closure day is cut off (a closure day is closed all day, as for orders).
 */
export function openingWindowsOf(
	date: string,
	windows: WeeklyWindow[],
	closures: Closure[],
	timeZone: string,
): Array<{ opensAt: number; closesAt: number }> {
	if (isClosedOn(date, closures)) return [];
	const weekday = weekdayOf(date);
	const nextDayClosed = isClosedOn(addDays(date, 1), closures);
	return windows
		.filter((window) => window.weekday === weekday)
		.map((window) => {
			const opens = parseClock(window.opensAt);
			const closesClock = parseClock(window.closesAt);
			let closes = closesClock > opens ? closesClock : closesClock + DAY_MINUTES;
			if (nextDayClosed) closes = Math.min(closes, DAY_MINUTES);
			return {
				opensAt: fromLocalMoment(date, opens, timeZone).getTime(),
				closesAt: fromLocalMoment(date, closes, timeZone).getTime(),
			};
		})
		.filter((window) => window.closesAt > window.opensAt)
		.sort((a, b) => a.opensAt - b.opensAt);
}

/** Tables that seat the party, best first: the preferred area, then the smallest, then the shop's order. */
export function fittingTables(tables: BookableTable[], party: number, areaPreference?: string | null): BookableTable[] {
	return tables
		.filter((table) => table.minSeats <= party && party <= table.seats)
		.sort((a, b) => {
			if (areaPreference) {
				const preferred = Number(b.area === areaPreference) - Number(a.area === areaPreference);
				if (preferred !== 0) return preferred;
			}
			return a.seats - b.seats || a.sort - b.sort || a.id - b.id;
		});
}

/**
 * The slots of a local day that start inside an opening window and whose whole stay ends by
 * its close, with their minute on the shop's clock.
 */
function candidateStarts(facts: AvailabilityFacts, date: string, stayMinutes: number): Map<number, number> {
	const step = facts.settings.slotMinutes * MINUTE;
	const starts = new Map<number, number>();
	for (const window of openingWindowsOf(date, facts.windows, facts.closures, facts.timeZone)) {
		// Local minutes by arithmetic from the opening, unless the clocks change inside the window
		// (then each slot is read on the shop's clock): the slot list is the busiest read.
		const opensLocal = toLocalMoment(new Date(window.opensAt), facts.timeZone).minutes;
		const closesLocal = toLocalMoment(new Date(window.closesAt), facts.timeZone).minutes;
		const steady =
			(((closesLocal - opensLocal) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES ===
			((window.closesAt - window.opensAt) / MINUTE) % DAY_MINUTES;
		for (let start = window.opensAt; start + stayMinutes * MINUTE <= window.closesAt; start += step) {
			const minutes = steady
				? (opensLocal + (start - window.opensAt) / MINUTE) % DAY_MINUTES
				: toLocalMoment(new Date(start), facts.timeZone).minutes;
			starts.set(start, minutes);
		}
	}
	return new Map([...starts].sort(([a], [b]) => a - b));
}

function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
	return aStart < bEnd && bStart < aEnd;
}

/**
 * The free slots of a local day for a party, or why there is none. A slot is offered when
 * (decision 020): it starts inside an opening window of that day and the stay ends by the
 * window's close; online, it is at least the minimum notice ahead, the day is within the
 * booking window and the party within the online maximum; a reservable table fits the party
 * and is free for [start, start + turn + buffer); and the covers starting in the slot plus
 * this party stay within the pacing limit.
 */
export function freeSlots(facts: AvailabilityFacts, date: string, party: number): DaySlots {
	const { settings, now, online } = facts;
	const stayMinutes = turnMinutes(settings.turnTimes, party);
	const none = (reason: NoSlotsReason): DaySlots => ({ slots: [], noSlotsReason: reason, stayMinutes });
	// No table takes bookings: the shop does not take them, whatever the party's size.
	if ((online && !settings.enabled) || facts.tables.length === 0) return none("notTaking");
	const fitting = fittingTables(facts.tables, party, facts.areaPreference);
	if ((online && party > settings.onlinePartyMax) || fitting.length === 0) return none("partyTooLarge");
	const { firstDate, lastDate } = bookingWindowDates(settings, facts.timeZone, now);
	if (online && date < firstDate) return none("pastWindow");
	if (online && date > lastDate) return none("tooFarAhead");
	const clockOf = candidateStarts(facts, date, stayMinutes);
	let starts = [...clockOf.keys()];
	if (starts.length === 0) return none("closedDay");
	if (online) {
		const earliest = now.getTime() + settings.minNoticeMinutes * MINUTE;
		starts = starts.filter((start) => start >= earliest);
		if (starts.length === 0) return none("pastWindow");
	}
	const heldFor = (stayMinutes + settings.bufferMinutes) * MINUTE;
	const staysByTable = new Map<number, HeldStay[]>();
	for (const stay of facts.stays) {
		const list = staysByTable.get(stay.tableId) ?? [];
		list.push(stay);
		staysByTable.set(stay.tableId, list);
	}
	const slotLength = settings.slotMinutes * MINUTE;
	const areaOf = new Map(fitting.map((table) => [table.id, table.area]));
	const slots: FreeSlot[] = [];
	for (const start of starts) {
		const heldUntil = start + heldFor;
		if (online && settings.pacingCoversPerSlot !== null) {
			const covers = facts.bookings
				.filter((booking) => booking.startsAt >= start && booking.startsAt < start + slotLength)
				.reduce((sum, booking) => sum + booking.party, 0);
			if (covers + party > settings.pacingCoversPerSlot) continue;
		}
		const tableIds = fitting
			.filter(
				(table) => !(staysByTable.get(table.id) ?? []).some((stay) => overlaps(start, heldUntil, stay.start, stay.end)),
			)
			.map((table) => table.id);
		if (tableIds.length === 0) continue;
		const freeAreas = new Set<string>();
		for (const id of tableIds) {
			const area = areaOf.get(id);
			if (area) freeAreas.add(area);
		}
		slots.push({
			startsAt: start,
			time: formatClock(clockOf.get(start) ?? toLocalMoment(new Date(start), facts.timeZone).minutes),
			endsAt: start + stayMinutes * MINUTE,
			heldUntil,
			tableIds,
			freeAreas: [...freeAreas],
		});
	}
	return { slots, noSlotsReason: slots.length === 0 ? "fullyBooked" : null, stayMinutes };
}

/** Why a booking at an instant is refused, in the order a guest can act on it. */
export type SlotRefusal =
	| { kind: "closed" }
	| { kind: "partyTooLarge"; max: number }
	| { kind: "outsideHours" }
	/** Inside the hours, but not at one of the shop's slot times. */
	| { kind: "offGrid" }
	| { kind: "tooSoon"; minutes: number }
	| { kind: "tooFar"; days: number }
	| { kind: "taken" };

/**
 * Checks one start instant with the very rules of the slot list: the local day it belongs to
 * is the day it falls on, or the day before when it falls in a window past midnight. Answers
 * the offered slot (with its free tables) or the first reason it is refused.
 */
export function checkSlot(
	facts: AvailabilityFacts,
	startsAt: Date,
	party: number,
): { ok: true; slot: FreeSlot; date: string } | { ok: false; refusal: SlotRefusal } {
	const { settings, now, online } = facts;
	if ((online && !settings.enabled) || facts.tables.length === 0) return { ok: false, refusal: { kind: "closed" } };
	const largestTable = Math.max(0, ...facts.tables.map((table) => table.seats));
	if (online && party > settings.onlinePartyMax)
		return { ok: false, refusal: { kind: "partyTooLarge", max: settings.onlinePartyMax } };
	if (online && fittingTables(facts.tables, party).length === 0)
		return { ok: false, refusal: { kind: "partyTooLarge", max: Math.min(largestTable, settings.onlinePartyMax) } };
	const start = startsAt.getTime();
	const stayMinutes = turnMinutes(settings.turnTimes, party);
	const sameDay = localDateOf(startsAt, facts.timeZone);
	const date = [sameDay, addDays(sameDay, -1)].find((day) => candidateStarts(facts, day, stayMinutes).has(start));
	if (!date) {
		// Inside the hours but between two slots (19:07 on a 15-minute grid): the guest chose a
		// time the shop does not offer, which is not the same as the shop being closed then.
		const withinHours = [sameDay, addDays(sameDay, -1)].some((day) =>
			openingWindowsOf(day, facts.windows, facts.closures, facts.timeZone).some(
				(window) => window.opensAt <= start && start + stayMinutes * MINUTE <= window.closesAt,
			),
		);
		return { ok: false, refusal: { kind: withinHours ? "offGrid" : "outsideHours" } };
	}
	if (online && start < now.getTime() + settings.minNoticeMinutes * MINUTE)
		return { ok: false, refusal: { kind: "tooSoon", minutes: settings.minNoticeMinutes } };
	if (!online && start < now.getTime()) return { ok: false, refusal: { kind: "tooSoon", minutes: 0 } };
	if (online && date > bookingWindowDates(settings, facts.timeZone, now).lastDate)
		return { ok: false, refusal: { kind: "tooFar", days: settings.maxDaysAhead } };
	const slot = freeSlots(facts, date, party).slots.find((candidate) => candidate.startsAt === start);
	if (!slot) return { ok: false, refusal: { kind: "taken" } };
	return { ok: true, slot, date };
}

/** The deposit asked of this party and guest (owner's rule: party size, or earlier no-shows). */
export function depositTerms(settings: ReservationSettings, party: number, strikes: number): DepositTerms {
	const perPerson = settings.depositPerPerson;
	let reason: DepositTerms["reason"] = null;
	if (perPerson > 0 && settings.depositMinParty !== null && party >= settings.depositMinParty) reason = "partySize";
	else if (perPerson > 0 && settings.depositStrikes !== null && strikes >= settings.depositStrikes) reason = "strikes";
	return { amount: reason ? perPerson * party : 0, perPerson, reason };
}

/**
 * Whether a booking confirms itself: the seats booked for stays overlapping its own, this
 * party included, stay within the auto-confirm share of the bookable seats, and the party is
 * within the online maximum. Past it, the staff confirm.
 */
export function autoConfirms(
	settings: ReservationSettings,
	args: { party: number; startsAt: number; endsAt: number; bookings: HeldBooking[]; tables: BookableTable[] },
): boolean {
	if (args.party > settings.onlinePartyMax) return false;
	const bookableSeats = args.tables.reduce((sum, table) => sum + table.seats, 0);
	const booked = args.bookings
		.filter((booking) => overlaps(args.startsAt, args.endsAt, booking.startsAt, booking.endsAt))
		.reduce((sum, booking) => sum + booking.party, args.party);
	return booked * 100 <= settings.autoConfirmPercent * bookableSeats;
}
