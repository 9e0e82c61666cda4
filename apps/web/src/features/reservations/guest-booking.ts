import {
	CreateReservationInput,
	type MessageKey,
	type PreorderPayMode,
	RESERVATION_TAB_OF,
	RESERVATION_TABS,
	type ReservationOccasion,
	type ReservationStatus,
	ReservationStatusCode,
	type ReservationTab,
} from "@bayon/contract";
import { isMessageKey } from "../../lib/i18n/messages";

/**
 * The booking form's rules are the contract's `CreateReservationInput`: the schema the server
 * validates with, so each broken rule reads the same here and in the server's answer.
 */

export interface PreorderLineDraft {
	key: string;
	itemId: number;
	name: string;
	optionIds: number[];
	optionNames: string[];
	unitPrice: number;
	quantity: number;
}

export interface BookingDraft {
	shopId: number;
	/** The chosen slot's instant; null until one is chosen. */
	startsAt: string | null;
	party: number | null;
	name: string;
	phone: string;
	occasion: ReservationOccasion | null;
	areaPreference: string | null;
	/**
	 * The guest saw that their preferred area has no free table at the chosen time and accepts
	 * another (issue 27); the server refuses such a booking otherwise.
	 */
	otherAreaAccepted: boolean;
	note: string;
	preorder: PreorderLineDraft[];
	preorderPay: PreorderPayMode;
	agreed: boolean;
}

export type BookingField = "startsAt" | "party" | "name" | "phone" | "note" | "agreed" | "preorder";
export type BookingProblems = Partial<Record<BookingField, MessageKey>>;

export type BookingValidation = { ok: true; input: CreateReservationInput } | { ok: false; problems: BookingProblems };

const FIELDS: ReadonlySet<string> = new Set<BookingField>([
	"startsAt",
	"party",
	"name",
	"phone",
	"note",
	"agreed",
	"preorder",
]);

/**
 * A pre-order's lines as the server takes them, when booking and when changing the pre-order:
 * the price each line showed goes along as `seenUnitPrice`, so a price changed meanwhile is
 * refused rather than charged unseen. Lines stepped down to zero are left out.
 */
export function preorderRequestLines(
	lines: ReadonlyArray<Pick<PreorderLineDraft, "itemId" | "quantity" | "optionIds" | "unitPrice">>,
) {
	return lines
		.filter((line) => line.quantity > 0)
		.map((line) => ({
			itemId: line.itemId,
			quantity: line.quantity,
			optionIds: [...line.optionIds],
			seenUnitPrice: line.unitPrice,
		}));
}

/** The request a draft makes (what the server receives), before validation. */
export function bookingRequest(draft: BookingDraft): Record<string, unknown> {
	const lines = preorderRequestLines(draft.preorder);
	return {
		shopId: draft.shopId,
		startsAt: draft.startsAt ?? undefined,
		party: draft.party ?? undefined,
		name: draft.name,
		phone: draft.phone,
		occasion: draft.occasion,
		areaPreference: draft.areaPreference,
		otherAreaAccepted: draft.areaPreference !== null && draft.otherAreaAccepted,
		note: draft.note,
		preorder: lines.length > 0 ? { lines, pay: draft.preorderPay } : null,
		agreed: draft.agreed,
	};
}

/** Checks a draft; every broken rule is reported at its field (the first one per field). */
export function validateBooking(draft: BookingDraft): BookingValidation {
	const parsed = CreateReservationInput.safeParse(bookingRequest(draft));
	if (parsed.success) return { ok: true, input: parsed.data };
	const problems: BookingProblems = {};
	for (const issue of parsed.error.issues) {
		const name = String(issue.path[0] ?? "");
		const field = (FIELDS.has(name) ? name : "preorder") as BookingField;
		if (problems[field]) continue;
		problems[field] = isMessageKey(issue.message) ? issue.message : "fieldInvalid";
	}
	return { ok: false, problems };
}

/** The order the problems are announced in (the first is scrolled to), top of the form first. */
export const FIELD_ORDER: readonly BookingField[] = [
	"startsAt",
	"party",
	"name",
	"phone",
	"note",
	"preorder",
	"agreed",
];

// ---------------------------------------------------------------------------------------------
// Days

/** Local days from `first` to `last` ("YYYY-MM-DD", inclusive), at most `max` of them. */
export function bookingDays(first: string, last: string, max = 120): string[] {
	const start = Date.parse(`${first}T00:00:00Z`);
	const end = Date.parse(`${last}T00:00:00Z`);
	if (Number.isNaN(start) || Number.isNaN(end)) return [];
	const days: string[] = [];
	for (let at = start; at <= end && days.length < max; at += 86_400_000)
		days.push(new Date(at).toISOString().slice(0, 10));
	return days;
}

/** A calendar day's weekday (0 Sunday), day of month and month (1–12), read from its date alone. */
export function dayParts(date: string): { weekday: number; day: number; month: number } {
	const at = new Date(`${date}T00:00:00Z`);
	return { weekday: at.getUTCDay(), day: at.getUTCDate(), month: at.getUTCMonth() + 1 };
}

/** Today's date on a time zone's clock ("YYYY-MM-DD"). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
	try {
		return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
			now,
		);
	} catch {
		return now.toISOString().slice(0, 10);
	}
}

// ---------------------------------------------------------------------------------------------
// Slots

export type DayPeriod = "morning" | "noon" | "afternoon" | "evening";

/**
 * The part of the day a slot's clock time falls in, to break a long day of slots into groups.
 * Slots after midnight belong to the evening they follow (a window past midnight belongs to
 * the day it opened).
 */
export function periodOf(time: string): DayPeriod {
	const hour = Number(time.slice(0, 2));
	if (hour < 5 || hour >= 17) return "evening";
	if (hour < 11) return "morning";
	if (hour < 14) return "noon";
	return "afternoon";
}

/** Slots grouped by part of the day, in the order the server gave them. */
export function groupSlots<T extends { time: string }>(slots: readonly T[]): Array<{ period: DayPeriod; slots: T[] }> {
	const groups: Array<{ period: DayPeriod; slots: T[] }> = [];
	for (const slot of slots) {
		const period = periodOf(slot.time);
		const last = groups.at(-1);
		if (last?.period === period) last.slots.push(slot);
		else groups.push({ period, slots: [slot] });
	}
	return groups;
}

// ---------------------------------------------------------------------------------------------
// Tabs

/** My reservations' tabs, in the spec's order, with the text key of each. */
export const GUEST_TABS: ReadonlyArray<{
	tab: ReservationTab;
	key: "tab.all" | "tab.waiting" | "tab.cancelled" | "tab.completed";
}> = [
	{ tab: ReservationStatusCode.All, key: "tab.all" },
	{ tab: ReservationStatusCode.Waiting, key: "tab.waiting" },
	{ tab: ReservationStatusCode.Cancelled, key: "tab.cancelled" },
	{ tab: ReservationStatusCode.Completed, key: "tab.completed" },
];

/** The `?status=` of the list page: one of the spec's tab codes, else "all". */
export function tabFromQuery(value: string | null): ReservationTab {
	const code = Number(value ?? ReservationStatusCode.All);
	return (RESERVATION_TABS as readonly number[]).includes(code) && value !== "" ? (code as ReservationTab) : -1;
}

/** Whether a booking in `status` is listed under `tab`. */
export function listedUnder(status: ReservationStatus, tab: ReservationTab): boolean {
	return tab === ReservationStatusCode.All || RESERVATION_TAB_OF[status] === tab;
}
