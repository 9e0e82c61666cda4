import type { MenuItem } from "@bayon/contract";
import { CART_MAX_LINES, CART_MAX_QUANTITY } from "@bayon/contract/constants";
import type { CartLine } from "../../../lib/store";

/**
 * The cart's rules, as pure functions over its lines (cart-store.ts applies them to the client
 * state). One shop at a time; identical item + options share one line.
 */

/**
 * The contract's limits under the cart's names, from its constants module (no zod there, so the
 * menu route's first load stays without it).
 */
export const MAX_LINE_QUANTITY = CART_MAX_QUANTITY;
export const MAX_CART_LINES = CART_MAX_LINES;

/** Identity of a line: the item and its option ids, sorted, so choice order does not matter. */
export function lineKey(itemId: number, optionIds: readonly number[]): string {
	return `${itemId}:${sortedIds(optionIds).join(",")}`;
}

function sortedIds(ids: readonly number[]): number[] {
	return [...new Set(ids)].sort((a, b) => a - b);
}

export type NewLine = Omit<CartLine, "key">;

export type AddOutcome =
	| { kind: "added"; cart: CartLine[]; line: CartLine; merged: boolean }
	/** The cart holds another shop's items: the customer must agree to clear it first. */
	| { kind: "otherShop"; cartShopId: number }
	| { kind: "tooManyLines" }
	| { kind: "tooMany" };

/** Adds `quantity` of an item with options, merging into an identical line when there is one. */
export function addLine(cart: readonly CartLine[], input: NewLine): AddOutcome {
	const otherShop = cart.find((line) => line.shopId !== input.shopId);
	if (otherShop) return { kind: "otherShop", cartShopId: otherShop.shopId };
	const key = lineKey(input.itemId, input.optionIds);
	const existing = cart.find((line) => line.key === key);
	if (existing) {
		const quantity = existing.quantity + input.quantity;
		if (quantity > MAX_LINE_QUANTITY) return { kind: "tooMany" };
		// The menu's current name and price win over what the line was added with.
		const line: CartLine = { ...existing, ...input, key, optionIds: existing.optionIds, quantity };
		return { kind: "added", cart: cart.map((l) => (l.key === key ? line : l)), line, merged: true };
	}
	if (cart.length >= MAX_CART_LINES) return { kind: "tooManyLines" };
	if (input.quantity < 1 || input.quantity > MAX_LINE_QUANTITY) return { kind: "tooMany" };
	const line: CartLine = { ...input, key, optionIds: sortedIds(input.optionIds) };
	return { kind: "added", cart: [...cart, line], line, merged: false };
}

/** Sets a line's quantity; zero or less removes it. */
export function setQuantity(cart: readonly CartLine[], key: string, quantity: number): CartLine[] {
	if (quantity <= 0) return removeLine(cart, key);
	const capped = Math.min(MAX_LINE_QUANTITY, Math.trunc(quantity));
	return cart.map((line) => (line.key === key ? { ...line, quantity: capped } : line));
}

export function removeLine(cart: readonly CartLine[], key: string): CartLine[] {
	return cart.filter((line) => line.key !== key);
}

export function cartCount(cart: readonly CartLine[]): number {
	return cart.reduce((sum, line) => sum + line.quantity, 0);
}

/** The cart's value at the prices it holds (the server's, once priced). */
export function cartValue(cart: readonly CartLine[]): number {
	return cart.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

/** How many of an item the cart holds over all its lines (any options). */
export function quantityOfItem(cart: readonly CartLine[], itemId: number): number {
	return cart.reduce((sum, line) => (line.itemId === itemId ? sum + line.quantity : sum), 0);
}

/**
 * Stock guard: how many more of `item` with `optionIds` the cart can take. An item's stock (and
 * an option's) is shared by every line holding it, as on the server. `excludeKey` leaves one
 * line out, to ask how large that line itself may grow. Infinity when nothing is tracked.
 */
export function remainingStock(
	cart: readonly CartLine[],
	item: MenuItem,
	optionIds: readonly number[],
	excludeKey?: string,
): number {
	if (item.soldOut) return 0;
	const lines = cart.filter((line) => line.itemId === item.id && line.key !== excludeKey);
	let remaining = Number.POSITIVE_INFINITY;
	if (item.stock !== null) {
		remaining = item.stock - lines.reduce((sum, line) => sum + line.quantity, 0);
	}
	for (const option of item.optionGroups.flatMap((group) => group.options)) {
		if (!optionIds.includes(option.id)) continue;
		if (option.soldOut) return 0;
		if (option.stock === null) continue;
		const used = lines.reduce((sum, line) => (line.optionIds.includes(option.id) ? sum + line.quantity : sum), 0);
		remaining = Math.min(remaining, option.stock - used);
	}
	return Math.max(0, remaining);
}
