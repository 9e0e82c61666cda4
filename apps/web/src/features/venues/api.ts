import type { ShopDetail, ShopSummary } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";
import { appStore, type GeoLocation } from "../../lib/store";
import { firstScreenShop, isShop } from "./first-shop";

/** Shop names, addresses and notices come back translated: the language is part of each key. */
export const venueKeys = {
	nearest: (lang: string) => ["venues", "nearest", lang] as const,
	shop: (shopId: number, lang: string) => ["venues", "shop", shopId, lang] as const,
	detail: (shopId: number, lang: string) => ["venues", "detail", shopId, lang] as const,
	list: (lang: string, point: GeoLocation | null, keyword: string) =>
		["venues", "list", lang, point?.latitude ?? null, point?.longitude ?? null, keyword] as const,
};

/**
 * The browser's position, but only when the visitor already allowed it: the home and menu
 * screens never raise a permission prompt of their own. Resolves null otherwise.
 */
export async function grantedPosition(timeoutMs = 3000): Promise<GeoLocation | null> {
	const known = appStore.getState().location;
	if (known) return known;
	const geolocation = globalThis.navigator?.geolocation;
	const permissions = globalThis.navigator?.permissions;
	if (!geolocation || !permissions?.query) return null;
	try {
		const status = await permissions.query({ name: "geolocation" });
		if (status.state !== "granted") return null;
	} catch {
		return null;
	}
	return new Promise((resolve) => {
		geolocation.getCurrentPosition(
			(position) => {
				const location = { latitude: position.coords.latitude, longitude: position.coords.longitude };
				appStore.setState({ location });
				resolve(location);
			},
			() => resolve(null),
			{ timeout: timeoutMs, maximumAge: 5 * 60_000 },
		);
	});
}

/**
 * The shop to order from when none is chosen yet: GET store/nearby (from the visitor's position
 * when it is known, otherwise without a point), falling back to the first of store/list.
 * The answer also fills the cache of that shop's own key, so choosing it fetches nothing more.
 */
export const nearestShopQuery = (lang: string) =>
	queryOptions({
		queryKey: venueKeys.nearest(lang),
		// The shop the page came with, shown until the answer arrives (first-shop.ts).
		placeholderData: () => firstScreenShop(lang),
		queryFn: async (): Promise<ShopSummary | null> => {
			const point = await grantedPosition();
			const query = point ? { lat: point.latitude, lng: point.longitude } : undefined;
			let shop: ShopSummary | null = null;
			try {
				const nearby = await api.get<unknown>("/store/nearby", query, { login: false, toast: false });
				shop = isShop(nearby) ? nearby : null;
			} catch {
				shop = null;
			}
			if (!shop) {
				const list = await api.get<unknown>("/store/list", query, { login: false });
				const first: unknown = Array.isArray(list) ? list[0] : null;
				shop = isShop(first) ? first : null;
			}
			if (shop) queryClient.setQueryData(venueKeys.shop(shop.id, lang), shop);
			return shop;
		},
	});

/** One shop by id (GET store/getShop): its summary, plus the detail the server sends along. */
export const shopQuery = (shopId: number, lang: string) =>
	queryOptions({
		queryKey: venueKeys.shop(shopId, lang),
		queryFn: async (): Promise<ShopSummary | null> => {
			const shop = await fetchShopDetail(shopId);
			return isShop(shop) ? shop : null;
		},
	});

/** A shop in full (time zone, weekly hours, closures, zones). */
export const shopDetailQuery = (shopId: number, lang: string) =>
	queryOptions({
		queryKey: venueKeys.detail(shopId, lang),
		queryFn: () => fetchShopDetail(shopId),
		staleTime: 5 * 60_000,
	});

function fetchShopDetail(shopId: number): Promise<ShopDetail> {
	return api.get<ShopDetail>("/store/getShop", { shop_id: shopId }, { login: false });
}

/** The shop's time zone when the answer carries it (getShop does, nearby and list do not). */
export function timezoneOf(shop: ShopSummary): string | null {
	return "timezone" in shop && typeof shop.timezone === "string" ? shop.timezone : null;
}

/**
 * The tenant's branches (GET store/list), nearest first when the customer's position is known,
 * filtered by `keyword` in the name or address (the server's search, in the caller's language).
 */
export const shopListQuery = (lang: string, point: GeoLocation | null, keyword: string) =>
	queryOptions({
		queryKey: venueKeys.list(lang, point, keyword),
		queryFn: async (): Promise<ShopSummary[]> => {
			const list = await api.get<unknown>(
				"/store/list",
				{ lat: point?.latitude, lng: point?.longitude, kw: keyword || undefined },
				{ login: false },
			);
			return Array.isArray(list) ? list.filter(isShop) : [];
		},
		staleTime: 30_000,
	});
