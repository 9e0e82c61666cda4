import type { ShopSummary } from "@bayon/contract";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useI18n } from "../../lib/i18n";
import { appStore, useAppState } from "../../lib/store";
import { nearestShopQuery, shopDetailQuery, shopQuery, timezoneOf } from "./api";
import { shopStatus } from "./open-state";

/**
 * The shop the customer orders from (spec §3 `store`): the one already chosen, else the shop of
 * the scanned table, else the shop the cart was filled at, else the nearest. Once known, it is
 * remembered in the client state, so every screen shows the same shop.
 */
export function useCurrentShop(): UseQueryResult<ShopSummary | null> {
	const { lang } = useI18n();
	const chosen = useAppState((s) => s.store?.id ?? s.desk?.shopId ?? s.cart[0]?.shopId ?? null);
	const byId = useQuery({ ...shopQuery(chosen ?? 0, lang), enabled: chosen !== null });
	const nearest = useQuery({ ...nearestShopQuery(lang), enabled: chosen === null });
	const query: UseQueryResult<ShopSummary | null> = chosen === null ? nearest : byId;
	const shop = query.data;
	const placeholder = query.isPlaceholderData;
	useEffect(() => {
		// The page's shop (first-shop.ts) is shown, not remembered: remembering it would stop
		// the nearest being asked for (a remembered shop is fetched by id).
		if (!shop || placeholder) return;
		const current = appStore.getState().store;
		if (current?.id !== shop.id || current.name !== shop.name) {
			// The name follows the language; a branch the customer chose stays chosen.
			const chosen = current?.id === shop.id && current.chosen ? { chosen: true as const } : {};
			appStore.setState({ store: { id: shop.id, name: shop.name, ...chosen } });
		}
	}, [shop, placeholder]);
	return query;
}

/**
 * The shop's time zone, needed only to say when a closed shop opens again: taken from the
 * answer when it has one, otherwise fetched with the shop's detail (and only then).
 */
export function useShopTimezone(shop: ShopSummary | null | undefined): string | null {
	const { lang } = useI18n();
	const known = shop ? timezoneOf(shop) : null;
	const needed = !!shop && !known && shopStatus(shop.openState) !== "open" && !!shop.openState.nextOpenAt;
	const detail = useQuery({ ...shopDetailQuery(shop?.id ?? 0, lang), enabled: needed });
	return known ?? detail.data?.timezone ?? null;
}
