import { z } from "zod";
import { idField, multiLineText, oneLineText, queryIdField, queryInteger } from "./common.js";
import { Limits } from "./constants.js";
import type { Localized } from "./i18n.js";
import { PriceCartInput } from "./ordering/cart.js";
import { localizedNameInput, RECHARGE_AMOUNT_MAX } from "./stored-value.js";

/**
 * Coupons (issue 13, decision 022): templates set by the owner, claimed by members (from the
 * coupon centre or with an exchange code), applied at checkout and re-checked by the server
 * when the order is placed. Everything a coupon does to a price is decided on the server: the
 * client only says which of its own coupons it would like to use.
 *
 * Spec §3: coupon status 0 unused, 1 used, 2 expired; use type 0 general, 1 self-pickup,
 * 2 takeout. Dine-in follows general.
 */

export const CouponStatus = { Unused: 0, Used: 1, Expired: 2 } as const;
export type CouponStatus = (typeof CouponStatus)[keyof typeof CouponStatus];

export const CouponUseType = { General: 0, SelfPickup: 1, Takeout: 2 } as const;
export type CouponUseType = (typeof CouponUseType)[keyof typeof CouponUseType];

/**
 * - amountOff: `amountOff` off the goods once they reach `threshold`;
 * - percentOff: `percentOff` % off the goods (rounded down), at most `maxDiscount`;
 * - freeDelivery: the delivery fee, on a delivery order whose fee is not already waived.
 */
export const COUPON_KINDS = ["amountOff", "percentOff", "freeDelivery"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_TITLE_MAX = 30;
export const COUPON_INSTRUCTIONS_MAX = 500;
export const COUPON_PERCENT_MAX = 90;
export const COUPON_VALID_DAYS_MAX = 3660;
export const COUPON_QUANTITY_MAX = 1_000_000;
export const COUPON_PER_MEMBER_MAX = 100;
/** Letters and digits, case-insensitive (stored upper-case). */
export const EXCHANGE_CODE_PATTERN = /^[A-Za-z0-9]{4,20}$/;

/** What a coupon gives and where, as every reader sees it (amounts in minor units). */
export interface CouponTerms {
	kind: CouponKind;
	amountOff: number | null;
	percentOff: number | null;
	maxDiscount: number | null;
	/** The goods must reach this (minor units, 0 = any amount). */
	threshold: number;
	useType: CouponUseType;
	/** Null: every shop of the business. */
	shops: Array<{ id: number; name: string }> | null;
}

/** A template in the coupon centre (`packages/index`). */
export interface CouponOffer {
	templateId: number;
	title: string;
	instructions: string;
	terms: CouponTerms;
	/** Fixed dates, or `validDays` counted from claiming. */
	validFrom: string | null;
	validUntil: string | null;
	validDays: number | null;
	/** How many the reader may still claim (0 once they hold their limit). */
	claimableByMe: number;
	perMemberLimit: number;
	/** How many are left for everyone. */
	remaining: number;
	state: "claimable" | "claimed" | "allGone";
}

/** `GET /coupon/center?shopId=`: the templates a member can claim now. */
export const CouponCenterQuery = z.object({ shopId: queryIdField.optional() });

/**
 * `POST /coupon/receive` (Idempotency-Key header required): claim a template from the centre,
 * or redeem an exchange code. Exactly one of the two.
 */
export const ClaimCouponInput = z
	.strictObject({
		templateId: idField.optional(),
		code: oneLineText("exchangeCodeInvalid")
			.trim()
			.regex(EXCHANGE_CODE_PATTERN, { error: "exchangeCodeInvalid" })
			.optional(),
	})
	.refine((input) => (input.templateId === undefined) !== (input.code === undefined), {
		error: "exchangeCodeInvalid",
		path: ["code"],
	});
export type ClaimCouponInput = z.input<typeof ClaimCouponInput>;

/** One of the member's coupons. */
export interface MyCoupon {
	id: number;
	templateId: number;
	title: string;
	instructions: string;
	terms: CouponTerms;
	status: CouponStatus;
	validFrom: string;
	validUntil: string;
	claimedAt: string;
	/** The order it was used on (status used). */
	usedOrderId: number | null;
	usedAt: string | null;
	/** False when the owner has switched the coupon off since it was claimed. */
	enabled: boolean;
}

/** `GET /coupon/my?status=&page=&pageSize=`. */
export const MyCouponsQuery = z.object({
	status: queryInteger({ min: 0, max: 2 }).default(CouponStatus.Unused),
	page: queryInteger({ min: 1 }).default(1),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(20),
});

/** `GET /coupon/count`: usable coupons now (unused, in date, switched on). */
export interface CouponCount {
	count: number;
}

/**
 * `POST /coupon/for-cart`: the member's unused coupons measured against this cart, best first:
 * those that fit with the discount they give, then the others with why not.
 */
export const CouponsForCartInput = PriceCartInput.omit({ couponId: true });
export type CouponsForCartInput = z.input<typeof CouponsForCartInput>;

export interface CouponFit {
	coupon: MyCoupon;
	/** What it takes off this cart (0 when it does not fit). */
	discount: number;
	fits: boolean;
	/** Why it does not fit, in the reader's language ("spend 2.00 more", "takeout only", …). */
	reason: string | null;
}

export interface CouponsForCart {
	options: CouponFit[];
}

// ---------------------------------------------------------------------------------------------
// Owner pages

const couponInstructions = multiLineText().trim().max(COUPON_INSTRUCTIONS_MAX, { error: "couponInstructionsTooLong" });
const versionField = z
	.number({ error: "fieldInvalid" })
	.int({ error: "fieldInvalid" })
	.min(1, { error: "fieldInvalid" });
const moneyField = (error: "couponAmountInvalid" | "couponThresholdInvalid" | "couponCapInvalid", min: number) =>
	z.number({ error }).int({ error }).min(min, { error }).max(RECHARGE_AMOUNT_MAX, { error });

/**
 * `POST /merchant/coupons/save` (absent `id`: a new template). Once anyone has claimed it, its
 * terms (kind, amounts, threshold, use type, shops, validity) are fixed: members hold what they
 * were shown. The text, quantity (never below what was claimed), per-member limit, exchange
 * code and on/off may still change.
 */
export const SaveCouponTemplateInput = z
	.strictObject({
		/** A shop where the caller may run promotions; templates belong to the business. */
		shopId: idField,
		id: idField.optional(),
		version: versionField.optional(),
		title: localizedNameInput("couponTitleRequired", COUPON_TITLE_MAX, "couponTitleTooLong"),
		instructions: z
			.strictObject({
				"zh-CN": couponInstructions.default(""),
				en: couponInstructions.default(""),
				km: couponInstructions.default(""),
			})
			.default({ "zh-CN": "", en: "", km: "" }),
		kind: z.enum(COUPON_KINDS, { error: "couponKindInvalid" }),
		amountOff: moneyField("couponAmountInvalid", 1).nullable().default(null),
		percentOff: z
			.number({ error: "couponPercentInvalid" })
			.int({ error: "couponPercentInvalid" })
			.min(1, { error: "couponPercentInvalid" })
			.max(COUPON_PERCENT_MAX, { error: "couponPercentInvalid" })
			.nullable()
			.default(null),
		maxDiscount: moneyField("couponCapInvalid", 1).nullable().default(null),
		threshold: moneyField("couponThresholdInvalid", 0).default(0),
		useType: z
			.number({ error: "fieldInvalid" })
			.int({ error: "fieldInvalid" })
			.refine((value) => value === 0 || value === 1 || value === 2, { error: "fieldInvalid" }),
		/** Null or absent: every shop of the business. */
		shopIds: z.array(idField).min(1, { error: "couponShopsRequired" }).max(100).nullable().default(null),
		validity: z.discriminatedUnion(
			"kind",
			[
				z.strictObject({
					kind: z.literal("fixed"),
					from: z.iso.datetime({ offset: true, error: "couponDatesInvalid" }),
					until: z.iso.datetime({ offset: true, error: "couponDatesInvalid" }),
				}),
				z.strictObject({
					kind: z.literal("days"),
					days: z
						.number({ error: "couponDaysInvalid" })
						.int({ error: "couponDaysInvalid" })
						.min(1, { error: "couponDaysInvalid" })
						.max(COUPON_VALID_DAYS_MAX, { error: "couponDaysInvalid" }),
				}),
			],
			{ error: "couponDatesInvalid" },
		),
		totalQuantity: z
			.number({ error: "couponQuantityInvalid" })
			.int({ error: "couponQuantityInvalid" })
			.min(0, { error: "couponQuantityInvalid" })
			.max(COUPON_QUANTITY_MAX, { error: "couponQuantityInvalid" }),
		perMemberLimit: z
			.number({ error: "couponLimitInvalid" })
			.int({ error: "couponLimitInvalid" })
			.min(1, { error: "couponLimitInvalid" })
			.max(COUPON_PER_MEMBER_MAX, { error: "couponLimitInvalid" })
			.default(1),
		/** Members may also claim it by typing this code; null: from the centre only. */
		exchangeCode: oneLineText("exchangeCodeInvalid")
			.trim()
			.regex(EXCHANGE_CODE_PATTERN, { error: "exchangeCodeInvalid" })
			.nullable()
			.default(null),
		/** Shown in the coupon centre; false: only the exchange code claims it. */
		listed: z.boolean({ error: "fieldInvalid" }).default(true),
		enabled: z.boolean({ error: "fieldInvalid" }).default(true),
	})
	.refine((input) => input.id === undefined || input.version !== undefined, {
		error: "fieldInvalid",
		path: ["version"],
	})
	.refine((input) => input.kind !== "amountOff" || input.amountOff !== null, {
		error: "couponAmountInvalid",
		path: ["amountOff"],
	})
	.refine((input) => input.kind !== "percentOff" || input.percentOff !== null, {
		error: "couponPercentInvalid",
		path: ["percentOff"],
	})
	.refine((input) => input.kind !== "amountOff" || input.threshold === 0 || (input.amountOff ?? 0) <= input.threshold, {
		error: "couponAmountOverThreshold",
		path: ["amountOff"],
	})
	.refine(
		(input) => input.validity.kind !== "fixed" || Date.parse(input.validity.until) > Date.parse(input.validity.from),
		{
			error: "couponDatesInvalid",
			path: ["validity", "until"],
		},
	)
	.refine((input) => input.listed || input.exchangeCode !== null, { error: "couponNeedsCode", path: ["exchangeCode"] });
export type SaveCouponTemplateInput = z.input<typeof SaveCouponTemplateInput>;

/** A template as the owner edits it (`GET /merchant/coupons?shopId=`). */
export interface CouponTemplateAdmin {
	id: number;
	version: number;
	title: Localized;
	instructions: Localized;
	kind: CouponKind;
	amountOff: number | null;
	percentOff: number | null;
	maxDiscount: number | null;
	threshold: number;
	useType: CouponUseType;
	shopIds: number[] | null;
	validity: { kind: "fixed"; from: string; until: string } | { kind: "days"; days: number };
	totalQuantity: number;
	perMemberLimit: number;
	exchangeCode: string | null;
	listed: boolean;
	enabled: boolean;
	claimed: number;
	used: number;
	/** True once anyone has claimed it: the terms can no longer change. */
	termsLocked: boolean;
}

export interface CouponTemplateList {
	templates: CouponTemplateAdmin[];
	/** The business's shops, for the "which shops" choice. */
	shops: Array<{ id: number; name: string }>;
}
