import type { PricedCart } from "@bayon/contract";
import { appStore, type CartLine, useAppState } from "../../../lib/store";
import { type AddOutcome, addLine, cartCount, cartValue, type NewLine, removeLine, setQuantity } from "./cart";

/**
 * The cart lives in the client state (spec §3 `cart`), which persists it in localStorage: it
 * survives a reload and a Telegram WebView restart. It belongs to the device, not the member, so
 * signing in (or out) leaves it as it is.
 */

export function useCart(): CartLine[] {
	return useAppState((s) => s.cart);
}

export function useCartCount(): number {
	return useAppState((s) => cartCount(s.cart));
}

export function useCartValue(): number {
	return useAppState((s) => cartValue(s.cart));
}

/** Adds to the cart when the rules allow it and says what happened. */
export function addToCart(input: NewLine): AddOutcome {
	const outcome = addLine(appStore.getState().cart, input);
	if (outcome.kind === "added") appStore.setState({ cart: outcome.cart });
	return outcome;
}

/** Empties a cart of another shop, then adds (the customer agreed to switch shops). */
export function replaceCart(input: NewLine): AddOutcome {
	const outcome = addLine([], input);
	if (outcome.kind === "added") appStore.setState({ cart: outcome.cart });
	return outcome;
}

export function changeQuantity(key: string, quantity: number): void {
	appStore.setState((s) => ({ cart: setQuantity(s.cart, key, quantity) }));
}

export function removeFromCart(key: string): void {
	appStore.setState((s) => ({ cart: removeLine(s.cart, key) }));
}

export function clearCart(): void {
	appStore.setState({ cart: [] });
}

/**
 * Takes the server's prices (and names, in the current language) into the lines it priced.
 * `keys[i]` is the line that was sent as `lines[i]`; lines changed or removed since are left
 * alone. Lines the server no longer knows keep what they had.
 */
export function applyServerPrices(keys: readonly string[], priced: PricedCart): void {
	const updates = new Map<string, Pick<CartLine, "unitPrice" | "name" | "optionNames">>();
	for (const line of priced.lines) {
		const key = keys[line.index];
		if (key === undefined || !line.name) continue;
		updates.set(key, {
			unitPrice: line.unitPrice,
			name: line.name,
			optionNames: line.options.map((option) => option.name),
		});
	}
	const cart = appStore.getState().cart;
	let changed = false;
	const next = cart.map((line) => {
		const update = updates.get(line.key);
		if (!update) return line;
		const optionNames = update.optionNames.length === line.optionIds.length ? update.optionNames : line.optionNames;
		if (
			update.unitPrice === line.unitPrice &&
			update.name === line.name &&
			optionNames.join("\u0000") === line.optionNames.join("\u0000")
		)
			return line;
		changed = true;
		const next: CartLine = { ...line, unitPrice: update.unitPrice, name: update.name, optionNames };
		// A new price is remembered against the one the line was added at, until it is that again.
		const addedAt = line.priceWas ?? line.unitPrice;
		if (addedAt === update.unitPrice) delete next.priceWas;
		else next.priceWas = addedAt;
		return next;
	});
	if (changed) appStore.setState({ cart: next });
}
