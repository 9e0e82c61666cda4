import type { SaveVipCardInput, VipCardAdmin } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/**
 * The merchant's VIP card calls (issue 12, contract membership.ts): card types are the
 * tenant's, edited by owners and managers. Errors are shown by the page (under a field, or
 * "changed by someone else"), so nothing here toasts.
 */

export const vipCardKeys = {
	list: (shopId: number) => ["vipCardsStaff", shopId] as const,
};

export const vipCardsQuery = (shopId: number) =>
	queryOptions({
		queryKey: vipCardKeys.list(shopId),
		queryFn: () => api.get<VipCardAdmin[]>("/merchant/vip-cards", { shopId }, { toast: false }),
	});

/** Saves one card type; the answer is every card type as it now is. */
export function saveVipCard(input: SaveVipCardInput): Promise<VipCardAdmin[]> {
	return api.post<VipCardAdmin[]>("/merchant/vip-cards/save", input, { toast: false, loading: true });
}
