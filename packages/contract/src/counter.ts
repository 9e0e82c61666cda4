import { z } from "zod";
import { idField, multiLineText, oneLineText, queryIdField } from "./common.js";
import type { CurrencyConfig } from "./content.js";
import { payCodeField } from "./stored-value.js";

/**
 * The counter (issue 28, decision 029): staff take payment for an order or a table bill in cash,
 * on the shop's own card terminal, or from the member's balance with their payment code; every
 * taking is a line of the taker's open shift, which opens with a float and closes with a count.
 */

export const COUNTER_PURPOSES = ["order", "table_bill"] as const;
export type CounterPurpose = (typeof COUNTER_PURPOSES)[number];
export const COUNTER_METHODS = ["cash", "card_terminal", "balance"] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];

// ---------------------------------------------------------------------------------------------
// Cash: rounding and change

/**
 * The smallest cash a ledger currency has, in its minor units, where it is not its minor unit:
 * riel is paid in 100s, yuan in jiao, Swiss francs in 5 rappen. Others: one minor unit.
 */
const CASH_STEP: Record<string, number> = { KHR: 100, CNY: 10, CHF: 5, VND: 1000, THB: 25 };

export function cashStepOf(currency: Pick<CurrencyConfig, "code">): number {
	return CASH_STEP[currency.code] ?? 1;
}

export interface CashTender {
	/** Handed over in the ledger currency, minor units. */
	tendered: number;
	/** Handed over in the second display currency (riel), whole units; 0 when none is set. */
	tenderedSecond: number;
}

export interface CashChange {
	/** Change in the ledger currency, minor units. */
	change: number;
	/** Change in the second currency, whole units (a multiple of its roundTo). */
	changeSecond: number;
	/** What was handed over does not cover what is due, even after rounding. */
	short: boolean;
}

/** Rounds to the nearest whole number, halves up (what is due rounds so: 12,350 riel → 12,400). */
const roundHalfUp = (value: number) => Math.floor(value + 0.5);
/** Rounds to the nearest whole number, halves down: change is what is due rounded half up, turned round. */
const roundHalfDown = (value: number) => Math.ceil(value - 0.5) + 0;

/**
 * The change for `amount` (minor units) paid with `tender`, on integers only.
 *
 * - One currency: the drawer keeps the amount due rounded to the currency's cash step (riel to
 *   100, halves up) and the change is the rest; a tender short of the amount by less than half a
 *   step covers it.
 * - With a second currency (riel beside dollars): the tender may mix both; the change is given
 *   in whole units of the ledger currency (dollars) and the rest in the second currency rounded
 *   to its `roundTo` (100 riel), the way Phnom Penh counters give change. Both are computed in a
 *   common unit (second units × 10^decimals), so $12.35 against 51,000៛ is exact.
 */
export function cashChange(amount: number, tender: CashTender, currency: CurrencyConfig): CashChange {
	const second = currency.second;
	if (!second) {
		const step = cashStepOf(currency);
		const units = roundHalfDown((tender.tendered - amount) / step);
		return units < 0
			? { change: 0, changeSecond: 0, short: true }
			: { change: units * step, changeSecond: 0, short: false };
	}
	const perMajor = 10 ** currency.decimals;
	// Everything in second-currency units × 10^decimals: exact integers.
	const excess = tender.tendered * second.rate + tender.tenderedSecond * perMajor - amount * second.rate;
	const wholeMajor = Math.max(0, Math.floor(excess / (perMajor * second.rate)));
	const change = wholeMajor * perMajor;
	const rest = excess - change * second.rate;
	const steps = roundHalfDown(rest / (perMajor * second.roundTo));
	if (steps < 0) return { change: 0, changeSecond: 0, short: true };
	return { change, changeSecond: steps * second.roundTo, short: false };
}

/**
 * The least cash that pays `amount`, as the sheet suggests it: the amount rounded to the cash
 * step in one currency; with a second currency, the second-currency equivalent rounded to its
 * `roundTo` (what a customer paying all in riel hands over).
 */
export function cashDueOf(amount: number, currency: CurrencyConfig): { due: number; dueSecond: number | null } {
	const step = cashStepOf(currency);
	const due = roundHalfUp(amount / step) * step;
	const second = currency.second;
	if (!second) return { due, dueSecond: null };
	const perMajor = 10 ** currency.decimals;
	const dueSecond = roundHalfUp((amount * second.rate) / (perMajor * second.roundTo)) * second.roundTo;
	return { due: amount, dueSecond };
}

// ---------------------------------------------------------------------------------------------
// Requests

const cashField = z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).min(0, { error: "fieldInvalid" });
const moneyCountField = cashField.max(1_000_000_000_000, { error: "fieldInvalid" });

export const terminalReferenceField = oneLineText("fillTerminalReference")
	.trim()
	.min(1, { error: "fillTerminalReference", abort: true })
	.max(40, { error: "terminalReferenceTooLong" });

/**
 * `POST /merchant/counter/take` (Idempotency-Key header: a double tap takes once). `amount` is
 * what the sheet showed as due: an order or bill that changed meanwhile is refused, not taken
 * at another price.
 */
export const TakePaymentInput = z.discriminatedUnion("method", [
	z.strictObject({
		shopId: idField,
		purpose: z.enum(COUNTER_PURPOSES, { error: "fieldInvalid" }),
		purposeId: idField,
		amount: idField,
		method: z.literal("cash"),
		tendered: moneyCountField,
		tenderedSecond: moneyCountField.default(0),
	}),
	z.strictObject({
		shopId: idField,
		purpose: z.enum(COUNTER_PURPOSES, { error: "fieldInvalid" }),
		purposeId: idField,
		amount: idField,
		method: z.literal("card_terminal"),
		reference: terminalReferenceField,
	}),
	z.strictObject({
		shopId: idField,
		purpose: z.enum(COUNTER_PURPOSES, { error: "fieldInvalid" }),
		purposeId: idField,
		amount: idField,
		method: z.literal("balance"),
		code: payCodeField,
	}),
]);
export type TakePaymentInput = z.input<typeof TakePaymentInput>;

/** `POST /merchant/counter/shift/open`: the float counted into the drawer. */
export const OpenShiftInput = z.strictObject({
	shopId: idField,
	floatCash: moneyCountField,
	floatCashSecond: moneyCountField.default(0),
});
export type OpenShiftInput = z.input<typeof OpenShiftInput>;

/** `POST /merchant/counter/shift/close`: the count; the caller's own open shift at the shop. */
export const CloseShiftInput = z.strictObject({
	shopId: idField,
	shiftId: idField,
	countedCash: moneyCountField,
	countedCashSecond: moneyCountField.default(0),
	countedCard: moneyCountField.default(0),
	note: multiLineText().trim().max(200, { error: "remarkTooLong" }).default(""),
});
export type CloseShiftInput = z.input<typeof CloseShiftInput>;

/** `POST /merchant/counter/cash-refund`: the staff member hands a cash taking back. */
export const CashRefundInput = z.strictObject({ shopId: idField, takeId: idField });
export type CashRefundInput = z.input<typeof CashRefundInput>;

/** `GET /merchant/counter/till?shopId=`: the caller's open shift (or none) and their last closed ones. */
export const TillQuery = z.object({ shopId: queryIdField });

// ---------------------------------------------------------------------------------------------
// Answers

export interface CounterTakeView {
	id: number;
	shopId: number;
	shiftId: number;
	/** Shown and printed: the shop's local day and a running number, "20261206-0007". */
	receiptNo: string;
	purpose: CounterPurpose;
	purposeId: number;
	/** What was paid, as the board names it: the order's pickup number ("#12") or the table's number. */
	label: string;
	method: CounterMethod;
	amount: number;
	tendered: number | null;
	tenderedSecond: number | null;
	change: number | null;
	changeSecond: number | null;
	reference: string | null;
	status: "paid" | "refunded";
	staffName: string;
	createdAt: string;
	refundedAt: string | null;
}

/** One method's line of a shift: taken − given back, and at the close what was counted. */
export interface TillMethodLine {
	method: "cash" | "cash_second" | "card_terminal" | "balance";
	/** Float included for cash. */
	expected: number;
	/** Null until the shift is closed (and always for balance: the platform holds that money). */
	counted: number | null;
	difference: number | null;
}

export interface ShiftView {
	id: number;
	shopId: number;
	staffName: string;
	/** The shop's time zone: the shift's times read on the shop's clock. */
	timeZone: string;
	status: "open" | "closed";
	openedAt: string;
	closedAt: string | null;
	floatCash: number;
	floatCashSecond: number;
	lines: TillMethodLine[];
	takes: CounterTakeView[];
	note: string;
}

export interface TillView {
	open: ShiftView | null;
	/** The caller's last closed shifts at the shop, newest first (at most 5). */
	closed: ShiftView[];
}
