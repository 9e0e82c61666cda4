import type { BuyCardInput, CardPurchaseView, IDEMPOTENCY_HEADER, VipCardDetail, VipCardList } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, request } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";

/**
 * The member's card calls (issue 12, contract membership.ts). Contract imports are types only:
 * the mine tab shows the member's card, and a value from the contract would pull its schemas
 * (and zod) into that tab's chunk.
 */

/** The contract's `IDEMPOTENCY_HEADER`, written as a literal checked against its type. */
const IDEMPOTENCY: typeof IDEMPOTENCY_HEADER = "idempotency-key";

/**
 * Names and reasons come back in the reader's language, and `mine` and `balance` belong to who
 * is signed in: both are part of each key.
 */
export const cardKeys = {
	all: ["vipCards"] as const,
	list: (lang: string, memberId: number | null) => ["vipCards", "list", lang, memberId] as const,
	detail: (id: number, lang: string, memberId: number | null) => ["vipCards", "detail", id, lang, memberId] as const,
	purchase: (id: number) => ["vipCards", "purchase", id] as const,
};

/**
 * The cards on sale and the reader's own (public: a visitor sees the cards). The session's token
 * goes along when there is one, so a member also gets their card and balance; a visitor is
 * never sent to the login page for it.
 */
export const cardListQuery = (lang: string, memberId: number | null) =>
	queryOptions({
		queryKey: cardKeys.list(lang, memberId),
		queryFn: () => api.get<VipCardList>("/vip/getList", undefined, { toast: false, login: false }),
		staleTime: 30_000,
	});

export const cardDetailQuery = (id: number, lang: string, memberId: number | null) =>
	queryOptions({
		queryKey: cardKeys.detail(id, lang, memberId),
		queryFn: () => api.get<VipCardDetail>("/vip/getDetail", { id }, { toast: false, login: false }),
		// Whether the reader may buy it (and their balance) changes with every purchase.
		staleTime: 0,
	});

/** How often the page the gateway returns to asks about the purchase, and for how long. */
export const PURCHASE_POLL_MS = 2_000;
export const PURCHASE_POLL_TRIES = 30;

/** One's own purchase: the page the gateway returns to polls it until it is no longer pending. */
export const cardPurchaseQuery = (id: number) =>
	queryOptions({
		queryKey: cardKeys.purchase(id),
		queryFn: () => api.get<CardPurchaseView>("/vip/purchase", { id }, { toast: false }),
		staleTime: 0,
	});

/**
 * POST member/user/buyCard with the purchase intent's idempotency key: a double tap, or a
 * retry after a lost answer, gets the same purchase instead of a second card.
 */
export function buyCard(input: BuyCardInput, idempotencyKey: string): Promise<CardPurchaseView> {
	return request<CardPurchaseView>("/member/user/buyCard", {
		method: "POST",
		body: input,
		headers: { [IDEMPOTENCY]: idempotencyKey },
		toast: false,
		loading: true,
	});
}

/** A fresh idempotency key for one purchase intent (crypto.randomUUID needs a secure context). */
export function newPurchaseKey(): string {
	if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
	return `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A card was bought (or a purchase settled): the lists, details and the mine tab's card fetch
 * again (a settled purchase itself does not change).
 */
export function invalidateCards(): Promise<void> {
	return queryClient.invalidateQueries({
		predicate: (query) => query.queryKey[0] === cardKeys.all[0] && query.queryKey[1] !== "purchase",
	});
}

const extendingKey = (purchaseId: number) => `vipPurchaseExtends:${purchaseId}`;

/**
 * Whether a gateway purchase renews a card the member holds, kept for the page the gateway
 * returns to, which then says "extended to …" rather than "valid until …".
 */
export function rememberExtending(purchaseId: number, extending: boolean): void {
	try {
		sessionStorage.setItem(extendingKey(purchaseId), extending ? "1" : "0");
	} catch {
		// Storage off (private mode): the return page says "valid until", which is still true.
	}
}

export function wasExtending(purchaseId: number): boolean {
	try {
		return sessionStorage.getItem(extendingKey(purchaseId)) === "1";
	} catch {
		return false;
	}
}
