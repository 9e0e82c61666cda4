import { describe, expect, it } from "vitest";
import { type CardForPricing, cardDiscount, priceWithCard } from "./pricing.js";
import { formatDay, otherActiveMessage, periodAfterPurchase, purchaseBlock } from "./rules.js";

const gold: CardForPricing = {
	name: { "zh-CN": "黄金会员卡", en: "Gold card", km: "កាតសមាជិកមាស" },
	discountPercent: 12,
	discountCap: 500,
	freeDelivery: true,
};

describe("a card's discount", () => {
	it("takes the percentage off the goods, rounded down to the cent", () => {
		// 12 % of $2.55 is 30.6 cents: the shop gives 30, never more than the percentage.
		expect(cardDiscount(255, gold)).toBe(30);
		expect(cardDiscount(250, { discountPercent: 5, discountCap: null })).toBe(12);
		expect(cardDiscount(1, { discountPercent: 90, discountCap: null })).toBe(0);
	});

	it("takes at most the cap off one order", () => {
		expect(cardDiscount(4166, gold)).toBe(499);
		expect(cardDiscount(4167, gold)).toBe(500);
		expect(cardDiscount(100_000, gold)).toBe(500);
	});

	it("gives nothing without a percentage or goods", () => {
		expect(cardDiscount(1000, { discountPercent: 0, discountCap: null })).toBe(0);
		expect(cardDiscount(0, gold)).toBe(0);
	});
});

describe("pricing an order with a card", () => {
	it("leaves the price alone without a card", () => {
		expect(priceWithCard({ subtotal: 500, deliveryFee: 100 }, null, "en")).toEqual({
			deliveryFee: 100,
			deliveryFeeWaived: null,
			discounts: [],
			total: 600,
			memberDiscount: 0,
			waivedFee: 0,
		});
	});

	it("names the discount and the waived fee after the card, in the reader's language", () => {
		expect(priceWithCard({ subtotal: 1000, deliveryFee: 250 }, gold, "km")).toEqual({
			deliveryFee: 0,
			deliveryFeeWaived: { by: "កាតសមាជិកមាស", amount: 250 },
			discounts: [{ kind: "memberCard", name: "កាតសមាជិកមាស", amount: 120 }],
			total: 880,
			memberDiscount: 120,
			waivedFee: 250,
		});
	});

	it("never discounts the delivery fee, and waives nothing when there is no fee", () => {
		const pickup = priceWithCard({ subtotal: 1000, deliveryFee: 0 }, gold, "en");
		expect(pickup).toMatchObject({ deliveryFeeWaived: null, total: 880 });
		const noFreeDelivery = priceWithCard({ subtotal: 1000, deliveryFee: 250 }, { ...gold, freeDelivery: false }, "en");
		expect(noFreeDelivery).toMatchObject({ deliveryFee: 250, deliveryFeeWaived: null, total: 1130 });
	});

	it("shows no discount line for a card with only free delivery or extra points", () => {
		const freeDeliveryOnly = priceWithCard(
			{ subtotal: 1000, deliveryFee: 100 },
			{ ...gold, discountPercent: 0, freeDelivery: false },
			"zh-CN",
		);
		expect(freeDeliveryOnly).toMatchObject({ discounts: [], deliveryFeeWaived: null, total: 1100 });
	});
});

describe("holding and buying cards", () => {
	const now = new Date("2026-12-01T05:00:00Z");
	const day = 24 * 3600 * 1000;
	const held = {
		card_type_id: 7,
		name: gold.name,
		starts_at: new Date(now.getTime() - 10 * day),
		expires_at: new Date(now.getTime() + 20 * day),
	};

	it("extends an active card of the same type from its end, keeping its start", () => {
		expect(periodAfterPurchase(held, { cardTypeId: 7, validityDays: 30 }, now)).toEqual({
			startsAt: held.starts_at,
			expiresAt: new Date(now.getTime() + 50 * day),
		});
	});

	it("starts a new period now once the card has expired, or for another type", () => {
		const expired = { ...held, expires_at: new Date(now.getTime() - day) };
		const fresh = { startsAt: now, expiresAt: new Date(now.getTime() + 30 * day) };
		expect(periodAfterPurchase(expired, { cardTypeId: 7, validityDays: 30 }, now)).toEqual(fresh);
		expect(periodAfterPurchase(expired, { cardTypeId: 8, validityDays: 30 }, now)).toEqual(fresh);
		expect(periodAfterPurchase(undefined, { cardTypeId: 8, validityDays: 30 }, now)).toEqual(fresh);
	});

	it("refuses another type while a card is active, and allows it the moment the card has ended", () => {
		expect(purchaseBlock(held, 8, now)).toEqual({ kind: "otherActive", held });
		expect(purchaseBlock(held, 7, now)).toBeNull();
		expect(purchaseBlock(held, 8, held.expires_at)).toBeNull();
	});

	it("says until when, in the reader's language and the shop's time zone", () => {
		// 20:00 UTC on 20 Dec is already 21 Dec in Phnom Penh.
		const lateEvening = { ...held, expires_at: new Date("2026-12-20T20:00:00Z") };
		expect(otherActiveMessage(lateEvening, "en", "Asia/Phnom_Penh")).toBe(
			"You already hold Gold card until 21 Dec 2026. Renew that card, or buy another one after it ends",
		);
		expect(otherActiveMessage(lateEvening, "zh-CN", "Asia/Phnom_Penh")).toBe(
			"您已持有“黄金会员卡”，有效期至2026年12月21日。可续费同一张卡，或到期后再购买其他卡",
		);
		expect(formatDay(lateEvening.expires_at, "km", "Asia/Phnom_Penh")).toBe("21 ធ្នូ 2026");
		expect(formatDay(lateEvening.expires_at, "en", "UTC")).toBe("20 Dec 2026");
	});
});
