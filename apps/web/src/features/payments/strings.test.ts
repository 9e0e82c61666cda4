import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { paymentStrings } from "./strings";

describe("the payment pages' texts", () => {
	const catalog: Record<string, Record<string, string>> = paymentStrings.catalog;

	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) =>
		expectSameKeysAsChinese(catalog, lang),
	);

	it("names, for every rail, how to scan its code and how to open its app", () => {
		for (const lang of ["zh-CN", "en", "km"])
			for (const rail of ["khqr", "wechat", "alipay", "sandbox"]) {
				expect(catalog[lang]?.[`checkout.scan.${rail}`], `${lang} scan ${rail}`).toBeTruthy();
				expect(catalog[lang]?.[`checkout.open.${rail}`], `${lang} open ${rail}`).toBeTruthy();
			}
		expect(paymentStrings.text("en", "checkout.expiresIn", { time: "4:59" })).toBe("The code expires in 4:59");
	});
});
