import { AddBankCardInput, CreateWithdrawalInput } from "@bayon/contract";
import type { z } from "zod";
import { type Checked, checkWith, parseMoney } from "../../lib/form";
import { formatMessage } from "../../lib/i18n/messages";

/**
 * The owner's money forms, checked with the contract's schemas (the same the server validates
 * with) before anything is sent: a bank card (holder, bank, number typed in groups of four,
 * the SMS code) and a withdrawal (an amount typed in the currency's major unit and sent in
 * minor units, an account, the SMS code).
 */

/** The longest card number (spec §5: 16 or 19 digits). */
export const CARD_NUMBER_MAX_DIGITS = 19;

/** Whatever was typed or pasted, as the card's digits (spaces, dashes and letters dropped), at most 19. */
export function cardDigits(text: string): string {
	return text.replace(/\D+/g, "").slice(0, CARD_NUMBER_MAX_DIGITS);
}

/** "6222021234567890123" → "6222 0212 3456 7890 123": as printed on the card, read aloud in fours. */
export function groupCardNumber(digits: string): string {
	return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Where the caret goes in the grouped text to stand right after the `digitsBefore`-th digit. */
export function caretAfterDigits(digitsBefore: number): number {
	return digitsBefore <= 0 ? 0 : digitsBefore + Math.floor((digitsBefore - 1) / 4);
}

export interface CardDraft {
	holder: string;
	bank: string;
	/** Digits only; the field shows them grouped. */
	cardNumber: string;
	code: string;
}

export const emptyCardDraft = (): CardDraft => ({ holder: "", bank: "", cardNumber: "", code: "" });

export type AddCardRequest = z.output<typeof AddBankCardInput>;

/** The request for the draft, or each problem under its field (`holder`, `bank`, `cardNumber`, `code`). */
export function checkCard(draft: CardDraft, at: { shopId: number; lang: string }): Checked<AddCardRequest> {
	return checkWith(AddBankCardInput, { shopId: at.shopId, ...draft }, { lang: at.lang });
}

/**
 * Minor units as the major-unit text an amount field shows (123456 → "1234.56"), on the
 * digits: never 1234.56 computed in floating point and rounded back.
 */
export function amountText(minor: number, decimals: number): string {
	const digits = String(Math.max(0, Math.trunc(minor))).padStart(decimals + 1, "0");
	if (decimals === 0) return digits;
	return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

export interface WithdrawalDraft {
	amount: string;
	cardId: number | null;
	code: string;
}

export const emptyWithdrawalDraft = (): WithdrawalDraft => ({ amount: "", cardId: null, code: "" });

export type WithdrawalRequest = z.output<typeof CreateWithdrawalInput>;

export interface WithdrawalLimits {
	shopId: number;
	decimals: number;
	lang: string;
	/** What may be withdrawn now (minor units). */
	withdrawable: number;
	/** The platform's minimum per withdrawal (minor units). */
	minimum: number;
	/** Money as the page writes it, for the limits' messages. */
	money: (minor: number) => string;
	/** For an amount that is not a plain number in the currency ("5.555", "1.2.3"). */
	amountFormat: string;
}

/**
 * The request for the draft, or each problem under its field (`amount`, `cardId`, `code`) in
 * the spec's words: nothing withdrawable, no amount, no account chosen; then the platform's
 * minimum and the withdrawable amount, as the server would refuse them.
 */
export function checkWithdrawal(draft: WithdrawalDraft, at: WithdrawalLimits): Checked<WithdrawalRequest> {
	const amount = parseMoney(draft.amount, at.decimals);
	const checked = checkWith(
		CreateWithdrawalInput,
		{ shopId: at.shopId, amount: amount ?? undefined, cardId: draft.cardId ?? undefined, code: draft.code },
		{ lang: at.lang, amountFormat: at.amountFormat },
		{ amount },
	);
	const problems = checked.problems ?? {};
	if (at.withdrawable <= 0) problems.amount = formatMessage("noWithdrawableAmount", at.lang);
	else if (!problems.amount && typeof amount === "number") {
		if (amount > at.withdrawable)
			problems.amount = formatMessage("withdrawalExceedsAvailable", at.lang, { available: at.money(at.withdrawable) });
		else if (amount < at.minimum)
			problems.amount = formatMessage("withdrawalBelowMinimum", at.lang, { minimum: at.money(at.minimum) });
	}
	if (checked.input && Object.keys(problems).length === 0) return checked;
	return { input: null, problems };
}

/**
 * One withdrawal intent: its idempotency key and the request it was made for. A retry of the
 * same request keeps the key (the server answers it with the first withdrawal); any change of
 * amount, account or code is another intent with a new key.
 */
export interface WithdrawalAttempt {
	key: string;
	body: string;
}

export function attemptFor(
	previous: WithdrawalAttempt | null,
	input: WithdrawalRequest,
	newKey: () => string,
): WithdrawalAttempt {
	const body = JSON.stringify(input);
	return previous?.body === body ? previous : { key: newKey(), body };
}
