import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { counterStrings } from "./strings";

describe("the counter's texts", () => {
	const catalog: Record<string, Record<string, string>> = counterStrings.catalog;

	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) =>
		expectSameKeysAsChinese(catalog, lang),
	);

	it("names every method the till lists, in every language", () => {
		for (const lang of ["zh-CN", "en", "km"])
			for (const method of ["cash", "card_terminal", "balance", "cash_second"])
				expect(catalog[lang]?.[`method.${method}`], `${lang} ${method}`).toBeTruthy();
		expect(counterStrings.text("en", "take.receipt", { no: "20261206-0007" })).toBe("Receipt 20261206-0007");
	});
});
