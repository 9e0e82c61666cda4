import {
	type CouponUseType,
	type CurrencyConfig,
	formatMessage,
	formatPrice,
	type Localized,
	localize,
	type MessageKey,
	type OrderType,
	type PriceDiscount,
} from "@bayon/contract";

/**
 * What a member's coupon does to an order's price (decision 022): pure rules, no I/O. The cart
 * (`/cart/price`), the pay page's list (`/coupon/for-cart`) and checkout all come through
 * `fitCoupon`, so the coupon the pay page offers is the one the order is charged with.
 *
 * Order of benefits: the VIP card first (its percentage off the goods, its free delivery
 * waiving the fee), then the coupon on what the card left. The threshold is judged on the goods
 * before any discount; "exactly the threshold" is enough.
 */

export type StoredCouponKind = "amount_off" | "percent_off" | "free_delivery";

/** A member's coupon with its template's terms, as loaded for pricing. */
export interface CouponForPricing {
	id: number;
	title: Localized;
	kind: StoredCouponKind;
	amountOff: number | null;
	percentOff: number | null;
	/** Most a percentage takes off, minor units; null = no cap. */
	maxDiscount: number | null;
	/** The goods must reach this (minor units, 0 = any amount). */
	threshold: number;
	useType: CouponUseType;
	/** Null: every shop of the business. */
	shopIds: number[] | null;
	status: "unused" | "used";
	/** From this instant (inclusive) … */
	validFrom: Date;
	/** … until this one (exclusive). */
	validUntil: Date;
	/** The template is switched on (switching it off makes claimed coupons unusable too). */
	enabled: boolean;
}

/** The cart the coupon is measured against, priced up to and including the VIP card. */
export interface CartForCoupon {
	shopId: number;
	orderType: OrderType;
	/** The goods (the lines' subtotal) before any discount. */
	goods: number;
	/** What the VIP card took off the goods (0 without a card). */
	cardDiscount: number;
	/** The delivery fee still charged after the card (0 when it waived it, or not delivering). */
	deliveryFee: number;
	now: Date;
}

/** Why a coupon does not fit, as a message key; amounts in minor units and instants as ISO text. */
export type CouponMisfit =
	| { fits: false; reasonKey: "couponSpendMore"; params: { amount: number } }
	| { fits: false; reasonKey: "couponNotYetValid"; params: { date: string } }
	| {
			fits: false;
			reasonKey:
				| "couponUsed"
				| "couponSwitchedOff"
				| "couponExpired"
				| "couponWrongShop"
				| "couponPickupOnly"
				| "couponTakeoutOnly"
				| "couponNoDeliveryFee";
			params: Record<string, never>;
	  };

export type CouponFitResult = { fits: true; discount: number } | CouponMisfit;

const misfit = (reasonKey: Extract<CouponMisfit, { params: Record<string, never> }>["reasonKey"]): CouponMisfit => ({
	fits: false,
	reasonKey,
	params: {},
});

/**
 * Whether the coupon can be used on this cart now, and what it takes off. The checks run from
 * the coupon itself (used, switched off, its dates) to this cart (shop, order type, a fee to
 * waive, threshold), so the first reason told is the one no change of the cart can fix.
 */
export function fitCoupon(coupon: CouponForPricing, cart: CartForCoupon): CouponFitResult {
	const now = cart.now.getTime();
	if (coupon.status === "used") return misfit("couponUsed");
	if (!coupon.enabled) return misfit("couponSwitchedOff");
	// valid_until is exclusive: at that very instant the coupon has expired.
	if (now >= coupon.validUntil.getTime()) return misfit("couponExpired");
	if (now < coupon.validFrom.getTime())
		return { fits: false, reasonKey: "couponNotYetValid", params: { date: coupon.validFrom.toISOString() } };
	if (coupon.shopIds !== null && !coupon.shopIds.includes(cart.shopId)) return misfit("couponWrongShop");
	// Spec §3: 0 general (dine-in too), 1 self-pickup, 2 takeout.
	if (coupon.useType === 1 && cart.orderType !== "takein") return misfit("couponPickupOnly");
	if (coupon.useType === 2 && cart.orderType !== "takeout") return misfit("couponTakeoutOnly");
	// Nothing to waive: not delivering, or the VIP card waived the fee already (decision 022).
	if (coupon.kind === "free_delivery" && cart.deliveryFee <= 0) return misfit("couponNoDeliveryFee");
	if (cart.goods < coupon.threshold)
		return { fits: false, reasonKey: "couponSpendMore", params: { amount: coupon.threshold - cart.goods } };
	return { fits: true, discount: couponDiscount(coupon, cart) };
}

/**
 * What a fitting coupon takes off: from the goods the card left (never more than them), or the
 * delivery fee still charged (fitCoupon has made sure there is one).
 */
function couponDiscount(coupon: CouponForPricing, cart: CartForCoupon): number {
	const goodsLeft = Math.max(0, cart.goods - cart.cardDiscount);
	switch (coupon.kind) {
		case "amount_off":
			return Math.min(coupon.amountOff ?? 0, goodsLeft);
		case "percent_off": {
			// Integers all the way: the product is exact, the division rounds down (never more than the percentage).
			const byPercent = Math.floor((goodsLeft * (coupon.percentOff ?? 0)) / 100);
			return Math.min(byPercent, coupon.maxDiscount ?? byPercent);
		}
		case "free_delivery":
			return cart.deliveryFee;
	}
}

/** How a reason reads: amounts in the tenant's currency, dates in the shop's time zone. */
export interface ReasonFormat {
	lang: string;
	currency: CurrencyConfig;
	timeZone: string;
}

/** Why the coupon does not fit, in the reader's language ("spend $2.00 more", "takeout only", …). */
export function misfitReason(result: CouponMisfit, format: ReasonFormat): string {
	const key: MessageKey = result.reasonKey;
	if (result.reasonKey === "couponSpendMore")
		return formatMessage(key, format.lang, { amount: formatPrice(result.params.amount, format.currency) });
	if (result.reasonKey === "couponNotYetValid")
		return formatMessage(key, format.lang, {
			date: formatMoment(new Date(result.params.date), format.lang, format.timeZone),
		});
	return formatMessage(key, format.lang);
}

/** Why an id that is none of the member's coupons does not fit: "does not exist", whoever holds it. */
export function unknownCouponReason(lang: string): string {
	return formatMessage("notFound", lang);
}

/** Intl locales for our languages (Node ships full ICU, Khmer included). */
const INTL_LOCALES: Record<string, string> = { "zh-CN": "zh-CN", en: "en-GB", km: "km-KH" };

/** A date and time in the reader's language and the shop's time zone: a coupon may start at any hour. */
export function formatMoment(instant: Date, lang: string, timeZone: string): string {
	try {
		return new Intl.DateTimeFormat(INTL_LOCALES[lang] ?? "zh-CN", {
			timeZone,
			year: "numeric",
			month: "short",
			day: "numeric",
			hour: "2-digit",
			minute: "2-digit",
			hourCycle: "h23",
		}).format(instant);
	} catch {
		return instant.toISOString().slice(0, 16).replace("T", " ");
	}
}

/** The coupon a cart asks for: the member's own, or null when they hold none with that id. */
export interface AskedCoupon {
	/** Null: none of the member's coupons has this id (another member's answers the same, revealing nothing). */
	coupon: CouponForPricing | null;
	shopId: number;
	now: Date;
}

export interface CouponPricing {
	/** The coupon applied; null when it does not fit. */
	couponId: number | null;
	/** Its own line of the cart's discounts (none when it does not fit or takes nothing off). */
	line: PriceDiscount | null;
	/** What it takes off, minor units. */
	amount: number;
	/** Why it does not fit, in the reader's language; null when it fits. */
	reason: string | null;
}

/** The asked-for coupon priced on a cart the card has been applied to (decision 022's order). */
export function priceWithCoupon(
	asked: AskedCoupon,
	cart: Omit<CartForCoupon, "shopId" | "now">,
	format: ReasonFormat,
): CouponPricing {
	if (!asked.coupon) return { couponId: null, line: null, amount: 0, reason: unknownCouponReason(format.lang) };
	const fit = fitCoupon(asked.coupon, { ...cart, shopId: asked.shopId, now: asked.now });
	if (!fit.fits) return { couponId: null, line: null, amount: 0, reason: misfitReason(fit, format) };
	return {
		couponId: asked.coupon.id,
		line:
			fit.discount > 0
				? { kind: "coupon", name: localize(asked.coupon.title, format.lang), amount: fit.discount }
				: null,
		amount: fit.discount,
		reason: null,
	};
}
