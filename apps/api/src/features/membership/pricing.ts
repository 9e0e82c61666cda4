import { type Localized, localize, type PriceDiscount, type WaivedDeliveryFee } from "@bayon/contract";

/**
 * What a member's VIP card does to an order's price (decision 021): pure rules, no I/O. The
 * cart, checkout and the order all come through here, so what the cart shows is what is charged.
 */

/** The benefits of the card a member holds now (an expired card is never passed in). */
export interface CardForPricing {
	/** The card's name as bought, for the discount line. */
	name: Localized;
	discountPercent: number;
	/** Most taken off one order, minor units; null = no cap. */
	discountCap: number | null;
	freeDelivery: boolean;
}

export interface CardPricing {
	/** What delivery costs after the card (0 when it waives the fee). */
	deliveryFee: number;
	deliveryFeeWaived: WaivedDeliveryFee | null;
	discounts: PriceDiscount[];
	/** subtotal + deliveryFee − discounts, never below 0. */
	total: number;
	/** The card's discount, minor units (0 without one): stored on the order. */
	memberDiscount: number;
	/** The zone's fee the card waived, minor units (0 when none was waived). */
	waivedFee: number;
}

/**
 * The card's discount on goods worth `subtotal`: the percentage rounded down to the minor unit
 * (the shop never gives more than the percentage), at most the cap. The delivery fee is not
 * goods and is never discounted.
 */
export function cardDiscount(subtotal: number, card: Pick<CardForPricing, "discountPercent" | "discountCap">): number {
	if (subtotal <= 0 || card.discountPercent <= 0) return 0;
	// Integers all the way: subtotal × percent is exact, the division rounds down.
	const byPercent = Math.floor((subtotal * card.discountPercent) / 100);
	return Math.min(byPercent, card.discountCap ?? byPercent, subtotal);
}

/**
 * Prices an order's goods and delivery with the member's card (null: no card, or it has
 * expired). Free delivery waives the zone's fee when there is one; the discount is its own
 * line naming the card in the reader's language.
 */
export function priceWithCard(
	amounts: { subtotal: number; deliveryFee: number },
	card: CardForPricing | null,
	lang: string,
): CardPricing {
	const { subtotal } = amounts;
	if (!card) {
		return {
			deliveryFee: amounts.deliveryFee,
			deliveryFeeWaived: null,
			discounts: [],
			total: Math.max(0, subtotal + amounts.deliveryFee),
			memberDiscount: 0,
			waivedFee: 0,
		};
	}
	const name = localize(card.name, lang);
	const waivedFee = card.freeDelivery && amounts.deliveryFee > 0 ? amounts.deliveryFee : 0;
	const deliveryFee = amounts.deliveryFee - waivedFee;
	const memberDiscount = cardDiscount(subtotal, card);
	return {
		deliveryFee,
		deliveryFeeWaived: waivedFee > 0 ? { by: name, amount: waivedFee } : null,
		discounts: memberDiscount > 0 ? [{ kind: "memberCard", name, amount: memberDiscount }] : [],
		total: Math.max(0, subtotal + deliveryFee - memberDiscount),
		memberDiscount,
		waivedFee,
	};
}
