import { type AdminMenu, localize, type OrderType } from "@bayon/contract";
import type { ChangeEvent } from "react";
import { useCurrency } from "../../../lib/app-config";
import { CameraIcon } from "../../../ui/icons";
import { ItemImage } from "../../menu/components/item-image";
import { FieldProblem } from "../localized-fields";
import type { FieldProblems, ItemDraft } from "../menu-form";
import { useMenuAdminText } from "../strings";
import type { UpdateItemDraft } from "./use-item-editor";

const ORDER_TYPES: OrderType[] = ["takein", "takeout", "desk"];

type DraftProps = { draft: ItemDraft; update: UpdateItemDraft; problems: FieldProblems };

/** The item's photo, with upload, change and remove. */
export function ItemPhotoField({
	draft,
	update,
	problems,
	uploading,
	onPhoto,
}: DraftProps & { uploading: boolean; onPhoto: (event: ChangeEvent<HTMLInputElement>) => void }) {
	const { at } = useMenuAdminText();
	return (
		<div className="field">
			<span className="field__label">{at("field.photo")}</span>
			<div className="menu-item-form__photo">
				<ItemImage image={draft.image} size="medium" />
				<div className="menu-item-form__photo-actions">
					<label className="button button--ghost button--small">
						<CameraIcon className="menu-admin__button-icon" />
						{at(draft.image ? "field.changePhoto" : "field.uploadPhoto")}
						<input
							type="file"
							accept="image/*"
							className="visually-hidden"
							onChange={onPhoto}
							disabled={uploading}
							data-testid="item-photo-input"
						/>
					</label>
					{draft.image && (
						<button
							type="button"
							className="text-button"
							onClick={() => update("image", null)}
							data-testid="item-photo-remove"
						>
							{at("field.removePhoto")}
						</button>
					)}
				</div>
			</div>
			<FieldProblem problems={problems} field="image" />
		</div>
	);
}

/** The category the item is listed under, one of the menu's. */
export function ItemCategoryField({ menu, draft, update, problems }: DraftProps & { menu: AdminMenu }) {
	const { at, lang } = useMenuAdminText();
	return (
		<fieldset className="field field--fieldset">
			<legend className="field__label">{at("field.category")}</legend>
			<div className="segmented" data-testid="item-category">
				{menu.categories.map((category) => (
					<label
						key={category.id}
						className={`segmented__option${draft.categoryId === category.id ? " is-selected" : ""}`}
					>
						<input
							type="radio"
							name="categoryId"
							className="visually-hidden"
							checked={draft.categoryId === category.id}
							onChange={() => update("categoryId", category.id)}
						/>
						{localize(category.name, lang)}
					</label>
				))}
			</div>
			<FieldProblem problems={problems} field="categoryId" />
		</fieldset>
	);
}

/** The price and the struck-through original price. */
export function ItemPriceFields({ ids, draft, update, problems }: DraftProps & { ids: string }) {
	const { at } = useMenuAdminText();
	const currency = useCurrency();
	return (
		<div className="menu-item-form__prices">
			<div className="field">
				<label className="field__label" htmlFor={`${ids}-price`}>
					{at("field.price")} ({currency.symbol})
				</label>
				<input
					id={`${ids}-price`}
					className="field__input"
					inputMode="decimal"
					value={draft.price}
					onChange={(event) => update("price", event.target.value)}
					aria-invalid={problems.price ? true : undefined}
					data-testid="item-price"
				/>
				<FieldProblem problems={problems} field="price" />
			</div>
			<div className="field">
				<label className="field__label" htmlFor={`${ids}-original`}>
					{at("field.originalPrice")}
				</label>
				<input
					id={`${ids}-original`}
					className="field__input"
					inputMode="decimal"
					value={draft.originalPrice}
					onChange={(event) => update("originalPrice", event.target.value)}
					aria-invalid={problems.originalPrice ? true : undefined}
					data-testid="item-original-price"
				/>
				<p className="field__hint">{at("field.originalPriceHint")}</p>
				<FieldProblem problems={problems} field="originalPrice" />
			</div>
		</div>
	);
}

/** Unlimited or a stock count, with what is left now for a saved item. */
export function ItemStockFields({
	ids,
	draft,
	update,
	problems,
	stockNow,
}: DraftProps & { ids: string; stockNow: number | null | undefined }) {
	const { at } = useMenuAdminText();
	return (
		<>
			<label className="switch-row">
				<span>{at("field.unlimited")}</span>
				<input
					type="checkbox"
					role="switch"
					aria-checked={draft.unlimited}
					className="switch"
					checked={draft.unlimited}
					onChange={(event) => update("unlimited", event.target.checked)}
					data-testid="item-unlimited"
				/>
			</label>
			{!draft.unlimited && (
				<div className="field">
					<label className="field__label" htmlFor={`${ids}-stock`}>
						{at("field.stock")}
					</label>
					<input
						id={`${ids}-stock`}
						className="field__input"
						inputMode="numeric"
						value={draft.stock}
						onChange={(event) => update("stock", event.target.value)}
						aria-invalid={problems.stock ? true : undefined}
						data-testid="item-stock"
					/>
					{stockNow !== undefined && stockNow !== null && (
						<p className="field__hint" data-testid="item-stock-now">
							{at("field.stockNow", { now: stockNow })}
						</p>
					)}
					<FieldProblem problems={problems} field="stock" />
				</div>
			)}
		</>
	);
}

/** The order types the item can be ordered in, kept in the menu's order. */
export function ItemOrderTypesField({ draft, update, problems }: DraftProps) {
	const { at } = useMenuAdminText();
	return (
		<fieldset className="field field--fieldset">
			<legend className="field__label">{at("field.orderTypes")}</legend>
			<div className="segmented" data-testid="item-order-types">
				{ORDER_TYPES.map((type) => {
					const on = draft.orderTypes.includes(type);
					return (
						<label key={type} className={`segmented__option${on ? " is-selected" : ""}`}>
							<input
								type="checkbox"
								className="visually-hidden"
								checked={on}
								onChange={() =>
									update(
										"orderTypes",
										on
											? draft.orderTypes.filter((t) => t !== type)
											: ORDER_TYPES.filter((t) => t === type || draft.orderTypes.includes(t)),
									)
								}
								data-testid={`item-order-type-${type}`}
							/>
							{at(`orderType.${type}`)}
						</label>
					);
				})}
			</div>
			<FieldProblem problems={problems} field="orderTypes" />
		</fieldset>
	);
}
