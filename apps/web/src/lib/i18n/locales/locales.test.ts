import { describe, expect, it } from "vitest";
import en from "./en";
import km from "./km";
import zhCN from "./zh-CN";

const PLURAL_FORM = /^(.+)_(zero|one|two|few|many)$/;
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
const counted = Object.keys(zhCN).filter((key) => zhCN[key as keyof typeof zhCN].includes("{{count}}"));

/** The plural categories a language needs besides "other" (the key itself), by CLDR. */
const categoriesOf = (lang: string) =>
	new Intl.PluralRules(lang).resolvedOptions().pluralCategories.filter((category) => category !== "other");

describe("UI translations", () => {
	const source = Object.keys(zhCN).sort();
	const locales = [
		["zh-CN", zhCN],
		["en", en],
		["km", km],
	] as const;

	it.each(locales)("%s has exactly the keys of zh-CN, besides plural forms", (_, locale) => {
		expect(
			Object.keys(locale)
				.filter((key) => !PLURAL_FORM.test(key))
				.sort(),
		).toEqual(source);
	});

	it.each(locales)("%s has no empty text and keeps every {{placeholder}}", (_, locale) => {
		for (const [key, text] of Object.entries(locale)) {
			const base = key.match(PLURAL_FORM)?.[1] ?? key;
			expect(text.trim(), key).not.toBe("");
			expect(placeholders(text), key).toEqual(placeholders(zhCN[base as keyof typeof zhCN]));
		}
	});

	it.each(locales)(
		"%s has each plural form its language needs for every counted text, and no others",
		(lang, locale) => {
			const needed = counted.flatMap((key) => categoriesOf(lang).map((category) => `${key}_${category}`)).sort();
			expect(
				Object.keys(locale)
					.filter((key) => PLURAL_FORM.test(key))
					.sort(),
			).toEqual(needed);
		},
	);

	it("English says 1 item, not 1 items", () => {
		expect(counted).toEqual(
			expect.arrayContaining(["orders.itemsTotal", "orders.ahead", "table.seats", "bill.diners"]),
		);
		expect(en["orders.itemsTotal_one"]).toBe("{{count}} item");
	});
});
