import type { AppConfig } from "@bayon/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { api } from "./api-client";
import { formatMoney, formatPrice } from "./format";
import { appStore, useAppState } from "./store";

/** GET system/config: tenant name, currency (symbol, decimals, rate, position), Telegram flag. */
export const appConfigQuery = queryOptions({
	queryKey: ["system", "config"] as const,
	queryFn: () => api.get<AppConfig>("/system/config", undefined, { login: false }),
	staleTime: 5 * 60_000,
});

/** The app configuration; its currency is copied into the client state (spec §3). */
export function useAppConfig() {
	const query = useQuery(appConfigQuery);
	const currency = query.data?.currency;
	useEffect(() => {
		if (currency) appStore.setState({ currency });
	}, [currency]);
	return query;
}

export function useCurrency() {
	return useAppState((s) => s.currency);
}

/**
 * Formats minor units in the tenant's currency (spec §9), fetching the configuration once.
 * Every price on a screen goes through this (or lib/format's formatMoney).
 */
export function useMoney(): (amount: number) => string {
	useAppConfig();
	const currency = useCurrency();
	return useCallback((amount: number) => formatMoney(amount, currency), [currency]);
}

/**
 * Formats minor units as a price, with the owner's second display currency beside the shop's
 * when there is one ("$2.50 · 10,300៛"). Menu, cart, pay page, bills and receipts use this.
 */
export function usePrice(): (amount: number) => string {
	useAppConfig();
	const currency = useCurrency();
	return useCallback((amount: number) => formatPrice(amount, currency), [currency]);
}
