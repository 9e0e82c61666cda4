import type { OrderType, ShopRulesPreview, ShopSettings } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { menuQuery } from "../../menu/api";
import { previewShopRules } from "../api";
import { instantAt, shopNow } from "../shop-time";
import { useShopSettingsText } from "../strings";
import type { Point } from "./use-settings-map";

/**
 * The rules preview: an item of the menu, how many, the order type, a moment on the shop's
 * clock and (for delivery) a point, priced by the server against the unsaved draft.
 */
export function useRulesPreview({
	draft,
	shopId,
	timezone,
	point,
}: {
	draft: ShopSettings;
	shopId: number;
	timezone: string;
	point: Point | null;
}) {
	const { lang } = useShopSettingsText();
	const menu = useQuery(menuQuery(shopId, lang));
	const items = menu.data?.categories.flatMap((category) => category.items) ?? [];
	const [itemId, setItemId] = useState<number | null>(null);
	const [quantity, setQuantity] = useState(1);
	const [orderType, setOrderType] = useState<OrderType>("takeout");
	const [{ date, time }, setWhen] = useState(() => shopNow(timezone));
	const [result, setResult] = useState<ShopRulesPreview | null>(null);
	const chosen = items.find((item) => item.id === itemId) ?? items.find((item) => item.optionGroups.length === 0);

	const run = async () => {
		if (!chosen) return;
		try {
			setResult(
				await previewShopRules({
					shopId,
					settings: draft,
					orderType,
					lines: [{ itemId: chosen.id, quantity, optionIds: defaultOptions(chosen) }],
					...(orderType === "takeout" && point ? { location: point } : {}),
					at: instantAt(date, time, timezone),
				}),
			);
		} catch (error) {
			showToast(errorText(error));
		}
	};

	const problems = result ? [...result.cart.problems, ...result.cart.lines.flatMap((line) => line.problems)] : [];
	return {
		menu,
		items,
		chosen,
		setItemId,
		quantity,
		setQuantity,
		orderType,
		setOrderType,
		date,
		time,
		setWhen,
		run,
		result,
		problems,
	};
}

export type RulesPreview = ReturnType<typeof useRulesPreview>;

/** The default choice of every required option group, as the menu preselects it. */
function defaultOptions(item: {
	optionGroups: Array<{ minChoices: number; options: Array<{ id: number; isDefault: boolean; soldOut: boolean }> }>;
}): number[] {
	return item.optionGroups
		.filter((group) => group.minChoices > 0)
		.map((group) => (group.options.find((o) => o.isDefault && !o.soldOut) ?? group.options.find((o) => !o.soldOut))?.id)
		.filter((id): id is number => id !== undefined);
}
