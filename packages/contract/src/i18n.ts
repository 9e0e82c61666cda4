/** Languages the product ships translations for. The list shown to users comes from the server. */
export const SUPPORTED_LANGUAGES = ["zh-CN", "en", "km"] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];

/** Spec §3: the fallback language is key zh-CN, label Chinese. */
export const DEFAULT_LANGUAGE: LanguageCode = "zh-CN";
export const DEFAULT_LANGUAGE_LABEL = "简体中文";

/** A piece of text stored in every language we ship; zh-CN is the one that must exist. */
export type Localized = Partial<Record<LanguageCode, string>> & { "zh-CN": string };

export function isSupportedLanguage(code: string): code is LanguageCode {
	return (SUPPORTED_LANGUAGES as readonly string[]).includes(code);
}

/**
 * Spec §4 steps 3–5: underscores become hyphens (iOS reports zh_CN), anything containing
 * "zh" becomes zh-CN, then the code is looked up in the available list (exactly, then by
 * its primary subtag: en-US finds en), falling back to zh-CN.
 */
export function resolveLanguage(
	raw: string | null | undefined,
	available: readonly string[] = SUPPORTED_LANGUAGES,
): string {
	if (!raw) return DEFAULT_LANGUAGE;
	let code = raw.trim().replace(/_/g, "-");
	if (code.toLowerCase().includes("zh")) code = "zh-CN";
	const exact = available.find((c) => c.toLowerCase() === code.toLowerCase());
	if (exact) return exact;
	const primary = code.split("-")[0]?.toLowerCase();
	const byPrimary = available.find((c) => c.split("-")[0]?.toLowerCase() === primary);
	return byPrimary ?? DEFAULT_LANGUAGE;
}

/** Picks the text for a language, falling back to zh-CN when a translation is missing. */
export function localize(text: Localized, lang: string): string {
	return (isSupportedLanguage(lang) ? text[lang] : undefined) || text["zh-CN"];
}

/** Text typed in three languages as stored: blanks left out, zh-CN always there. */
export function localizedFromInput(text: { "zh-CN": string; en?: string; km?: string }): Localized {
	const stored: Localized = { "zh-CN": text["zh-CN"] };
	if (text.en) stored.en = text.en;
	if (text.km) stored.km = text.km;
	return stored;
}
