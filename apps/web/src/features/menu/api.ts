import type { MenuItem, ShopMenu } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** Names and descriptions come back translated: the language is part of each key. */
export const menuKeys = {
	/** Every language's copy of one shop's menu (to refetch them all). */
	shop: (shopId: number) => ["menu", "shop", shopId] as const,
	menu: (shopId: number, lang: string) => ["menu", "shop", shopId, lang] as const,
	item: (itemId: number, lang: string) => ["menu", "item", itemId, lang] as const,
};

/**
 * GET product/products: the shop's categories with their items. The server answers with an
 * ETag and `no-cache`, so the browser keeps its copy and revalidates it (304, no body) — the
 * request layer leaves fetch's default cache mode alone for exactly that.
 */
export const menuQuery = (shopId: number, lang: string) =>
	queryOptions({
		queryKey: menuKeys.menu(shopId, lang),
		queryFn: async (): Promise<ShopMenu> => {
			const menu = await api.get<ShopMenu | null>("/product/products", { shopId }, { login: false });
			return { shopId, categories: Array.isArray(menu?.categories) ? menu.categories : [] };
		},
	});

/** GET product/detail/{id}: one item in full, straight from the database. */
export const menuItemQuery = (itemId: number, lang: string) =>
	queryOptions({
		queryKey: menuKeys.item(itemId, lang),
		queryFn: async (): Promise<MenuItem | null> => {
			const item = await api.get<MenuItem | null>(`/product/detail/${itemId}`, undefined, { login: false });
			return item && typeof item.id === "number" && Array.isArray(item.optionGroups) ? item : null;
		},
		staleTime: 5_000,
	});

/** An item of a loaded menu by id. */
export function findMenuItem(menu: ShopMenu | undefined, itemId: number): MenuItem | undefined {
	for (const category of menu?.categories ?? []) {
		const item = category.items.find((candidate) => candidate.id === itemId);
		if (item) return item;
	}
	return undefined;
}
