import { useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { RESTOCK_NEEDED, refreshMenus, setSoldOut } from "../api";
import { useMenuAdminText } from "../strings";
import type { RestockTarget } from "./restock-sheet";

/** Marking an item or option sold out or back; back in stock of one counted down to 0 asks for the restock first. */
export function useSoldOutToggle({
	shopId,
	kind,
	id,
	name,
	stock,
	onRestock,
}: {
	shopId: number;
	kind: "item" | "option";
	id: number;
	name: string;
	stock: number | null;
	onRestock: (target: RestockTarget) => void;
}) {
	const { at } = useMenuAdminText();
	const [pending, setPending] = useState(false);
	const toggle = async (available: boolean) => {
		if (available && stock === 0) {
			onRestock({ kind, id, name });
			return;
		}
		setPending(true);
		try {
			await setSoldOut({ shopId, kind, id, soldOut: !available });
			showToast(at(available ? "list.markedAvailable" : "list.markedSoldOut", { name }));
		} catch (error) {
			// Orders took the last ones since this list was read: ask how many came back.
			if (error instanceof ApiError && error.code === RESTOCK_NEEDED) onRestock({ kind, id, name });
			else showToast(errorText(error));
		} finally {
			await refreshMenus(shopId);
			setPending(false);
		}
	};
	return { pending, toggle };
}
