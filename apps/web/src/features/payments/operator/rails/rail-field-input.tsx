import type { PaymentRail } from "@bayon/contract";
import { useId } from "react";
import { DatePicker } from "../../../../ui/date-picker";
import { SwitchField } from "../../../../ui/form-fields";
import { isSecretKind, type RailField } from "./rail-settings-form";
import { type RailSettingsTextKey, useRailSettingsText } from "./rail-settings-strings";

interface RailFieldProps {
	rail: PaymentRail;
	field: RailField;
	label: string;
	value: string | boolean;
	stored: string | null;
	replacing: boolean;
	onReplace: (on: boolean) => void;
	onChange: (value: string | boolean) => void;
	problem: string | undefined;
}

/**
 * One setting of a rail: a switch stands alone; any other field has its label, its control (a
 * stored secret shows only its last four until it is replaced, then can be kept again) and its
 * problem or hint under it.
 */
export function RailFieldInput(props: RailFieldProps) {
	const { rail, field, label, value, stored, replacing, onReplace, onChange, problem } = props;
	const { rt } = useRailSettingsText();
	const id = useId();
	const testId = `rail-${rail}-${field.name}`;
	if (field.kind === "switch")
		return (
			<SwitchField
				label={label}
				hint={rt(`field.${rail}.${field.name}Hint` as RailSettingsTextKey)}
				checked={value === true}
				onChange={onChange}
				testId={testId}
			/>
		);
	const hint = isSecretKind(field.kind)
		? field.kind === "privateKey" || field.kind === "publicKey"
			? stored && !replacing
				? rt("storedKeyHint")
				: rt("keyHint")
			: rt("secretHint")
		: undefined;
	const describedBy = problem ? `${id}-error` : hint ? `${id}-hint` : undefined;
	return (
		<div className="field rs-field">
			{field.kind === "date" ? (
				<span className="field__label" id={`${id}-label`}>
					{label}
				</span>
			) : (
				<label className="field__label" id={`${id}-label`} htmlFor={id}>
					{label}
				</label>
			)}
			<RailFieldControl {...props} id={id} testId={testId} describedBy={describedBy} />
			{isSecretKind(field.kind) && stored && replacing && (
				<button
					type="button"
					className="text-button rs-field__keep"
					onClick={() => onReplace(false)}
					data-testid={`${testId}-keep`}
				>
					{rt("keepStored")}
				</button>
			)}
			{problem ? (
				<p className="field__error" id={`${id}-error`} role="alert" data-testid={`${testId}-error`}>
					{problem}
				</p>
			) : (
				hint && (
					<p className="field__hint" id={`${id}-hint`} data-testid={`${testId}-hint`}>
						{hint}
					</p>
				)
			)}
		</div>
	);
}

/** The field's control by its kind: a choice, a date, a stored secret's last four, a line or a key's text. */
function RailFieldControl({
	rail,
	field,
	label,
	value,
	stored,
	replacing,
	onReplace,
	onChange,
	problem,
	id,
	testId,
	describedBy,
}: RailFieldProps & { id: string; testId: string; describedBy: string | undefined }) {
	const { rt } = useRailSettingsText();
	if (field.kind === "choice")
		return (
			<div className="segmented" role="radiogroup" aria-labelledby={`${id}-label`} data-testid={testId}>
				{field.options?.map((option) => (
					<label key={option} className={`segmented__option${value === option ? " is-selected" : ""}`}>
						<input
							type="radio"
							name={`${rail}-${field.name}`}
							value={option}
							checked={value === option}
							onChange={() => onChange(option)}
							className="visually-hidden"
							data-testid={`${testId}-${option}`}
						/>
						{rt(`env.${option}` as RailSettingsTextKey)}
					</label>
				))}
			</div>
		);
	if (field.kind === "date") {
		const year = new Date().getFullYear();
		return (
			<DatePicker
				label={label}
				value={String(value)}
				min={`${year - 1}-01-01`}
				max={`${year + 3}-12-31`}
				onChange={onChange}
				testId={testId}
			/>
		);
	}
	if (isSecretKind(field.kind) && stored && !replacing)
		return (
			<div className="rs-stored" data-testid={`${testId}-stored`}>
				<span className="rs-stored__value">{rt("stored", { last4: stored })}</span>
				<button
					type="button"
					className="button button--ghost button--small"
					onClick={() => onReplace(true)}
					data-testid={`${testId}-replace`}
				>
					{rt("replace")}
				</button>
			</div>
		);
	if (field.kind === "text" || field.kind === "secret")
		return (
			<input
				id={id}
				className="field__input"
				type={field.kind === "secret" ? "password" : "text"}
				autoComplete={field.kind === "secret" ? "new-password" : "off"}
				spellCheck={false}
				value={String(value)}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={problem ? true : undefined}
				aria-describedby={describedBy}
				data-testid={testId}
			/>
		);
	return (
		<textarea
			id={id}
			className={`field__input rs-key${field.kind === "publicKey" ? "" : " rs-key--masked"}`}
			rows={field.kind === "longSecret" ? 3 : 5}
			autoComplete="off"
			spellCheck={false}
			value={String(value)}
			onChange={(event) => onChange(event.target.value)}
			aria-invalid={problem ? true : undefined}
			aria-describedby={describedBy}
			data-testid={testId}
		/>
	);
}
