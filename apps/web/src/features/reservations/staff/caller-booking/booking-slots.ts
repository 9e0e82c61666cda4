import { clockTime } from "../../../../lib/shop-clock";

/**
 * The slot start times of the day's opening windows, every `slotMinutes` from each opening,
 * keeping only those whose stay of `stayMinutes` ends by the window's close (the server's rule).
 */
export function slotTimes(
	windows: ReadonlyArray<{ opensAt: string; closesAt: string }>,
	slotMinutes: number,
	timeZone: string,
	stayMinutes = 0,
): Array<{ startsAt: string; time: string }> {
	const slots: Array<{ startsAt: string; time: string }> = [];
	const step = slotMinutes * 60_000;
	for (const window of windows) {
		const lastStart = Date.parse(window.closesAt) - stayMinutes * 60_000;
		for (let at = Date.parse(window.opensAt); at <= lastStart; at += step) {
			slots.push({ startsAt: new Date(at).toISOString(), time: clockTime(at, timeZone) });
		}
	}
	return slots;
}
