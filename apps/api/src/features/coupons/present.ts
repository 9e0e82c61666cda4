import {
	type CouponKind,
	type CouponOffer,
	CouponStatus,
	type CouponTemplateAdmin,
	type CouponTerms,
	type CouponUseType,
	type Localized,
	localize,
	type MyCoupon,
} from "@bayon/contract";
import type { StoredCouponKind } from "./pricing.js";
import type { CouponRow, TemplateRow } from "./queries.js";

/** Coupons and templates as the apps see them. */

const KIND_OF_STORED: Record<StoredCouponKind, CouponKind> = {
	amount_off: "amountOff",
	percent_off: "percentOff",
	free_delivery: "freeDelivery",
};
const STORED_OF_KIND: Record<CouponKind, StoredCouponKind> = {
	amountOff: "amount_off",
	percentOff: "percent_off",
	freeDelivery: "free_delivery",
};

export const contractKind = (kind: StoredCouponKind): CouponKind => KIND_OF_STORED[kind];
export const storedKind = (kind: CouponKind): StoredCouponKind => STORED_OF_KIND[kind];

/** The tenant's shop names by id, for "where it works". */
export type ShopNames = Map<number, Localized>;

function termsOf(
	row: Pick<
		TemplateRow,
		"kind" | "amount_off" | "percent_off" | "max_discount" | "threshold" | "use_type" | "limited_to_shops"
	>,
	shopIds: number[] | undefined,
	shopNames: ShopNames,
	lang: string,
): CouponTerms {
	return {
		kind: contractKind(row.kind),
		amountOff: row.amount_off,
		percentOff: row.percent_off,
		maxDiscount: row.max_discount,
		threshold: row.threshold,
		useType: row.use_type as CouponUseType,
		shops: row.limited_to_shops
			? (shopIds ?? []).map((id) => ({ id, name: localize(shopNames.get(id) ?? { "zh-CN": "" }, lang) }))
			: null,
	};
}

/** Spec §3 status: used, else expired once valid_until has passed (read, never written), else unused. */
export function couponStatus(row: Pick<CouponRow, "status" | "valid_until">, now: Date): CouponStatus {
	if (row.status === "used") return CouponStatus.Used;
	return new Date(row.valid_until).getTime() <= now.getTime() ? CouponStatus.Expired : CouponStatus.Unused;
}

export function presentCoupon(
	row: CouponRow,
	shopIds: number[] | undefined,
	shopNames: ShopNames,
	lang: string,
	now: Date,
): MyCoupon {
	return {
		id: row.id,
		templateId: row.template_id,
		title: localize(row.title, lang),
		instructions: localize(row.instructions, lang),
		terms: termsOf(row, shopIds, shopNames, lang),
		status: couponStatus(row, now),
		validFrom: new Date(row.valid_from).toISOString(),
		validUntil: new Date(row.valid_until).toISOString(),
		claimedAt: new Date(row.claimed_at).toISOString(),
		usedOrderId: row.status === "used" ? row.order_id : null,
		usedAt: row.status === "used" && row.used_at ? new Date(row.used_at).toISOString() : null,
		enabled: row.enabled,
	};
}

const isoOrNull = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/**
 * A template in the coupon centre. `mine` is how many the reader has claimed (null for a
 * visitor): they may claim up to their limit, and no more than are left.
 */
export function presentOffer(
	row: TemplateRow,
	shopIds: number[] | undefined,
	shopNames: ShopNames,
	lang: string,
	mine: number | null,
): CouponOffer {
	const remaining = Math.max(0, row.total_quantity - row.claimed_count);
	const allowed = Math.max(0, row.per_member_limit - (mine ?? 0));
	// A member who holds their limit is told "claimed" even when none are left: it is theirs.
	const state = allowed === 0 ? "claimed" : remaining === 0 ? "allGone" : "claimable";
	return {
		templateId: row.id,
		title: localize(row.title, lang),
		instructions: localize(row.instructions, lang),
		terms: termsOf(row, shopIds, shopNames, lang),
		validFrom: isoOrNull(row.valid_from),
		validUntil: isoOrNull(row.valid_until),
		validDays: row.valid_days,
		claimableByMe: Math.min(allowed, remaining),
		perMemberLimit: row.per_member_limit,
		remaining,
		state,
	};
}

export function presentTemplateAdmin(
	row: TemplateRow,
	shopIds: number[] | undefined,
	used: number,
): CouponTemplateAdmin {
	return {
		id: row.id,
		version: row.version,
		title: row.title,
		instructions: row.instructions,
		kind: contractKind(row.kind),
		amountOff: row.amount_off,
		percentOff: row.percent_off,
		maxDiscount: row.max_discount,
		threshold: row.threshold,
		useType: row.use_type as CouponUseType,
		shopIds: row.limited_to_shops ? (shopIds ?? []) : null,
		validity:
			row.validity_kind === "fixed"
				? {
						kind: "fixed",
						from: new Date(row.valid_from ?? 0).toISOString(),
						until: new Date(row.valid_until ?? 0).toISOString(),
					}
				: { kind: "days", days: row.valid_days ?? 1 },
		totalQuantity: row.total_quantity,
		perMemberLimit: row.per_member_limit,
		exchangeCode: row.exchange_code,
		listed: row.listed,
		enabled: row.enabled,
		claimed: row.claimed_count,
		used,
		termsLocked: row.claimed_count > 0,
	};
}
