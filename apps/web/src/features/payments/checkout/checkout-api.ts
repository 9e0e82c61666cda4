import type { PayMethodsAnswer, PaymentCheckout } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const paymentKeys = {
	methods: ["pay", "methods"] as const,
	checkout: (paymentId: string) => ["pay", "checkout", paymentId] as const,
};

/**
 * The rails set up for this shop, as they stand for this payer (the server reads where the page
 * is open from the browser). Kept a minute: a payer does not leave WeChat while paying.
 */
export const payMethodsQuery = queryOptions({
	queryKey: paymentKeys.methods,
	queryFn: () => api.get<PayMethodsAnswer>("/pay/methods", undefined, { toast: false }),
	staleTime: 60_000,
});

/** One payment as its checkout page shows it (only its payer may read it). */
export function readCheckout(paymentId: string): Promise<PaymentCheckout> {
	return api.get<PaymentCheckout>(`/pay/checkout/${encodeURIComponent(paymentId)}`, undefined, { toast: false });
}

/**
 * The same after the server asked the rail (KHQR has no callback: this is how a waiting
 * customer's payment is found). Quiet: a poll that fails (no network) neither toasts nor sends
 * the payer to the sign-in page; the page says it cannot reach the server and keeps the code.
 */
export function checkPayment(paymentId: string, signal?: AbortSignal): Promise<PaymentCheckout> {
	return api.post<PaymentCheckout>(
		`/pay/checkout/${encodeURIComponent(paymentId)}/check`,
		{},
		{
			toast: false,
			login: false,
			signal,
		},
	);
}

/** The wait before the next check: 2 s, growing by half each time, to 10 s at most. */
export function nextPollDelay(previousMs: number | null): number {
	if (previousMs === null) return 2_000;
	return Math.min(10_000, Math.round(previousMs * 1.5));
}
