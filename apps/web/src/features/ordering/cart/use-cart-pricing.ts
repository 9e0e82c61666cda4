import { Limits } from "@bayon/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useI18n } from "../../../lib/i18n";
import { useAppState } from "../../../lib/store";
import { buildPriceRequest, cartPriceQuery, type KeyedPricedCart, type PriceRequest } from "./api";
import { applyServerPrices } from "./cart-store";

/** `value` once it has stopped changing for `delayMs` (the first value at once). */
export function useSettledValue<T>(value: T, delayMs: number, same: (a: T, b: T) => boolean): T {
	const [settled, setSettled] = useState(value);
	const isSame = same(value, settled);
	useEffect(() => {
		if (isSame) return;
		const timer = setTimeout(() => setSettled(value), delayMs);
		return () => clearTimeout(timer);
	}, [value, isSame, delayMs]);
	return isSame ? value : settled;
}

const sameRequest = (a: string | null, b: string | null) => a === b;

export interface CartPricing {
	/** The server's answer for the cart as it is (or, while that is on its way, the last one). */
	priced: KeyedPricedCart | undefined;
	/** The cart changed and its new prices are not in yet. */
	updating: boolean;
	isError: boolean;
	error: unknown;
	retry: () => void;
}

/**
 * Prices the shop's cart on the server whenever the lines, the order type, the address or the
 * table change — debounced (spec §9: 500 ms), so tapping "+" five times makes one call — and
 * takes the server's prices into the cart lines. The pay page adds the member's coupon.
 */
export function useCartPricing(shopId: number | null | undefined, couponId: number | null = null): CartPricing {
	const { lang } = useI18n();
	const cart = useAppState((s) => s.cart);
	const orderType = useAppState((s) => s.orderType);
	const address = useAppState((s) => s.address);
	const desk = useAppState((s) => s.desk);
	const member = useAppState((s) => s.member);
	const json = useMemo(() => {
		if (shopId === null || shopId === undefined) return null;
		const request = buildPriceRequest({ cart, orderType, address, desk, member }, shopId);
		if (request && member && couponId !== null) request.input.couponId = couponId;
		// Prices and names are what pricing changes: leave them out, or each answer would ask again.
		return request ? JSON.stringify(request) : null;
	}, [shopId, cart, orderType, address, desk, member, couponId]);
	const settledJson = useSettledValue(json, Limits.debounceMs, sameRequest);
	const request = useMemo(() => (settledJson ? (JSON.parse(settledJson) as PriceRequest) : null), [settledJson]);

	const query = useQuery({
		...cartPriceQuery(request?.input ?? { shopId: 0, orderType: "takein", lines: [] }, lang),
		enabled: request !== null,
		placeholderData: keepPreviousData,
	});

	const fresh = query.data && !query.isPlaceholderData ? query.data : undefined;
	useEffect(() => {
		if (fresh) applyServerPrices(fresh.keys, fresh);
	}, [fresh]);

	return {
		priced: json === null ? undefined : query.data,
		updating: json !== settledJson || query.isFetching,
		isError: query.isError,
		error: query.error,
		retry: () => void query.refetch(),
	};
}
