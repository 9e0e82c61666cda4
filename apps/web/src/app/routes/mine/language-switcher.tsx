import type { LanguageItem } from "@bayon/contract";
import { useState } from "react";
import { useI18n } from "../../../lib/i18n";
import { chooseLanguage, FALLBACK_LANGUAGES } from "../../../lib/i18n/language";
import { useAppState } from "../../../lib/store";
import { CheckIcon, GlobeIcon } from "../../../ui/icons";

/** The language list from the server; picking one sets the manual flag and retranslates. */
export function LanguageSwitcher() {
	const { t } = useI18n();
	const languages = useAppState((s) => s.languages);
	const current = useAppState((s) => s.language.code);
	const [switching, setSwitching] = useState<string | null>(null);
	const options: LanguageItem[] = languages.length > 0 ? languages : FALLBACK_LANGUAGES;

	const pick = async (item: LanguageItem) => {
		if (item.code === current) return;
		setSwitching(item.code);
		try {
			await chooseLanguage(item);
		} finally {
			setSwitching(null);
		}
	};

	return (
		<fieldset className="card section language-fieldset">
			<legend className="section__title">
				<GlobeIcon className="section__title-icon" />
				{t("mine.language")}
			</legend>
			<div className="language-switcher" data-testid="language-switcher">
				{options.map((item) => {
					const selected = item.code === current;
					return (
						<label
							key={item.code}
							lang={item.code}
							className={`language-switcher__option${selected ? " is-selected" : ""}`}
						>
							<input
								type="radio"
								name="language"
								value={item.code}
								className="visually-hidden"
								checked={selected}
								disabled={switching !== null}
								onChange={() => void pick(item)}
								data-testid={`language-${item.code}`}
							/>
							<span>{item.name}</span>
							{selected && <CheckIcon className="language-switcher__check" />}
						</label>
					);
				})}
			</div>
		</fieldset>
	);
}
