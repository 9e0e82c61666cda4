import type { MessageKey, OpeningWindow } from "@bayon/contract";
import { fromLocalMoment, toLocalMoment } from "@bayon/contract/shop-clock";

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

/** Today's date and the time of day on the shop's clock. */
export function shopLocalNow(timeZone: string, now: Date = new Date()): LocalParts {
	const { date, minutes } = toLocalMoment(now, timeZone);
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
	return { ok: true, iso: fromLocalMoment(today.date, minutes, timeZone).toISOString() };
}
