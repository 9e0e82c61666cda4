import {
	type AdminMenu,
	type AdminOptionGroup,
	localize,
	type MerchantShopRef,
	type OrderType,
	roleAllows,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { Paths, withQuery } from "../../../lib/paths";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { CameraIcon, PlusIcon, TrashIcon } from "../../../ui/icons";
import { ErrorState, LoadingState } from "../../../ui/states";
import { ItemImage } from "../../menu/components/item-image";
import { MerchantGuard } from "../../merchant/merchant-guard";
import { adminMenuQuery, refreshMenus, removeItem, STOCK_BELOW_WHAT_IS_LEFT, saveItem, uploadPhoto } from "../api";
import { FieldProblem, LocalizedFields } from "../components/localized-fields";
import { OptionGroupSheet } from "../components/option-group-sheet";
import { StaleNotice } from "../components/stale-notice";
import { checkItem, type ItemDraft, itemDraft } from "../menu-form";
import { useMenuAdminText } from "../strings";
import { useMenuSave } from "../use-menu-save";
import "../menu-admin.css";

const ORDER_TYPES: OrderType[] = ["takein", "takeout", "desk"];

/** One item's editor (`?id=`), or a new item in a category (`?categoryId=`). */
export default function MenuItemScreen() {
	return <MerchantGuard>{(shop) => <ItemEditorLoader shop={shop} />}</MerchantGuard>;
}

function ItemEditorLoader({ shop }: { shop: MerchantShopRef }) {
	const { at, m } = useMenuAdminText();
	const [params] = useSearchParams();
	const menu = useQuery(adminMenuQuery(shop.shopId));
	const id = Number(params.get("id")) || undefined;
	const categoryId = Number(params.get("categoryId")) || null;
	if (!roleAllows(shop.role, "menu")) return <ErrorState message={m("forbidden")} />;
	if (menu.isPending) return <LoadingState />;
	if (menu.isError) return <ErrorState message={errorText(menu.error)} onRetry={() => void menu.refetch()} />;
	const item = id === undefined ? undefined : menu.data.categories.flatMap((c) => c.items).find((i) => i.id === id);
	if (id !== undefined && !item) return <ErrorState message={at("item.notFound")} />;
	// A new version of the item (someone saved it, or this form did) starts the form afresh.
	return (
		<ItemEditor
			key={`${id ?? "new"}:${item?.version ?? 0}`}
			shop={shop}
			menu={menu.data}
			id={id}
			categoryId={categoryId}
		/>
	);
}

function ItemEditor({
	shop,
	menu,
	id,
	categoryId,
}: {
	shop: MerchantShopRef;
	menu: AdminMenu;
	id: number | undefined;
	categoryId: number | null;
}) {
	const { at, t, lang } = useMenuAdminText();
	const navigate = useNavigate();
	const currency = useCurrency();
	const money = useMoney();
	const ids = useId();
	const item = menu.categories.flatMap((c) => c.items).find((i) => i.id === id);
	const [draft, setDraft] = useState<ItemDraft>(() => itemDraft(item, categoryId, currency.decimals));
	// The stock this form started from: a save adds typed − read to what is left by then, so
	// orders taken while the owner types still count (issue 27).
	const [stockRead, setStockRead] = useState<number | null>(item?.stock ?? null);
	const { problems, setProblems, stale, saving, run } = useMenuSave();
	const [uploading, setUploading] = useState(false);
	const [confirmRemove, setConfirmRemove] = useState(false);
	const [groupSheet, setGroupSheet] = useState<{ group: AdminOptionGroup | null } | null>(null);

	const update = <K extends keyof ItemDraft>(field: K, value: ItemDraft[K]) =>
		setDraft((current) => ({ ...current, [field]: value }));

	const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
		const file = event.target.files?.[0];
		event.target.value = "";
		if (!file) return;
		setUploading(true);
		try {
			const uploaded = await uploadPhoto(file);
			update("image", uploaded.url);
			setProblems(({ image: _, ...rest }) => rest);
		} catch (error) {
			setProblems((current) => ({ ...current, image: errorText(error) }));
		} finally {
			setUploading(false);
		}
	};

	const onSubmit = async (event: FormEvent) => {
		event.preventDefault();
		const checked = checkItem(draft, {
			shopId: shop.shopId,
			id: item?.id,
			version: item?.version,
			stockRead,
			decimals: currency.decimals,
			lang,
		});
		if (!checked.input) {
			setProblems(checked.problems);
			return;
		}
		const input = checked.input;
		let savedId = item?.id;
		let stockNow: number | null = null;
		const saved = await run(async () => {
			try {
				const answer = await saveItem(input);
				savedId = answer.id;
				stockNow = answer.stock;
			} catch (error) {
				// Orders took more than the owner meant to take off: the form starts again from
				// what is left now (the message under the field says how many).
				const left = error instanceof ApiError ? (error.data as { stock?: unknown } | null)?.stock : undefined;
				if (error instanceof ApiError && error.code === STOCK_BELOW_WHAT_IS_LEFT && typeof left === "number") {
					setStockRead(left);
					update("stock", String(left));
					void refreshMenus(shop.shopId);
				}
				throw error;
			}
		});
		if (!saved) return;
		// The stock as it is now, said plainly: it differs from the number typed when orders
		// came in while the owner edited.
		const typed = input.stock;
		showToast(
			stockNow === null
				? at("item.saved")
				: at(item && stockNow !== typed ? "item.savedStockMoved" : "item.savedStock", { stock: stockNow }),
			4000,
		);
		if (!item) navigate(withQuery(Paths.merchantMenuItem, { id: savedId }), { replace: true });
		await refreshMenus(shop.shopId);
	};

	const onRemove = async () => {
		setConfirmRemove(false);
		if (!item) return;
		const { id, version } = item;
		if (!(await run(() => removeItem({ shopId: shop.shopId, id, version }).then(() => {})))) return;
		showToast(at("item.removed"));
		await refreshMenus(shop.shopId);
		navigate(Paths.merchantMenu, { replace: true });
	};

	const name = localize({ ...draft.name, "zh-CN": draft.name["zh-CN"] || "?" }, lang);
	return (
		<form className="form merchant menu-admin menu-item-form" onSubmit={onSubmit} noValidate data-testid="item-form">
			{stale && <StaleNotice onReload={() => void refreshMenus(shop.shopId)} />}
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

			<LocalizedFields
				label={at("field.name")}
				field="name"
				value={draft.name}
				onChange={(value) => update("name", value)}
				problems={problems}
				maxLength={60}
				testId="item-name"
			/>
			<LocalizedFields
				label={at("field.description")}
				field="description"
				value={draft.description}
				onChange={(value) => update("description", value)}
				problems={problems}
				multiline
				maxLength={500}
				testId="item-description"
			/>

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
					{item && item.stock !== null && (
						<p className="field__hint" data-testid="item-stock-now">
							{at("field.stockNow", { now: item.stock })}
						</p>
					)}
					<FieldProblem problems={problems} field="stock" />
				</div>
			)}

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

			<button
				type="submit"
				className="button button--primary button--block"
				disabled={saving || uploading}
				data-testid="item-save"
			>
				{saving ? t("common.saving") : t("common.save")}
			</button>

			<section className="card menu-item-form__groups" data-testid="item-groups">
				<h2 className="section__title">{at("item.groups")}</h2>
				{!item && <p className="menu-admin__hint">{at("item.groupsAfterSave")}</p>}
				{item?.optionGroups.map((group) => (
					<button
						key={group.id}
						type="button"
						className="list__row menu-item-form__group"
						onClick={() => setGroupSheet({ group })}
						data-testid={`edit-group-${group.id}`}
					>
						<span className="list__label">
							{localize(group.name, lang)}
							<small className="field__hint">
								{at("group.rule", { min: group.minChoices, max: group.maxChoices })} ·{" "}
								{group.options
									.map((o) => `${localize(o.name, lang)}${o.priceDelta ? ` ${money(o.priceDelta)}` : ""}`)
									.join(" / ")}
							</small>
						</span>
					</button>
				))}
				{item && (
					<button
						type="button"
						className="button button--ghost button--small"
						onClick={() => setGroupSheet({ group: null })}
						data-testid="add-group"
					>
						<PlusIcon className="menu-admin__button-icon" />
						{at("item.addGroup")}
					</button>
				)}
			</section>

			{item && (
				<button
					type="button"
					className="button button--ghost button--block menu-admin__danger"
					onClick={() => setConfirmRemove(true)}
					data-testid="item-remove"
				>
					<TrashIcon className="menu-admin__button-icon" />
					{at("item.remove")}
				</button>
			)}
			<ConfirmDialog
				open={confirmRemove}
				message={at("item.confirmRemove", { name })}
				onConfirm={() => void onRemove()}
				onCancel={() => setConfirmRemove(false)}
				destructive
			/>
			{item && (
				<OptionGroupSheet
					shopId={shop.shopId}
					itemId={item.id}
					group={groupSheet?.group ?? null}
					open={groupSheet !== null}
					onClose={() => setGroupSheet(null)}
				/>
			)}
		</form>
	);
}
