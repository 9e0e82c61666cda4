import {
	type CurrencyConfig,
	formatMoney as formatContractMoney,
	formatPrice as formatContractPrice,
} from "@bayon/contract";
import { localDateOf } from "@bayon/contract/shop-clock";

/**
 * The only place where money, dates and phone numbers are turned into text
 * (architecture.md house rule 7).
 */

const numberFormats = new Map<number, Intl.NumberFormat>();

function numberFormat(decimals: number): Intl.NumberFormat {
	let format = numberFormats.get(decimals);
	if (!format) {
		// Grouping with "," and "." as the decimal mark reads the same in zh-CN, en and km
		// (km's own locale would swap them, which misleads next to a "$").
		format = new Intl.NumberFormat("en-US", {
			minimumFractionDigits: decimals,
			maximumFractionDigits: decimals,
		});
		numberFormats.set(decimals, format);
	}
	return format;
}

/**
 * Money: `amount` is an integer in minor units, shown in the tenant's currency (symbol, rate,
 * symbol position; spec §9) by the contract's formatter, the same one the server uses in its
 * messages ("delivery from $5.00"), so a price reads the same in the page and in a message.
 */
export function formatMoney(amount: number, currency: CurrencyConfig): string {
	return formatContractMoney(amount, currency);
}

/**
 * A price as customers read it: the shop's currency and, when the owner set one, the second
 * display currency ("$2.50 · 10,300៛"; decision 011). Menu, cart, pay page, bills and
 * receipts show prices this way; balances, fees in hints and refunds stay in one currency.
 */
export function formatPrice(amount: number, currency: CurrencyConfig): string {
	return formatContractPrice(amount, currency);
}

/** Points are whole numbers with grouping. */
export function formatPoints(points: number): string {
	return numberFormat(0).format(Math.trunc(points));
}

/** 13800000001 → 138****0001; anything that is not 11 digits keeps only its last 4. */
export function maskPhone(mobile: string | null | undefined): string {
	if (!mobile) return "";
	const digits = mobile.trim();
	if (/^\d{11}$/.test(digits)) return `${digits.slice(0, 3)}****${digits.slice(7)}`;
	if (digits.length <= 4) return digits;
	return `${"*".repeat(digits.length - 4)}${digits.slice(-4)}`;
}

function toDate(value: string | number | Date): Date | null {
	const date = value instanceof Date ? value : new Date(value);
	return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Translated words for the languages a browser's Intl does not know. Chromium ships no Khmer
 * date or relative-time data: without these, a Khmer page would show dates in the browser's
 * default language.
 */
export interface DateLabels {
	/** Twelve month names, January first. */
	months: readonly string[];
	/** e.g. "{day} {month} {year}". */
	datePattern: string;
	justNow: string;
	/** e.g. "{n} minutes ago". */
	minutesAgo: string;
	hoursAgo: string;
	daysAgo: string;
	/** Seven short weekday names, Sunday first. */
	weekdays: readonly string[];
	/** A day of a month without the year, e.g. "{day} {month}". */
	dayPattern: string;
}

function fill(pattern: string, values: Record<string, string | number>): string {
	return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Intl kinds whose data a browser may lack for a language. Debian's Chromium has Khmer plural
 * rules and word breaking, but no Khmer dates, numbers, lists or relative times: for those it
 * silently answers in the browser's own language ("2026年11月24日" on a Chinese phone).
 */
type IntlKind = "DateTimeFormat" | "RelativeTimeFormat" | "ListFormat";

function intlKnows(kind: IntlKind, lang: string): boolean {
	try {
		return Intl[kind].supportedLocalesOf([lang]).length > 0;
	} catch {
		return false;
	}
}

/**
 * A calendar date in the language's own style, e.g. 2026年11月21日 / Nov 21, 2026 / 21 វិច្ឆិកា 2026.
 * The labels are required: without them a language the browser lacks would read in another.
 */
export function formatDate(value: string | number | Date, lang: string, labels: DateLabels): string {
	const date = toDate(value);
	if (!date) return "";
	if (!intlKnows("DateTimeFormat", lang)) {
		return fill(labels.datePattern, {
			day: date.getDate(),
			month: labels.months[date.getMonth()] ?? String(date.getMonth() + 1),
			year: date.getFullYear(),
		});
	}
	try {
		return new Intl.DateTimeFormat(lang, { year: "numeric", month: "short", day: "numeric" }).format(date);
	} catch {
		return date.toISOString().slice(0, 10);
	}
}

/**
 * A calendar day the server names as the shop's local date ("2026-12-08": a withdrawal's latest
 * arrival day, a statement's day) in the reader's language. Read as that day on the device's
 * calendar, never as UTC midnight, which a device west of Greenwich would show as the day before.
 */
export function formatLocalDate(date: string, lang: string, labels: DateLabels): string {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
	if (!match) return date;
	return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), lang, labels);
}

/**
 * The calendar day of an instant as the shop's clock reads it (a card that ends at 23:30 in
 * Phnom Penh ends on that day, wherever the reader's device is), in the reader's language; on
 * the device's clock while the shop's time zone is unknown.
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
		return formatLocalDate(localDateOf(date, timeZone), lang, labels);
	} catch {
		return formatDate(date, lang, labels);
	}
}

/**
 * A calendar day ("2026-12-09", no time zone: a shop's local day) as a day chip shows it, in the
 * language's own style: {weekday: "周三", day: "12月9日"} / {"Wed", "Dec 9"} / {"ពុធ", "9 ធ្នូ"}.
 * The one formatter for the customers' and the staff's day chips (issue 27).
 */
export function formatCalendarDay(date: string, lang: string, labels: DateLabels): { weekday: string; day: string } {
	const [year, month, day] = date.split("-").map(Number) as [number, number, number];
	// Noon UTC read in UTC: the same calendar day whatever the device's time zone.
	const at = new Date(Date.UTC(year, month - 1, day, 12));
	if (Number.isNaN(at.getTime())) return { weekday: "", day: "" };
	if (!intlKnows("DateTimeFormat", lang))
		return {
			weekday: labels.weekdays[at.getUTCDay()] ?? "",
			day: fill(labels.dayPattern, { day, month: labels.months[month - 1] ?? String(month) }),
		};
	return {
		weekday: new Intl.DateTimeFormat(lang, { weekday: "short", timeZone: "UTC" }).format(at),
		day: new Intl.DateTimeFormat(lang, { month: "short", day: "numeric", timeZone: "UTC" }).format(at),
	};
}

/**
 * A moment with its time of day, in the language's own style: 2026年11月21日 12:05 /
 * Nov 21, 2026, 12:05 / 21 វិច្ឆិកា 2026 12:05. In `timeZone` when given, else the device's.
 * The labels are required, as for `formatDate`.
 */
export function formatDateTime(
	value: string | number | Date,
	lang: string,
	labels: DateLabels,
	timeZone?: string,
): string {
	const date = toDate(value);
	if (!date) return "";
	try {
		if (!intlKnows("DateTimeFormat", lang)) {
			// Wall-clock numbers from a locale every Intl knows, words from the translation.
			const parts = Object.fromEntries(
				new Intl.DateTimeFormat("en-US", {
					timeZone,
					year: "numeric",
					month: "numeric",
					day: "numeric",
					hour: "2-digit",
					minute: "2-digit",
					hourCycle: "h23",
				})
					.formatToParts(date)
					.map((part) => [part.type, part.value]),
			);
			const month = Number(parts.month);
			const day = fill(labels.datePattern, {
				day: Number(parts.day),
				month: labels.months[month - 1] ?? String(month),
				year: Number(parts.year),
			});
			return `${day} ${parts.hour}:${parts.minute}`;
		}
		return new Intl.DateTimeFormat(lang, {
			timeZone,
			year: "numeric",
			month: "short",
			day: "numeric",
			hour: "2-digit",
			minute: "2-digit",
			hourCycle: "h23",
		}).format(date);
	} catch {
		return date.toISOString().slice(0, 16).replace("T", " ");
	}
}

/**
 * A calendar month ("2026-11", as the server names one) in the language's own style:
 * 2026年11月 / November 2026 / វិច្ឆិកា 2026. The labels are required, as for `formatDate`.
 */
export function formatMonth(month: string, lang: string, labels: DateLabels): string {
	const match = /^(\d{4})-(\d{2})$/.exec(month);
	if (!match) return month;
	const year = Number(match[1]);
	const index = Number(match[2]) - 1;
	if (index < 0 || index > 11) return month;
	if (!intlKnows("DateTimeFormat", lang)) return `${labels.months[index] ?? match[2]} ${year}`;
	try {
		return new Intl.DateTimeFormat(lang, { year: "numeric", month: "long", timeZone: "UTC" }).format(
			new Date(Date.UTC(year, index, 1)),
		);
	} catch {
		return month;
	}
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Spec §9 relative time: under 5 minutes reads as "just now", then minutes, hours and days
 * up to 30 days; older moments show the date.
 */
export function formatRelativeTime(
	value: string | number | Date,
	lang: string,
	labels: DateLabels,
	now: number = Date.now(),
): string {
	const date = toDate(value);
	if (!date) return "";
	const elapsed = now - date.getTime();
	if (elapsed < 5 * MINUTE) return labels.justNow;
	if (elapsed >= 30 * DAY) return formatDate(date, lang, labels);
	const [amount, unit, pattern] =
		elapsed < HOUR
			? [Math.floor(elapsed / MINUTE), "minute" as const, labels.minutesAgo]
			: elapsed < DAY
				? [Math.floor(elapsed / HOUR), "hour" as const, labels.hoursAgo]
				: [Math.floor(elapsed / DAY), "day" as const, labels.daysAgo];
	if (intlKnows("RelativeTimeFormat", lang)) {
		return new Intl.RelativeTimeFormat(lang, { numeric: "always" }).format(-amount, unit);
	}
	return fill(pattern, { n: amount });
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock parts of an instant in a time zone (the shop's, not the browser's). */
function partsInZone(date: Date, timeZone: string): { day: number; date: string; time: string } | null {
	let format = zoneFormats.get(timeZone);
	if (!format) {
		try {
			format = new Intl.DateTimeFormat("en-US", {
				timeZone,
				year: "numeric",
				month: "2-digit",
				day: "2-digit",
				hour: "2-digit",
				minute: "2-digit",
				hourCycle: "h23",
			});
		} catch {
			return null;
		}
		zoneFormats.set(timeZone, format);
	}
	const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
	return {
		day: Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000,
		date: `${parts.year}-${parts.month}-${parts.day}`,
		time: `${parts.hour}:${parts.minute}`,
	};
}

/** "2026-12-08 11:00" on the wall clock of a time zone; null for a bad instant or an unknown zone. */
export function formatWallClock(value: string | number | Date, timeZone: string): string | null {
	const date = value instanceof Date ? value : new Date(value);
	if (Number.isNaN(date.getTime())) return null;
	const parts = partsInZone(date, timeZone);
	return parts ? `${parts.date} ${parts.time}` : null;
}

/**
 * An instant as the shop's clock shows it: "08:00", and how many calendar days after `now`
 * it falls there (0 today, 1 tomorrow). Null for a bad instant or an unknown time zone.
 */
export function formatTimeInZone(
	value: string | number | Date,
	timeZone: string,
	now: Date = new Date(),
): { time: string; dayOffset: number; date: Date } | null {
	const date = toDate(value);
	if (!date) return null;
	const at = partsInZone(date, timeZone);
	const today = partsInZone(now, timeZone);
	if (!at || !today) return null;
	return { time: at.time, dayOffset: at.day - today.day, date };
}

/**
 * A plain list in the language's own style: "a, b, c" in English and Khmer, "a、b、c" in
 * Chinese. `separator` is the language's own, used where the browser has no list data.
 */
export function formatList(items: readonly string[], lang: string, separator: string): string {
	if (intlKnows("ListFormat", lang)) {
		return new Intl.ListFormat(lang, { type: "conjunction", style: "narrow" }).format(items);
	}
	return items.join(separator);
}

/** A distance in metres: "350 m", "1.2 km". */
export function formatDistance(meters: number): string {
	if (meters < 1000) return `${Math.max(0, Math.round(meters))} m`;
	return `${(meters / 1000).toFixed(meters < 10_000 ? 1 : 0)} km`;
}
