import type { MenuItem } from "@bayon/contract";
import type { CartLine } from "../../../lib/store";
import { chosenOptions, type Selection, unitPriceOf } from "../../menu/options";
import { addLine, lineKey, MAX_LINE_QUANTITY, remainingStock, setQuantity } from "./cart";

/**
 * Choosing items into a list of lines kept outside the cart (the staff's order for a customer,
 * a booking's pre-order), by the cart's own rules: identical item + options share one line, an
 * item's stock is shared by its lines. Every change goes to `onChange` with the new lines.
 */
export function lineEditor(shopId: number, lines: CartLine[], onChange: (next: CartLine[]) => void) {
	/** Adds an item with its options as a line (merged with an identical one); false when the rules refuse. */
	const add = (item: MenuItem, selection: Selection, quantity: number): boolean => {
		const options = chosenOptions(item, selection);
		const outcome = addLine(lines, {
			shopId,
			itemId: item.id,
			name: item.name,
			image: item.image,
			optionIds: options.map((option) => option.id),
			optionNames: options.map((option) => option.name),
			unitPrice: unitPriceOf(item, selection),
			quantity,
		});
		if (outcome.kind !== "added") return false;
		onChange(outcome.cart);
		return true;
	};
	/** The one line of an item chosen without options. */
	const plainLine = (item: MenuItem) => lines.find((line) => line.key === lineKey(item.id, []));
	/** The quantity of an item without options (its one line; zero removes it). */
	const setPlainQuantity = (item: MenuItem, quantity: number) => {
		const plain = plainLine(item);
		if (plain) onChange(setQuantity(lines, plain.key, quantity));
		else if (quantity > 0) add(item, {}, quantity);
	};
	const setLineQuantity = (key: string, quantity: number) => onChange(setQuantity(lines, key, quantity));
	/**
	 * How large a line may grow: the line limit, and the stock the item's other lines leave
	 * (remainingStock leaves this line out, so its own quantity is already in what it returns).
	 */
	const lineMax = (item: MenuItem, line: CartLine) =>
		Math.min(MAX_LINE_QUANTITY, remainingStock(lines, item, line.optionIds, line.key));
	/** The stepper's limit for an item without options, whether or not it has a line yet. */
	const plainMax = (item: MenuItem) => {
		const plain = plainLine(item);
		return plain ? lineMax(item, plain) : Math.min(MAX_LINE_QUANTITY, remainingStock(lines, item, []));
	};
	/** The lines of an item chosen with options, one per choice. */
	const optionLines = (item: MenuItem) =>
		item.optionGroups.length > 0 ? lines.filter((line) => line.itemId === item.id) : [];
	return { add, plainLine, setPlainQuantity, setLineQuantity, lineMax, plainMax, optionLines };
}
