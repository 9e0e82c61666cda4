import { type DateLabels, formatDate } from "../../../lib/format";

/**
 * A calendar day the server names as the shop's local date ("2026-12-08", a withdrawal's
 * latest arrival day), in the reader's language. Read as that day on the device's calendar,
 * never as UTC midnight, which a device west of Greenwich would show as the day before.
 */
export function formatLocalDay(day: string, lang: string, labels: DateLabels): string {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
	if (!match) return day;
	return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), lang, labels);
}
