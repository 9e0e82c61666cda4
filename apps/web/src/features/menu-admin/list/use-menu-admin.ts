import { type AdminMenuCategory, type MerchantShopRef, roleAllows } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminMenuQuery, moveRow, refreshMenus } from "../api";
import type { RestockTarget } from "./restock-sheet";

/** The shop's menu, who may edit it, moving rows, and the category and restock sheets. */
export function useMenuAdmin(shop: MerchantShopRef) {
	const menu = useQuery(adminMenuQuery(shop.shopId));
	const canEdit = roleAllows(shop.role, "menu");
	const [sheet, setSheet] = useState<{ category: AdminMenuCategory | null } | null>(null);
	const [restock, setRestock] = useState<RestockTarget | null>(null);

	const move = async (kind: "category" | "item", id: number, direction: "up" | "down") => {
		try {
			await moveRow(kind, { shopId: shop.shopId, id, direction });
		} finally {
			await refreshMenus(shop.shopId);
		}
	};
	return { menu, canEdit, sheet, setSheet, restock, setRestock, move };
}

export type MenuAdminState = ReturnType<typeof useMenuAdmin>;
