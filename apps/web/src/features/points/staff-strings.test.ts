import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { pointsEarned } from "./staff-points-form";
import { pluralKey, staffPointsStrings } from "./staff-strings";

describe("the merchant's points texts", () => {
	const catalog: Record<string, Record<string, string>> = staffPointsStrings.catalog;
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) =>
		expectSameKeysAsChinese(catalog, lang),
	);

	it("picks the singular where the language has one, and reads an unknown language in Chinese", () => {
		expect(pluralKey("en", "red.points", 1)).toBe("red.points_one");
		expect(pluralKey("en", "red.points", 2)).toBe("red.points");
		expect(pluralKey("km", "red.points", 1)).toBe("red.points");
		expect(staffPointsStrings.text("xx", "red.handOver")).toBe("交付");
	});

	it("previews the points an order earns as decision 022 counts them, rounded down", () => {
		expect(pointsEarned(1000, 10, 2)).toBe(100);
		expect(pointsEarned(1999, 1, 2)).toBe(19);
		expect(pointsEarned(5000, 3, 0)).toBe(15000);
	});
});
