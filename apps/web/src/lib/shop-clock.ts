import { fromLocalMoment } from "@bayon/contract/shop-clock";
import { formatTimeInZone } from "./format";

/**
 * Days and clock times on the shop's clock (not the device's): a tablet in another time zone
 * still shows the evening's bookings on the evening they are for.
 */

// The shop's clock itself (local dates, weekdays, instants) is the contract's, shared with the API.
export { addDays, localDateOf, weekdayOf } from "@bayon/contract/shop-clock";

/** "19:15" on the shop's clock; on the device's until the shop's time zone is known. */
export function clockTime(at: string | number | Date, timeZone: string | undefined): string {
	return formatTimeInZone(at, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone)?.time ?? "";
}

/**
 * The instant at which the shop's clock shows `date` `time` (a time that does not exist on
 * a daylight-saving morning lands an hour on, as clocks do).
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
	const [hours, minutes] = time.split(":").map(Number) as [number, number];
	return fromLocalMoment(date, hours * 60 + minutes, timeZone);
}
