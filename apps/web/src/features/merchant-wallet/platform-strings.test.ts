import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { platformStrings } from "./platform-strings";

describe("the platform pages' texts", () => {
	const catalog: Record<string, Record<string, string>> = platformStrings.catalog;
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) =>
		expectSameKeysAsChinese(catalog, lang),
	);

	it("fills placeholders and reads an unknown language in Chinese", () => {
		expect(platformStrings.text("en", "review.detail", { id: 12 })).toBe("Withdrawal #12");
		expect(platformStrings.text("xx", "review.approve")).toBe("审核通过");
	});
});
