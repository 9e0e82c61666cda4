import { describe, expect, it } from "vitest";
import { formatMoney } from "./money.js";

const usd = { code: "USD", symbol: "$", decimals: 2, rate: 1, symbolPosition: "before" as const };

describe("formatMoney", () => {
	it("shows minor units as major units with the symbol before", () => {
		expect(formatMoney(250, usd)).toBe("$2.50");
		expect(formatMoney(0, usd)).toBe("$0.00");
		expect(formatMoney(-125, usd)).toBe("-$1.25");
		expect(formatMoney(123456789, usd)).toBe("$1,234,567.89");
		expect(formatMoney(100000, usd)).toBe("$1,000.00");
	});

	it("applies the display rate and puts the symbol after when asked", () => {
		const riel = { code: "KHR", symbol: "៛", decimals: 2, rate: 4100, symbolPosition: "after" as const };
		expect(formatMoney(250, riel)).toBe("10,250.00៛");
	});

	it("shows currencies without minor units without decimals", () => {
		expect(formatMoney(15000, { code: "KHR", symbol: "៛", decimals: 0, rate: 1, symbolPosition: "after" })).toBe(
			"15,000៛",
		);
	});
});
