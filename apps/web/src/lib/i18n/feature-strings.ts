import { useCallback } from "react";
import { useI18n } from "./index";

type Params = Record<string, string | number>;

export interface FeatureStrings<Key extends string> {
	catalog: { "zh-CN": Record<Key, string>; en: Record<Key, string>; km: Record<Key, string> };
	text(lang: string, key: Key, params?: Params): string;
}

/**
 * Texts of one feature, kept with its screens so they download only with them (customers never
 * load the merchant area's). zh-CN is the source; en and km must have exactly its keys (each
 * feature's strings test checks it). `{{name}}` placeholders are filled from params.
 */
export function featureStrings<Key extends string>(catalog: FeatureStrings<Key>["catalog"]): FeatureStrings<Key> {
	const byLanguage: Record<string, Record<Key, string>> = catalog;
	return {
		catalog,
		text(lang, key, params) {
			const value = (byLanguage[lang] ?? catalog["zh-CN"])[key];
			return params ? value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? "")) : value;
		},
	};
}

/** `ft(key)` of a feature's texts in the current language, with the app's `t` and `m` alongside. */
export function useFeatureText<Key extends string>(strings: FeatureStrings<Key>) {
	const { lang, m, t } = useI18n();
	const ft = useCallback((key: Key, params?: Params) => strings.text(lang, key, params), [strings, lang]);
	return { ft, m, t, lang };
}
