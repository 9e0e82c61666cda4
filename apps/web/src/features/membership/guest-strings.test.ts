import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { discountStrings } from "./guest-discount-strings";
import { pointsMultiplier } from "./guest-format";
import { cardPluralKey, cardStrings } from "./guest-strings";

describe("the member's card texts", () => {
	it.each([
		["card pages", cardStrings.catalog],
		["price lines", discountStrings.catalog],
	] as const)("%s: en and km have exactly the keys of zh-CN, none empty, with the same placeholders", (_, catalog) => {
		for (const lang of ["en", "km"]) expectSameKeysAsChinese(catalog, lang);
	});

	it("chooses the singular where the language says one, and fills placeholders", () => {
		expect(cardStrings.text("en", cardPluralKey("en", "unit.days", 1), { count: 1 })).toBe("1 day");
		expect(cardStrings.text("en", cardPluralKey("en", "unit.days", 30), { count: 30 })).toBe("30 days");
		expect(cardStrings.text("xx", "status.expired")).toBe("已过期");
	});

	it("writes a points multiplier as people do", () => {
		expect(pointsMultiplier(200)).toBe("2");
		expect(pointsMultiplier(150)).toBe("1.5");
		expect(pointsMultiplier(125)).toBe("1.25");
	});
});
