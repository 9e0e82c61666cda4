import { useId } from "react";

/**
 * A percent with up to two decimals ("2.5"), "%" drawn inside the box after it: the decimal
 * keypad on phones, only digits and one decimal mark kept. Looks like the stored-value pages'
 * amount fields (staff-stored-value.css `sv-money`).
 */
export function PlatformPercentField({
	label,
	value,
	onChange,
	hint,
	problem,
	testId,
}: {
	label: string;
	value: string;
	onChange: (value: string) => void;
	hint: string;
	problem: string | undefined;
	testId: string;
}) {
	const id = useId();
	return (
		<div className="field">
			<label className="field__label" htmlFor={id}>
				{label}
			</label>
			<div className="sv-money sv-money--after" data-invalid={problem ? "true" : undefined}>
				<span className="sv-money__symbol" aria-hidden="true">
					%
				</span>
				<input
					id={id}
					className="field__input sv-money__input"
					inputMode="decimal"
					autoComplete="off"
					value={value}
					placeholder="0"
					onChange={(event) => onChange(event.target.value.replace(/[^\d.,]/g, ""))}
					aria-invalid={problem ? true : undefined}
					aria-describedby={problem ? `${id}-error` : `${id}-hint`}
					data-testid={testId}
				/>
			</div>
			{problem ? (
				<p className="field__error" id={`${id}-error`} role="alert" data-testid={`${testId}-error`}>
					{problem}
				</p>
			) : (
				<p className="field__hint" id={`${id}-hint`} data-testid={`${testId}-hint`}>
					{hint}
				</p>
			)}
		</div>
	);
}
