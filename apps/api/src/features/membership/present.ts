import { type CardPurchaseView, localize, type MyVipCard, type VipCardAdmin, type VipCardView } from "@bayon/contract";
import type { CardPurchaseRow, CardTypeRow, MemberCardRow } from "./queries.js";
import { benefitsOf, isActive } from "./rules.js";

/** Card types, cards and purchases as the apps see them. */

export function presentCardType(row: CardTypeRow, lang: string): VipCardView {
	return {
		id: row.id,
		name: localize(row.name, lang),
		description: localize(row.description, lang),
		price: row.price,
		validityDays: row.validity_days,
		benefits: benefitsOf(row),
		onSale: row.on_sale,
	};
}

export function presentMemberCard(row: MemberCardRow, lang: string, now: Date): MyVipCard {
	return {
		cardTypeId: row.card_type_id,
		name: localize(row.name, lang),
		startsAt: new Date(row.starts_at).toISOString(),
		expiresAt: new Date(row.expires_at).toISOString(),
		active: isActive(row, now),
		benefits: benefitsOf(row),
	};
}

/** A purchase; once paid, the card it bought as it stands now (not a later card of another type). */
export function presentPurchase(
	row: CardPurchaseRow,
	card: MemberCardRow | undefined,
	lang: string,
	now: Date,
	redirectUrl?: string,
): CardPurchaseView {
	return {
		id: row.id,
		cardTypeId: row.card_type_id,
		status: row.status,
		price: row.price,
		payMethod: row.pay_method,
		card: row.status === "paid" && card?.card_type_id === row.card_type_id ? presentMemberCard(card, lang, now) : null,
		...(redirectUrl ? { redirectUrl } : {}),
	};
}

export function presentCardTypeAdmin(row: CardTypeRow, activeHolders: number): VipCardAdmin {
	return {
		id: row.id,
		version: row.version,
		name: row.name,
		description: row.description,
		price: row.price,
		validityDays: row.validity_days,
		benefits: benefitsOf(row),
		sort: row.sort,
		onSale: row.on_sale,
		activeHolders,
	};
}
