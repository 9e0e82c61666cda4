import { type DateLabels, formatDate } from "../../lib/format";

/**
 * A calendar date as the shop's clock reads it (a card that ends at 23:30 in Phnom Penh ends
 * on that day, wherever the reader's device is), written in the reader's language.
 */
export function formatDateInZone(
	value: string | number | Date,
	lang: string,
	labels: DateLabels,
	timeZone: string | undefined,
): string {
	const date = new Date(value);
	if (Number.isNaN(date.getTime())) return "";
	if (!timeZone) return formatDate(date, lang, labels);
	try {
		const [year, month, day] = new Intl.DateTimeFormat("en-CA", {
			timeZone,
			year: "numeric",
			month: "2-digit",
			day: "2-digit",
		})
			.format(date)
			.split("-")
			.map(Number) as [number, number, number];
		// The device's own midnight of that day: formatDate reads the day on the device's clock.
		return formatDate(new Date(year, month - 1, day), lang, labels);
	} catch {
		return formatDate(date, lang, labels);
	}
}
