import { formatTimeInZone } from "./format";

/**
 * Days and clock times on the shop's clock (not the device's): a tablet in another time zone
 * still shows the evening's bookings on the evening they are for.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The shop's local date (YYYY-MM-DD) of an instant. */
export function localDateOf(at: Date | string | number, timeZone: string): string {
	let format = dayFormats.get(timeZone);
	if (!format) {
		format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
		dayFormats.set(timeZone, format);
	}
	return format.format(new Date(at));
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

/** "19:15" on the shop's clock; on the device's until the shop's time zone is known. */
export function clockTime(at: string | number | Date, timeZone: string | undefined): string {
	return formatTimeInZone(at, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone)?.time ?? "";
}

/**
 * The instant at which the shop's clock shows `date` `time` (a time that does not exist on
 * a daylight-saving morning lands an hour on, as clocks do).
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
	const guess = Date.parse(`${date}T${time}:00Z`);
	// The zone's offset at the guess, then once more at the corrected instant (offsets change).
	let instant = guess;
	for (let i = 0; i < 2; i++) {
		const shown = Date.parse(`${localDateOf(instant, timeZone)}T${clockTime(instant, timeZone)}:00Z`);
		instant = guess - (shown - instant);
	}
	return new Date(instant);
}
