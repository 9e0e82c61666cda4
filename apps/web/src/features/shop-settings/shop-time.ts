import { formatTimeInZone } from "../../lib/format";

/** Today's date on the shop's clock. */
export function shopToday(timezone: string, at = new Date()): string {
	return new Intl.DateTimeFormat("en-CA", {
		timeZone: timezone,
		year: "numeric",
		month: "2-digit",
		day: "2-digit",
	}).format(at);
}

/** Now on the shop's clock: { date, time }. */
export function shopNow(timezone: string): { date: string; time: string } {
	const now = new Date();
	const time = formatTimeInZone(now, timezone)?.time ?? "12:00";
	return {
		date: shopToday(timezone, now),
		time: `${time.slice(0, 3)}${String(Math.floor(Number(time.slice(3)) / 5) * 5).padStart(2, "0")}`,
	};
}

/** The instant at which the shop's clock shows this date and time. */
export function instantAt(date: string, time: string, timezone: string): string {
	const guess = new Date(`${date}T${time}:00Z`);
	const shown = formatTimeInZone(guess, timezone);
	const shownDate = shopToday(timezone, guess);
	if (!shown) return guess.toISOString();
	const shownMs = Date.parse(`${shownDate}T${shown.time}:00Z`);
	return new Date(guess.getTime() - (shownMs - guess.getTime())).toISOString();
}
