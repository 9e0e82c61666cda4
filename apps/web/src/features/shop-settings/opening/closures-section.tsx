import { CLOSURE_LABEL_MAX_LENGTH, type ShopSettings } from "@bayon/contract";
import { PlusIcon } from "../../../ui/icons";
import { LocalizedTextFields } from "../../../ui/localized-fields";
import { DateField } from "../pickers";
import { type EditorProps, FieldError, LANGS, RemoveButton, Section } from "../settings-fields";
import { shopToday } from "../shop-time";
import { useShopSettingsText } from "../strings";

/** Days the shop is closed (holidays), each with its label in the three languages. */
export function ClosuresSection({ draft, change, errorOf, timezone }: EditorProps & { timezone: string }) {
	const { st, m } = useShopSettingsText();
	const setClosure = (index: number, patch: Partial<ShopSettings["closures"][number]>) =>
		change({ closures: draft.closures.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
	// The shared three-language boxes take their problems as texts keyed by path.
	const labelProblems = (index: number) => {
		const problems: Record<string, string> = {};
		for (const lang of LANGS) {
			const path = `closures.${index}.label.${lang}`;
			const error = errorOf(path);
			if (error) problems[path] = m(error, { field: "" });
		}
		return problems;
	};
	return (
		<Section title={st("section.closures")} testId="closures-section">
			{draft.closures.length === 0 && <p className="field__hint">{st("closures.empty")}</p>}
			{draft.closures.map((closure, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: closures are edited in place; their place in the list is who they are
				<div key={index} className="closure" data-testid={`closure-${index}`}>
					<div className="shop-settings__row">
						<DateField
							value={closure.startsOn}
							onChange={(startsOn) => setClosure(index, { startsOn })}
							label={st("closures.from")}
							testId={`closure-${index}-from`}
						/>
						<span aria-hidden="true">–</span>
						<DateField
							value={closure.endsOn}
							onChange={(endsOn) => setClosure(index, { endsOn })}
							label={st("closures.to")}
							invalid={Boolean(errorOf(`closures.${index}.endsOn`))}
							testId={`closure-${index}-to`}
						/>
						<RemoveButton onClick={() => change({ closures: draft.closures.filter((_, i) => i !== index) })} />
					</div>
					<FieldError error={errorOf(`closures.${index}.endsOn`)} testId={`closure-${index}-error`} />
					<LocalizedTextFields
						label={st("closures.label")}
						field={`closures.${index}.label`}
						value={closure.label}
						onChange={(label) => setClosure(index, { label })}
						problems={labelProblems(index)}
						maxLength={CLOSURE_LABEL_MAX_LENGTH}
						testId={`closure-${index}-label`}
						groupTestId={`closure-${index}-labels`}
						languageName={(lang) => st(`info.lang.${lang}`)}
						className="closure__languages"
						languageClassName="closure__language"
					/>
				</div>
			))}
			<button
				type="button"
				className="text-button"
				onClick={() => {
					const today = shopToday(timezone);
					change({
						closures: [...draft.closures, { startsOn: today, endsOn: today, label: { "zh-CN": "", en: "", km: "" } }],
					});
				}}
				data-testid="closure-add"
			>
				<PlusIcon /> {st("closures.add")}
			</button>
		</Section>
	);
}
