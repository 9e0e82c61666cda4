import { ErrorCode, type PointsFulfilment, type PointsItemAdmin } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { type EditSheetProps, useEditSheet } from "../../../ui/edit-sheet/use-edit-sheet";
import { pointsStaffKeys, savePointsItem } from "../staff-api";
import { checkPointsItem, pointsItemDraft } from "../staff-points-form";
import { useStaffPointsText } from "../staff-strings";

/**
 * The mall item sheet's draft, its field labels, a picture being uploaded, and its save: a
 * stock members took below what the owner meant to take off starts the field again from what
 * is left; a saved stock is said as it is now.
 */
export function useStaffItemSheet({ shopId, item, ...props }: EditSheetProps & { item: PointsItemAdmin | undefined }) {
	const { pt, lang } = useStaffPointsText();
	const queryClient = useQueryClient();
	const [uploading, setUploading] = useState(false);
	const sheet = useEditSheet({
		...props,
		source: item,
		draftOf: pointsItemDraft,
		saved: pt("item.saved"),
		changed: pt("item.changed"),
	});
	const { draft, change, setProblems, problems } = sheet;
	// The stock the sheet started from: a save adds typed − read to what is left by then, so
	// redemptions made while the owner types still count (issue 27).
	const [stockRead, setStockRead] = useState(item?.stock);
	useEffect(() => {
		if (props.open) setStockRead(item?.stock);
	}, [props.open, item]);

	const labels = {
		pointsPrice: pt("item.field.pointsPrice"),
		stock: pt("item.field.stock"),
		sort: pt("item.field.sort"),
		fulfilments: pt("item.field.fulfilments"),
	};
	const save = async () => {
		const checked = checkPointsItem(draft, { shopId, lang, labels, item, stockRead });
		let stockNow: number | undefined;
		await sheet.save(checked, async (input) => {
			try {
				const mall = await savePointsItem(input);
				queryClient.setQueryData(pointsStaffKeys.mall(shopId), mall);
				stockNow = item ? mall.items.find((saved) => saved.id === item.id)?.stock : undefined;
			} catch (error) {
				// Members redeemed more than the owner meant to take off: the field starts again
				// from what is left now, the message under it says how many.
				const left = error instanceof ApiError ? (error.data as { stock?: unknown } | null)?.stock : undefined;
				if (error instanceof ApiError && error.code === ErrorCode.StockBelowWhatIsLeft && typeof left === "number") {
					setStockRead(left);
					change("stock", String(left));
					setProblems((current) => ({ ...current, stock: errorText(error) }));
				}
				throw error;
			}
		});
		// The stock as it is now, said plainly (it differs from the number typed when members
		// redeemed some while the owner edited).
		if (stockNow !== undefined && checked.input)
			showToast(
				pt(stockNow === checked.input.stock ? "item.savedStock" : "item.savedStockMoved", { count: stockNow }),
				4000,
			);
	};

	const toggleFulfilment = (way: PointsFulfilment, on: boolean) =>
		change(
			"fulfilments",
			on ? [...draft.fulfilments.filter((w) => w !== way), way] : draft.fulfilments.filter((w) => w !== way),
		);
	// "Choose at least one" is the list's; a refused entry (`fulfilments.1`) is said there too.
	const fulfilmentsProblem = Object.entries(problems).find(([field]) => field.startsWith("fulfilments"))?.[1];

	return { ...sheet, labels, uploading, setUploading, save, toggleFulfilment, fulfilmentsProblem };
}
