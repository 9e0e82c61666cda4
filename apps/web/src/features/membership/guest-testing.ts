import type { CardBenefits, CardPurchaseView, MyVipCard, VipCardDetail, VipCardView } from "@bayon/contract";

/** Fixtures of the member's card tests (never imported by the app). */

export function benefits(extra: Partial<CardBenefits> = {}): CardBenefits {
	return { discountPercent: 10, discountCap: 500, freeDelivery: true, pointsPercent: 200, ...extra };
}

/** The gold card: $29.00 for 365 days, 10 % off up to $5.00, free delivery, points ×2. */
export function goldCard(extra: Partial<VipCardView> = {}): VipCardView {
	return {
		id: 3,
		name: "金卡",
		description: "全部门店通用。\n折扣按商品小计计算，不含配送费。",
		price: 2900,
		validityDays: 365,
		benefits: benefits(),
		onSale: true,
		...extra,
	};
}

/** The silver card: $9.90 for 30 days, 5 % off without a cap, nothing else. */
export function silverCard(extra: Partial<VipCardView> = {}): VipCardView {
	return {
		id: 4,
		name: "银卡",
		description: "",
		price: 990,
		validityDays: 30,
		benefits: benefits({ discountPercent: 5, discountCap: null, freeDelivery: false, pointsPercent: 100 }),
		onSale: true,
		...extra,
	};
}

/** The member's gold card, active until 20 Nov 2027 (noon UTC: the same calendar day everywhere tests run). */
export function myGoldCard(extra: Partial<MyVipCard> = {}): MyVipCard {
	return {
		cardTypeId: 3,
		name: "金卡",
		startsAt: "2026-11-20T12:00:00.000Z",
		expiresAt: "2027-11-20T12:00:00.000Z",
		active: true,
		benefits: benefits(),
		...extra,
	};
}

export function cardDetail(extra: Partial<VipCardDetail> = {}): VipCardDetail {
	return {
		card: goldCard(),
		mine: null,
		balance: 10_000,
		purchase: { allowed: true, extends: false },
		...extra,
	};
}

export function purchaseView(extra: Partial<CardPurchaseView> = {}): CardPurchaseView {
	return {
		id: 51,
		cardTypeId: 3,
		status: "paid",
		price: 2900,
		payMethod: "balance",
		card: myGoldCard(),
		...extra,
	};
}
