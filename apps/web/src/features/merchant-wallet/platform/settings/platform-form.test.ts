import { beforeAll, describe, expect, it } from "vitest";
import { loadStaffMessages } from "../../../../lib/i18n/messages";
import {
	bpsFromPercentText,
	checkSettings,
	commissionOn,
	percentTextFromBps,
	settingsDraftOf,
	settingsRequestOf,
} from "./platform-form";

// The terms' messages are the merchant area's (the platform guard loads them before a page shows).
beforeAll(() => loadStaffMessages("en"));

describe("the platform's terms as typed", () => {
	it("reads a percent as exact basis points, on the digits", () => {
		expect(bpsFromPercentText("2.5")).toBe(250);
		expect(bpsFromPercentText("2.55")).toBe(255);
		expect(bpsFromPercentText("0.07")).toBe(7);
		expect(bpsFromPercentText("50")).toBe(5000);
		expect(bpsFromPercentText(" 1,5 ")).toBe(150);
		// 0.29 × 100 is 28.999999999999996 in floating point: the digits are read instead.
		expect(bpsFromPercentText("0.29")).toBe(29);
		expect(bpsFromPercentText("")).toBeNull();
		expect(bpsFromPercentText("2.555")).toBeNaN();
		expect(bpsFromPercentText("-1")).toBeNaN();
		expect(bpsFromPercentText("abc")).toBeNaN();
	});

	it("shows basis points as the shortest exact percent", () => {
		expect(percentTextFromBps(250)).toBe("2.5");
		expect(percentTextFromBps(205)).toBe("2.05");
		expect(percentTextFromBps(5000)).toBe("50");
		expect(percentTextFromBps(0)).toBe("0");
		expect(percentTextFromBps(7)).toBe("0.07");
		for (const bps of [0, 1, 29, 99, 100, 101, 250, 1234, 5000])
			expect(bpsFromPercentText(percentTextFromBps(bps))).toBe(bps);
	});

	it("turns the server's terms into the form and back without a cent lost", () => {
		const draft = settingsDraftOf({ commissionBps: 250, holdHours: 24, minimumWithdrawal: 1000 }, 2);
		expect(draft).toEqual({ commission: "2.5", holdHours: "24", minimum: "10.00" });
		expect(settingsRequestOf({ commission: "2.5", holdHours: "48", minimum: "12.34" }, 2)).toEqual({
			commissionBps: 250,
			holdHours: 48,
			minimumWithdrawal: 1234,
		});
		expect(settingsRequestOf({ commission: "0", holdHours: "0", minimum: "5000" }, 0)).toEqual({
			commissionBps: 0,
			holdHours: 0,
			minimumWithdrawal: 5000,
		});
	});

	it("refuses what the contract refuses, each under its field in the server's words", () => {
		const checked = checkSettings({ commission: "50.01", holdHours: "721", minimum: "0" }, 2, "en");
		expect(checked.problems).toEqual({
			commissionBps: "The commission must be 0% to 50%",
			holdHours: "The hold must be 0 to 720 hours",
			minimumWithdrawal: "Enter a valid minimum withdrawal",
		});
		expect(checkSettings({ commission: "2.555", holdHours: "", minimum: "1.234" }, 2, "en").problems).toEqual({
			commissionBps: "The commission must be 0% to 50%",
			holdHours: "The hold must be 0 to 720 hours",
			minimumWithdrawal: "Enter a valid minimum withdrawal",
		});
		expect(checkSettings({ commission: "50", holdHours: "720", minimum: "0.01" }, 2, "en").input).toEqual({
			commissionBps: 5000,
			holdHours: 720,
			minimumWithdrawal: 1,
		});
	});

	it("previews the commission as the server takes it", () => {
		expect(commissionOn(10_000, 250)).toBe(250);
		expect(commissionOn(999, 250)).toBe(25);
		expect(commissionOn(10_000, 0)).toBe(0);
	});
});
