import type { AdminOptionGroup } from "@bayon/contract";
import { useId } from "react";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { PlusIcon } from "../../../ui/icons";
import { EditSheet } from "../edit-sheet";
import { FieldProblem, LocalizedFields } from "../localized-fields";
import { useMenuAdminText } from "../strings";
import { GroupChoicesFields, OptionCard } from "./option-group-fields";
import { useOptionGroupSheet } from "./use-option-group-sheet";

/** An item's option group: its name, how many choices, and the options with their price. */
export function OptionGroupSheet(props: {
	shopId: number;
	itemId: number;
	group: AdminOptionGroup | null;
	open: boolean;
	onClose: () => void;
}) {
	const { shopId, group, open, onClose } = props;
	const { at } = useMenuAdminText();
	const ids = useId();
	const sheet = useOptionGroupSheet(props);
	const { draft, problems } = sheet;
	return (
		<EditSheet
			shopId={shopId}
			open={open}
			onClose={onClose}
			title={at(group ? "group.edit" : "group.new")}
			testId="group"
			saving={sheet.saving}
			stale={sheet.stale}
			onSave={sheet.save}
		>
			<LocalizedFields
				label={at("field.name")}
				field="name"
				value={draft.name}
				onChange={(name) => sheet.change({ name })}
				problems={problems}
				maxLength={60}
				testId="group-name"
			/>
			<GroupChoicesFields draft={draft} change={sheet.change} problems={problems} />
			<h3 className="section__title">{at("group.options")}</h3>
			<FieldProblem problems={problems} field="options" />
			{draft.options.map((option, index) => (
				<OptionCard
					// Options have no id until saved: their place in the list is what names them here.
					// biome-ignore lint/suspicious/noArrayIndexKey: see above.
					key={index}
					ids={ids}
					index={index}
					option={option}
					removable={draft.options.length > 1}
					problems={problems}
					onChange={(fields) => sheet.setOption(index, fields)}
					onRemove={() => sheet.removeOption(index)}
				/>
			))}
			<button
				type="button"
				className="button button--ghost button--small"
				onClick={sheet.addOption}
				data-testid="add-option"
			>
				<PlusIcon className="menu-admin__button-icon" />
				{at("group.addOption")}
			</button>
			{group && (
				<button
					type="button"
					className="button button--ghost button--block menu-admin__danger"
					onClick={() => sheet.setConfirmRemove(true)}
					data-testid="group-remove"
				>
					{at("group.remove")}
				</button>
			)}
			<ConfirmDialog
				open={sheet.confirmRemove}
				message={at("group.confirmRemove", { name: group ? group.name["zh-CN"] : "" })}
				onConfirm={() => void sheet.remove()}
				onCancel={() => sheet.setConfirmRemove(false)}
				destructive
			/>
		</EditSheet>
	);
}
