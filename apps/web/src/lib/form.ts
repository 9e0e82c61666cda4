import type { Localized, MessageKey } from "@bayon/contract";
import type { z } from "zod";
import { formatMessage, isMessageKey } from "./i18n/messages";

/**
 * What the owner's stored-value and VIP card forms share: texts in three languages, amounts
 * typed in the currency's major unit ("12.50") and sent in minor units (1250), and the
 * contract schema's broken rules shown under their fields, in the words the server would use.
 */

export const LANGUAGES = ["zh-CN", "en", "km"] as const;
export type LocalizedDraft = Record<(typeof LANGUAGES)[number], string>;
/** A message per field, by the field's path in the request (`name.zh-CN`, `payAmount`). */
export type FieldProblems = Record<string, string>;

export type Checked<T> = { input: T; problems: null } | { input: null; problems: FieldProblems };

export const textDraft = (text: Partial<Localized> | undefined): LocalizedDraft => ({
	"zh-CN": text?.["zh-CN"] ?? "",
	en: text?.en ?? "",
	km: text?.km ?? "",
});

/** Minor units as the major-unit text an amount field shows (1250 → "12.50"); null → "". */
export function moneyText(minor: number | null | undefined, decimals: number): string {
	if (minor === null || minor === undefined) return "";
	return (minor / 10 ** decimals).toFixed(decimals);
}

/**
 * A typed amount in minor units ("12.50" → 1250, "12" → 1200, "12,5" → 1250): null for an
 * empty field, NaN for anything else that is not a plain amount with at most the currency's
 * decimals (a sign, letters, "1.234" in dollars), so the schema's own rule refuses it.
 * Computed on the digits, never as 12.5 × 100 in floating point.
 */
export function parseMoney(text: string, decimals: number): number | null {
	const value = text.trim().replace(",", ".");
	if (value === "") return null;
	const pattern = decimals > 0 ? new RegExp(`^\\d{1,9}(\\.\\d{0,${decimals}})?$`) : /^\d{1,9}$/;
	if (!pattern.test(value)) return Number.NaN;
	const [whole = "0", fraction = ""] = value.split(".");
	return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
}

/** A typed whole number: null for an empty field, NaN for anything but digits. */
export function parseWhole(text: string): number | null {
	const value = text.trim();
	if (value === "") return null;
	return /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * The schema's issues by field, first one per field, in `lang`. A message with a `{field}`
 * placeholder ("Invalid value: {field}") names the field by its label on the form.
 */
export function problemsOf(
	error: z.ZodError | undefined,
	lang: string,
	labels: Record<string, string> = {},
	into: FieldProblems = {},
): FieldProblems {
	for (const issue of error?.issues ?? []) {
		const field = issue.path.join(".");
		if (into[field]) continue;
		const key: MessageKey = isMessageKey(issue.message) ? issue.message : "fieldInvalid";
		into[field] = formatMessage(key, lang, { field: labels[field] ?? field });
	}
	return into;
}

/** Where a sheet's draft is checked: the shop, the owner's language, the fields' labels. */
export interface CheckContext {
	shopId: number;
	decimals: number;
	lang: string;
	labels: Record<string, string>;
	/** For an amount that is not a plain number in the currency ("5.555", "1.2.3"). */
	amountFormat: string;
}

/**
 * `request` checked with the contract's `schema`; its problems by field, and `amountFormat`
 * under each of `amounts` that `parseMoney` could not read (NaN), since the schema's own word
 * for NaN ("a number") would not tell the owner what to type.
 */
export function checkWith<S extends z.ZodTypeAny>(
	schema: S,
	request: unknown,
	at: Pick<CheckContext, "lang"> & Partial<Pick<CheckContext, "labels" | "amountFormat">>,
	amounts: Record<string, number | null> = {},
): Checked<z.output<S>> {
	const result = schema.safeParse(request);
	if (result.success) return { input: result.data, problems: null };
	const problems = problemsOf(result.error, at.lang, at.labels);
	for (const [field, amount] of Object.entries(amounts))
		if (Number.isNaN(amount) && at.amountFormat) problems[field] = at.amountFormat;
	return { input: null, problems };
}

/** The server's per-field refusal (`data.issues`, already in the caller's language) in the same shape. */
export function serverProblems(data: unknown): FieldProblems | null {
	const issues = Array.isArray(data) ? data : (data as { issues?: unknown } | null)?.issues;
	if (!Array.isArray(issues)) return null;
	const problems: FieldProblems = {};
	for (const issue of issues as Array<{ field?: unknown; message?: unknown }>) {
		if (typeof issue?.field === "string" && typeof issue.message === "string" && !problems[issue.field])
			problems[issue.field] = issue.message;
	}
	return Object.keys(problems).length > 0 ? problems : null;
}
