import type { MessageKey, OpeningWindow } from "@bayon/contract";

/**
 * Pickup time chosen on the payment page: "as soon as possible", or a time today on the
 * shop's clock inside its opening hours. Checked here with the spec's messages ("choose
 * correct time", "time is outside opening hours"); the server checks again.
 */

interface LocalParts {
	/** YYYY-MM-DD on the shop's clock. */
	date: string;
	/** Minutes since local midnight. */
	minutes: number;
}

function partsIn(date: Date, timeZone: string): LocalParts & { epochLocal: number } {
	const parts = new Intl.DateTimeFormat("en-US", {
		timeZone,
		hourCycle: "h23",
		year: "numeric",
		month: "2-digit",
		day: "2-digit",
		hour: "2-digit",
		minute: "2-digit",
		second: "2-digit",
	}).formatToParts(date);
	const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
	const [y, mo, d, h, mi, s] = [get("year"), get("month"), get("day"), get("hour") % 24, get("minute"), get("second")];
	return {
		date: `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
		minutes: h * 60 + mi,
		epochLocal: Date.UTC(y, mo - 1, d, h, mi, s),
	};
}

/** Today's date and the time of day on the shop's clock. */
export function shopLocalNow(timeZone: string, now: Date = new Date()): LocalParts {
	const { date, minutes } = partsIn(now, timeZone);
	return { date, minutes };
}

/** "HH:MM" → minutes, or null. */
export function parseClock(value: string): number | null {
	const match = /^(\d{1,2}):(\d{2})/.exec(value.trim());
	if (!match) return null;
	const hours = Number(match[1]);
	const minutes = Number(match[2]);
	if (hours > 23 || minutes > 59) return null;
	return hours * 60 + minutes;
}

/** The instant a wall-clock time (`date` YYYY-MM-DD, `minutes` since midnight) happens in `timeZone`. */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
	const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
	const wall = Date.UTC(y, mo - 1, d, Math.floor(minutes / 60), minutes % 60);
	// Guess with the offset at the wall time read as UTC, then correct once (DST edges).
	let guess = wall - (partsIn(new Date(wall), timeZone).epochLocal - wall);
	guess = wall - (partsIn(new Date(guess), timeZone).epochLocal - guess);
	return new Date(guess);
}

/** Whether a time of day falls inside one of today's windows (a window past midnight runs to 24:00 today). */
export function withinWindows(minutes: number, windows: readonly OpeningWindow[]): boolean {
	return windows.some((window) => {
		const opens = parseClock(window.opensAt);
		let closes = parseClock(window.closesAt);
		if (opens === null || closes === null) return false;
		if (closes <= opens) closes = 24 * 60;
		return minutes >= opens && minutes < closes;
	});
}

export type PickupCheck = { ok: true; iso: string } | { ok: false; message: MessageKey };

/** Checks a chosen "HH:MM" for today against the clock and the shop's hours. */
export function checkPickupTime(
	value: string,
	{ timeZone, windows, now = new Date() }: { timeZone: string; windows: readonly OpeningWindow[]; now?: Date },
): PickupCheck {
	const minutes = parseClock(value);
	if (minutes === null) return { ok: false, message: "chooseCorrectTime" };
	const today = shopLocalNow(timeZone, now);
	if (minutes <= today.minutes) return { ok: false, message: "chooseCorrectTime" };
	if (!withinWindows(minutes, windows)) return { ok: false, message: "outsideOpeningHours" };
	return { ok: true, iso: zonedInstant(today.date, minutes, timeZone).toISOString() };
}
