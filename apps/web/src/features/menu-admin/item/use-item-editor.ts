import { type AdminMenu, type AdminOptionGroup, localize, type MerchantShopRef } from "@bayon/contract";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { useCurrency } from "../../../lib/app-config";
import { Paths, withQuery } from "../../../lib/paths";
import { showToast } from "../../../lib/toast";
import { refreshMenus, removeItem, STOCK_BELOW_WHAT_IS_LEFT, saveItem, uploadPhoto } from "../api";
import { checkItem, type ItemDraft, itemDraft } from "../menu-form";
import { useMenuAdminText } from "../strings";
import { useMenuSave } from "../use-menu-save";

/** Sets one field of the item's draft. */
export type UpdateItemDraft = <K extends keyof ItemDraft>(field: K, value: ItemDraft[K]) => void;

/** The item editor's draft, its photo upload, save and removal, and which sheet or dialog is open. */
export function useItemEditor({
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
	const { at, lang } = useMenuAdminText();
	const navigate = useNavigate();
	const currency = useCurrency();
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

	const update: UpdateItemDraft = (field, value) => setDraft((current) => ({ ...current, [field]: value }));

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
	return {
		ids,
		item,
		draft,
		update,
		problems,
		stale,
		saving,
		uploading,
		onPhoto,
		onSubmit,
		onRemove,
		name,
		confirmRemove,
		setConfirmRemove,
		groupSheet,
		setGroupSheet,
	};
}
