import type { CartLine } from "../../lib/store";

/** Spec §5 phone rule: 11 digits, starting with 1, then 3–9 (the contract's PHONE_PATTERN). */
export const PHONE_RULE = /^1[3-9]\d{9}$/;

export type PhoneProblem = "fillPhone" | "phoneFormat" | null;

export function checkPhone(value: string): PhoneProblem {
	const phone = value.trim();
	if (!phone) return "fillPhone";
	return PHONE_RULE.test(phone) ? null : "phoneFormat";
}

/** The staff's order lines (cart lines, options chosen as a customer would) → the request's lines. */
export function staffOrderLines(
	lines: readonly Pick<CartLine, "itemId" | "quantity" | "optionIds">[],
): Array<{ itemId: number; quantity: number; optionIds: number[] }> {
	return lines
		.filter((line) => line.quantity > 0)
		.map((line) => ({ itemId: line.itemId, quantity: line.quantity, optionIds: [...line.optionIds] }));
}
