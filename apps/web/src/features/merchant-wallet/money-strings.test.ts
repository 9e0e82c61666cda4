import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { moneyStrings } from "./money-strings";

describe("the owner's withdrawal-account and withdrawal texts", () => {
	const catalog: Record<string, Record<string, string>> = moneyStrings.catalog;
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) =>
		expectSameKeysAsChinese(catalog, lang),
	);

	it("fills placeholders, and reads an unknown language in Chinese", () => {
		expect(moneyStrings.text("en", "code.resendIn", { seconds: 42 })).toBe("Resend in 42 s");
		expect(moneyStrings.text("km", "cash.arrives", { days: 10 })).toContain("10");
		expect(moneyStrings.text("xx", "cards.inUse")).toBe("提现处理中");
	});
});
