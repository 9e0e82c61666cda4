import type { StatementLine } from "@bayon/contract";

/**
 * The wallet's dates are the shop's local days (the server's statement and chart count in the
 * shop's time zone), so a line is grouped under the day the shop's clock showed, wherever the
 * reader's device is.
 */

const zoneDates = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant on the clock of `timeZone` (the device's when it is unknown). */
export function dateInZone(value: string | number | Date, timeZone: string): string {
	const date = value instanceof Date ? value : new Date(value);
	let format = zoneDates.get(timeZone);
	if (!format) {
		try {
			format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
		} catch {
			format = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit" });
		}
		zoneDates.set(timeZone, format);
	}
	const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
	return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Basis points as a percentage the same way in every language: 250 → "2.5%". */
export function formatBasisPoints(bps: number): string {
	return new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** How the hold reads: none, whole days, or hours. */
export function holdPeriod(holdHours: number): { unit: "none" } | { unit: "days" | "hours"; count: number } {
	if (holdHours <= 0) return { unit: "none" };
	if (holdHours % 24 === 0) return { unit: "days", count: holdHours / 24 };
	return { unit: "hours", count: holdHours };
}

/** The statement's lines under their local day, newest day first, in the order the server sent them. */
export interface StatementDay {
	date: string;
	lines: StatementLine[];
}

export function groupByLocalDay(lines: readonly StatementLine[], timeZone: string): StatementDay[] {
	const days: StatementDay[] = [];
	for (const line of lines) {
		const date = dateInZone(line.createdAt, timeZone);
		const last = days[days.length - 1];
		if (last && last.date === date) last.lines.push(line);
		else days.push({ date, lines: [line] });
	}
	return days;
}

export type Bucket = "pending" | "available" | "withdrawing";

/** Which of the shop's three amounts a line moved, and by how much (signed), in the wallet's order. */
export function bucketChanges(line: StatementLine): { bucket: Bucket; change: number }[] {
	const changes: { bucket: Bucket; change: number }[] = [
		{ bucket: "available", change: line.availableChange },
		{ bucket: "pending", change: line.pendingChange },
		{ bucket: "withdrawing", change: line.withdrawingChange },
	];
	return changes.filter((entry) => entry.change !== 0);
}

/**
 * The line's headline figure: what the shop's total changed by; for a move between its own
 * amounts (settled, a withdrawal asked for or returned) the amount that moved, unsigned.
 */
export function lineFigure(line: StatementLine): { amount: number; tone: "in" | "out" | "move" } {
	if (line.amount > 0) return { amount: line.amount, tone: "in" };
	if (line.amount < 0) return { amount: line.amount, tone: "out" };
	const moved = Math.max(0, ...bucketChanges(line).map((entry) => Math.abs(entry.change)));
	return { amount: moved, tone: "move" };
}
