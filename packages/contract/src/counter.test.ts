import { describe, expect, it } from "vitest";
import type { CurrencyConfig } from "./content.js";
import { cashChange, cashDueOf } from "./counter.js";

const dollars: CurrencyConfig = { code: "USD", symbol: "$", decimals: 2, rate: 1, symbolPosition: "before" };
const dollarsAndRiel: CurrencyConfig = {
	...dollars,
	second: { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" },
};
const riel: CurrencyConfig = { code: "KHR", symbol: "៛", decimals: 0, rate: 1, symbolPosition: "after" };

describe("cash change (decision 029)", () => {
	it("gives exact change in dollars alone", () => {
		expect(cashChange(1235, { tendered: 2000, tenderedSecond: 0 }, dollars)).toEqual({
			change: 765,
			changeSecond: 0,
			short: false,
		});
		expect(cashChange(1235, { tendered: 1200, tenderedSecond: 0 }, dollars).short).toBe(true);
	});

	it("keeps what a riel ledger's order costs rounded to 100 riel, halves up, and gives the rest back", () => {
		expect(cashChange(12_350, { tendered: 20_000, tenderedSecond: 0 }, riel)).toEqual({
			change: 7_600,
			changeSecond: 0,
			short: false,
		});
		expect(cashChange(12_380, { tendered: 20_000, tenderedSecond: 0 }, riel).change).toBe(7_600);
		expect(cashChange(12_340, { tendered: 12_300, tenderedSecond: 0 }, riel)).toMatchObject({
			change: 0,
			short: false,
		});
		expect(cashChange(12_350, { tendered: 12_300, tenderedSecond: 0 }, riel).short).toBe(true);
	});

	it("gives whole dollars back and the rest in riel rounded to 100", () => {
		// $12.35 paid with a $20 note: $7 and 0.65 × 4100 = 2,665 → 2,700 riel.
		expect(cashChange(1235, { tendered: 2000, tenderedSecond: 0 }, dollarsAndRiel)).toEqual({
			change: 700,
			changeSecond: 2_700,
			short: false,
		});
		// All in riel: 12.35 × 4100 = 50,635; 51,000 handed over → 365 → 400 riel back.
		expect(cashChange(1235, { tendered: 0, tenderedSecond: 51_000 }, dollarsAndRiel)).toEqual({
			change: 0,
			changeSecond: 400,
			short: false,
		});
		// Mixed: $12 and 1,500 riel for $12.35 (1,435 riel): 65 → 100 riel back.
		expect(cashChange(1235, { tendered: 1200, tenderedSecond: 1_500 }, dollarsAndRiel)).toEqual({
			change: 0,
			changeSecond: 100,
			short: false,
		});
		expect(cashChange(1235, { tendered: 1200, tenderedSecond: 1_000 }, dollarsAndRiel).short).toBe(true);
	});

	it("suggests the least cash due", () => {
		expect(cashDueOf(1235, dollarsAndRiel)).toEqual({ due: 1235, dueSecond: 50_600 });
		expect(cashDueOf(12_350, riel)).toEqual({ due: 12_400, dueSecond: null });
	});
});
