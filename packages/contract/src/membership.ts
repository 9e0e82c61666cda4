import { z } from "zod";
import { idField, multiLineText, queryIdField } from "./common.js";
import type { Localized } from "./i18n.js";
import { RailCurrencyField } from "./payments/checkout.js";
import { localizedNameInput, RECHARGE_AMOUNT_MAX } from "./stored-value.js";

/**
 * VIP membership cards (issue 12, decision 021): card types set by the owner, bought with the
 * balance or through a gateway, giving benefits the server applies: a percentage off orders
 * (with a cap), free delivery, and a points multiplier that the points mall (issue 13) honours.
 *
 * A member holds at most one card at a time. Buying the same card again extends it by its
 * validity from its current end; buying another while one is active is refused (no upgrades,
 * decision 021). A card type switched off for sale stays valid for those who bought it; a card
 * keeps the benefits it was bought (or last extended) with.
 */

export const CARD_NAME_MAX = 30;
export const CARD_DESCRIPTION_MAX = 500;
export const CARD_VALIDITY_DAYS_MAX = 3660;
/** At most 90 % off: a card is a discount, not free food. */
export const CARD_DISCOUNT_PERCENT_MAX = 90;
/** Points multiplier in percent: 100 is ×1 (no extra points), 500 is ×5. */
export const CARD_POINTS_PERCENT_MIN = 100;
export const CARD_POINTS_PERCENT_MAX = 500;
/** An unpaid gateway purchase is given up after this long. */
export const CARD_PURCHASE_EXPIRES_AFTER_MINUTES = 30;

export interface CardBenefits {
	/** Percent off an order's goods (0 = none). */
	discountPercent: number;
	/** Most taken off one order, minor units; null = no cap. */
	discountCap: number | null;
	freeDelivery: boolean;
	/** 100 = ×1. */
	pointsPercent: number;
}

/** A card type as members see it (`GET /vip/getList`, `GET /vip/getDetail`). */
export interface VipCardView {
	id: number;
	name: string;
	description: string;
	price: number;
	validityDays: number;
	benefits: CardBenefits;
	/** False for a card no longer sold (still shown in detail to the member who holds it). */
	onSale: boolean;
}

/** The member's card, active or last expired. */
export interface MyVipCard {
	cardTypeId: number;
	name: string;
	startsAt: string;
	expiresAt: string;
	active: boolean;
	/** The benefits it was bought or last extended with. */
	benefits: CardBenefits;
}

/** `GET /vip/getList`. */
export interface VipCardList {
	cards: VipCardView[];
	/** Null for a visitor or a member who never held a card. */
	mine: MyVipCard | null;
	/** Null for a visitor. */
	balance: number | null;
}

/** `GET /vip/getDetail?id=`. */
export interface VipCardDetail {
	card: VipCardView;
	mine: MyVipCard | null;
	balance: number | null;
	/** Whether the reader can buy it now, and if not why (a message in the reader's language). */
	purchase: { allowed: true; extends: boolean } | { allowed: false; reason: string };
}

export const VipCardIdQuery = z.object({ id: queryIdField });

export const CARD_PAY_METHODS = ["balance", "sandbox", "wechat", "alipay", "khqr"] as const;
export type CardPayMethod = (typeof CARD_PAY_METHODS)[number];

/** `POST /member/user/buyCard` (Idempotency-Key header required: a double tap buys once). */
export const BuyCardInput = z.strictObject({
	cardTypeId: idField,
	payMethod: z.enum(CARD_PAY_METHODS, { error: "fieldInvalid" }),
	railCurrency: RailCurrencyField,
});
export type BuyCardInput = z.input<typeof BuyCardInput>;

export type CardPurchaseStatus = "pending" | "paid" | "expired" | "refunded";

export interface CardPurchaseView {
	id: number;
	cardTypeId: number;
	status: CardPurchaseStatus;
	price: number;
	payMethod: CardPayMethod;
	/** The card after this purchase, once paid. */
	card: MyVipCard | null;
	/** Gateway purchases just started: where to send the payer. */
	redirectUrl?: string;
}

/** `GET /vip/purchase?id=`: one's own purchase (the page the gateway returns to polls it). */
export const CardPurchaseIdQuery = z.object({ id: queryIdField });

// ---------------------------------------------------------------------------------------------
// Owner pages

const cardDescription = multiLineText().trim().max(CARD_DESCRIPTION_MAX, { error: "vipDescriptionTooLong" });
const versionField = z
	.number({ error: "fieldInvalid" })
	.int({ error: "fieldInvalid" })
	.min(1, { error: "fieldInvalid" });

export const SaveVipCardInput = z
	.strictObject({
		/** A shop where the caller may manage members; card types are tenant-wide. */
		shopId: idField,
		id: idField.optional(),
		version: versionField.optional(),
		name: localizedNameInput("vipNameRequired", CARD_NAME_MAX, "vipNameTooLong"),
		description: z
			.strictObject({
				"zh-CN": cardDescription.default(""),
				en: cardDescription.default(""),
				km: cardDescription.default(""),
			})
			.default({ "zh-CN": "", en: "", km: "" }),
		price: z
			.number({ error: "vipPriceInvalid" })
			.int({ error: "vipPriceInvalid" })
			.min(1, { error: "vipPriceInvalid" })
			.max(RECHARGE_AMOUNT_MAX, { error: "vipPriceInvalid" }),
		validityDays: z
			.number({ error: "vipValidityInvalid" })
			.int({ error: "vipValidityInvalid" })
			.min(1, { error: "vipValidityInvalid" })
			.max(CARD_VALIDITY_DAYS_MAX, { error: "vipValidityInvalid" }),
		discountPercent: z
			.number({ error: "vipDiscountInvalid" })
			.int({ error: "vipDiscountInvalid" })
			.min(0, { error: "vipDiscountInvalid" })
			.max(CARD_DISCOUNT_PERCENT_MAX, { error: "vipDiscountInvalid" }),
		discountCap: z
			.number({ error: "vipDiscountCapInvalid" })
			.int({ error: "vipDiscountCapInvalid" })
			.min(1, { error: "vipDiscountCapInvalid" })
			.max(RECHARGE_AMOUNT_MAX, { error: "vipDiscountCapInvalid" })
			.nullable()
			.default(null),
		freeDelivery: z.boolean({ error: "fieldInvalid" }).default(false),
		pointsPercent: z
			.number({ error: "vipPointsInvalid" })
			.int({ error: "vipPointsInvalid" })
			.min(CARD_POINTS_PERCENT_MIN, { error: "vipPointsInvalid" })
			.max(CARD_POINTS_PERCENT_MAX, { error: "vipPointsInvalid" })
			.default(CARD_POINTS_PERCENT_MIN),
		sort: z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).min(0).max(1000).default(0),
		onSale: z.boolean({ error: "fieldInvalid" }).default(true),
	})
	.refine((input) => input.id === undefined || input.version !== undefined, {
		error: "fieldInvalid",
		path: ["version"],
	})
	.refine((input) => input.discountPercent > 0 || input.freeDelivery || input.pointsPercent > CARD_POINTS_PERCENT_MIN, {
		error: "vipNeedsBenefit",
		path: ["discountPercent"],
	});
export type SaveVipCardInput = z.input<typeof SaveVipCardInput>;

export interface VipCardAdmin {
	id: number;
	version: number;
	name: Localized;
	description: Localized;
	price: number;
	validityDays: number;
	benefits: CardBenefits;
	sort: number;
	onSale: boolean;
	/** Members whose card of this type is active now. */
	activeHolders: number;
}
