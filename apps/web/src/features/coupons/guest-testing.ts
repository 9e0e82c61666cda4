import type { CouponFit, CouponOffer, CouponTerms, MyCoupon, PageResult } from "@bayon/contract";
import { usdConfig } from "../../test/ordering-fixtures";
import { type RecordedAnswer, recordingServer } from "../../test/recording-server";

/** Fixtures of the member's coupon tests (never imported by the app). */

/** $5.00 off orders of $15.00 or more, any order type, every shop. */
export function amountTerms(extra: Partial<CouponTerms> = {}): CouponTerms {
	return {
		kind: "amountOff",
		amountOff: 500,
		percentOff: null,
		maxDiscount: null,
		threshold: 1500,
		useType: 0,
		shops: null,
		...extra,
	};
}

/** 20 % off, at most $3.00, self-pickup only, at one shop. */
export function percentTerms(extra: Partial<CouponTerms> = {}): CouponTerms {
	return {
		kind: "percentOff",
		amountOff: null,
		percentOff: 20,
		maxDiscount: 300,
		threshold: 0,
		useType: 1,
		shops: [{ id: 1, name: "Bayon 河畔店" }],
		...extra,
	};
}

export function freeDeliveryTerms(extra: Partial<CouponTerms> = {}): CouponTerms {
	return {
		kind: "freeDelivery",
		amountOff: null,
		percentOff: null,
		maxDiscount: null,
		threshold: 0,
		useType: 2,
		shops: null,
		...extra,
	};
}

export function offer(templateId: number, extra: Partial<CouponOffer> = {}): CouponOffer {
	return {
		templateId,
		title: "新人满减券",
		instructions: "每单限用一张，不与其他优惠券同享。",
		terms: amountTerms(),
		validFrom: null,
		validUntil: null,
		validDays: 30,
		claimableByMe: 1,
		perMemberLimit: 1,
		remaining: 42,
		state: "claimable",
		...extra,
	};
}

/** An unused coupon, valid from 20 Nov 2026 to 20 Nov 2099 (noon UTC: the same calendar day everywhere tests run). */
export function myCoupon(id: number, extra: Partial<MyCoupon> = {}): MyCoupon {
	return {
		id,
		templateId: 3,
		title: "新人满减券",
		instructions: "每单限用一张。",
		terms: amountTerms(),
		status: 0,
		validFrom: "2026-11-20T12:00:00.000Z",
		validUntil: "2099-11-20T12:00:00.000Z",
		claimedAt: "2026-11-20T12:00:00.000Z",
		usedOrderId: null,
		usedAt: null,
		enabled: true,
		...extra,
	};
}

export function page(list: MyCoupon[], total = list.length): PageResult<MyCoupon> {
	return { list, total };
}

export function fit(coupon: MyCoupon, discount: number, reason: string | null = null): CouponFit {
	return { coupon, discount, fits: reason === null, reason };
}

/**
 * Stubs fetch with answers per path (without /app-api); the app's configuration (USD) and the
 * live socket's ticket are answered unless given. Unknown paths answer an empty success.
 * Every call is recorded.
 */
export function couponServer(byPath: Record<string, RecordedAnswer>) {
	return recordingServer({
		"/system/config": { code: 0, data: usdConfig },
		"/infra/ws/ticket": () => ({ ticket: "ticket-1", expiresIn: 60 }),
		...byPath,
	});
}
