import {
	ErrorCode,
	localize,
	POINTS_FULFILMENTS,
	POINTS_ITEM_DESCRIPTION_MAX,
	POINTS_ITEM_NAME_MAX,
	type PointsFulfilment,
	type PointsItemAdmin,
} from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { useCurrency } from "../../../lib/app-config";
import { showToast } from "../../../lib/toast";
import { useStaffSheetDraft } from "../../../lib/use-staff-save";
import { LocalizedFields, SwitchField, WholeField } from "../../../ui/form-fields";
import { FormSheet } from "../../../ui/form-sheet";
import { pointsStaffKeys, savePointsItem } from "../staff-api";
import { checkPointsItem, pointsItemDraft } from "../staff-points-form";
import { useStaffPointsText } from "../staff-strings";
import { StaffImageField } from "./staff-image-field";
import "../../../ui/controls.css";

/**
 * A new mall item (no `item`) or an existing one: name and description in three languages,
 * a picture, the price in points, the stock, how members get it (pickup, delivery or both),
 * the sort order, on the shelf or not. Checked with the contract's SavePointsItemInput as the
 * owner saves, each problem under its field; the server's own refusals go there too.
 */
export function StaffItemSheet({
	shopId,
	item,
	open,
	onClose,
	onConflict,
}: {
	shopId: number;
	item: PointsItemAdmin | undefined;
	open: boolean;
	onClose: () => void;
	/** Someone else saved first: reload (the sheet starts again from their version). */
	onConflict: () => Promise<void>;
}) {
	const { pt, lang } = useStaffPointsText();
	const queryClient = useQueryClient();
	const currency = useCurrency();
	const ids = useId();
	const [uploading, setUploading] = useState(false);
	const { draft, change, setProblems, problems, saving, saveSheet } = useStaffSheetDraft(
		open,
		item,
		currency.decimals,
		pointsItemDraft,
	);
	// The stock the sheet started from: a save adds typed − read to what is left by then, so
	// redemptions made while the owner types still count (issue 27).
	const [stockRead, setStockRead] = useState(item?.stock);
	useEffect(() => {
		if (open) setStockRead(item?.stock);
	}, [open, item]);

	const labels = {
		pointsPrice: pt("item.field.pointsPrice"),
		stock: pt("item.field.stock"),
		sort: pt("item.field.sort"),
		fulfilments: pt("item.field.fulfilments"),
	};
	const save = async () => {
		const checked = checkPointsItem(draft, { shopId, lang, labels, item, stockRead });
		let stockNow: number | undefined;
		await saveSheet(
			checked,
			async (input) => {
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
			},
			{ saved: pt("item.saved"), changed: pt("item.changed"), onConflict, onClose },
		);
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

	const title = item ? `${pt("item.sheet.edit")} · ${localize(item.name, lang)}` : pt("item.sheet.new");
	// "Choose at least one" is the list's; a refused entry (`fulfilments.1`) is said there too.
	const fulfilmentsProblem = Object.entries(problems).find(([field]) => field.startsWith("fulfilments"))?.[1];
	return (
		<FormSheet
			open={open}
			onClose={onClose}
			title={title}
			saving={saving || uploading}
			onSave={() => void save()}
			testId="points-item"
			bodyClassName="sv-form"
			bodyTestId="points-item-form"
		>
			<LocalizedFields
				label={pt("item.field.name")}
				field="name"
				value={draft.name}
				onChange={(name) => change("name", name)}
				problems={problems}
				maxLength={POINTS_ITEM_NAME_MAX}
				testId="points-item-name"
			/>
			<LocalizedFields
				label={pt("item.field.description")}
				hint={pt("item.field.descriptionHint")}
				field="description"
				value={draft.description}
				onChange={(description) => change("description", description)}
				problems={problems}
				maxLength={POINTS_ITEM_DESCRIPTION_MAX}
				rows={3}
				testId="points-item-description"
			/>
			<StaffImageField
				image={draft.image}
				onChange={(image) => change("image", image)}
				problem={problems.image}
				onUploading={setUploading}
				testId="points-item-image"
			/>
			<div className="sv-form__pair">
				<WholeField
					label={labels.pointsPrice}
					value={draft.pointsPrice}
					onChange={(value) => change("pointsPrice", value)}
					suffix={pt("item.field.pointsUnit")}
					placeholder="500"
					problem={problems.pointsPrice}
					testId="points-item-price"
				/>
				<WholeField
					label={labels.stock}
					value={draft.stock}
					onChange={(value) => change("stock", value)}
					placeholder="10"
					hint={item ? `${pt("item.field.stockNow", { count: item.stock })}` : pt("item.field.stockHint")}
					problem={problems.stock}
					testId="points-item-stock"
				/>
			</div>
			<fieldset
				className="sv-form__group pt-ways"
				aria-describedby={fulfilmentsProblem ? `${ids}-ways-error` : `${ids}-ways-hint`}
				data-testid="points-item-fulfilments"
			>
				<legend className="field__label">{labels.fulfilments}</legend>
				{POINTS_FULFILMENTS.map((way) => (
					<label key={way} className="pt-ways__way">
						<input
							type="checkbox"
							className="check"
							checked={draft.fulfilments.includes(way)}
							aria-invalid={fulfilmentsProblem ? true : undefined}
							onChange={(event) => toggleFulfilment(way, event.target.checked)}
							data-testid={`points-item-${way}`}
						/>
						<span className="pt-ways__text">
							<span>{pt(`item.field.${way}`)}</span>
							<span className="field__hint">{pt(`item.field.${way}Hint`)}</span>
						</span>
					</label>
				))}
				{fulfilmentsProblem ? (
					<p className="field__error" id={`${ids}-ways-error`} role="alert" data-testid="points-item-fulfilments-error">
						{fulfilmentsProblem}
					</p>
				) : (
					<p className="field__hint" id={`${ids}-ways-hint`}>
						{pt("item.field.fulfilmentsHint")}
					</p>
				)}
			</fieldset>
			<WholeField
				label={labels.sort}
				value={draft.sort}
				onChange={(value) => change("sort", value)}
				hint={pt("item.field.sortHint")}
				problem={problems.sort}
				testId="points-item-sort"
			/>
			<SwitchField
				label={pt("item.field.onShelf")}
				hint={pt("item.field.onShelfHint")}
				checked={draft.onShelf}
				onChange={(value) => change("onShelf", value)}
				testId="points-item-on-shelf"
			/>
		</FormSheet>
	);
}
