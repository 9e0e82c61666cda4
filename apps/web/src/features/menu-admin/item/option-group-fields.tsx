import { useCurrency } from "../../../lib/app-config";
import { TrashIcon } from "../../../ui/icons";
import { Stepper } from "../../../ui/stepper";
import { FieldProblem, LocalizedFields } from "../localized-fields";
import type { FieldProblems, GroupDraft } from "../menu-form";
import { useMenuAdminText } from "../strings";
import type { OptionDraft } from "./use-option-group-sheet";

/** How few and how many options a guest picks from the group. */
export function GroupChoicesFields({
	draft,
	change,
	problems,
}: {
	draft: GroupDraft;
	change: (fields: Partial<GroupDraft>) => void;
	problems: FieldProblems;
}) {
	const { at } = useMenuAdminText();
	return (
		<div className="menu-admin__choices">
			<div className="field">
				<span className="field__label">{at("group.min")}</span>
				<Stepper
					value={draft.minChoices}
					min={0}
					max={draft.options.length}
					onChange={(minChoices) => change({ minChoices })}
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
					onChange={(maxChoices) => change({ maxChoices })}
					label={at("group.max")}
					testId="group-max"
				/>
				<FieldProblem problems={problems} field="maxChoices" />
			</div>
		</div>
	);
}

/** One option of the group: its name, price change, whether it is chosen by default. */
export function OptionCard({
	ids,
	index,
	option,
	removable,
	problems,
	onChange,
	onRemove,
}: {
	ids: string;
	index: number;
	option: OptionDraft;
	removable: boolean;
	problems: FieldProblems;
	onChange: (fields: Partial<OptionDraft>) => void;
	onRemove: () => void;
}) {
	const { at } = useMenuAdminText();
	const currency = useCurrency();
	return (
		<div className="card menu-admin__option" data-testid={`option-${index}`}>
			<LocalizedFields
				label={at("group.option", { n: index + 1 })}
				field={`options.${index}.name`}
				value={option.name}
				onChange={(name) => onChange({ name })}
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
					onChange={(event) => onChange({ priceDelta: event.target.value })}
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
					onChange={(event) => onChange({ isDefault: event.target.checked })}
					data-testid={`option-${index}-default`}
				/>
			</label>
			{removable && (
				<button
					type="button"
					className="text-button menu-admin__danger"
					onClick={onRemove}
					data-testid={`option-${index}-remove`}
				>
					<TrashIcon className="menu-admin__button-icon" />
					{at("group.removeOption")}
				</button>
			)}
		</div>
	);
}
