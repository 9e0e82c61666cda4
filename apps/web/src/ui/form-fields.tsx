import type { CurrencyConfig } from "@bayon/contract";
import { forwardRef, type ReactNode, useId } from "react";
import { keepTyped } from "../lib/controlled-input";
import { useI18n } from "../lib/i18n";
import { LocalizedTextFields } from "./localized-fields";
import "./controls.css";
import "./form-fields.css";

/**
 * The form fields of the staff's editors (stored value, VIP cards, coupons, the points mall,
 * the wallet and the platform's terms), in the app's own look: an amount
 * with the currency's symbol inside the box, a whole number, an on/off switch, a text in the
 * three languages. Each shows its hint, or its problem in place of the hint.
 */

interface FieldShellProps {
	id: string;
	label: string;
	hint?: string | undefined;
	problem?: string | undefined;
	testId: string;
	children: ReactNode;
}

function FieldShell({ id, label, hint, problem, testId, children }: FieldShellProps) {
	return (
		<div className="field">
			<label className="field__label" htmlFor={id}>
				{label}
			</label>
			{children}
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

const describedBy = (id: string, problem: string | undefined, hint: string | undefined) =>
	problem ? `${id}-error` : hint ? `${id}-hint` : undefined;

interface MoneyFieldProps {
	label: string;
	value: string;
	onChange: (value: string) => void;
	currency: CurrencyConfig;
	hint?: string | undefined;
	problem?: string | undefined;
	testId: string;
	placeholder?: string;
	large?: boolean;
	/** Leaving the field: where a form checks what was typed (never before anything was). */
	onBlur?: () => void;
}

/**
 * An amount typed in the currency's major unit ("12.50"): a decimal keypad on phones, the
 * symbol drawn inside the box on its side, only digits and one decimal mark accepted.
 */
export const MoneyField = forwardRef<HTMLInputElement, MoneyFieldProps>(function MoneyField(
	{ label, value, onChange, currency, hint, problem, testId, placeholder, large = false, onBlur },
	ref,
) {
	const id = useId();
	const after = currency.symbolPosition === "after";
	return (
		<FieldShell id={id} label={label} hint={hint} problem={problem} testId={testId}>
			<div
				className={`sv-money${after ? " sv-money--after" : ""}${large ? " sv-money--large" : ""}`}
				data-invalid={problem ? "true" : undefined}
			>
				<span className="sv-money__symbol" aria-hidden="true">
					{currency.symbol || currency.code}
				</span>
				<input
					ref={ref}
					id={id}
					className="field__input sv-money__input"
					inputMode={currency.decimals > 0 ? "decimal" : "numeric"}
					autoComplete="off"
					value={value}
					placeholder={placeholder ?? (0).toFixed(currency.decimals)}
					onChange={(event) => onChange(keepTyped(event.target, event.target.value.replace(/[^\d.,]/g, "")))}
					onBlur={onBlur}
					aria-invalid={problem ? true : undefined}
					aria-describedby={describedBy(id, problem, hint)}
					data-testid={testId}
				/>
			</div>
		</FieldShell>
	);
});

/** A whole number (days, percent, sort order): the numeric keypad, digits only. */
export function WholeField({
	label,
	value,
	onChange,
	hint,
	problem,
	testId,
	suffix,
	placeholder,
}: {
	label: string;
	value: string;
	onChange: (value: string) => void;
	hint?: string | undefined;
	problem?: string | undefined;
	testId: string;
	/** A unit drawn inside the box after the number ("%", "天"). */
	suffix?: string;
	placeholder?: string;
}) {
	const id = useId();
	return (
		<FieldShell id={id} label={label} hint={hint} problem={problem} testId={testId}>
			<div className={`sv-money sv-money--after${suffix ? "" : " sv-money--bare"}`}>
				{suffix && (
					<span className="sv-money__symbol" aria-hidden="true">
						{suffix}
					</span>
				)}
				<input
					id={id}
					className="field__input sv-money__input"
					inputMode="numeric"
					autoComplete="off"
					value={value}
					placeholder={placeholder}
					onChange={(event) => onChange(keepTyped(event.target, event.target.value.replace(/\D/g, "")))}
					aria-invalid={problem ? true : undefined}
					aria-describedby={describedBy(id, problem, hint)}
					data-testid={testId}
				/>
			</div>
		</FieldShell>
	);
}

/** An on/off switch with its label and what it means. */
export function SwitchField({
	label,
	hint,
	checked,
	onChange,
	testId,
}: {
	label: string;
	hint?: string;
	checked: boolean;
	onChange: (checked: boolean) => void;
	testId: string;
}) {
	return (
		<label className="switch-row">
			<span className="switch-row__text">
				<span>{label}</span>
				{hint && <span className="field__hint">{hint}</span>}
			</span>
			<input
				type="checkbox"
				role="switch"
				className="switch"
				checked={checked}
				aria-checked={checked}
				onChange={(event) => onChange(event.target.checked)}
				data-testid={testId}
			/>
		</label>
	);
}

/**
 * One text in the three languages the product ships: Chinese first (required: the others fall
 * back to it), then English and Khmer. Each box shows its own problem (`name.zh-CN`).
 */
export function LocalizedFields(
	props: Omit<
		Parameters<typeof LocalizedTextFields>[0],
		"languageName" | "className" | "languageClassName" | "groupTestId"
	>,
) {
	const { t } = useI18n();
	return (
		<LocalizedTextFields
			{...props}
			groupTestId={props.testId}
			languageName={(lang) => t(`form.lang.${lang}`)}
			className="sv-languages"
			languageClassName="sv-languages__language"
		/>
	);
}
