import { describe, expect, it } from "vitest";
import { group, menuItem, milkTea, option } from "../../test/ordering-fixtures";
import {
	chosenOptions,
	initialSelection,
	livePrice,
	type Selection,
	selectionProblems,
	toggleOption,
	unitPriceOf,
} from "./options";

function choose(selection: Selection, ...taps: Array<[number, number]>): Selection {
	return taps.reduce(
		(current, [groupId, optionId]) => toggleOption(milkTea, current, groupId, optionId).selection,
		selection,
	);
}

describe("choosing options", () => {
	it("starts from the shop's defaults", () => {
		expect(initialSelection(milkTea)).toEqual({ 1: [11], 2: [], 3: [] });
	});

	it("never pre-selects a sold-out default, nor more defaults than a group allows", () => {
		const item = menuItem(1, "x", {
			optionGroups: [
				group(1, "a", 1, 1, [option(1, "a1", { isDefault: true, soldOut: true }), option(2, "a2")]),
				group(2, "b", 1, 1, [option(3, "b1", { isDefault: true }), option(4, "b2", { isDefault: true })]),
			],
		});
		expect(initialSelection(item)).toEqual({ 1: [], 2: [3] });
	});

	it("single choice: a tap replaces the choice; a required choice cannot be cleared", () => {
		const start = initialSelection(milkTea);
		expect(choose(start, [1, 12])[1]).toEqual([12]);
		expect(choose(start, [1, 11])[1]).toEqual([11]);
	});

	it("single choice that is optional: tapping the chosen one clears it", () => {
		const item = menuItem(1, "x", { optionGroups: [group(9, "Add-on", 0, 1, [option(91, "egg")])] });
		const on = toggleOption(item, {}, 9, 91).selection;
		expect(on[9]).toEqual([91]);
		expect(toggleOption(item, on, 9, 91).selection[9]).toEqual([]);
	});

	it("multiple choice: up to maxChoices, then the next tap is refused", () => {
		const two = choose(initialSelection(milkTea), [3, 31], [3, 32]);
		expect(two[3]).toEqual([31, 32]);
		const third = toggleOption(milkTea, two, 3, 33);
		expect(third.refused).toBe("max");
		expect(third.selection).toBe(two);
		// taking one back makes room again
		expect(choose(two, [3, 31], [3, 33])[3]).toEqual([32, 33]);
	});

	it("refuses a sold-out option", () => {
		const result = toggleOption(milkTea, initialSelection(milkTea), 2, 23);
		expect(result.refused).toBe("soldOut");
		expect(toggleOption(milkTea, initialSelection(milkTea), 3, 34).refused).toBe("soldOut");
	});
});

describe("what stops an order", () => {
	it("names the first required group still missing", () => {
		const problems = selectionProblems(milkTea, initialSelection(milkTea));
		expect(problems).toEqual([{ kind: "required", group: milkTea.optionGroups[1] }]);
		expect(selectionProblems(milkTea, choose(initialSelection(milkTea), [2, 22]))).toEqual([]);
	});

	it("reports too many choices and a sold-out choice (e.g. from an old selection)", () => {
		const kinds = selectionProblems(milkTea, { 1: [11], 2: [23], 3: [31, 32, 33] }).map((problem) => problem.kind);
		expect(kinds).toEqual(["soldOut", "tooMany"]);
	});
});

describe("live price", () => {
	it("is (price + Σ deltas) × quantity", () => {
		const selection = choose(initialSelection(milkTea), [1, 12], [2, 21], [3, 31], [3, 33]);
		expect(unitPriceOf(milkTea, selection)).toBe(275 + 50 + 30 + 40);
		expect(livePrice(milkTea, selection, 3)).toBe(3 * 395);
		expect(chosenOptions(milkTea, selection).map((o) => o.name)).toEqual(["大杯", "全糖", "珍珠", "布丁"]);
	});

	it("is the bare price without options, and never below zero", () => {
		expect(livePrice(milkTea, {}, 1)).toBe(275);
		const discount = menuItem(2, "y", {
			price: 100,
			optionGroups: [group(1, "Deal", 0, 1, [option(1, "half off", { priceDelta: -150 })])],
		});
		expect(unitPriceOf(discount, { 1: [1] })).toBe(0);
		expect(livePrice(milkTea, {}, 0)).toBe(0);
	});
});
