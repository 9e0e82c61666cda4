/**
 * Days and times on a shop's clock (its IANA time zone), not the server's or the device's: the
 * one definition the API (opening hours, bookings, statements) and the web app (pickup times,
 * booking days) both use. No zod here, so the web app's first load can import it
 * (`@bayon/contract/shop-clock`). Dates are "YYYY-MM-DD", minutes count from local midnight.
 */

/** An instant as a shop's clock shows it. */
export interface LocalMoment {
	date: string;
	/** 0 Sunday … 6 Saturday. */
	weekday: number;
	minutes: number;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date, weekday and minute of the day of an instant in a time zone. */
export function toLocalMoment(instant: Date | string | number, timeZone: string): LocalMoment {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat("en-US", {
			timeZone,
			year: "numeric",
			month: "2-digit",
			day: "2-digit",
			weekday: "short",
			hour: "2-digit",
			minute: "2-digit",
			hourCycle: "h23",
		});
		formatters.set(timeZone, formatter);
	}
	const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
	return {
		date: `${parts.year}-${parts.month}-${parts.day}`,
		weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
		minutes: Number(parts.hour) * 60 + Number(parts.minute),
	};
}

/** The shop's local date of an instant. */
export function localDateOf(instant: Date | string | number, timeZone: string): string {
	return toLocalMoment(instant, timeZone).date;
}

/**
 * The instant at which a local date and minute happen in a time zone, DST-safe to the minute: a
 * time that does not exist on a daylight-saving morning lands an hour on, as clocks do.
 */
export function fromLocalMoment(date: string, minutes: number, timeZone: string): Date {
	const [year, month, day] = date.split("-").map(Number) as [number, number, number];
	const guess = Date.UTC(year, month - 1, day, 0, minutes);
	// Shift by the zone's offset at the guess, then once more in case that crossed a DST change.
	let instant = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
	instant = guess - offsetMinutes(new Date(instant), timeZone) * 60_000;
	return new Date(instant);
}

function offsetMinutes(instant: Date, timeZone: string): number {
	const local = toLocalMoment(instant, timeZone);
	const [year, month, day] = local.date.split("-").map(Number) as [number, number, number];
	const asUtc = Date.UTC(year, month - 1, day, 0, local.minutes);
	return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** A local date `days` later (or earlier). */
export function addDays(date: string, days: number): string {
	const [year, month, day] = date.split("-").map(Number) as [number, number, number];
	return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday, of a local date. */
export function weekdayOf(date: string): number {
	const [year, month, day] = date.split("-").map(Number) as [number, number, number];
	return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}
