import { type AdminMenu, type MerchantShopRef, roleAllows } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { TrashIcon } from "../../../ui/icons";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { ErrorState, LoadingState } from "../../../ui/states";
import { adminMenuQuery, refreshMenus } from "../api";
import { LocalizedFields } from "../localized-fields";
import { StaleNotice } from "../stale-notice";
import { useMenuAdminText } from "../strings";
import {
	ItemCategoryField,
	ItemOrderTypesField,
	ItemPhotoField,
	ItemPriceFields,
	ItemStockFields,
} from "./item-editor-fields";
import { ItemGroupsSection } from "./item-groups-section";
import { OptionGroupSheet } from "./option-group-sheet";
import { useItemEditor } from "./use-item-editor";
import "../menu-admin.css";

/** One item's editor (`?id=`), or a new item in a category (`?categoryId=`). */
export default function MenuItemScreen() {
	return <StaffShop>{(shop) => <ItemEditorLoader shop={shop} />}</StaffShop>;
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

function ItemEditor(props: {
	shop: MerchantShopRef;
	menu: AdminMenu;
	id: number | undefined;
	categoryId: number | null;
}) {
	const { shop, menu } = props;
	const { at, t } = useMenuAdminText();
	const editor = useItemEditor(props);
	const { ids, item, draft, update, problems, saving, uploading, groupSheet, setGroupSheet } = editor;
	return (
		<form
			className="form merchant menu-admin menu-item-form"
			onSubmit={editor.onSubmit}
			noValidate
			data-testid="item-form"
		>
			{editor.stale && <StaleNotice onReload={() => void refreshMenus(shop.shopId)} />}
			<ItemPhotoField
				draft={draft}
				update={update}
				problems={problems}
				uploading={uploading}
				onPhoto={editor.onPhoto}
			/>

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

			<ItemCategoryField menu={menu} draft={draft} update={update} problems={problems} />
			<ItemPriceFields ids={ids} draft={draft} update={update} problems={problems} />
			<ItemStockFields ids={ids} draft={draft} update={update} problems={problems} stockNow={item?.stock} />
			<ItemOrderTypesField draft={draft} update={update} problems={problems} />

			<button
				type="submit"
				className="button button--primary button--block"
				disabled={saving || uploading}
				data-testid="item-save"
			>
				{saving ? t("common.saving") : t("common.save")}
			</button>

			<ItemGroupsSection item={item} onOpen={(group) => setGroupSheet({ group })} />

			{item && (
				<button
					type="button"
					className="button button--ghost button--block menu-admin__danger"
					onClick={() => editor.setConfirmRemove(true)}
					data-testid="item-remove"
				>
					<TrashIcon className="menu-admin__button-icon" />
					{at("item.remove")}
				</button>
			)}
			<ConfirmDialog
				open={editor.confirmRemove}
				message={at("item.confirmRemove", { name: editor.name })}
				onConfirm={() => void editor.onRemove()}
				onCancel={() => editor.setConfirmRemove(false)}
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
