import {
	localize,
	POINTS_FULFILMENTS,
	POINTS_ITEM_DESCRIPTION_MAX,
	POINTS_ITEM_NAME_MAX,
	type PointsItemAdmin,
} from "@bayon/contract";
import { useId } from "react";
import { EditSheet } from "../../../ui/edit-sheet/edit-sheet";
import type { EditSheetProps } from "../../../ui/edit-sheet/use-edit-sheet";
import { LocalizedFields, SwitchField, WholeField } from "../../../ui/form-fields";
import { useStaffPointsText } from "../staff-strings";
import { StaffImageField } from "./staff-image-field";
import { useStaffItemSheet } from "./use-staff-item-sheet";
import "../../../ui/controls.css";

/**
 * A new mall item (no `item`) or an existing one: name and description in three languages,
 * a picture, the price in points, the stock, how members get it (pickup, delivery or both),
 * the sort order, on the shelf or not. Checked with the contract's SavePointsItemInput as the
 * owner saves, each problem under its field; the server's own refusals go there too.
 */
export function StaffItemSheet(props: EditSheetProps & { item: PointsItemAdmin | undefined }) {
	const { pt, lang } = useStaffPointsText();
	const sheet = useStaffItemSheet(props);
	const { item } = props;
	const { draft, change, problems, labels } = sheet;
	return (
		<EditSheet
			sheet={sheet}
			title={{ new: pt("item.sheet.new"), edit: pt("item.sheet.edit") }}
			editing={item && localize(item.name, lang)}
			busy={sheet.uploading}
			onSave={sheet.save}
			testId="points-item"
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
				onUploading={sheet.setUploading}
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
			<FulfilmentFields sheet={sheet} />
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
		</EditSheet>
	);
}

/** How members get it (pickup, delivery or both): at least one, said under the list. */
function FulfilmentFields({ sheet }: { sheet: ReturnType<typeof useStaffItemSheet> }) {
	const { pt } = useStaffPointsText();
	const ids = useId();
	const { draft, labels, toggleFulfilment, fulfilmentsProblem } = sheet;
	return (
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
	);
}
