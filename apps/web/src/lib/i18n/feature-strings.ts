import { type FeatureText, featureText, useFeatureText } from "./feature-text";

export interface FeatureStrings<Key extends string> {
	catalog: { "zh-CN": Record<Key, string>; en: Record<Key, string>; km: Record<Key, string> };
	text: FeatureText<Key>;
}

/**
 * A feature's texts together with their catalogue (for its strings test): zh-CN is the source;
 * en and km must have exactly its keys. The lookup is `featureText`'s.
 */
export function featureStrings<Key extends string>(catalog: FeatureStrings<Key>["catalog"]): FeatureStrings<Key> {
	return { catalog, text: featureText<Key>(catalog, catalog["zh-CN"]) };
}

/** `ft(key)` of a feature's texts in the current language, with the app's `t` and `m` alongside. */
export function useFeatureStrings<Key extends string>(strings: FeatureStrings<Key>) {
	const { tx, ...rest } = useFeatureText(strings.text);
	return { ft: tx, ...rest };
}
