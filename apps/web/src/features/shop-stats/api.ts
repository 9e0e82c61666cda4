import type { ShopToday } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const shopStatsKeys = { today: (shopId: number) => ["shop-stats", "today", shopId] as const };

/** Today at a glance for the merchant home (money figures null for staff). */
export const shopTodayQuery = (shopId: number) =>
	queryOptions({
		queryKey: shopStatsKeys.today(shopId),
		queryFn: () => api.get<ShopToday>("/merchant/stats/today", { shopId }, { toast: false }),
		// A safety net under the order events that refresh it.
		refetchInterval: 60_000,
	});
