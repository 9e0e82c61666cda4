import type { MenuItem, ShopMenu } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

// One item, for the detail and cart screens. Apart from api.ts so that the menu route's scripts,
// which have a size budget (decision 019), do not carry it.

/** GET product/detail/{id}: one item in full, straight from the database. */
export const menuItemQuery = (itemId: number, lang: string) =>
	queryOptions({
		queryKey: ["menu", "item", itemId, lang] as const,
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
