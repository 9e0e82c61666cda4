import {
	type AdminMenuItem,
	type AdminOptionGroup,
	type Localized,
	type MessageKey,
	type OrderType,
	SaveMenuItemInput,
	SaveOptionGroupInput,
} from "@bayon/contract";
import type { z } from "zod";
import { formatMessage, isMessageKey } from "../../lib/i18n/messages";

/**
 * The menu forms' rules are the contract's schemas, the same the server validates with: each
 * broken rule is shown under its field, in the same words the server would answer. Prices are
 * typed in the currency's major unit ("2.50") and sent in minor units (250).
 */

export const LANGUAGES = ["zh-CN", "en", "km"] as const;
export type LocalizedDraft = Record<(typeof LANGUAGES)[number], string>;
/** A message per field, by the field's path (`name.zh-CN`, `options.1.priceDelta`). */
export type FieldProblems = Record<string, string>;

export const emptyText = (): LocalizedDraft => ({ "zh-CN": "", en: "", km: "" });
export const textDraft = (text: Partial<Localized> | undefined): LocalizedDraft => ({
	"zh-CN": text?.["zh-CN"] ?? "",
	en: text?.en ?? "",
	km: text?.km ?? "",
});

/** Minor units as the major-unit text a price field shows ("2.50"). */
export function moneyText(minor: number | null, decimals: number): string {
	if (minor === null) return "";
	return (minor / 10 ** decimals).toFixed(decimals);
}

/**
 * A typed amount in minor units: null for an empty field, "invalid" for anything that is not
 * a plain amount with at most the currency's decimals (a sign only where `signed`).
 */
export function parseMoney(text: string, decimals: number, signed = false): number | null | "invalid" {
	const value = text.trim().replace(",", ".");
	if (value === "") return null;
	const pattern = new RegExp(`^${signed ? "-?" : ""}\\d{1,9}(\\.\\d{0,${decimals}})?$`);
	if (!pattern.test(value)) return value.startsWith("-") && !signed ? -1 : "invalid";
	const [whole = "0", fraction = ""] = value.replace("-", "").split(".");
	const minor = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
	return value.startsWith("-") ? -minor : minor;
}

function problemsOf(error: z.ZodError | undefined, lang: string, into: FieldProblems = {}): FieldProblems {
	for (const issue of error?.issues ?? []) {
		const field = issue.path.join(".");
		if (into[field]) continue;
		const key: MessageKey = isMessageKey(issue.message) ? issue.message : "fieldInvalid";
		into[field] = formatMessage(key, lang, { field });
	}
	return into;
}

/** The server's per-field answer (`data.issues`) in the same shape. */
export function serverProblems(data: unknown): FieldProblems | null {
	const issues = (data as { issues?: Array<{ field?: unknown; message?: unknown }> } | null)?.issues;
	if (!Array.isArray(issues)) return null;
	const problems: FieldProblems = {};
	for (const issue of issues) {
		if (typeof issue.field === "string" && typeof issue.message === "string" && !problems[issue.field])
			problems[issue.field] = issue.message;
	}
	return problems;
}

export interface ItemDraft {
	categoryId: number | null;
	name: LocalizedDraft;
	description: LocalizedDraft;
	image: string | null;
	price: string;
	originalPrice: string;
	unlimited: boolean;
	stock: string;
	orderTypes: OrderType[];
}

export function itemDraft(item: AdminMenuItem | undefined, categoryId: number | null, decimals: number): ItemDraft {
	return {
		categoryId: item?.categoryId ?? categoryId,
		name: textDraft(item?.name),
		description: textDraft(item?.description),
		image: item?.image ?? null,
		price: moneyText(item?.price ?? null, decimals),
		originalPrice: moneyText(item?.originalPrice ?? null, decimals),
		unlimited: item ? item.stock === null : true,
		stock: item?.stock === null || item === undefined ? "" : String(item.stock),
		orderTypes: item?.orderTypes ?? ["takein", "takeout", "desk"],
	};
}

type Checked<T> = { input: T; problems: null } | { input: null; problems: FieldProblems };

function moneyProblem(value: number | null | "invalid", field: string, lang: string, problems: FieldProblems) {
	if (value === "invalid") problems[field] = formatMessage("menuPriceWhole", lang);
}

export function checkItem(
	draft: ItemDraft,
	at: {
		shopId: number;
		id?: number;
		version?: number;
		/** The stock the editor showed (an update applies typed − read to the stock as it is now). */
		stockRead?: number | null;
		decimals: number;
		lang: string;
	},
): Checked<z.output<typeof SaveMenuItemInput>> {
	const problems: FieldProblems = {};
	const price = parseMoney(draft.price, at.decimals);
	const originalPrice = parseMoney(draft.originalPrice, at.decimals);
	moneyProblem(price, "price", at.lang, problems);
	moneyProblem(originalPrice, "originalPrice", at.lang, problems);
	if (price === null) problems.price = formatMessage("menuPriceWhole", at.lang);
	const stockText = draft.stock.trim();
	const stock = draft.unlimited ? null : /^\d{1,7}$/.test(stockText) ? Number(stockText) : -1;
	const result = SaveMenuItemInput.safeParse({
		shopId: at.shopId,
		...(at.id !== undefined ? { id: at.id, version: at.version, stockRead: at.stockRead ?? null } : {}),
		categoryId: draft.categoryId ?? 0,
		name: draft.name,
		description: draft.description,
		image: draft.image,
		price: typeof price === "number" ? price : 0,
		originalPrice: typeof originalPrice === "number" ? originalPrice : null,
		stock,
		orderTypes: draft.orderTypes,
	});
	problemsOf(result.error, at.lang, problems);
	if (Object.keys(problems).length > 0 || !result.success) return { input: null, problems };
	return { input: result.data, problems: null };
}

export interface OptionDraft {
	id?: number;
	name: LocalizedDraft;
	priceDelta: string;
	isDefault: boolean;
}

export interface GroupDraft {
	name: LocalizedDraft;
	minChoices: number;
	maxChoices: number;
	options: OptionDraft[];
}

export function groupDraft(group: AdminOptionGroup | undefined, decimals: number): GroupDraft {
	return {
		name: textDraft(group?.name),
		minChoices: group?.minChoices ?? 1,
		maxChoices: group?.maxChoices ?? 1,
		options: group?.options.map((option) => ({
			id: option.id,
			name: textDraft(option.name),
			priceDelta: moneyText(option.priceDelta, decimals),
			isDefault: option.isDefault,
		})) ?? [{ name: emptyText(), priceDelta: "", isDefault: true }],
	};
}

export function checkGroup(
	draft: GroupDraft,
	at: { shopId: number; itemId: number; id?: number; version?: number; decimals: number; lang: string },
): Checked<z.output<typeof SaveOptionGroupInput>> {
	const problems: FieldProblems = {};
	const options = draft.options.map((option, index) => {
		const delta = parseMoney(option.priceDelta, at.decimals, true);
		moneyProblem(delta, `options.${index}.priceDelta`, at.lang, problems);
		return {
			...(option.id !== undefined ? { id: option.id } : {}),
			name: option.name,
			priceDelta: typeof delta === "number" ? delta : 0,
			isDefault: option.isDefault,
		};
	});
	const result = SaveOptionGroupInput.safeParse({
		shopId: at.shopId,
		itemId: at.itemId,
		...(at.id !== undefined ? { id: at.id, version: at.version } : {}),
		name: draft.name,
		minChoices: draft.minChoices,
		maxChoices: draft.maxChoices,
		options,
	});
	problemsOf(result.error, at.lang, problems);
	if (Object.keys(problems).length > 0 || !result.success) return { input: null, problems };
	return { input: result.data, problems: null };
}
