import { BILL_DIRECTIONS, BILL_ENTRY_KINDS } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { pluralKey, storedValueStrings } from "./guest-strings";

describe("the member's stored-value texts", () => {
	const catalog: Record<string, Record<string, string>> = storedValueStrings.catalog;

	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) => {
		expectSameKeysAsChinese(catalog, lang);
	});

	it("names every kind of bill entry and every tab of the contract", () => {
		for (const lang of ["zh-CN", "en", "km"]) {
			for (const kind of BILL_ENTRY_KINDS) expect(catalog[lang]?.[`kind.${kind}`], kind).toBeTruthy();
			for (const direction of BILL_DIRECTIONS) expect(catalog[lang]?.[`tab.${direction}`], direction).toBeTruthy();
		}
	});

	it("uses the singular where the language says one", () => {
		expect(pluralKey("en", "code.expiresIn", 1)).toBe("code.expiresIn_one");
		expect(pluralKey("en", "code.expiresIn", 2)).toBe("code.expiresIn");
		expect(storedValueStrings.text("en", pluralKey("en", "code.expiresIn", 1), { count: 1 })).toBe(
			"Refreshes in 1 second",
		);
	});
});
