import type {
	PreviewShopRulesInput,
	ShopPauseState,
	ShopRulesPreview,
	ShopSettings,
	ShopSettingsView,
} from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** The owner's shop settings, the pause switch and the rules preview (permission `shop`; pause: `board`). */

export const shopSettingsKeys = {
	settings: (shopId: number, lang: string) => ["shop-settings", shopId, lang] as const,
};

export const shopSettingsQuery = (shopId: number, lang: string) =>
	queryOptions({
		queryKey: shopSettingsKeys.settings(shopId, lang),
		queryFn: () => api.get<ShopSettingsView>("/merchant/shop/settings", { shopId }),
	});

/** Saves the settings seen at `version`; refused with ChangedBySomeoneElse when someone saved in between. */
export function saveShopSettings(shopId: number, version: number, settings: ShopSettings): Promise<ShopSettingsView> {
	return api.post<ShopSettingsView>(
		"/merchant/shop/settings",
		{ shopId, version, settings },
		{ toast: false, loading: true },
	);
}

/** 15, 30 or 60 minutes; 0 takes orders again. */
export function pauseShop(shopId: number, minutes: 0 | 15 | 30 | 60): Promise<ShopPauseState> {
	return api.post<ShopPauseState>("/merchant/shop/pause", { shopId, minutes }, { toast: false, loading: true });
}

/**
 * Opens the shop for orders, or closes it until opened again (owner and managers). A new
 * branch starts closed (decision 018).
 */
export function setAcceptingOrders(shopId: number, accepting: boolean): Promise<ShopPauseState> {
	return api.post<ShopPauseState>(
		"/merchant/shop/accepting-orders",
		{ shopId, accepting },
		{ toast: false, loading: true },
	);
}

export function previewShopRules(input: PreviewShopRulesInput): Promise<ShopRulesPreview> {
	return api.post<ShopRulesPreview>("/merchant/shop/rules-preview", input, { toast: false, loading: true });
}
