import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../../../test/catalog";
import { railSettingsStrings } from "./rail-settings-strings";

describe("the payment rails page's texts", () => {
	const catalog: Record<string, Record<string, string>> = railSettingsStrings.catalog;
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) =>
		expectSameKeysAsChinese(catalog, lang),
	);

	it("fills placeholders", () => {
		expect(railSettingsStrings.text("en", "stored", { last4: "1a2b" })).toBe("Stored •••• 1a2b");
	});
});
