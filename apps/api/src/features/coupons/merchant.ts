import {
	type CouponTemplateList,
	ErrorCode,
	localize,
	localizedFromInput,
	type SaveCouponTemplateInput,
} from "@bayon/contract";
import type { z } from "zod";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { SignedInContext } from "../../http/request-context.js";
import { recordShopChange } from "../shop-changes/record.js";
import { requireBusinessAdmin, requireShopPermission } from "../venues/staff/staff-access.js";
import { presentTemplateAdmin, storedKind } from "./present.js";
import * as queries from "./queries.js";

/**
 * Coupon templates: read with permission `promotions` (owner and manager), changed only by a
 * business administrator (issue 27), since templates are tenant-wide; the shop named in a call
 * is where the caller's permission is checked and where the change log records the change.
 */

type SaveInput = z.output<typeof SaveCouponTemplateInput>;
const PERMISSION = "promotions";
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "23505";

/** `GET /merchant/coupons?shopId=`: every template with how many were claimed and used, and the business's shops. */
export async function listTemplatesForOwner(
	deps: AppDeps,
	ctx: SignedInContext,
	shopId: number,
): Promise<CouponTemplateList> {
	await requireShopPermission(deps, ctx, shopId, PERMISSION);
	const [templates, used, shops] = await Promise.all([
		queries.listTemplates(deps.db, ctx.tenant.id),
		queries.usedCounts(deps.db, ctx.tenant.id),
		queries.tenantShops(deps.db, ctx.tenant.id),
	]);
	const shopIds = await queries.templateShopIds(
		deps.db,
		templates.filter((row) => row.limited_to_shops).map((row) => row.id),
	);
	return {
		templates: templates.map((row) => presentTemplateAdmin(row, shopIds.get(row.id), used.get(row.id) ?? 0)),
		shops: shops.map((shop) => ({ id: shop.id, name: localize(shop.name, ctx.lang) })),
	};
}

/** The columns that say what a coupon gives, where and when: fixed once anyone has claimed it. */
interface Terms {
	kind: ReturnType<typeof storedKind>;
	amount_off: number | null;
	percent_off: number | null;
	max_discount: number | null;
	threshold: number;
	use_type: 0 | 1 | 2;
	limited_to_shops: boolean;
	validity_kind: "fixed" | "days";
	valid_from: Date | null;
	valid_until: Date | null;
	valid_days: number | null;
}

function termsOfInput(input: SaveInput): Terms {
	const { validity } = input;
	return {
		kind: storedKind(input.kind),
		amount_off: input.amountOff,
		percent_off: input.percentOff,
		max_discount: input.maxDiscount,
		threshold: input.threshold,
		use_type: input.useType as 0 | 1 | 2,
		limited_to_shops: input.shopIds !== null,
		validity_kind: validity.kind,
		valid_from: validity.kind === "fixed" ? new Date(validity.from) : null,
		valid_until: validity.kind === "fixed" ? new Date(validity.until) : null,
		valid_days: validity.kind === "days" ? validity.days : null,
	};
}

const instant = (value: Date | null) => (value === null ? null : new Date(value).getTime());

function sameTerms(a: Terms, aShops: number[], b: Terms, bShops: number[]): boolean {
	const sorted = (ids: number[]) => [...new Set(ids)].sort((x, y) => x - y).join(",");
	return (
		a.kind === b.kind &&
		a.amount_off === b.amount_off &&
		a.percent_off === b.percent_off &&
		a.max_discount === b.max_discount &&
		a.threshold === b.threshold &&
		a.use_type === b.use_type &&
		a.limited_to_shops === b.limited_to_shops &&
		(!a.limited_to_shops || sorted(aShops) === sorted(bShops)) &&
		a.validity_kind === b.validity_kind &&
		instant(a.valid_from) === instant(b.valid_from) &&
		instant(a.valid_until) === instant(b.valid_until) &&
		a.valid_days === b.valid_days
	);
}

/** Amounts that belong to another kind are refused, not silently dropped: the owner sees what is saved. */
function checkKindFields(input: SaveInput) {
	if (input.kind !== "amountOff" && input.amountOff !== null)
		throw BusinessError.invalidField("amountOff", "couponAmountInvalid");
	if (input.kind !== "percentOff" && input.percentOff !== null)
		throw BusinessError.invalidField("percentOff", "couponPercentInvalid");
	if (input.kind !== "percentOff" && input.maxDiscount !== null)
		throw BusinessError.invalidField("maxDiscount", "couponCapInvalid");
}

/**
 * `POST /merchant/coupons/save`: a new template (no id), or a change to one made on its current
 * version (a save on an older version is refused with ChangedBySomeoneElse and changes nothing).
 * The row is locked, so a claim cannot slip in between the checks and the change: once anyone
 * has claimed it the terms stay (CouponTermsLocked) and the quantity never drops below the
 * claims. Exchange codes are upper-case and unique in the business. Answers the list as it now is.
 */
export async function saveCouponTemplate(
	deps: AppDeps,
	ctx: SignedInContext,
	input: SaveInput,
): Promise<CouponTemplateList> {
	await requireBusinessAdmin(deps, ctx, input.shopId, PERMISSION);
	checkKindFields(input);
	const shopIds = input.shopIds === null ? [] : [...new Set(input.shopIds)].sort((a, b) => a - b);
	const tenantShopIds = new Set((await queries.tenantShops(deps.db, ctx.tenant.id)).map((shop) => shop.id));
	if (shopIds.some((id) => !tenantShopIds.has(id))) throw BusinessError.invalidField("shopIds", "fieldInvalid");
	const tenantId = ctx.tenant.id;
	const now = deps.clock.now();
	const exchangeCode = input.exchangeCode?.toUpperCase() ?? null;
	const terms = termsOfInput(input);
	const fields = {
		...terms,
		title: JSON.stringify(localizedFromInput(input.title)),
		instructions: JSON.stringify(localizedFromInput(input.instructions)),
		total_quantity: input.totalQuantity,
		per_member_limit: input.perMemberLimit,
		exchange_code: exchangeCode,
		listed: input.listed,
		enabled: input.enabled,
		updated_at: now,
	};

	await deps.db
		.transaction()
		.execute(async (trx) => {
			let before: queries.TemplateRow | undefined;
			let beforeShops: number[] = [];
			if (input.id !== undefined) {
				before = await queries.lockTemplate(trx, { tenantId, id: input.id });
				if (!before) throw new BusinessError(ErrorCode.NotFound);
				if (before.version !== input.version)
					throw new BusinessError(ErrorCode.ChangedBySomeoneElse, {}, { version: before.version });
				beforeShops = (await queries.templateShopIds(trx, [before.id])).get(before.id) ?? [];
				if (before.claimed_count > 0 && !sameTerms(before, beforeShops, terms, shopIds))
					throw new BusinessError(ErrorCode.CouponTermsLocked);
				if (input.totalQuantity < before.claimed_count)
					throw new BusinessError(ErrorCode.CouponQuantityBelowClaimed, { claimed: before.claimed_count });
			}
			if (exchangeCode !== null) {
				const holder = await queries.findTemplateByCode(trx, { tenantId, code: exchangeCode });
				if (holder && holder.id !== input.id) throw new BusinessError(ErrorCode.ExchangeCodeTaken);
			}
			const row = before
				? await trx
						.updateTable("coupon_template")
						.set((eb) => ({ ...fields, version: eb("version", "+", 1) }))
						.where("id", "=", before.id)
						.returningAll()
						.executeTakeFirstOrThrow()
				: await trx
						.insertInto("coupon_template")
						.values({ tenant_id: tenantId, ...fields, created_at: now })
						.returningAll()
						.executeTakeFirstOrThrow();
			await trx.deleteFrom("coupon_template_shop").where("template_id", "=", row.id).execute();
			if (shopIds.length > 0)
				await trx
					.insertInto("coupon_template_shop")
					.values(shopIds.map((shopId) => ({ template_id: row.id, shop_id: shopId })))
					.execute();
			await recordShopChange(trx, {
				tenantId,
				shopId: input.shopId,
				memberId: ctx.member.id,
				subject: "coupon_template",
				subjectId: row.id,
				action: before ? "update" : "create",
				before: before ? changeLogView(before, beforeShops) : undefined,
				after: changeLogView(row, shopIds),
			});
		})
		.catch((error: unknown) => {
			// Two owners giving the same code to two templates at once: the index keeps it unique.
			if (isUniqueViolation(error)) throw new BusinessError(ErrorCode.ExchangeCodeTaken);
			throw error;
		});
	return listTemplatesForOwner(deps, ctx, input.shopId);
}

/** What the change log keeps of a template: what an owner would ask about later. */
function changeLogView(row: queries.TemplateRow, shopIds: number[]) {
	return {
		title: row.title,
		kind: row.kind,
		amountOff: row.amount_off,
		percentOff: row.percent_off,
		maxDiscount: row.max_discount,
		threshold: row.threshold,
		useType: row.use_type,
		shopIds: row.limited_to_shops ? shopIds : null,
		validFrom: row.valid_from,
		validUntil: row.valid_until,
		validDays: row.valid_days,
		totalQuantity: row.total_quantity,
		perMemberLimit: row.per_member_limit,
		exchangeCode: row.exchange_code,
		listed: row.listed,
		enabled: row.enabled,
	};
}
