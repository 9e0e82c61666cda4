import { RESERVATION_STATUSES, RESERVATION_TAB_OF, ReservationStatusCode } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import {
	type BookingDraft,
	bookingDays,
	dayParts,
	GUEST_TABS,
	groupSlots,
	listedUnder,
	tabFromQuery,
	validateBooking,
} from "./guest-booking";
import { guestStrings, pluralKey } from "./guest-strings";

const filled: BookingDraft = {
	shopId: 1,
	startsAt: "2026-11-24T12:00:00.000Z",
	party: 2,
	name: "Dara",
	phone: "13800000002",
	occasion: null,
	areaPreference: null,
	otherAreaAccepted: false,
	note: "",
	preorder: [],
	preorderPay: "atTable",
	agreed: true,
};

describe("the booking form's rules (the contract's CreateReservationInput)", () => {
	it("accepts a filled form and sends a pre-order only when it has lines", () => {
		const result = validateBooking(filled);
		expect(result.ok && result.input.preorder).toBeNull();
		const withDish = validateBooking({
			...filled,
			preorder: [
				{ key: "5:11", itemId: 5, name: "tea", optionIds: [11], optionNames: ["M"], unitPrice: 275, quantity: 2 },
			],
			preorderPay: "now",
		});
		expect(withDish.ok && withDish.input.preorder).toEqual({
			lines: [{ itemId: 5, quantity: 2, optionIds: [11], seenUnitPrice: 275 }],
			pay: "now",
		});
	});

	it("reports each spec message at its own field", () => {
		const result = validateBooking({ ...filled, startsAt: null, party: null, name: "  ", phone: "", agreed: false });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.problems).toEqual({
			startsAt: "selectReservationTime",
			party: "selectDiners",
			name: "fillName",
			phone: "fillPhone",
			agreed: "tickAgreement",
		});
	});

	it("tells a wrong phone from a missing one, and a long name or note", () => {
		const result = validateBooking({ ...filled, phone: "12345", name: "x".repeat(31), note: "n".repeat(201) });
		expect(!result.ok && result.problems).toEqual({
			phone: "phoneFormat",
			name: "nameTooLong",
			note: "reservationNoteTooLong",
		});
	});
});

describe("days of the strip", () => {
	it("lists every local day from the first to the last, across a month's end", () => {
		expect(bookingDays("2026-11-29", "2026-12-02")).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]);
		expect(bookingDays("2026-11-29", "2026-11-28")).toEqual([]);
		expect(dayParts("2026-11-24")).toEqual({ weekday: 2, day: 24, month: 11 });
	});
});

describe("slots by part of the day", () => {
	it("groups in the server's order; after midnight stays with the evening", () => {
		const slots = ["10:45", "11:00", "13:45", "14:00", "17:00", "23:45", "00:30"].map((time) => ({ time }));
		expect(groupSlots(slots).map((group) => [group.period, group.slots.map((slot) => slot.time)])).toEqual([
			["morning", ["10:45"]],
			["noon", ["11:00", "13:45"]],
			["afternoon", ["14:00"]],
			["evening", ["17:00", "23:45", "00:30"]],
		]);
	});
});

describe("my reservations' tabs", () => {
	it("are the spec's codes in its order: all −1, waiting 0, cancelled 1, completed 3", () => {
		expect(GUEST_TABS.map((entry) => entry.tab)).toEqual([-1, 0, 1, 3]);
		expect(tabFromQuery(null)).toBe(-1);
		expect(tabFromQuery("3")).toBe(3);
		expect(tabFromQuery("2")).toBe(-1);
		expect(tabFromQuery("12")).toBe(-1);
		expect(tabFromQuery("")).toBe(-1);
	});

	it("lists each status under all and its nearest tab only", () => {
		for (const status of RESERVATION_STATUSES) {
			const under = GUEST_TABS.filter((entry) => listedUnder(status, entry.tab)).map((entry) => entry.tab);
			expect(under, status).toEqual([ReservationStatusCode.All, RESERVATION_TAB_OF[status]]);
		}
		expect(listedUnder("confirmed", 0)).toBe(true);
		expect(listedUnder("no_show", 1)).toBe(true);
		expect(listedUnder("completed", 0)).toBe(false);
	});
});

describe("guest texts", () => {
	const source = Object.keys(guestStrings.catalog["zh-CN"]).sort();
	const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
	it.each(["en", "km"] as const)("%s has exactly the keys of zh-CN, none empty, same placeholders", (lang) => {
		const catalog: Record<string, string> = guestStrings.catalog[lang];
		expect(Object.keys(catalog).sort()).toEqual(source);
		for (const [key, text] of Object.entries(catalog)) {
			expect(text.trim(), key).not.toBe("");
			expect(placeholders(text), key).toEqual(
				placeholders((guestStrings.catalog["zh-CN"] as Record<string, string>)[key] ?? ""),
			);
		}
	});

	it("names every status in every language", () => {
		for (const lang of ["zh-CN", "en", "km"] as const)
			for (const status of RESERVATION_STATUSES) expect(guestStrings.catalog[lang][`status.${status}`]).toBeTruthy();
	});

	it("uses the singular where the language's rule says one", () => {
		expect(guestStrings.text("en", pluralKey("en", "party.count", 1), { count: 1 })).toBe("1 guest");
		expect(guestStrings.text("en", pluralKey("en", "party.count", 4), { count: 4 })).toBe("4 guests");
		expect(guestStrings.text("zh-CN", pluralKey("zh-CN", "party.count", 1), { count: 1 })).toBe("1 人");
	});
});
