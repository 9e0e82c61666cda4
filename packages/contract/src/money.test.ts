import { describe, expect, it } from "vitest";
import { formatMoney, formatPrice, formatSecondMoney } from "./money.js";

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

describe("second display currency", () => {
	const riel = { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" as const };
	const dollarsAndRiel = { ...usd, second: riel };

	it("shows the riel amount after the dollars, rounded to 100 riel with halves up", () => {
		// 2.50 × 4100 = 10,250 → 10,300 (the example the issue gives).
		expect(formatPrice(250, dollarsAndRiel)).toBe("$2.50 · 10,300៛");
		// 1.01 × 4100 = 4,141 → 4,100; 1.02 × 4100 = 4,182 → 4,200.
		expect(formatSecondMoney(101, dollarsAndRiel)).toBe("4,100៛");
		expect(formatSecondMoney(102, dollarsAndRiel)).toBe("4,200៛");
		// A cent is 41 riel: below half a step it rounds to nothing, at half a step up.
		expect(formatSecondMoney(1, dollarsAndRiel)).toBe("0៛");
		expect(formatSecondMoney(2, dollarsAndRiel)).toBe("100៛");
	});

	it("shows zero and negative amounts", () => {
		expect(formatPrice(0, dollarsAndRiel)).toBe("$0.00 · 0៛");
		expect(formatPrice(-250, dollarsAndRiel)).toBe("-$2.50 · -10,300៛");
		expect(formatSecondMoney(-1, dollarsAndRiel)).toBe("0៛");
	});

	it("stays exact for big amounts, beyond what a float multiplication keeps", () => {
		// $90,071,992,547,409.91 (the largest safe integer in cents) × 4100 riel.
		expect(formatSecondMoney(Number.MAX_SAFE_INTEGER, dollarsAndRiel)).toBe("369,295,169,444,380,600៛");
		expect(formatSecondMoney(123456789, dollarsAndRiel)).toBe("5,061,728,300៛");
	});

	it("puts the symbol where the owner chose and rounds to the chosen unit", () => {
		const before = { ...dollarsAndRiel, second: { ...riel, symbol: "KHR ", symbolPosition: "before" as const } };
		expect(formatPrice(250, before)).toBe("$2.50 · KHR 10,300");
		const toThousand = { ...dollarsAndRiel, second: { ...riel, roundTo: 1000 } };
		expect(formatSecondMoney(250, toThousand)).toBe("10,000៛");
		const exact = { ...dollarsAndRiel, second: { ...riel, roundTo: 1 } };
		expect(formatSecondMoney(250, exact)).toBe("10,250៛");
	});

	it("converts from a ledger without minor units", () => {
		const yen = { code: "JPY", symbol: "¥", decimals: 0, rate: 1, symbolPosition: "before" as const };
		const dong = { code: "VND", symbol: "₫", rate: 170, roundTo: 1000, symbolPosition: "after" as const };
		expect(formatPrice(1500, { ...yen, second: dong })).toBe("¥1,500 · 255,000₫");
	});

	it("shows only the shop's currency when there is no usable second one", () => {
		expect(formatPrice(250, usd)).toBe("$2.50");
		expect(formatPrice(250, { ...usd, second: null })).toBe("$2.50");
		expect(formatSecondMoney(250, usd)).toBeNull();
		expect(formatSecondMoney(250, { ...usd, second: { ...riel, rate: 0 } })).toBeNull();
		expect(formatSecondMoney(250, { ...usd, second: { ...riel, roundTo: 2.5 } })).toBeNull();
	});
});
