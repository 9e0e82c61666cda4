import { RESERVATION_OCCASIONS, RESERVATION_STATUSES } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { expectSameKeysAsChinese } from "../../test/catalog";
import { staffReservationStrings, staffReservationText } from "./staff-strings";

describe("the merchant's reservation texts", () => {
	const catalog: Record<string, Record<string, string>> = staffReservationStrings.catalog;

	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty, with the same placeholders", (lang) => {
		expectSameKeysAsChinese(catalog, lang);
	});

	it("names every status and occasion of the contract, and seven weekdays", () => {
		for (const lang of ["zh-CN", "en", "km"]) {
			for (const status of RESERVATION_STATUSES) expect(catalog[lang]?.[`status.${status}`], status).toBeTruthy();
			for (const occasion of RESERVATION_OCCASIONS) expect(catalog[lang]?.[`occasion.${occasion}`]).toBeTruthy();
			expect(catalog[lang]?.weekdays?.split(",")).toHaveLength(7);
		}
	});

	it("fills placeholders and falls back to Chinese for an unknown language", () => {
		expect(staffReservationText("en", "card.party", { count: 4 })).toBe("4 guests");
		expect(staffReservationText("xx", "status.no_show")).toBe("未到店");
	});
});
