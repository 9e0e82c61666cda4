import { useId } from "react";
import { type FieldProblems, LANGUAGES, type LocalizedDraft } from "../menu-form";
import { useMenuAdminText } from "../strings";

/**
 * One text in the three languages the product ships: Chinese first (required: every other
 * language falls back to it), then English and Khmer. Each box shows its own problem.
 */
export function LocalizedFields({
	label,
	field,
	value,
	onChange,
	problems,
	multiline = false,
	maxLength,
	testId,
}: {
	label: string;
	/** The field's path in the request (`name`, `options.0.name`): problems are keyed by it. */
	field: string;
	value: LocalizedDraft;
	onChange: (value: LocalizedDraft) => void;
	problems: FieldProblems;
	multiline?: boolean;
	maxLength: number;
	testId: string;
}) {
	const { at } = useMenuAdminText();
	const ids = useId();
	return (
		<fieldset className="field field--fieldset menu-admin__languages">
			<legend className="field__label">{label}</legend>
			{LANGUAGES.map((lang) => {
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
					<div key={lang} className="menu-admin__language">
						<label className="field__hint" htmlFor={id}>
							{at(`field.lang.${lang}`)}
						</label>
						{multiline ? (
							<textarea {...props} rows={2} onChange={(event) => change(event.target.value)} />
						) : (
							<input {...props} type="text" onChange={(event) => change(event.target.value)} />
						)}
						{problem && (
							<p id={`${id}-error`} className="field__error" role="alert">
								{problem}
							</p>
						)}
					</div>
				);
			})}
		</fieldset>
	);
}

/** A problem line under a field, or nothing. */
export function FieldProblem({ problems, field, id }: { problems: FieldProblems; field: string; id?: string }) {
	const problem = problems[field];
	return problem ? (
		<p id={id} className="field__error" role="alert" data-testid={`problem-${field}`}>
			{problem}
		</p>
	) : null;
}
