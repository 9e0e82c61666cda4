import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { couponPluralKey, staffCouponStrings } from "./staff-strings";

describe("the merchant's coupon texts", () => {
	const catalog: Record<string, Record<string, string>> = staffCouponStrings.catalog;
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) =>
		expectSameKeysAsChinese(catalog, lang),
	);

	it("picks the singular where the language has one, and reads an unknown language in Chinese", () => {
		expect(couponPluralKey("en", "validity.days", 1)).toBe("validity.days_one");
		expect(couponPluralKey("en", "validity.days", 7)).toBe("validity.days");
		expect(couponPluralKey("km", "validity.days", 1)).toBe("validity.days");
		expect(staffCouponStrings.text("en", "gives.amountOffFrom", { amount: "$3.00", threshold: "$15.00" })).toBe(
			"$3.00 off from $15.00",
		);
		expect(staffCouponStrings.text("xx", "gives.freeDelivery")).toBe("免配送费");
	});
});
