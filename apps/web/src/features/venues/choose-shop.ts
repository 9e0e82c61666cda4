import { appStore, type CartLine } from "../../lib/store";

/**
 * Choosing a branch on shop/shop (decision 018). The cart holds one shop's items at a time
 * (ordering/cart/cart.ts), so a cart of another branch is never carried over: the page asks first,
 * and choosing clears it. A table scanned at another branch is left too: the customer is not
 * sitting there any more.
 */

/** The shop whose lines the cart holds, when that is not `shopId`; null when nothing would be lost. */
export function otherCartShop(cart: readonly CartLine[], shopId: number): number | null {
	return cart.find((line) => line.shopId !== shopId)?.shopId ?? null;
}

/** Makes `shop` the one the customer orders from, remembered across visits. */
export function chooseShop(shop: { id: number; name: string }): void {
	appStore.setState((current) => {
		const leavesTable = current.desk !== null && current.desk.shopId !== shop.id;
		return {
			store: { id: shop.id, name: shop.name, chosen: true },
			cart: otherCartShop(current.cart, shop.id) === null ? current.cart : [],
			...(leavesTable
				? { desk: null, orderType: current.orderType === "desk" ? ("takein" as const) : current.orderType }
				: {}),
		};
	});
}
