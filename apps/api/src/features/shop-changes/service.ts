import {
	type ChangedField,
	type ChangeValue,
	isSupportedLanguage,
	type PageResult,
	type ShopChangesQuery,
	type ShopChangeView,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import type { AppDeps } from "../../http/deps.js";
import { requireShopPermission } from "../venues/staff/staff-access.js";

interface Caller {
	tenant: { id: number };
	lang: string;
	member: { id: number };
}

/** The shop's change log, newest first, for owners and managers (permission `changeLog`). */
export async function pageShopChanges(
	deps: AppDeps,
	ctx: Caller,
	query: ShopChangesQuery,
): Promise<PageResult<ShopChangeView>> {
	await requireShopPermission(deps, ctx, query.shopId, "changeLog");
	const ofShop = deps.db
		.selectFrom("shop_change as c")
		.where("c.shop_id", "=", query.shopId)
		.where("c.tenant_id", "=", ctx.tenant.id);
	const [counted, rows] = await Promise.all([
		ofShop.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
		ofShop
			.innerJoin("member as m", "m.id", "c.member_id")
			.select([
				"c.id",
				"c.created_at",
				"c.member_id",
				"m.nickname",
				"m.mobile",
				"c.subject",
				"c.subject_id",
				"c.action",
				"c.before",
				"c.after",
			])
			.orderBy("c.id", "desc")
			.limit(query.pageSize)
			.offset((query.page - 1) * query.pageSize)
			.execute(),
	]);
	return {
		total: Number(counted.total),
		list: rows.map((row) => {
			const before = readable(row.before, ctx.lang);
			const after = readable(row.after, ctx.lang);
			return {
				id: row.id,
				at: new Date(row.created_at).toISOString(),
				by: { memberId: row.member_id, nickname: row.nickname, mobile: row.mobile },
				subject: row.subject,
				subjectId: row.subject_id,
				action: row.action,
				label: labelOf(after) ?? labelOf(before),
				fields: changedFields(before, after),
			};
		}),
	};
}

type Json = ChangeValue;

function isRecord(value: Json): value is { [key: string]: Json } {
	return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A name kept per language (`{"zh-CN": …, en: …}`) read in the reader's language. */
function isLocalized(value: Json): value is { [key: string]: string } {
	if (!isRecord(value) || typeof value["zh-CN"] !== "string") return false;
	return Object.entries(value).every(([key, text]) => isSupportedLanguage(key) && typeof text === "string");
}

/** A recorded value with its names resolved to the reader's language. */
export function readable(value: unknown, lang: string): Json {
	if (value === undefined || value === null) return null;
	if (Array.isArray(value)) return value.map((item) => readable(item, lang));
	if (typeof value === "object") {
		const record = value as Record<string, unknown>;
		if (isLocalized(record as Json)) {
			const names = record as Record<string, string>;
			const code = SUPPORTED_LANGUAGES.find((c) => c === lang);
			return (code && names[code]) || names["zh-CN"] || null;
		}
		return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, readable(item, lang)]));
	}
	return value as Json;
}

const LABEL_FIELDS = ["name", "title", "number", "mobile"] as const;

function labelOf(value: Json): string | null {
	if (!isRecord(value)) return null;
	for (const field of LABEL_FIELDS) {
		const label = value[field];
		if (typeof label === "string" && label !== "") return label;
		if (typeof label === "number") return String(label);
	}
	return null;
}

/** The fields whose value differs; a whole value that is not an object is the field `value`. */
export function changedFields(before: Json, after: Json): ChangedField[] {
	if (!isRecord(before) && !isRecord(after)) {
		return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: "value", before, after }];
	}
	const was = isRecord(before) ? before : {};
	const is = isRecord(after) ? after : {};
	const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
	return keys
		.map((field) => ({ field, before: was[field] ?? null, after: is[field] ?? null }))
		.filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}
