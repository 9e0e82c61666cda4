import { expect } from "vitest";

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/**
 * A feature's texts in `lang` have exactly the keys of the Chinese source, none empty, each
 * with the same `{{placeholders}}` as its Chinese text.
 */
export function expectSameKeysAsChinese(catalog: Record<string, Record<string, string>>, lang: string): void {
	const source = catalog["zh-CN"] ?? {};
	const texts = catalog[lang] ?? {};
	expect(Object.keys(texts).sort()).toEqual(Object.keys(source).sort());
	for (const [key, text] of Object.entries(texts)) {
		expect(text.trim(), `${lang} ${key}`).not.toBe("");
		expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(source[key] ?? ""));
	}
}
