/** Spec §5 phone rule: 11 digits, starting with 1, then 3–9 (the contract's PHONE_PATTERN). */
export const PHONE_RULE = /^1[3-9]\d{9}$/;

export type PhoneProblem = "fillPhone" | "phoneFormat" | null;

export function checkPhone(value: string): PhoneProblem {
	const phone = value.trim();
	if (!phone) return "fillPhone";
	return PHONE_RULE.test(phone) ? null : "phoneFormat";
}
