/** Spec §5 phone rule, from the contract's constants (a module without zod, fit for the first load). */
import { PHONE_PATTERN } from "@bayon/contract/constants";

export type PhoneProblem = "fillPhone" | "phoneFormat" | null;

export function checkPhone(value: string): PhoneProblem {
	const phone = value.trim();
	if (!phone) return "fillPhone";
	return PHONE_PATTERN.test(phone) ? null : "phoneFormat";
}
