import { z } from "zod";
import { idField, oneLineText } from "../common.js";
import { CART_MAX_LINES, CART_MAX_QUANTITY } from "../constants.js";
import { latitudeField, longitudeField, type OrderType, orderTypeField } from "../venues.js";

export const CartLineInput = z.object({
	itemId: idField,
	quantity: z
		.number({ error: "fieldInvalid" })
		.int({ error: "fieldInvalid" })
		.min(1, { error: "fieldInvalid" })
		.max(CART_MAX_QUANTITY, { error: "fieldInvalid" }),
	optionIds: z.array(idField).max(30).default([]),
	/**
	 * The unit price (options included, minor units) the customer was last shown for this line.
	 * When the menu has changed it since, the line carries a PriceChanged problem saying from
	 * what to what, so nobody orders at a price they were not shown.
	 */
	seenUnitPrice: z
		.number({ error: "fieldInvalid" })
		.int({ error: "fieldInvalid" })
		.min(0, { error: "fieldInvalid" })
		.max(Number.MAX_SAFE_INTEGER, { error: "fieldInvalid" })
		.optional(),
});
export type CartLineInput = z.input<typeof CartLineInput>;

/** Prices a cart on the server. Checkout uses the same rules, so what this accepts can be ordered. */
export const PriceCartInput = z.strictObject({
	shopId: idField,
	orderType: orderTypeField,
	lines: z.array(CartLineInput).min(1).max(CART_MAX_LINES),
	/** Delivery: a saved address of the member … */
	addressId: idField.optional(),
	/** … or a point (a visitor choosing where to deliver). */
	location: z.object({ latitude: latitudeField, longitude: longitudeField }).optional(),
	/** Dine-in: the token of the scanned table. */
	tableToken: oneLineText().max(300).optional(),
	/**
	 * One of the member's own unused coupons (issue 13). The server checks it against this cart
	 * like checkout does: when it does not fit, the cart carries a CouponNotUsable problem.
	 */
	couponId: idField.optional(),
});
export type PriceCartInput = z.input<typeof PriceCartInput>;

/** One reason a line or the whole cart cannot be ordered as it is. `code` is an ErrorCode. */
export interface CartProblem {
	code: number;
	message: string;
	/** For stock problems: how many are left. */
	available?: number;
}

export interface PricedCartLine {
	index: number;
	itemId: number;
	name: string;
	options: Array<{ id: number; name: string; priceDelta: number }>;
	unitPrice: number;
	quantity: number;
	lineTotal: number;
	problems: CartProblem[];
}

/**
 * An amount the server takes off an order: the member's VIP card (issue 12), then a coupon
 * (issue 13), in that order (decision 022). Priced by the same rules in the cart, at checkout
 * and in the order, so what the cart shows is what is charged.
 */
export interface PriceDiscount {
	kind: "memberCard" | "coupon";
	/** What gives it (the card's name or the coupon's title), in the reader's language. */
	name: string;
	/** Minor units taken off (positive). */
	amount: number;
}

/** A delivery fee waived by a VIP card: the fee the zone asks, and the card's name. */
export interface WaivedDeliveryFee {
	by: string;
	amount: number;
}

export interface PricedCart {
	shopId: number;
	orderType: OrderType;
	lines: PricedCartLine[];
	/** Sum of the lines that can be ordered, minor units. */
	subtotal: number;
	/** What delivery costs this order (0 when a card waives it; see deliveryFeeWaived). */
	deliveryFee: number;
	deliveryFeeWaived: WaivedDeliveryFee | null;
	discounts: PriceDiscount[];
	/** The coupon applied (its discount is one of `discounts`); null when none was asked for or it does not fit. */
	couponId: number | null;
	/** subtotal + deliveryFee − the discounts, never below 0. */
	total: number;
	/** The delivery zone's minimum, when delivering. */
	minDeliveryPrice: number | null;
	/** Problems of the whole cart: shop closed, outside the zone, under the minimum, … */
	problems: CartProblem[];
	/** True when nothing stands in the way of ordering it. */
	orderable: boolean;
}
