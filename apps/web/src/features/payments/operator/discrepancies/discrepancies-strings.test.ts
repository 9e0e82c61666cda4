import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../../../test/catalog";
import { discrepancyStrings } from "./discrepancies-strings";

describe("the payment differences page's texts", () => {
	const catalog: Record<string, Record<string, string>> = discrepancyStrings.catalog;
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) =>
		expectSameKeysAsChinese(catalog, lang),
	);

	it("fills placeholders and reads an unknown language in Chinese", () => {
		expect(discrepancyStrings.text("en", "resolve.title", { id: 12 })).toBe("Resolve difference #12");
		expect(discrepancyStrings.text("xx", "tab.open")).toBe("待处理");
	});
});
