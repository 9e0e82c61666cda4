import type { AdminOptionGroup } from "@bayon/contract";
import { useEffect, useId, useState } from "react";
import { useCurrency } from "../../../lib/app-config";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { PlusIcon, TrashIcon } from "../../../ui/icons";
import { Stepper } from "../../../ui/stepper";
import { refreshMenus, removeOptionGroup, saveOptionGroup } from "../api";
import { checkGroup, emptyText, type GroupDraft, groupDraft } from "../menu-form";
import { useMenuAdminText } from "../strings";
import { useMenuSave } from "../use-menu-save";
import { EditSheet } from "./edit-sheet";
import { FieldProblem, LocalizedFields } from "./localized-fields";

/** An item's option group: its name, how many choices, and the options with their price. */
export function OptionGroupSheet({
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
	const ids = useId();
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

	const setOption = (index: number, change: Partial<GroupDraft["options"][number]>) =>
		setDraft((current) => ({
			...current,
			options: current.options.map((option, i) => (i === index ? { ...option, ...change } : option)),
		}));

	return (
		<EditSheet
			shopId={shopId}
			open={open}
			onClose={onClose}
			title={at(group ? "group.edit" : "group.new")}
			testId="group"
			saving={saving}
			stale={stale}
			onSave={save}
		>
			<LocalizedFields
				label={at("field.name")}
				field="name"
				value={draft.name}
				onChange={(name) => setDraft((current) => ({ ...current, name }))}
				problems={problems}
				maxLength={60}
				testId="group-name"
			/>
			<div className="menu-admin__choices">
				<div className="field">
					<span className="field__label">{at("group.min")}</span>
					<Stepper
						value={draft.minChoices}
						min={0}
						max={draft.options.length}
						onChange={(minChoices) => setDraft((current) => ({ ...current, minChoices }))}
						label={at("group.min")}
						testId="group-min"
					/>
					<FieldProblem problems={problems} field="minChoices" />
				</div>
				<div className="field">
					<span className="field__label">{at("group.max")}</span>
					<Stepper
						value={draft.maxChoices}
						min={1}
						max={Math.max(1, draft.options.length)}
						onChange={(maxChoices) => setDraft((current) => ({ ...current, maxChoices }))}
						label={at("group.max")}
						testId="group-max"
					/>
					<FieldProblem problems={problems} field="maxChoices" />
				</div>
			</div>
			<h3 className="section__title">{at("group.options")}</h3>
			<FieldProblem problems={problems} field="options" />
			{draft.options.map((option, index) => (
				<div
					// Options have no id until saved: their place in the list is what names them here.
					// biome-ignore lint/suspicious/noArrayIndexKey: see above.
					key={index}
					className="card menu-admin__option"
					data-testid={`option-${index}`}
				>
					<LocalizedFields
						label={at("group.option", { n: index + 1 })}
						field={`options.${index}.name`}
						value={option.name}
						onChange={(name) => setOption(index, { name })}
						problems={problems}
						maxLength={60}
						testId={`option-${index}-name`}
					/>
					<div className="field">
						<label className="field__label" htmlFor={`${ids}-delta-${index}`}>
							{at("group.priceDelta")} ({currency.symbol})
						</label>
						<input
							id={`${ids}-delta-${index}`}
							className="field__input"
							inputMode="decimal"
							value={option.priceDelta}
							onChange={(event) => setOption(index, { priceDelta: event.target.value })}
							data-testid={`option-${index}-delta`}
						/>
						<FieldProblem problems={problems} field={`options.${index}.priceDelta`} />
					</div>
					<label className="switch-row">
						<span>{at("group.default")}</span>
						<input
							type="checkbox"
							role="switch"
							aria-checked={option.isDefault}
							className="switch"
							checked={option.isDefault}
							onChange={(event) => setOption(index, { isDefault: event.target.checked })}
							data-testid={`option-${index}-default`}
						/>
					</label>
					{draft.options.length > 1 && (
						<button
							type="button"
							className="text-button menu-admin__danger"
							onClick={() =>
								setDraft((current) => ({
									...current,
									options: current.options.filter((_, i) => i !== index),
								}))
							}
							data-testid={`option-${index}-remove`}
						>
							<TrashIcon className="menu-admin__button-icon" />
							{at("group.removeOption")}
						</button>
					)}
				</div>
			))}
			<button
				type="button"
				className="button button--ghost button--small"
				onClick={() =>
					setDraft((current) => ({
						...current,
						options: [...current.options, { name: emptyText(), priceDelta: "", isDefault: false }],
					}))
				}
				data-testid="add-option"
			>
				<PlusIcon className="menu-admin__button-icon" />
				{at("group.addOption")}
			</button>
			{group && (
				<button
					type="button"
					className="button button--ghost button--block menu-admin__danger"
					onClick={() => setConfirmRemove(true)}
					data-testid="group-remove"
				>
					{at("group.remove")}
				</button>
			)}
			<ConfirmDialog
				open={confirmRemove}
				message={at("group.confirmRemove", { name: group ? group.name["zh-CN"] : "" })}
				onConfirm={() => void remove()}
				onCancel={() => setConfirmRemove(false)}
				destructive
			/>
		</EditSheet>
	);
}
