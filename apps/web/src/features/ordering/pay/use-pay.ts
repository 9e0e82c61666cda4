import {
	ErrorCode,
	type KhqrCurrency,
	Limits,
	type MessageKey,
	type OrderView,
	type PlaceOrderInput,
	type ShopSummary,
} from "@bayon/contract";
import { PHONE_PATTERN } from "@bayon/contract/constants";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore, useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { useMemberInfo } from "../../identity/api";
import { useLiveShop } from "../../menu/live-shop";
import { railCurrencyFor } from "../../payments/checkout/pay-method";
import { buildPriceRequest } from "../cart/api";
import { clearCart } from "../cart/cart-store";
import { useCartPricing } from "../cart/use-cart-pricing";
import { createOrder, invalidateOrders, orderDetailQuery, payOrder } from "../orders/api";
import { attemptKey, dropAttempt, markAttemptUnanswered, resetDraft, useDraft } from "./checkout-draft";
import { handleCouponRefusal } from "./coupon-row";
import { checkPickupTime } from "./pickup-time";

/** A priced cart in an error's data: the cart needs the customer's attention. */
function isPricedCart(data: unknown): boolean {
	return !!data && typeof data === "object" && Array.isArray((data as { lines?: unknown }).lines);
}

/**
 * The pay page's order: what the customer chose (kept in the checkout draft), the server's
 * price for it, and placing it and paying (or, dine-in paid after the meal, sending the round).
 */
export function usePay(shop: ShopSummary, timeZone: string) {
	const { t, m, lang } = useI18n();
	const navigate = useNavigate();
	const orderType = useAppState((s) => s.orderType);
	const target = useAppState((s) => s.address);
	const desk = useAppState((s) => s.desk);
	const member = useAppState((s) => s.member);
	useMemberInfo();
	const draft = useDraft();
	const [railCurrency, setRailCurrency] = useState<KhqrCurrency | null>(null);
	// The member's coupon (issue 13): priced with the cart and sent with the order.
	const couponId = member ? draft.couponId : null;
	const pricing = useCartPricing(shop.id, couponId);
	useLiveShop(shop.id);
	const phone = draft.contactPhone ?? member?.mobile ?? "";
	// Dine-in at a shop that takes payment after the meal: the round goes to the kitchen now
	// and the table pays its bill at the end.
	const payLater = orderType === "desk" && shop.deskPayAfterMeal;

	const validate = (): MessageKey | null => {
		if (orderType === "takeout" && !target?.address) return "enterRecipientAndAddress";
		if (orderType === "desk" && !draft.diners) return "selectDiners";
		if (draft.remark.trim().length > Limits.remarkMaxLength) return "remarkTooLong";
		if (phone && !PHONE_PATTERN.test(phone)) return "phoneFormat";
		if (draft.pickup !== "asap") {
			const check = checkPickupTime(draft.pickup, { timeZone, windows: shop.openState.todayHours });
			if (!check.ok) return check.message;
		}
		return null;
	};

	const [submit, submitting] = useDebouncedSubmit(async () => {
		const problem = validate();
		if (problem) {
			showToast(m(problem));
			return;
		}
		const state = appStore.getState();
		const priceRequest = buildPriceRequest(state, shop.id);
		if (!priceRequest) return;
		const { input, keys } = priceRequest;
		// Each line with the price the customer was shown: if the menu changed it since, the
		// server refuses, saying from what to what, and the cart shows the new price.
		const shownPrices = new Map(state.cart.map((line) => [line.key, line.unitPrice]));
		const lines = input.lines.map((line, index) => ({
			...line,
			seenUnitPrice: shownPrices.get(keys[index] ?? ""),
		}));
		let pickupTime: PlaceOrderInput["pickupTime"] = "asap";
		if (draft.pickup !== "asap") {
			const check = checkPickupTime(draft.pickup, { timeZone, windows: shop.openState.todayHours });
			if (check.ok) pickupTime = check.iso;
		}
		const body: PlaceOrderInput = {
			shopId: shop.id,
			orderType: input.orderType,
			lines,
			remark: draft.remark.trim(),
			pickupTime,
			...(couponId !== null ? { couponId } : {}),
			...(phone ? { contactPhone: phone } : {}),
			...(input.orderType === "takeout" && input.addressId ? { addressId: input.addressId } : {}),
			...(input.orderType === "desk" && state.desk ? { tableToken: state.desk.token, diners: draft.diners ?? 1 } : {}),
		};
		// The same request keeps its key (stored with the draft): after a dropped connection, a
		// reload or signing in again, sending it again gets the order the server may already
		// have made instead of a second one. The cart stays until an order is paid for.
		const key = attemptKey(body, newUuid);
		markAttemptUnanswered(true);
		let order: OrderView;
		try {
			order = await createOrder(body, key);
		} catch (error) {
			// A business answer means nothing was made; no answer at all (network, timeout) may
			// hide an order, which the next try with the same key finds.
			if (error instanceof ApiError) markAttemptUnanswered(false);
			// The coupon was refused (used elsewhere meanwhile): it is dropped and the member goes on.
			if (handleCouponRefusal(error)) return;
			showToast(errorText(error));
			if (error instanceof ApiError && isPricedCart(error.data)) navigate(Paths.cart, { replace: true });
			return;
		}
		markAttemptUnanswered(false);
		const orderId = order.id;
		const finish = () => {
			clearCart();
			resetDraft();
			void invalidateOrders();
		};
		if (order.billId !== null) {
			finish();
			showToast(t("pay.roundSent"));
			navigate(Paths.tableBill, { replace: true });
			return;
		}
		try {
			const result = await payOrder(orderId, draft.payMethod, railCurrencyFor(draft.payMethod, railCurrency));
			finish();
			if (result.redirectUrl) {
				window.location.assign(result.redirectUrl);
				return;
			}
			navigate(withQuery(Paths.orderDetail, { id: orderId }), { replace: true });
		} catch (error) {
			if (error instanceof ApiError && error.code === ErrorCode.OrderNotPayable) {
				// A retry found an order made earlier that can no longer be paid: either it was paid
				// meanwhile (the answer to that was lost), so show it, or it expired, so the next try
				// places a new one.
				const current = await queryClient.fetchQuery(orderDetailQuery(orderId, lang)).catch(() => null);
				if (current && (current.paymentStatus === "paid" || current.paymentStatus === "refunded")) {
					finish();
					navigate(withQuery(Paths.orderDetail, { id: orderId }), { replace: true });
					return;
				}
				if (current) dropAttempt();
			}
			// Otherwise the order exists, unpaid: the same attempt (same key) pays it rather than placing another.
			showToast(errorText(error));
		}
	});

	return {
		orderType,
		target,
		desk,
		draft,
		railCurrency,
		setRailCurrency,
		pricing,
		phone,
		payLater,
		submit,
		submitting,
	};
}

/** crypto.randomUUID needs a secure context; plain-http LAN testing falls back to random bytes. */
function newUuid(): string {
	if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
	bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
	const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
