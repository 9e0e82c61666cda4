import type { AdminMenuCategory } from "@bayon/contract";
import { useEffect, useState } from "react";
import { showToast } from "../../../lib/toast";
import { refreshMenus, saveCategory } from "../api";
import { EditSheet } from "../edit-sheet";
import { LocalizedFields } from "../localized-fields";
import { type LocalizedDraft, textDraft } from "../menu-form";
import { useMenuAdminText } from "../strings";
import { useMenuSave } from "../use-menu-save";

/** A new category (no `category`) or an existing one: names in three languages, shown or hidden. */
export function CategorySheet({
	shopId,
	category,
	open,
	onClose,
}: {
	shopId: number;
	category: AdminMenuCategory | null;
	open: boolean;
	onClose: () => void;
}) {
	const { at } = useMenuAdminText();
	const [name, setName] = useState<LocalizedDraft>(textDraft(category?.name));
	const [visible, setVisible] = useState(category?.visible ?? true);
	const { problems, stale, saving, reset, run } = useMenuSave();

	useEffect(() => {
		if (!open) return;
		setName(textDraft(category?.name));
		setVisible(category?.visible ?? true);
		reset();
	}, [open, category, reset]);

	const save = async () => {
		const saved = await run(async () => {
			await saveCategory({
				shopId,
				...(category ? { id: category.id, version: category.version } : {}),
				name,
				visible,
			});
		});
		if (!saved) return;
		await refreshMenus(shopId);
		showToast(at("category.saved"));
		onClose();
	};

	return (
		<EditSheet
			shopId={shopId}
			open={open}
			onClose={onClose}
			title={at(category ? "category.edit" : "category.new")}
			testId="category"
			saving={saving}
			stale={stale}
			onSave={save}
		>
			<LocalizedFields
				label={at("field.name")}
				field="name"
				value={name}
				onChange={setName}
				problems={problems}
				maxLength={60}
				testId="category-name"
			/>
			<label className="switch-row">
				<span className="switch-row__text">
					<span>{at("category.visible")}</span>
					<span className="field__hint">{at("category.visibleHint")}</span>
				</span>
				<input
					type="checkbox"
					role="switch"
					aria-checked={visible}
					className="switch"
					checked={visible}
					onChange={(event) => setVisible(event.target.checked)}
					data-testid="category-visible"
				/>
			</label>
		</EditSheet>
	);
}
