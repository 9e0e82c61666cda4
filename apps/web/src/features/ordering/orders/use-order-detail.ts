import type { KhqrCurrency, OrderView, PayMethod } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { useNow } from "../../../lib/use-now";
import { useMemberInfo } from "../../identity/api";
import { railCurrencyFor } from "../../payments/checkout/pay-method";
import { cancelOrder, confirmReceived, invalidateOrders, orderKeys, paymentStatus, payOrder } from "./api";
import { paymentTimeLeft } from "./stage";

/** After the gateway sends the payer back: ask for the payment's state this often, this many times. */
const PAY_POLL_MS = 1500;
const PAY_POLL_TIMES = 10;

/** A payment in progress at a gateway: poll its status briefly until the order is paid. */
export function usePaymentPolling(order: OrderView | undefined) {
	const queryClient = useQueryClient();
	const paying = order?.paymentStatus === "paying" && order.status === "unpaid";
	const orderId = order?.id;
	useEffect(() => {
		if (!paying || orderId === undefined) return;
		let times = 0;
		let stopped = false;
		const timer = setInterval(async () => {
			times += 1;
			if (times > PAY_POLL_TIMES) {
				clearInterval(timer);
				return;
			}
			try {
				const result = await paymentStatus(orderId);
				if (!stopped && result.paymentStatus !== "paying") {
					clearInterval(timer);
					void queryClient.invalidateQueries({ queryKey: orderKeys.all });
				}
			} catch {
				// keep polling; the live socket may tell us first
			}
		}, PAY_POLL_MS);
		return () => {
			stopped = true;
			clearInterval(timer);
		};
	}, [paying, orderId, queryClient]);
}

/**
 * What may be done with the order now (the server's `actions`, the payment window also closed
 * on this page's clock) and doing it: pay with a chosen method, confirm receipt, cancel.
 */
export function useOrderDetail(order: OrderView) {
	const unpaid = order.status === "unpaid";
	const now = useNow(unpaid);
	const timeLeft = unpaid ? paymentTimeLeft(order.expiresAt, now) : null;
	// The server's list of what this state allows; the payment window also closes on this page's clock.
	const can = {
		pay: order.actions.includes("pay") && timeLeft !== null,
		cancel: order.actions.includes("cancel"),
		confirmReceipt: order.actions.includes("confirmReceipt"),
		requestRefund: order.actions.includes("requestRefund"),
	};
	useMemberInfo(); // a fresh balance, so the picker knows whether it covers the order
	const [confirmCancel, setConfirmCancel] = useState(false);
	const [method, setMethod] = useState<PayMethod>("balance");
	const [railCurrency, setRailCurrency] = useState<KhqrCurrency | null>(null);

	const [pay, paying] = useDebouncedSubmit(async () => {
		try {
			const result = await payOrder(order.id, method, railCurrencyFor(method, railCurrency));
			if (result.redirectUrl) {
				window.location.assign(result.redirectUrl);
				return;
			}
			await invalidateOrders();
		} catch (error) {
			showToast(errorText(error));
		}
	});
	const [take, taking] = useDebouncedSubmit(async () => {
		await confirmReceived(order.id);
		await invalidateOrders();
	});
	const [cancel, cancelling] = useDebouncedSubmit(async () => {
		setConfirmCancel(false);
		await cancelOrder(order.id);
		await invalidateOrders();
	});

	return {
		unpaid,
		timeLeft,
		can,
		method,
		setMethod,
		railCurrency,
		setRailCurrency,
		confirmCancel,
		setConfirmCancel,
		pay,
		paying,
		take,
		taking,
		cancel,
		cancelling,
	};
}
