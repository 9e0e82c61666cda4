import type { PayMethod } from "@bayon/contract";
import { useSyncExternalStore } from "react";

/**
 * What the customer fills in on the payment page (and the remark page it links to), kept while
 * they move between the two. Cleared once an order is placed.
 */
export interface CheckoutDraft {
	remark: string;
	/** "asap" or "HH:MM" today on the shop's clock. */
	pickup: string;
	diners: number | null;
	contactPhone: string | null;
	payMethod: PayMethod;
	/**
	 * The coupon chosen for this order (issue "coupons" fills it); the payment page shows it
	 * and the order would carry it. Null: none.
	 */
	couponId: number | null;
	/** One idempotency key per checkout attempt: the same request keeps its key across retries. */
	attempt: { key: string; body: string } | null;
}

const initial: CheckoutDraft = {
	remark: "",
	pickup: "asap",
	diners: null,
	contactPhone: null,
	payMethod: "balance",
	couponId: null,
	attempt: null,
};

let draft: CheckoutDraft = initial;
const listeners = new Set<() => void>();

export function readDraft(): CheckoutDraft {
	return draft;
}

export function updateDraft(patch: Partial<CheckoutDraft>): void {
	draft = { ...draft, ...patch };
	for (const listener of listeners) listener();
}

export function resetDraft(): void {
	draft = initial;
	for (const listener of listeners) listener();
}

export function useDraft(): CheckoutDraft {
	return useSyncExternalStore(
		(listener) => {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		() => draft,
		() => draft,
	);
}

/**
 * The idempotency key for sending `body`: the attempt's key while the request is the same
 * (a double tap, a retry after a network error), a new one once anything in it changed.
 */
export function attemptKey(body: unknown, newKey: () => string = () => crypto.randomUUID()): string {
	const json = JSON.stringify(body);
	if (draft.attempt && draft.attempt.body === json) return draft.attempt.key;
	const key = newKey();
	draft = { ...draft, attempt: { key, body: json } };
	return key;
}
