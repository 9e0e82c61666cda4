import type { AppConfig } from "@bayon/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "./api-client";
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
