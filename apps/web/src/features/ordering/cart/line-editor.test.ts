import { describe, expect, it } from "vitest";
import type { CartLine } from "../../../lib/store";
import { coconut, milkTea } from "../../../test/ordering-fixtures";
import { lineEditor } from "./line-editor";

/** Runs one edit on `lines` and returns what it handed to onChange (the lines unchanged when nothing was). */
function edited(lines: CartLine[], edit: (editor: ReturnType<typeof lineEditor>) => void): CartLine[] {
	let next = lines;
	edit(
		lineEditor(1, lines, (changed) => {
			next = changed;
		}),
	);
	return next;
}

describe("line editor", () => {
	it("adds an item with options as a priced line and merges the same choice into it", () => {
		const large = { 1: [12], 2: [21] };
		let lines = edited([], (editor) => editor.add(milkTea, large, 1));
		lines = edited(lines, (editor) => editor.add(milkTea, large, 2));
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatchObject({ itemId: 5, optionIds: [12, 21], optionNames: ["大杯", "全糖"], unitPrice: 325 });
		expect(lines[0]?.quantity).toBe(3);
		expect(lineEditor(1, lines, () => {}).optionLines(milkTea)).toEqual(lines);
	});

	it("steps an item without options up to its stock, and to zero removes its line", () => {
		let lines = edited([], (editor) => editor.setPlainQuantity(coconut, 2));
		expect(lineEditor(1, lines, () => {}).plainLine(coconut)?.quantity).toBe(2);
		// Three in stock: the line may grow to three, not to its two plus three more.
		expect(lineEditor(1, lines, () => {}).plainMax(coconut)).toBe(3);
		lines = edited(lines, (editor) => editor.setPlainQuantity(coconut, 0));
		expect(lines).toEqual([]);
		expect(lineEditor(1, lines, () => {}).plainMax(coconut)).toBe(3);
	});

	it("refuses an add the cart rules refuse and leaves the lines alone", () => {
		const soldOut = { ...coconut, stock: 0 };
		const refused = lineEditor(1, [], () => {
			throw new Error("no change expected");
		});
		expect(refused.add(soldOut, {}, 100)).toBe(false);
	});
});
