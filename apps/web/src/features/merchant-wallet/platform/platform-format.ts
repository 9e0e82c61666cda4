import type { WithdrawalView } from "@bayon/contract";
import { type DateLabels, formatDate } from "../../../lib/format";

/**
 * A withdrawal's account as the review says it: the bank and the last four digits, never more.
 * A no-break space keeps the digits with their dots when a message wraps.
 */
export function accountText(card: WithdrawalView["card"]): string {
	return `${card.bank} ••••\u00a0${card.last4}`;
}

/**
 * A shop-local calendar date ("2026-12-08", as `arrivesBy` is sent) in the reader's language.
 * Read as the device's own midnight of that day, so no time zone moves it to another day.
 */
export function formatLocalDate(date: string, lang: string, labels: DateLabels): string {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
	if (!match) return date;
	return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), lang, labels);
}

/** The YYYY-MM-DD day an instant falls on in a time zone (the shop's local day). */
export function localDateIn(instant: Date, timeZone: string): string {
	return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
		instant,
	);
}
