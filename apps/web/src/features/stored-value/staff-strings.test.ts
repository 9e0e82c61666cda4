import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { staffVipStrings } from "../membership/staff-strings";
import { pluralKey, staffStoredValueStrings } from "./staff-strings";

describe("the merchant's stored-value and VIP card texts", () => {
	for (const [name, strings] of [
		["stored value", staffStoredValueStrings],
		["VIP cards", staffVipStrings],
	] as const) {
		const catalog: Record<string, Record<string, string>> = strings.catalog;
		it.each(["en", "km"])(`${name}: %s has exactly the keys of zh-CN, none empty, with the same placeholders`, (lang) =>
			expectSameKeysAsChinese(catalog, lang),
		);
	}

	it("picks the singular where the language has one, and reads an unknown language in Chinese", () => {
		expect(pluralKey("en", "sv.sold", 1)).toBe("sv.sold_one");
		expect(pluralKey("en", "sv.sold", 2)).toBe("sv.sold");
		expect(pluralKey("zh-CN", "counter.todayTotal", 1)).toBe("counter.todayTotal");
		expect(staffStoredValueStrings.text("en", "counter.payerValue", { name: "Dara", tail: "0002" })).toBe(
			"Dara · phone ending 0002",
		);
		expect(staffVipStrings.text("xx", "vip.freeDelivery")).toBe("免配送费");
	});
});
