import { CounterChargeInput, PAY_CODE_LENGTH } from "@bayon/contract";
import type { z } from "zod";
import { type Checked, parseMoney, problemsOf } from "../../lib/form";

/**
 * The counter's charge form: the member's payment code (18 digits, shown in groups of four),
 * the amount typed in the major unit and sent in minor units, an optional note. Checked with
 * the contract's CounterChargeInput, the same schema the server validates with.
 */

export interface CounterDraft {
	/** Digits only; the field shows them grouped. */
	code: string;
	amount: string;
	note: string;
}

export const emptyCounterDraft = (): CounterDraft => ({ code: "", amount: "", note: "" });

export type CounterCharge = z.output<typeof CounterChargeInput>;

/** Whatever was typed or pasted, as the code's digits (spaces, dashes and letters dropped), at most 18. */
export function payCodeDigits(text: string): string {
	return text.replace(/\D+/g, "").slice(0, PAY_CODE_LENGTH);
}

/** "123456789012345678" → "1234 5678 9012 3456 78": how the member's screen shows it, read aloud in fours. */
export function groupPayCode(digits: string): string {
	return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * The payment code in what the camera read: the member's QR holds the 18 digits (grouped or
 * not); should it ever be a link, its `code` parameter. Null when the text is no payment code
 * (a table's QR, a web address), so the page can say so instead of charging it.
 */
export function extractPayCode(text: string): string | null {
	const trimmed = text.trim();
	const exact = new RegExp(`^\\d{${PAY_CODE_LENGTH}}$`);
	const plain = trimmed.replace(/[\s-]+/g, "");
	if (exact.test(plain)) return plain;
	try {
		const code = new URL(trimmed).searchParams.get("code")?.replace(/[\s-]+/g, "") ?? "";
		return exact.test(code) ? code : null;
	} catch {
		return null;
	}
}

/**
 * The request for the draft, or each problem under its field (`code`, `amount`, `note`).
 * An amount that is not a plain number in the currency ("12.345" in dollars, "abc") reads
 * `amountFormat`, since "enter the amount" would not say what is wrong with it.
 */
export function checkCharge(
	draft: CounterDraft,
	at: { shopId: number; decimals: number; lang: string; amountFormat: string },
): Checked<CounterCharge> {
	const amount = parseMoney(draft.amount, at.decimals);
	const result = CounterChargeInput.safeParse({
		shopId: at.shopId,
		code: draft.code,
		amount: amount ?? undefined,
		note: draft.note,
	});
	const problems = problemsOf(result.error, at.lang);
	if (Number.isNaN(amount)) problems.amount = at.amountFormat;
	if (!result.success || Object.keys(problems).length > 0) return { input: null, problems };
	return { input: result.data, problems: null };
}

/**
 * One charge intent: its idempotency key and the request it was made for. A retry of the same
 * request keeps the key (the server answers it with the first charge); any change of code,
 * amount or note is another intent with a new key.
 */
export interface ChargeAttempt {
	key: string;
	body: string;
}

export function attemptFor(previous: ChargeAttempt | null, input: CounterCharge, newKey: () => string): ChargeAttempt {
	const body = JSON.stringify(input);
	return previous?.body === body ? previous : { key: newKey(), body };
}
