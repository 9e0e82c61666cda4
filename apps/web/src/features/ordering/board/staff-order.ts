import type { CartLine } from "../../../lib/store";

/** The staff's order lines (cart lines, options chosen as a customer would) → the request's lines. */
export function staffOrderLines(
	lines: readonly Pick<CartLine, "itemId" | "quantity" | "optionIds">[],
): Array<{ itemId: number; quantity: number; optionIds: number[] }> {
	return lines
		.filter((line) => line.quantity > 0)
		.map((line) => ({ itemId: line.itemId, quantity: line.quantity, optionIds: [...line.optionIds] }));
}
