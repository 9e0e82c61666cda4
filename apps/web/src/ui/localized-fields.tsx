import { type LanguageCode, SUPPORTED_LANGUAGES } from "@bayon/contract";
import { useId } from "react";

/**
 * One text in the three languages the product ships, a box each: Chinese first (required:
 * every other language falls back to it), then English and Khmer. Each box shows its own
 * problem, keyed `${field}.${lang}` as the contract's schema names it. The feature gives the
 * languages' names (its own texts) and its layout classes.
 */
export function LocalizedTextFields({
	label,
	hideLabel = false,
	hint,
	field,
	value,
	onChange,
	problems,
	maxLength,
	rows = 0,
	testId,
	groupTestId,
	languageName,
	className,
	languageClassName,
}: {
	label: string;
	/** The section's heading already says it: the label is for screen readers only. */
	hideLabel?: boolean | undefined;
	hint?: string | undefined;
	/** The field's path in the request (`name`, `options.0.name`). */
	field: string;
	value: Record<LanguageCode, string>;
	onChange: (value: Record<LanguageCode, string>) => void;
	problems: Record<string, string>;
	maxLength: number;
	/** Lines of a multi-line text; 0 for one line. */
	rows?: number | undefined;
	/** Each box is `${testId}-${lang}`. */
	testId: string;
	groupTestId?: string | undefined;
	languageName: (lang: LanguageCode) => string;
	className: string;
	languageClassName: string;
}) {
	const ids = useId();
	return (
		<fieldset className={`field field--fieldset ${className}`} data-testid={groupTestId}>
			<legend className={hideLabel ? "visually-hidden" : "field__label"}>{label}</legend>
			{hint && <p className="field__hint">{hint}</p>}
			{SUPPORTED_LANGUAGES.map((lang) => {
				const id = `${ids}-${lang}`;
				const problem = problems[`${field}.${lang}`];
				const props = {
					id,
					className: "field__input",
					value: value[lang],
					maxLength,
					lang,
					"aria-invalid": problem ? true : undefined,
					"aria-describedby": problem ? `${id}-error` : undefined,
					"data-testid": `${testId}-${lang}`,
				};
				const change = (text: string) => onChange({ ...value, [lang]: text });
				return (
					<div key={lang} className={languageClassName}>
						<label className="field__hint" htmlFor={id}>
							{languageName(lang)}
						</label>
						{rows > 0 ? (
							<textarea {...props} rows={rows} onChange={(event) => change(event.target.value)} />
						) : (
							<input {...props} type="text" onChange={(event) => change(event.target.value)} />
						)}
						{problem && (
							<p id={`${id}-error`} className="field__error" role="alert" data-testid={`${testId}-${lang}-error`}>
								{problem}
							</p>
						)}
					</div>
				);
			})}
		</fieldset>
	);
}
