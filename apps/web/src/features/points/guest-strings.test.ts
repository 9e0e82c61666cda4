import { type PointsEntryKind, REDEMPTION_STATUSES } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { pointsPluralKey, pointsStrings } from "./guest-strings";

describe("the member's points texts", () => {
	const catalog: Record<string, Record<string, string>> = pointsStrings.catalog;

	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) => {
		expectSameKeysAsChinese(catalog, lang);
	});

	it("names every ledger kind and every redemption state of the contract", () => {
		const kinds = Object.keys({
			orderEarned: true,
			orderReversed: true,
			redeemed: true,
			redemptionReturned: true,
		} satisfies Record<PointsEntryKind, true>);
		for (const lang of ["zh-CN", "en", "km"]) {
			for (const kind of kinds) expect(catalog[lang]?.[`kind.${kind}`], kind).toBeTruthy();
			for (const status of REDEMPTION_STATUSES) expect(catalog[lang]?.[`tab.${status}`], status).toBeTruthy();
		}
	});

	it("uses the singular where the language says one", () => {
		expect(pointsPluralKey("en", "unit.points", 1)).toBe("unit.points_one");
		expect(pointsPluralKey("en", "unit.points", 0)).toBe("unit.points");
		expect(pointsPluralKey("km", "unit.points", 1)).toBe("unit.points");
		expect(pointsStrings.text("en", pointsPluralKey("en", "unit.points", 1), { count: 1 })).toBe("1 point");
	});
});
