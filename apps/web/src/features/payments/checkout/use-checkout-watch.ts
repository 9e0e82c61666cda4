import type { PaymentCheckout } from "@bayon/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { nextPollDelay } from "./checkout-api";
import { type CheckoutPhase, checkoutPhase, msLeft } from "./checkout-state";

/** Asks the server (which asks the rail) where a payment stands. */
export type CheckPayment = (paymentId: string, signal?: AbortSignal) => Promise<PaymentCheckout>;

/**
 * Watches a payment that waits for its payer (issue 29): while it waits, asks `check` every 2 s
 * growing to 10 s, a last time when the code expires, never while the page is hidden (at once
 * when it comes back or gets the focus). `checkNow` ("I have paid") asks at once and starts the
 * waits over. A failed question (no network) keeps the code and says so (`offline`); the next
 * question is asked as planned.
 */
export function useCheckoutWatch(initial: PaymentCheckout, check: CheckPayment) {
	const [checkout, setCheckout] = useState(initial);
	const [offline, setOffline] = useState(false);
	const [endChecked, setEndChecked] = useState(false);
	const [asking, setAsking] = useState(false);
	const [notYet, setNotYet] = useState(false);
	const phase: CheckoutPhase = checkoutPhase(checkout, endChecked);
	const waiting = phase === "waiting";
	const checkRef = useRef(check);
	checkRef.current = check;
	// "Check now": the watch's own once it runs; before that (its effect not yet run) a plain check.
	const checkNowRef = useRef<() => Promise<PaymentCheckout | null>>(async () => {
		try {
			const next = await checkRef.current(initial.paymentId);
			setOffline(false);
			setCheckout(next);
			return next;
		} catch {
			setOffline(true);
			return null;
		}
	});

	const paymentId = checkout.paymentId;
	const expiresAt = checkout.expiresAt;
	useEffect(() => {
		if (!waiting) return;
		let stopped = false;
		let timer: ReturnType<typeof setTimeout> | undefined;
		let delay: number | null = null;
		let controller: AbortController | null = null;
		let running: Promise<PaymentCheckout | null> | null = null;

		const schedule = () => {
			clearTimeout(timer);
			delay = nextPollDelay(delay);
			const untilEnd = msLeft(expiresAt, Date.now());
			timer = setTimeout(() => void tick(), untilEnd === null ? delay : Math.min(delay, untilEnd));
		};
		const ask = async (): Promise<PaymentCheckout | null> => {
			controller = new AbortController();
			try {
				const next = await checkRef.current(paymentId, controller.signal);
				if (stopped) return null;
				setOffline(false);
				setCheckout(next);
				if (next.status === "pending" && msLeft(next.expiresAt, Date.now()) === 0) setEndChecked(true);
				return next;
			} catch {
				if (stopped) return null;
				setOffline(true);
				return null;
			}
		};
		const once = () => {
			running ??= ask().finally(() => {
				running = null;
			});
			return running;
		};
		const tick = async () => {
			if (stopped || document.visibilityState === "hidden") return;
			const next = await once();
			if (stopped || (next && next.status !== "pending")) return;
			if (next && msLeft(next.expiresAt, Date.now()) === 0) return;
			schedule();
		};
		const wake = () => {
			if (stopped || document.visibilityState === "hidden") return;
			delay = null;
			clearTimeout(timer);
			void tick();
		};
		checkNowRef.current = async () => {
			clearTimeout(timer);
			delay = null;
			const next = await once();
			if (!stopped && (!next || next.status === "pending") && msLeft(next?.expiresAt ?? expiresAt, Date.now()) !== 0)
				schedule();
			return next;
		};
		schedule();
		document.addEventListener("visibilitychange", wake);
		window.addEventListener("focus", wake);
		return () => {
			stopped = true;
			clearTimeout(timer);
			controller?.abort();
			document.removeEventListener("visibilitychange", wake);
			window.removeEventListener("focus", wake);
		};
	}, [waiting, paymentId, expiresAt]);

	const checkNow = useCallback(async () => {
		setAsking(true);
		setNotYet(false);
		const next = await checkNowRef.current();
		setAsking(false);
		if (next?.status === "pending") setNotYet(true);
	}, []);

	return { checkout, phase, offline, asking, notYet, checkNow };
}
