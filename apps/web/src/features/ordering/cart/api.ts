import type { OrderType, PriceCartInput, PricedCart } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ClientState } from "../../../lib/store";
import { lineKey } from "./cart";

/** The cart/price request as this app builds it (a narrower PriceCartInput: no coercion). */
export interface PriceInput {
	shopId: number;
	orderType: OrderType;
	lines: Array<{ itemId: number; quantity: number; optionIds: number[] }>;
	addressId?: number;
	location?: { latitude: number; longitude: number };
	tableToken?: string;
	/** The member's coupon (the pay page's choice, issue 13). */
	couponId?: number;
}

export const orderingKeys = {
	/** Problems come back in the caller's language: it is part of the key. */
	price: (input: PriceInput, lang: string) => ["ordering", "price", lang, input] as const,
};

/**
 * POST cart/price: the server prices the cart with the current menu and lists every problem,
 * line by line and for the whole cart. Public; the page shows the problems itself, so the
 * request layer does not toast them.
 */
export const cartPriceQuery = (input: PriceInput, lang: string) =>
	queryOptions({
		queryKey: orderingKeys.price(input, lang),
		queryFn: async (): Promise<KeyedPricedCart> => {
			const body: PriceCartInput = input;
			const priced = await api.post<PricedCart>("/cart/price", body, { login: false, toast: false });
			return { ...priced, keys: input.lines.map((line) => lineKey(line.itemId, line.optionIds)) };
		},
		staleTime: 10_000,
	});

/** The server's answer plus the cart line each of its lines stands for (`keys[line.index]`). */
export interface KeyedPricedCart extends PricedCart {
	keys: string[];
}

/** The server's line for each cart line, by line key. */
export function pricedLinesByKey(priced: KeyedPricedCart | undefined): Map<string, PricedCart["lines"][number]> {
	const byKey = new Map<string, PricedCart["lines"][number]>();
	for (const line of priced?.lines ?? []) {
		const key = priced?.keys[line.index];
		if (key !== undefined) byKey.set(key, line);
	}
	return byKey;
}

export interface PriceRequest {
	input: PriceInput;
	/** The cart line each request line came from (`input.lines[i]` ← `keys[i]`). */
	keys: string[];
}

type PricingState = Pick<ClientState, "cart" | "orderType" | "address" | "desk" | "member">;

/**
 * The cart/price request for the client state: the shop's lines, the order type, where a
 * delivery goes (the member's saved address by id, otherwise the chosen point) and the scanned
 * table's token. Null when the shop's cart is empty.
 */
export function buildPriceRequest(state: PricingState, shopId: number): PriceRequest | null {
	const lines = state.cart.filter((line) => line.shopId === shopId);
	if (lines.length === 0) return null;
	const input: PriceInput = {
		shopId,
		orderType: state.orderType,
		lines: lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity, optionIds: line.optionIds })),
	};
	const target = state.address;
	if (state.orderType === "takeout" && target) {
		if (target.address && state.member && target.memberId === state.member.id) input.addressId = target.address.id;
		else input.location = { latitude: target.latitude, longitude: target.longitude };
	}
	if (state.orderType === "desk" && state.desk) input.tableToken = state.desk.token;
	return { input, keys: lines.map((line) => line.key) };
}
