import type {
	ClaimCouponInput,
	CouponOffer,
	CouponStatus,
	CouponsForCart,
	CouponsForCartInput,
	IDEMPOTENCY_HEADER,
	MyCoupon,
	PageResult,
} from "@bayon/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, request } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";
import { identityKeys } from "../identity/api";

/** The member's coupon calls (issue 13, contract coupons.ts, decision 022). */

/** The contract's `IDEMPOTENCY_HEADER`, written as a literal checked against its type. */
const IDEMPOTENCY: typeof IDEMPOTENCY_HEADER = "idempotency-key";

export const MY_COUPONS_PAGE_SIZE = 20;

/**
 * Titles, shop names and reasons come back in the reader's language, and what one may claim
 * or holds belongs to who is signed in: both are part of each key.
 */
export const couponKeys = {
	all: ["coupons"] as const,
	center: (lang: string, memberId: number | null) => ["coupons", "center", lang, memberId] as const,
	mine: (status: CouponStatus, lang: string) => ["coupons", "mine", status, lang] as const,
	forCart: (input: CouponsForCartInput, lang: string) => ["coupons", "forCart", lang, input] as const,
};

/**
 * `GET /coupon/center`: the offers one can claim now (public: a visitor sees them too). The
 * session's token goes along when there is one, so a member learns what they may still claim.
 */
export const couponCenterQuery = (lang: string, memberId: number | null) =>
	queryOptions({
		queryKey: couponKeys.center(lang, memberId),
		queryFn: () => api.get<CouponOffer[]>("/coupon/center", undefined, { toast: false, login: false }),
		staleTime: 0,
	});

/** `GET /coupon/my?status=`: the member's coupons of one tab, a page at a time. */
export const myCouponsQuery = (status: CouponStatus, lang: string) =>
	infiniteQueryOptions({
		queryKey: couponKeys.mine(status, lang),
		initialPageParam: 1,
		queryFn: ({ pageParam }) =>
			api.get<PageResult<MyCoupon>>(
				"/coupon/my",
				{ status, page: pageParam, pageSize: MY_COUPONS_PAGE_SIZE },
				{ toast: false },
			),
		getNextPageParam: (last, pages) => {
			const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
			return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
		},
		staleTime: 0,
	});

/**
 * `POST /coupon/for-cart`: the member's unused coupons measured against the pay page's cart,
 * fitting ones best first. The pay page can go on without it, so a failure only says so in the
 * coupon row (no toast, never the login page).
 */
export const couponsForCartQuery = (input: CouponsForCartInput, lang: string) =>
	queryOptions({
		queryKey: couponKeys.forCart(input, lang),
		queryFn: () => api.post<CouponsForCart>("/coupon/for-cart", input, { toast: false, login: false }),
		staleTime: 10_000,
	});

/**
 * `POST /coupon/receive` with the tap's idempotency key: a double tap, or a retry after a lost
 * answer, claims once. The caller shows refusals where they belong (no toast here).
 */
export function claimCoupon(input: ClaimCouponInput, idempotencyKey: string): Promise<MyCoupon> {
	return request<MyCoupon>("/coupon/receive", {
		method: "POST",
		body: input,
		headers: { [IDEMPOTENCY]: idempotencyKey },
		toast: false,
	});
}

/** A fresh idempotency key for one claim intent (crypto.randomUUID needs a secure context). */
export function newClaimKey(): string {
	if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
	return `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The member's coupons changed (a claim): their lists, the pay page's list and the mine tab's count fetch again. */
export function refreshMyCoupons(): Promise<unknown> {
	return Promise.all([
		queryClient.invalidateQueries({ queryKey: ["coupons", "mine"] }),
		queryClient.invalidateQueries({ queryKey: ["coupons", "forCart"] }),
		queryClient.invalidateQueries({ queryKey: identityKeys.member }),
	]);
}

/** The pay page's list is out of date (a coupon was refused at pricing or checkout). */
export function refreshCouponsForCart(): Promise<void> {
	return queryClient.invalidateQueries({ queryKey: ["coupons", "forCart"] });
}
