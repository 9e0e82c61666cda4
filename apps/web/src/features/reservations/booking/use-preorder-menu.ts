import type { MenuItem } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { menuQuery } from "../../menu/api";
import { useGuestText } from "../guest-strings";

/** Pre-ordered dishes are served at the table: the menu's dine-in items. */
export const PREORDER_ORDER_TYPE = "desk" as const;

/** The shop's dine-in menu for the pre-order (fetched while the sheet is open) and the item whose options are being chosen. */
export function usePreorderMenu(shopId: number, open: boolean) {
	const { lang } = useGuestText();
	const menu = useQuery({ ...menuQuery(shopId, lang), enabled: open });
	const [choosing, setChoosing] = useState<MenuItem | null>(null);

	const categories = useMemo(
		() =>
			(menu.data?.categories ?? [])
				.map((category) => ({
					...category,
					items: category.items.filter((item) => item.orderTypes.includes(PREORDER_ORDER_TYPE)),
				}))
				.filter((category) => category.items.length > 0),
		[menu.data],
	);
	return { menu, categories, choosing, setChoosing };
}
