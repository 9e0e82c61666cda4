import { expandShopMenu, type ShopMenu, type ShopMenuWire } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** Names and descriptions come back translated: the language is part of each key (item-api.ts too). */
export const menuKeys = {
	/** Every language's copy of one shop's menu (to refetch them all). */
	shop: (shopId: number) => ["menu", "shop", shopId] as const,
	menu: (shopId: number, lang: string) => ["menu", "shop", shopId, lang] as const,
};

/**
 * GET product/products: the shop's categories with their items, in the request's language
 * (the key's `lang`: a language switch fetches the menu again). It travels compact
 * (`ShopMenuWire`: defaults left out, shared option groups sent once) and is expanded here, so
 * screens read a whole `ShopMenu`. The server answers with an ETag and `no-cache`, so the
 * browser keeps its copy and revalidates it (304, no body) — the request layer leaves fetch's
 * default cache mode alone for exactly that.
 */
export const menuQuery = (shopId: number, lang: string) =>
	queryOptions({
		queryKey: menuKeys.menu(shopId, lang),
		queryFn: async (): Promise<ShopMenu> => {
			const menu = await api.get<ShopMenuWire | null>("/product/products", { shopId }, { login: false });
			if (!Array.isArray(menu?.categories)) return { shopId, categories: [] };
			return expandShopMenu(menu);
		},
	});
