import { LocalizedTextFields } from "../../ui/localized-fields";
import type { FieldProblems, LocalizedDraft } from "./menu-form";
import { useMenuAdminText } from "./strings";

/**
 * One text in the three languages the product ships (the shared ui/localized-fields), with the
 * menu editor's language names and layout.
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
	return (
		<LocalizedTextFields
			label={label}
			field={field}
			value={value}
			onChange={onChange}
			problems={problems}
			maxLength={maxLength}
			rows={multiline ? 2 : 0}
			testId={testId}
			languageName={(lang) => at(`field.lang.${lang}`)}
			className="menu-admin__languages"
			languageClassName="menu-admin__language"
		/>
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
