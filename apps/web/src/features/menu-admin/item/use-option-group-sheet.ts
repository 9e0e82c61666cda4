import type { AdminOptionGroup } from "@bayon/contract";
import { useEffect, useState } from "react";
import { useCurrency } from "../../../lib/app-config";
import { showToast } from "../../../lib/toast";
import { refreshMenus, removeOptionGroup, saveOptionGroup } from "../api";
import { checkGroup, emptyText, type GroupDraft, groupDraft } from "../menu-form";
import { useMenuAdminText } from "../strings";
import { useMenuSave } from "../use-menu-save";

export type OptionDraft = GroupDraft["options"][number];

/** The option group sheet's draft (fresh each time it opens), its save and its removal. */
export function useOptionGroupSheet({
	shopId,
	itemId,
	group,
	open,
	onClose,
}: {
	shopId: number;
	itemId: number;
	group: AdminOptionGroup | null;
	open: boolean;
	onClose: () => void;
}) {
	const { at, lang } = useMenuAdminText();
	const currency = useCurrency();
	const [draft, setDraft] = useState<GroupDraft>(() => groupDraft(group ?? undefined, currency.decimals));
	const { problems, setProblems, stale, saving, reset, run } = useMenuSave();
	const [confirmRemove, setConfirmRemove] = useState(false);

	useEffect(() => {
		if (!open) return;
		setDraft(groupDraft(group ?? undefined, currency.decimals));
		reset();
	}, [open, group, currency.decimals, reset]);

	const save = async () => {
		const checked = checkGroup(draft, {
			shopId,
			itemId,
			id: group?.id,
			version: group?.version,
			decimals: currency.decimals,
			lang,
		});
		if (!checked.input) {
			setProblems(checked.problems);
			return;
		}
		const input = checked.input;
		if (!(await run(() => saveOptionGroup(input).then(() => {})))) return;
		await refreshMenus(shopId);
		showToast(at("group.saved"));
		onClose();
	};

	const remove = async () => {
		setConfirmRemove(false);
		if (!group) return;
		const { id, version } = group;
		if (!(await run(() => removeOptionGroup({ shopId, id, version }).then(() => {})))) return;
		await refreshMenus(shopId);
		onClose();
	};

	const change = (fields: Partial<GroupDraft>) => setDraft((current) => ({ ...current, ...fields }));

	const setOption = (index: number, fields: Partial<OptionDraft>) =>
		setDraft((current) => ({
			...current,
			options: current.options.map((option, i) => (i === index ? { ...option, ...fields } : option)),
		}));

	const removeOption = (index: number) =>
		setDraft((current) => ({
			...current,
			options: current.options.filter((_, i) => i !== index),
		}));

	const addOption = () =>
		setDraft((current) => ({
			...current,
			options: [...current.options, { name: emptyText(), priceDelta: "", isDefault: false }],
		}));

	return {
		draft,
		change,
		setOption,
		removeOption,
		addOption,
		problems,
		stale,
		saving,
		save,
		remove,
		confirmRemove,
		setConfirmRemove,
	};
}
