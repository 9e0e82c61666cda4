import { describe, expect, it } from "vitest";
import {
	computeOpenState,
	fromLocalMoment,
	isWithinHours,
	nextOpening,
	toLocalMoment,
	type WeeklyWindow,
} from "./hours.js";

const PP = "Asia/Phnom_Penh"; // UTC+7, no DST
const everyDay = (opensAt: string, closesAt: string): WeeklyWindow[] =>
	[0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt, closesAt }));
// 2026-11-20 is a Friday.
const at = (local: string, zone = PP) =>
	fromLocalMoment(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)), zone);

describe("local time in the shop's zone", () => {
	it("round-trips a wall-clock time", () => {
		const instant = at("2026-11-20 08:00");
		expect(instant.toISOString()).toBe("2026-11-20T01:00:00.000Z");
		expect(toLocalMoment(instant, PP)).toEqual({ date: "2026-11-20", weekday: 5, minutes: 480 });
	});

	it("handles a zone with daylight saving time", () => {
		// Paris jumps from 02:00 to 03:00 on 2026-03-29.
		expect(at("2026-03-28 12:00", "Europe/Paris").toISOString()).toBe("2026-03-28T11:00:00.000Z");
		expect(at("2026-03-29 12:00", "Europe/Paris").toISOString()).toBe("2026-03-29T10:00:00.000Z");
	});
});

describe("isWithinHours", () => {
	const day = everyDay("08:00", "22:00");

	it("opens at the opening minute and closes at the closing minute", () => {
		expect(isWithinHours(day, [], PP, at("2026-11-20 07:59"))).toBe(false);
		expect(isWithinHours(day, [], PP, at("2026-11-20 08:00"))).toBe(true);
		expect(isWithinHours(day, [], PP, at("2026-11-20 21:59"))).toBe(true);
		expect(isWithinHours(day, [], PP, at("2026-11-20 22:00"))).toBe(false);
	});

	it("uses the shop's time zone, not the server's", () => {
		// 23:30 UTC on Thursday is 06:30 Friday in Phnom Penh: closed; 02:00 UTC is 09:00: open.
		expect(isWithinHours(day, [], PP, new Date("2026-11-19T23:30:00Z"))).toBe(false);
		expect(isWithinHours(day, [], PP, new Date("2026-11-20T02:00:00Z"))).toBe(true);
	});

	it("keeps an overnight window open past midnight, into the next weekday", () => {
		const bar: WeeklyWindow[] = [{ weekday: 5, opensAt: "18:00", closesAt: "02:00" }];
		expect(isWithinHours(bar, [], PP, at("2026-11-20 23:30"))).toBe(true);
		expect(isWithinHours(bar, [], PP, at("2026-11-21 01:59"))).toBe(true);
		expect(isWithinHours(bar, [], PP, at("2026-11-21 02:00"))).toBe(false);
		expect(isWithinHours(bar, [], PP, at("2026-11-21 23:30"))).toBe(false);
	});

	it("allows several windows a day", () => {
		const split: WeeklyWindow[] = [
			{ weekday: 5, opensAt: "07:00", closesAt: "10:00" },
			{ weekday: 5, opensAt: "17:00", closesAt: "21:00" },
		];
		expect(isWithinHours(split, [], PP, at("2026-11-20 09:00"))).toBe(true);
		expect(isWithinHours(split, [], PP, at("2026-11-20 12:00"))).toBe(false);
		expect(isWithinHours(split, [], PP, at("2026-11-20 18:00"))).toBe(true);
	});

	it("treats equal opening and closing times as open all day", () => {
		expect(isWithinHours(everyDay("00:00", "00:00"), [], PP, at("2026-11-20 03:17"))).toBe(true);
	});

	it("stays closed on a closure day, including the overnight tail of that day's window", () => {
		const bar: WeeklyWindow[] = [{ weekday: 5, opensAt: "18:00", closesAt: "02:00" }];
		const closures = [{ startsOn: "2026-11-20", endsOn: "2026-11-20" }];
		expect(isWithinHours(bar, closures, PP, at("2026-11-20 19:00"))).toBe(false);
		expect(isWithinHours(bar, closures, PP, at("2026-11-21 01:00"))).toBe(false);
		expect(isWithinHours(day, closures, PP, at("2026-11-21 09:00"))).toBe(true);
	});

	it("does not let the night before spill into a closure day", () => {
		const bar: WeeklyWindow[] = [{ weekday: 4, opensAt: "18:00", closesAt: "02:00" }];
		const closures = [{ startsOn: "2026-11-20", endsOn: "2026-11-20" }];
		expect(isWithinHours(bar, [], PP, at("2026-11-20 01:00"))).toBe(true);
		expect(isWithinHours(bar, closures, PP, at("2026-11-20 01:00"))).toBe(false);
	});
});

describe("nextOpening", () => {
	it("finds the next window, skipping closure days", () => {
		const day = everyDay("08:00", "22:00");
		expect(nextOpening(day, [], PP, at("2026-11-20 06:00"))?.toISOString()).toBe(at("2026-11-20 08:00").toISOString());
		expect(nextOpening(day, [], PP, at("2026-11-20 23:00"))?.toISOString()).toBe(at("2026-11-21 08:00").toISOString());
		const closures = [{ startsOn: "2026-11-21", endsOn: "2026-11-22" }];
		expect(nextOpening(day, closures, PP, at("2026-11-20 23:00"))?.toISOString()).toBe(
			at("2026-11-23 08:00").toISOString(),
		);
	});

	it("gives up when the shop never opens", () => {
		expect(nextOpening([], [], PP, at("2026-11-20 23:00"))).toBeNull();
	});
});

describe("computeOpenState", () => {
	const base = { windows: everyDay("08:00", "22:00"), closures: [], timeZone: PP, acceptingOrders: true };

	it("reports today's hours and that the shop is open", () => {
		expect(computeOpenState(base, at("2026-11-20 12:00"))).toEqual({
			isOpen: true,
			acceptingOrders: true,
			todayHours: [{ opensAt: "08:00", closesAt: "22:00" }],
			closedToday: false,
			nextOpenAt: null,
			pausedUntil: null,
		});
	});

	it("is closed when the shop stopped accepting orders, even within hours", () => {
		expect(computeOpenState({ ...base, acceptingOrders: false }, at("2026-11-20 12:00")).isOpen).toBe(false);
	});

	it("says when a closed shop opens next", () => {
		const state = computeOpenState(base, at("2026-11-20 22:30"));
		expect(state).toMatchObject({ isOpen: false, nextOpenAt: at("2026-11-21 08:00").toISOString() });
	});

	it("shows no hours on a closure day", () => {
		const state = computeOpenState(
			{ ...base, closures: [{ startsOn: "2026-11-20", endsOn: "2026-11-20" }] },
			at("2026-11-20 12:00"),
		);
		expect(state).toMatchObject({ isOpen: false, closedToday: true, todayHours: [] });
	});

	it("is paused until the pause ends, and opens again then", () => {
		const state = computeOpenState({ ...base, pausedUntil: at("2026-11-20 12:30") }, at("2026-11-20 12:00"));
		expect(state).toMatchObject({
			isOpen: false,
			pausedUntil: at("2026-11-20 12:30").toISOString(),
			nextOpenAt: at("2026-11-20 12:30").toISOString(),
		});
		expect(computeOpenState({ ...base, pausedUntil: at("2026-11-20 12:30") }, at("2026-11-20 12:30")).isOpen).toBe(
			true,
		);
	});

	it("a pause running past closing time opens at the next opening; outside hours only 'closed' shows", () => {
		const late = computeOpenState({ ...base, pausedUntil: at("2026-11-20 22:20") }, at("2026-11-20 21:50"));
		expect(late).toMatchObject({ isOpen: false, nextOpenAt: at("2026-11-21 08:00").toISOString() });
		const closed = computeOpenState({ ...base, pausedUntil: at("2026-11-20 23:00") }, at("2026-11-20 22:30"));
		expect(closed).toMatchObject({
			isOpen: false,
			pausedUntil: null,
			nextOpenAt: at("2026-11-21 08:00").toISOString(),
		});
	});
});
