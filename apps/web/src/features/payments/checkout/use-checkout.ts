import type { PaymentCheckout } from "@bayon/contract";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { useNow } from "../../../lib/use-now";
import { checkPayment } from "./checkout-api";
import { msLeft, safeReturnPath } from "./checkout-state";
import { useCheckoutWatch } from "./use-checkout-watch";

/** How long the "paid" state shows before the page goes back to what was paid for. */
export const PAID_PAUSE_MS = 1200;

/**
 * The checkout page's state: the payment as the rail's checks answer it (useCheckoutWatch), the
 * time left on its code, and where the page goes back to; paid, it goes there after a moment.
 */
export function useCheckout(initial: PaymentCheckout) {
	const navigate = useNavigate();
	const watch = useCheckoutWatch(initial, checkPayment);
	const { checkout, phase } = watch;
	const waiting = phase === "waiting";
	const now = useNow(waiting);
	const left = msLeft(checkout.expiresAt, now);
	const returnPath = safeReturnPath(checkout.returnPath, Paths.orders);

	// Paid: a moment to read it, then back to what was paid for, freshly read.
	useEffect(() => {
		if (phase !== "paid") return;
		void queryClient.invalidateQueries();
		const timer = setTimeout(() => navigate(returnPath, { replace: true }), PAID_PAUSE_MS);
		return () => clearTimeout(timer);
	}, [phase, navigate, returnPath]);

	const goBack = () => navigate(returnPath, { replace: true });
	return { ...watch, left, goBack };
}
