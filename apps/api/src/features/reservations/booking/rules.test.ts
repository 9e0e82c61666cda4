import { DEFAULT_RESERVATION_SETTINGS, type ReservationSettings } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { fromLocalMoment, type WeeklyWindow } from "../../venues/hours.js";
import {
	type AvailabilityFacts,
	autoConfirms,
	type BookableTable,
	checkSlot,
	depositTerms,
	fittingTables,
	freeSlots,
	openingWindowsOf,
	turnMinutes,
} from "./rules.js";

const PP = "Asia/Phnom_Penh"; // UTC+7, no DST
// 2026-11-20 is a Friday.
const at = (local: string, zone = PP) =>
	fromLocalMoment(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), zone);
const everyDay = (opensAt: string, closesAt: string): WeeklyWindow[] =>
	[0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt, closesAt }));

const settings: ReservationSettings = {
	...DEFAULT_RESERVATION_SETTINGS,
	shopId: 1,
	version: 1,
	enabled: true,
	slotMinutes: 30,
	turnTimes: [
		{ upToParty: 2, minutes: 60 },
		{ upToParty: 4, minutes: 90 },
	],
	bufferMinutes: 15,
	minNoticeMinutes: 60,
	maxDaysAhead: 10,
	onlinePartyMax: 8,
	pacingCoversPerSlot: null,
};
const tables: BookableTable[] = [
	{ id: 1, seats: 4, minSeats: 1, area: null, sort: 0 },
	{ id: 2, seats: 2, minSeats: 1, area: "露台", sort: 1 },
	{ id: 3, seats: 8, minSeats: 5, area: null, sort: 2 },
];

function facts(overrides: Partial<AvailabilityFacts> = {}): AvailabilityFacts {
	return {
		settings,
		windows: everyDay("11:00", "14:00"),
		closures: [],
		timeZone: PP,
		tables,
		stays: [],
		bookings: [],
		now: at("2026-11-20 08:00"),
		online: true,
		...overrides,
	};
}
const times = (result: ReturnType<typeof freeSlots>) => result.slots.map((slot) => slot.time);

describe("turn time by party size", () => {
	it("takes the first band that covers the party and the last band for larger parties", () => {
		expect(turnMinutes(settings.turnTimes, 1)).toBe(60);
		expect(turnMinutes(settings.turnTimes, 2)).toBe(60);
		expect(turnMinutes(settings.turnTimes, 3)).toBe(90);
		expect(turnMinutes(settings.turnTimes, 20)).toBe(90);
	});
});

describe("slots of a day", () => {
	it("starts at the opening and ends when the whole stay no longer fits before the close", () => {
		// Party of 2: 60 minutes. Open 11:00–14:00 → 11:00 … 13:00 (13:00 + 60 = 14:00 is still in).
		expect(times(freeSlots(facts(), "2026-11-20", 2))).toEqual(["11:00", "11:30", "12:00", "12:30", "13:00"]);
		// Party of 3: 90 minutes → the last start is 12:30.
		expect(times(freeSlots(facts(), "2026-11-20", 3))).toEqual(["11:00", "11:30", "12:00", "12:30"]);
	});

	it("answers the instants of the shop's clock", () => {
		const [first] = freeSlots(facts(), "2026-11-20", 2).slots;
		expect(new Date(first?.startsAt ?? 0).toISOString()).toBe("2026-11-20T04:00:00.000Z");
		expect(first?.endsAt).toBe(at("2026-11-20 12:00").getTime());
		expect(first?.heldUntil).toBe(at("2026-11-20 12:15").getTime());
	});

	it("gives a window past midnight to the day it opened", () => {
		const late = facts({ windows: [{ weekday: 5, opensAt: "22:00", closesAt: "01:30" }] });
		// Friday's window: 22:00 … 00:30 (00:30 + 60 = 01:30).
		expect(times(freeSlots(late, "2026-11-20", 2))).toEqual(["22:00", "22:30", "23:00", "23:30", "00:00", "00:30"]);
		expect(freeSlots(late, "2026-11-20", 2).slots.at(-1)?.startsAt).toBe(at("2026-11-21 00:30").getTime());
		// Saturday has no window of its own.
		expect(freeSlots(late, "2026-11-21", 2)).toMatchObject({ slots: [], noSlotsReason: "closedDay" });
		// A booking at 00:30 on Saturday belongs to Friday.
		const check = checkSlot(late, at("2026-11-21 00:30"), 2);
		expect(check).toMatchObject({ ok: true, date: "2026-11-20" });
		expect(checkSlot(late, at("2026-11-21 01:00"), 2)).toEqual({ ok: false, refusal: { kind: "outsideHours" } });
	});

	it("has no slots on a closure day, and cuts a window's tail on a closure day after it", () => {
		const closed = facts({ closures: [{ startsOn: "2026-11-20", endsOn: "2026-11-20" }] });
		expect(freeSlots(closed, "2026-11-20", 2)).toMatchObject({ slots: [], noSlotsReason: "closedDay" });
		expect(times(freeSlots(closed, "2026-11-21", 2))).toHaveLength(5);
		const late = facts({
			windows: [{ weekday: 5, opensAt: "22:00", closesAt: "01:30" }],
			closures: [{ startsOn: "2026-11-21", endsOn: "2026-11-21" }],
		});
		expect(times(freeSlots(late, "2026-11-20", 2))).toEqual(["22:00", "22:30", "23:00"]);
		expect(openingWindowsOf("2026-11-20", late.windows, late.closures, PP)).toEqual([
			{ opensAt: at("2026-11-20 22:00").getTime(), closesAt: at("2026-11-21 00:00").getTime() },
		]);
	});

	it("keeps the minimum notice: a slot exactly at now + notice is offered, one minute less is not", () => {
		const noon = facts({ now: at("2026-11-20 11:00") });
		expect(times(freeSlots(noon, "2026-11-20", 2))).toEqual(["12:00", "12:30", "13:00"]);
		const justAfter = facts({ now: at("2026-11-20 11:01") });
		expect(times(freeSlots(justAfter, "2026-11-20", 2))).toEqual(["12:30", "13:00"]);
		expect(checkSlot(justAfter, at("2026-11-20 12:00"), 2)).toEqual({
			ok: false,
			refusal: { kind: "tooSoon", minutes: 60 },
		});
		const evening = facts({ now: at("2026-11-20 13:30") });
		expect(freeSlots(evening, "2026-11-20", 2)).toMatchObject({ slots: [], noSlotsReason: "pastWindow" });
		expect(freeSlots(evening, "2026-11-19", 2)).toMatchObject({ slots: [], noSlotsReason: "pastWindow" });
	});

	it("opens at most maxDaysAhead days ahead (today is day 0)", () => {
		expect(times(freeSlots(facts(), "2026-11-30", 2))).toHaveLength(5);
		expect(freeSlots(facts(), "2026-12-01", 2)).toMatchObject({ slots: [], noSlotsReason: "tooFarAhead" });
		expect(checkSlot(facts(), at("2026-12-01 11:00"), 2)).toEqual({ ok: false, refusal: { kind: "tooFar", days: 10 } });
		// The staff book further ahead.
		expect(checkSlot(facts({ online: false }), at("2026-12-01 11:00"), 2)).toMatchObject({ ok: true });
	});

	it("keeps a table for the stay plus the buffer: the next booking may start when the buffer ends", () => {
		// Only the 2-seat table, open 11:00–15:00, 15-minute slots; another booking holds it 12:30–13:45.
		const one = facts({
			windows: everyDay("11:00", "15:00"),
			tables: [{ id: 2, seats: 2, minSeats: 1, area: null, sort: 0 }],
			stays: [{ tableId: 2, start: at("2026-11-20 12:30").getTime(), end: at("2026-11-20 13:45").getTime() }],
			settings: { ...settings, slotMinutes: 15 },
		});
		// 60 minutes + 15 buffer: 11:15 is held until 12:30 exactly (free); 11:30 would run into it.
		// After it, 13:45 is the first start; 14:00 the last whose stay ends by 15:00.
		expect(times(freeSlots(one, "2026-11-20", 2))).toEqual(["11:00", "11:15", "13:45", "14:00"]);
		const noBuffer = { ...one, settings: { ...one.settings, bufferMinutes: 0 } };
		expect(times(freeSlots(noBuffer, "2026-11-20", 2))).toEqual(["11:00", "11:15", "11:30", "13:45", "14:00"]);
		expect(checkSlot(one, at("2026-11-20 11:30"), 2)).toEqual({ ok: false, refusal: { kind: "taken" } });
	});

	it("refuses parties larger than the online maximum or than any table", () => {
		expect(freeSlots(facts(), "2026-11-20", 9)).toMatchObject({ slots: [], noSlotsReason: "partyTooLarge" });
		expect(checkSlot(facts(), at("2026-11-20 11:00"), 9)).toEqual({
			ok: false,
			refusal: { kind: "partyTooLarge", max: 8 },
		});
		const big = facts({ settings: { ...settings, onlinePartyMax: 20 } });
		expect(freeSlots(big, "2026-11-20", 9)).toMatchObject({ noSlotsReason: "partyTooLarge" });
		expect(checkSlot(big, at("2026-11-20 11:00"), 9)).toEqual({
			ok: false,
			refusal: { kind: "partyTooLarge", max: 8 },
		});
	});

	it("answers notTaking while the shop takes no bookings online", () => {
		const off = facts({ settings: { ...settings, enabled: false } });
		expect(freeSlots(off, "2026-11-20", 2)).toMatchObject({ slots: [], noSlotsReason: "notTaking" });
		expect(checkSlot(off, at("2026-11-20 11:00"), 2)).toEqual({ ok: false, refusal: { kind: "closed" } });
		expect(checkSlot({ ...off, online: false }, at("2026-11-20 11:00"), 2)).toMatchObject({ ok: true });
	});

	it("answers notTaking, not party too large, when no table takes bookings", () => {
		const noTables = facts({ tables: [] });
		expect(freeSlots(noTables, "2026-11-20", 2)).toMatchObject({ slots: [], noSlotsReason: "notTaking" });
		expect(checkSlot(noTables, at("2026-11-20 11:00"), 2)).toEqual({ ok: false, refusal: { kind: "closed" } });
	});

	it("limits the covers starting in one slot (pacing)", () => {
		const paced = facts({
			settings: { ...settings, pacingCoversPerSlot: 6 },
			bookings: [{ startsAt: at("2026-11-20 11:00").getTime(), endsAt: at("2026-11-20 12:00").getTime(), party: 4 }],
		});
		expect(times(freeSlots(paced, "2026-11-20", 2))[0]).toBe("11:00");
		expect(times(freeSlots(paced, "2026-11-20", 3))[0]).toBe("11:30");
		expect(checkSlot(paced, at("2026-11-20 11:00"), 3)).toEqual({ ok: false, refusal: { kind: "taken" } });
		// The staff are not held to pacing.
		expect(checkSlot({ ...paced, online: false }, at("2026-11-20 11:00"), 3)).toMatchObject({ ok: true });
	});

	it("says fullyBooked when every fitting table is held all day", () => {
		const held = facts({
			stays: tables.map((table) => ({
				tableId: table.id,
				start: at("2026-11-20 10:00").getTime(),
				end: at("2026-11-20 15:00").getTime(),
			})),
		});
		expect(freeSlots(held, "2026-11-20", 2)).toMatchObject({ slots: [], noSlotsReason: "fullyBooked" });
		expect(checkSlot(held, at("2026-11-20 12:00"), 2)).toEqual({ ok: false, refusal: { kind: "taken" } });
	});

	it("refuses a start off the slot grid or outside the hours", () => {
		expect(checkSlot(facts(), at("2026-11-20 11:10"), 2)).toEqual({ ok: false, refusal: { kind: "offGrid" } });
		expect(checkSlot(facts(), at("2026-11-20 10:30"), 2)).toEqual({ ok: false, refusal: { kind: "outsideHours" } });
		expect(checkSlot(facts(), at("2026-11-20 13:30"), 2)).toEqual({ ok: false, refusal: { kind: "outsideHours" } });
	});

	it("reads each slot on the shop's clock on the night the clocks change", () => {
		// Paris jumps from 02:00 to 03:00 on Sunday 2026-03-29: the window 00:00–06:00 lasts 5 hours.
		const paris = facts({
			timeZone: "Europe/Paris",
			windows: [{ weekday: 0, opensAt: "00:00", closesAt: "06:00" }],
			settings: { ...settings, slotMinutes: 60 },
			now: at("2026-03-20 08:00", "Europe/Paris"),
		});
		expect(times(freeSlots(paris, "2026-03-29", 2))).toEqual(["00:00", "01:00", "03:00", "04:00", "05:00"]);
	});

	it("runs the day's windows one after the other (lunch and dinner)", () => {
		const twice = facts({
			windows: [
				{ weekday: 5, opensAt: "11:00", closesAt: "12:00" },
				{ weekday: 5, opensAt: "18:00", closesAt: "19:30" },
			],
		});
		expect(times(freeSlots(twice, "2026-11-20", 2))).toEqual(["11:00", "18:00", "18:30"]);
	});
});

describe("tables for a party", () => {
	it("takes the smallest fitting table first, the preferred area before it", () => {
		expect(fittingTables(tables, 2).map((t) => t.id)).toEqual([2, 1]);
		expect(fittingTables(tables, 3).map((t) => t.id)).toEqual([1]);
		expect(fittingTables(tables, 5).map((t) => t.id)).toEqual([3]);
		expect(fittingTables(tables, 2, "露台").map((t) => t.id)).toEqual([2, 1]);
		const terrace = tables.map((t) => (t.id === 1 ? { ...t, area: "露台" } : { ...t, area: null }));
		expect(fittingTables(terrace, 2, "露台").map((t) => t.id)).toEqual([1, 2]);
		expect(freeSlots(facts({ tables: terrace, areaPreference: "露台" }), "2026-11-20", 2).slots[0]?.tableIds).toEqual([
			1, 2,
		]);
	});
});

describe("deposit and auto-confirm", () => {
	it("asks a deposit by party size or by strikes", () => {
		const rule = { ...settings, depositMinParty: 6, depositStrikes: 2, depositPerPerson: 500 };
		expect(depositTerms(rule, 5, 0)).toEqual({ amount: 0, perPerson: 500, reason: null });
		expect(depositTerms(rule, 6, 0)).toEqual({ amount: 3000, perPerson: 500, reason: "partySize" });
		expect(depositTerms(rule, 2, 2)).toEqual({ amount: 1000, perPerson: 500, reason: "strikes" });
		expect(depositTerms({ ...rule, depositPerPerson: 0 }, 6, 5).amount).toBe(0);
	});

	it("confirms itself while the overlapping seats stay within the share", () => {
		// 14 bookable seats, 50%: 7 seats.
		const half = { ...settings, autoConfirmPercent: 50 };
		const start = at("2026-11-20 12:00").getTime();
		const booking = { startsAt: start - 30 * 60_000, endsAt: start + 30 * 60_000, party: 4 };
		expect(
			autoConfirms(half, { party: 3, startsAt: start, endsAt: start + 3600_000, bookings: [booking], tables }),
		).toBe(true);
		expect(
			autoConfirms(half, { party: 4, startsAt: start, endsAt: start + 3600_000, bookings: [booking], tables }),
		).toBe(false);
		// A stay that ended before this one starts does not count.
		const earlier = { ...booking, endsAt: start };
		expect(
			autoConfirms(half, { party: 4, startsAt: start, endsAt: start + 3600_000, bookings: [earlier], tables }),
		).toBe(true);
	});
});
