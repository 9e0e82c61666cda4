import { useCallback } from "react";
import { useI18n } from "./index";

type Params = Record<string, string | number>;
type TextOf<Key extends string> = (lang: string, key: Key, params?: Params) => string;

/**
 * Texts a feature keeps beside its screens (the merchant area, the staff's tables) instead of
 * the app's locale files, so customers never download them: zh-CN is the source and the
 * fallback, `{{name}}` placeholders are filled from params.
 */
export function featureText<Key extends string>(
	strings: Record<string, Record<Key, string>>,
	source: Record<Key, string>,
): TextOf<Key> {
	return (lang, key, params) => {
		const found = (strings[lang] ?? source)[key];
		return params ? found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? "")) : found;
	};
}

/** A feature's `text` in the current language, plus the app's own `m`, `t` and `lang`. */
export function useFeatureText<Key extends string>(text: TextOf<Key>) {
	const { lang, m, t } = useI18n();
	const x = useCallback((key: Key, params?: Params) => text(lang, key, params), [lang, text]);
	return { x, m, t, lang };
}
