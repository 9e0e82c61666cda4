import { type CurrencyConfig, formatMessage } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import {
	type CartForCoupon,
	type CouponForPricing,
	fitCoupon,
	formatMoment,
	misfitReason,
	priceWithCoupon,
} from "./pricing.js";

const FROM = new Date("2026-12-01T00:00:00.000Z");
const UNTIL = new Date("2026-12-31T00:00:00.000Z");
const USD: CurrencyConfig = { code: "USD", symbol: "$", decimals: 2, rate: 1, symbolPosition: "before" };
const FORMAT = { lang: "en", currency: USD, timeZone: "Asia/Phnom_Penh" };

/** $3.00 off from $15.00 of goods, any order type, every shop, in December. */
const threeOff: CouponForPricing = {
	id: 7,
	title: { "zh-CN": "满15减3", en: "$3 off $15", km: "បញ្ចុះ $3" },
	kind: "amount_off",
	amountOff: 300,
	percentOff: null,
	maxDiscount: null,
	threshold: 1500,
	useType: 0,
	shopIds: null,
	status: "unused",
	validFrom: FROM,
	validUntil: UNTIL,
	enabled: true,
};
const tenPercent: CouponForPricing = {
	...threeOff,
	kind: "percent_off",
	amountOff: null,
	percentOff: 10,
	maxDiscount: 200,
	threshold: 0,
};
const freeDelivery: CouponForPricing = { ...threeOff, kind: "free_delivery", amountOff: null, threshold: 0 };

const cart = (fields: Partial<CartForCoupon> = {}): CartForCoupon => ({
	shopId: 1,
	orderType: "takein",
	goods: 1500,
	cardDiscount: 0,
	deliveryFee: 0,
	now: new Date("2026-12-10T05:00:00.000Z"),
	...fields,
});

describe("the threshold", () => {
	it("fits when the goods reach it exactly, and says how much is missing one cent short", () => {
		expect(fitCoupon(threeOff, cart({ goods: 1500 }))).toEqual({ fits: true, discount: 300 });
		const short = fitCoupon(threeOff, cart({ goods: 1499 }));
		expect(short).toEqual({ fits: false, reasonKey: "couponSpendMore", params: { amount: 1 } });
		if (short.fits) throw new Error("unreachable");
		expect(misfitReason(short, FORMAT)).toBe(formatMessage("couponSpendMore", "en", { amount: "$0.01" }));
	});

	it("is judged on the goods before the card's discount", () => {
		// $15.00 of goods, the card took $1.50: still over the threshold, $3.00 off the rest.
		expect(fitCoupon(threeOff, cart({ goods: 1500, cardDiscount: 150 }))).toEqual({ fits: true, discount: 300 });
	});
});

describe("the dates", () => {
	it("fits from the first second (valid_from is inclusive) to the last one before valid_until", () => {
		expect(fitCoupon(threeOff, cart({ now: FROM })).fits).toBe(true);
		expect(fitCoupon(threeOff, cart({ now: new Date(UNTIL.getTime() - 1000) })).fits).toBe(true);
		expect(fitCoupon(threeOff, cart({ now: new Date(UNTIL.getTime() - 1) })).fits).toBe(true);
	});

	it("is not yet valid a moment before, and says from when in the shop's time zone", () => {
		const early = fitCoupon(threeOff, cart({ now: new Date(FROM.getTime() - 1) }));
		expect(early).toMatchObject({ fits: false, reasonKey: "couponNotYetValid" });
		if (early.fits) throw new Error("unreachable");
		// Midnight UTC is 07:00 in Phnom Penh.
		expect(misfitReason(early, FORMAT)).toBe(formatMessage("couponNotYetValid", "en", { date: "1 Dec 2026, 07:00" }));
		expect(formatMoment(FROM, "zh-CN", "Asia/Phnom_Penh")).toContain("2026");
	});

	it("has expired at valid_until itself (exclusive)", () => {
		expect(fitCoupon(threeOff, cart({ now: UNTIL }))).toMatchObject({ fits: false, reasonKey: "couponExpired" });
	});
});

describe("where and how", () => {
	it("fits only the shops it names", () => {
		const atTwo = { ...threeOff, shopIds: [2, 3] };
		expect(fitCoupon(atTwo, cart({ shopId: 1 }))).toMatchObject({ fits: false, reasonKey: "couponWrongShop" });
		expect(fitCoupon(atTwo, cart({ shopId: 3 })).fits).toBe(true);
	});

	it("a general coupon fits every order type, dine-in too; self-pickup and takeout only their own", () => {
		for (const orderType of ["takein", "takeout", "desk"] as const)
			expect(fitCoupon(threeOff, cart({ orderType })).fits, orderType).toBe(true);
		const pickup = { ...threeOff, useType: 1 as const };
		expect(fitCoupon(pickup, cart({ orderType: "takein" })).fits).toBe(true);
		expect(fitCoupon(pickup, cart({ orderType: "takeout" }))).toMatchObject({ reasonKey: "couponPickupOnly" });
		expect(fitCoupon(pickup, cart({ orderType: "desk" }))).toMatchObject({ reasonKey: "couponPickupOnly" });
		const takeout = { ...threeOff, useType: 2 as const };
		expect(fitCoupon(takeout, cart({ orderType: "takeout" })).fits).toBe(true);
		expect(fitCoupon(takeout, cart({ orderType: "takein" }))).toMatchObject({ reasonKey: "couponTakeoutOnly" });
		expect(fitCoupon(takeout, cart({ orderType: "desk" }))).toMatchObject({ reasonKey: "couponTakeoutOnly" });
	});

	it("does not fit once used or switched off, whatever the cart", () => {
		expect(fitCoupon({ ...threeOff, status: "used" }, cart())).toMatchObject({ reasonKey: "couponUsed" });
		expect(fitCoupon({ ...threeOff, enabled: false }, cart())).toMatchObject({ reasonKey: "couponSwitchedOff" });
	});
});

describe("what it takes off", () => {
	it("an amount never more than the goods the card left", () => {
		const noThreshold = { ...threeOff, threshold: 0 };
		expect(fitCoupon(noThreshold, cart({ goods: 250 }))).toEqual({ fits: true, discount: 250 });
		expect(fitCoupon(noThreshold, cart({ goods: 250, cardDiscount: 25 }))).toEqual({ fits: true, discount: 225 });
	});

	it("a percentage of what the card left, rounded down, at most the cap", () => {
		// 10 % of ($15.00 − $1.50) = $1.35.
		expect(fitCoupon(tenPercent, cart({ goods: 1500, cardDiscount: 150 }))).toEqual({ fits: true, discount: 135 });
		// 10 % of $2.55 is 25.5 cents: 25.
		expect(fitCoupon(tenPercent, cart({ goods: 255 }))).toEqual({ fits: true, discount: 25 });
		// The cap ($2.00) is reached exactly at $20.00 and not passed above it.
		expect(fitCoupon(tenPercent, cart({ goods: 1990 }))).toEqual({ fits: true, discount: 199 });
		expect(fitCoupon(tenPercent, cart({ goods: 2000 }))).toEqual({ fits: true, discount: 200 });
		expect(fitCoupon(tenPercent, cart({ goods: 9000 }))).toEqual({ fits: true, discount: 200 });
		expect(fitCoupon({ ...tenPercent, maxDiscount: null }, cart({ goods: 9000 }))).toEqual({
			fits: true,
			discount: 900,
		});
	});

	it("free delivery takes the fee still charged, and does not fit when there is none", () => {
		expect(fitCoupon(freeDelivery, cart({ orderType: "takeout", deliveryFee: 100 }))).toEqual({
			fits: true,
			discount: 100,
		});
		// The card waived the fee already (deliveryFee after the card is 0), or nothing is delivered.
		expect(fitCoupon(freeDelivery, cart({ orderType: "takeout", deliveryFee: 0 }))).toMatchObject({
			reasonKey: "couponNoDeliveryFee",
		});
		expect(fitCoupon(freeDelivery, cart({ orderType: "takein" }))).toMatchObject({ reasonKey: "couponNoDeliveryFee" });
	});
});

describe("a coupon in the cart", () => {
	const asked = { shopId: 1, now: new Date("2026-12-10T05:00:00.000Z") };
	const amounts = { orderType: "takein" as const, goods: 1500, cardDiscount: 0, deliveryFee: 0 };

	it("is its own discount line named in the reader's language", () => {
		expect(priceWithCoupon({ ...asked, coupon: threeOff }, amounts, { ...FORMAT, lang: "km" })).toEqual({
			couponId: 7,
			line: { kind: "coupon", name: "បញ្ចុះ $3", amount: 300 },
			amount: 300,
			reason: null,
		});
	});

	it("says why not when it does not fit, and the same for an id the member does not hold", () => {
		expect(priceWithCoupon({ ...asked, coupon: threeOff }, { ...amounts, goods: 1300 }, FORMAT)).toEqual({
			couponId: null,
			line: null,
			amount: 0,
			reason: formatMessage("couponSpendMore", "en", { amount: "$2.00" }),
		});
		expect(priceWithCoupon({ ...asked, coupon: null }, amounts, FORMAT)).toMatchObject({
			couponId: null,
			reason: formatMessage("notFound", "en"),
		});
	});
});
