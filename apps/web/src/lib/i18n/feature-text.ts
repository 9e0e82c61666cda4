import { useCallback } from "react";
import { useI18n } from "./index";

type Params = Record<string, string | number>;
export type FeatureText<K extends string> = (lang: string, key: K, params?: Params) => string;

/**
 * A feature's own texts, kept beside its screens so they download only with them (the merchant
 * area, the menu editor). `{{name}}` placeholders are filled from params; a language the
 * feature has no texts for reads zh-CN.
 */
export function featureText<K extends string>(
	strings: Record<string, Record<K, string>>,
	zhCN: Record<K, string>,
): FeatureText<K> {
	return (lang, key, params) => {
		const value = (strings[lang] ?? zhCN)[key];
		return params ? value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? "")) : value;
	};
}

/** `tx(key)` in the current language, with the shared messages (`m`) and UI texts (`t`). */
export function useFeatureText<K extends string>(text: FeatureText<K>) {
	const { lang, m, t } = useI18n();
	const tx = useCallback((key: K, params?: Params) => text(lang, key, params), [lang, text]);
	return { tx, m, t, lang };
}
