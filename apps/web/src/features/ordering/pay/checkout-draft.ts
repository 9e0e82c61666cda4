import { PayMethod } from "@bayon/contract";
import { useSyncExternalStore } from "react";
import { onForgetPersonalData } from "../../../lib/session";
import { readJson, StorageKeys, writeJson } from "../../../lib/storage";

/**
 * One try at placing the order: its idempotency key and the request it was made for. The
 * same request keeps its key across retries, reloads and a sign-in in between, so the
 * server answers a retry with the order it may already have made (decision 010).
 */
export interface CheckoutAttempt {
	key: string;
	/** The request body as JSON: a different request gets a new key. */
	body: string;
	/**
	 * Sent, and no answer came back (the connection dropped): the order may exist. Sending the
	 * same request again is safe and finds out.
	 */
	unanswered: boolean;
}

/**
 * What the customer fills in on the payment page (and the remark page it links to), kept while
 * they move between the two, and in storage across a reload or a sign-in (a dropped
 * connection signs out, spec §4). Cleared once an order is placed.
 */
export interface CheckoutDraft {
	remark: string;
	/** "asap" or "HH:MM" today on the shop's clock. */
	pickup: string;
	diners: number | null;
	contactPhone: string | null;
	payMethod: PayMethod;
	/**
	 * The coupon for this order (issue 13, spec §3 "coupon in use"); the payment page prices
	 * with it and the order carries it. Null: none.
	 */
	couponId: number | null;
	/**
	 * The member chose (a coupon, or none) in the coupon sheet. Until then the payment page
	 * keeps the best fitting coupon chosen for them.
	 */
	couponChosen: boolean;
	/** One idempotency key per checkout attempt: the same request keeps its key across retries. */
	attempt: CheckoutAttempt | null;
}

const initial: CheckoutDraft = {
	remark: "",
	pickup: "asap",
	diners: null,
	contactPhone: null,
	payMethod: "balance",
	couponId: null,
	couponChosen: false,
	attempt: null,
};

const PAY_METHODS = new Set<unknown>(Object.values(PayMethod));

/** The stored draft, field by field: whatever is missing or malformed takes its initial value. */
function readStoredDraft(): CheckoutDraft {
	const stored = readJson<Partial<Record<keyof CheckoutDraft, unknown>>>(StorageKeys.checkoutDraft);
	if (!stored || typeof stored !== "object") return initial;
	const attempt = stored.attempt as Partial<CheckoutAttempt> | null | undefined;
	const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
	return {
		remark: typeof stored.remark === "string" ? stored.remark : initial.remark,
		pickup: typeof stored.pickup === "string" ? stored.pickup : initial.pickup,
		diners: isCount(stored.diners) ? stored.diners : null,
		contactPhone: typeof stored.contactPhone === "string" ? stored.contactPhone : null,
		payMethod: PAY_METHODS.has(stored.payMethod) ? (stored.payMethod as PayMethod) : initial.payMethod,
		couponId: isCount(stored.couponId) ? stored.couponId : null,
		couponChosen: stored.couponChosen === true,
		attempt:
			attempt && typeof attempt.key === "string" && typeof attempt.body === "string"
				? { key: attempt.key, body: attempt.body, unanswered: attempt.unanswered === true }
				: null,
	};
}

let draft: CheckoutDraft = readStoredDraft();
const listeners = new Set<() => void>();

function replaceDraft(next: CheckoutDraft): void {
	draft = next;
	writeJson(StorageKeys.checkoutDraft, next === initial ? null : next);
	for (const listener of listeners) listener();
}

export function readDraft(): CheckoutDraft {
	return draft;
}

export function updateDraft(patch: Partial<CheckoutDraft>): void {
	replaceDraft({ ...draft, ...patch });
}

export function resetDraft(): void {
	replaceDraft(initial);
}

// Signing out forgets the draft (its remark, contact phone, coupon) with the rest of the person's data.
onForgetPersonalData(resetDraft);

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
 * (a double tap, a retry after a network error, after a reload or signing in again), a new
 * one once anything in it changed.
 */
export function attemptKey(body: unknown, newKey: () => string = () => crypto.randomUUID()): string {
	const json = JSON.stringify(body);
	if (draft.attempt && draft.attempt.body === json) return draft.attempt.key;
	const key = newKey();
	replaceDraft({ ...draft, attempt: { key, body: json, unanswered: false } });
	return key;
}

/** Whether the attempt's request is out with no answer yet (set just before sending it). */
export function markAttemptUnanswered(unanswered: boolean): void {
	if (draft.attempt && draft.attempt.unanswered !== unanswered)
		replaceDraft({ ...draft, attempt: { ...draft.attempt, unanswered } });
}

/** The attempt's order can no longer be paid (it expired or was cancelled): the next try is a new order. */
export function dropAttempt(): void {
	if (draft.attempt) replaceDraft({ ...draft, attempt: null });
}
