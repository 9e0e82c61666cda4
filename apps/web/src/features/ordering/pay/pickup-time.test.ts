import { fromLocalMoment } from "@bayon/contract/shop-clock";
import { describe, expect, it } from "vitest";
import { checkPickupTime, parseClock, shopLocalNow, withinWindows } from "./pickup-time";

const PP = "Asia/Phnom_Penh";
const hours = [{ opensAt: "08:00:00", closesAt: "22:00:00" }];
const noon = new Date("2026-11-20T05:00:00Z"); // 12:00 in Phnom Penh

describe("pickup time", () => {
	it("reads the shop's clock", () => {
		expect(shopLocalNow(PP, noon)).toEqual({ date: "2026-11-20", minutes: 12 * 60 });
		expect(fromLocalMoment("2026-11-20", 13 * 60 + 30, PP).toISOString()).toBe("2026-11-20T06:30:00.000Z");
	});

	it("parses HH:MM", () => {
		expect(parseClock("08:05")).toBe(485);
		expect(parseClock("24:00")).toBeNull();
		expect(parseClock("")).toBeNull();
	});

	it("accepts a later time today within hours", () => {
		expect(checkPickupTime("13:30", { timeZone: PP, windows: hours, now: noon })).toEqual({
			ok: true,
			iso: "2026-11-20T06:30:00.000Z",
		});
	});

	it("refuses a past or empty time with 'choose correct time'", () => {
		expect(checkPickupTime("11:00", { timeZone: PP, windows: hours, now: noon })).toEqual({
			ok: false,
			message: "chooseCorrectTime",
		});
		expect(checkPickupTime("", { timeZone: PP, windows: hours, now: noon })).toMatchObject({
			message: "chooseCorrectTime",
		});
	});

	it("refuses a time outside opening hours", () => {
		expect(checkPickupTime("22:30", { timeZone: PP, windows: hours, now: noon })).toEqual({
			ok: false,
			message: "outsideOpeningHours",
		});
	});

	it("treats a window past midnight as open until the end of today", () => {
		expect(withinWindows(23 * 60, [{ opensAt: "17:00", closesAt: "01:00" }])).toBe(true);
		expect(withinWindows(16 * 60, [{ opensAt: "17:00", closesAt: "01:00" }])).toBe(false);
	});
});
