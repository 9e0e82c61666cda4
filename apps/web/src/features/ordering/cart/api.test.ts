import type { Address, DeliveryCheck, MemberInfo } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { queryClient } from "../../../lib/query-client";
import type { CartLine, ClientState, DeliveryTarget, Desk } from "../../../lib/store";
import { fakeServer } from "../../../test/ordering-fixtures";
import { buildPriceRequest, cartPriceQuery, pricedLinesByKey } from "./api";

const line = (itemId: number, optionIds: number[], quantity = 1, shopId = 1): CartLine => ({
	key: `${itemId}:${optionIds.join(",")}`,
	shopId,
	itemId,
	name: "x",
	image: null,
	optionIds,
	optionNames: [],
	unitPrice: 100,
	quantity,
});

const check: DeliveryCheck = { inRange: true, zoneId: 1, fee: 100, minOrder: 500, distanceMeters: 800 };
const address = { id: 42, address: "Street 1" } as Address;
const target = (memberId: number | null): DeliveryTarget => ({
	shopId: 1,
	memberId,
	address: memberId ? address : null,
	latitude: 11.57,
	longitude: 104.92,
	check,
});
const desk: Desk = {
	shopId: 1,
	shopName: "Bayon",
	tableId: 3,
	number: "A3",
	seats: 2,
	token: "t0k",
	scanned: true,
};

function state(patch: Partial<ClientState>): Pick<ClientState, "cart" | "orderType" | "address" | "desk" | "member"> {
	return {
		cart: [line(5, [11, 21], 2), line(10, [])],
		orderType: "takein",
		address: null,
		desk: null,
		member: null,
		...patch,
	};
}

describe("the cart/price request", () => {
	it("sends the shop's lines and the order type", () => {
		const request = buildPriceRequest(state({}), 1);
		expect(request?.input).toEqual({
			shopId: 1,
			orderType: "takein",
			lines: [
				{ itemId: 5, quantity: 2, optionIds: [11, 21] },
				{ itemId: 10, quantity: 1, optionIds: [] },
			],
		});
		expect(buildPriceRequest(state({ cart: [] }), 1)).toBeNull();
	});

	it("delivers to a member's saved address by id, and to a visitor's point by coordinates", () => {
		const signedIn = buildPriceRequest(
			state({ orderType: "takeout", address: target(9), member: { id: 9 } as MemberInfo }),
			1,
		);
		expect(signedIn?.input.addressId).toBe(42);
		expect(signedIn?.input.location).toBeUndefined();

		const visitor = buildPriceRequest(state({ orderType: "takeout", address: target(null) }), 1);
		expect(visitor?.input.location).toEqual({ latitude: 11.57, longitude: 104.92 });
		// no address chosen yet: the server answers "choose a delivery address"
		expect(buildPriceRequest(state({ orderType: "takeout" }), 1)?.input).not.toHaveProperty("location");
	});

	it("sends the scanned table's token for dine-in only", () => {
		expect(buildPriceRequest(state({ orderType: "desk", desk }), 1)?.input.tableToken).toBe("t0k");
		expect(buildPriceRequest(state({ orderType: "takein", desk }), 1)?.input.tableToken).toBeUndefined();
	});

	it("posts to cart/price and keys the answer's lines by cart line", async () => {
		const server = fakeServer({
			"/cart/price": (body) => ({
				shopId: 1,
				orderType: "takein",
				lines: (body as { lines: Array<{ itemId: number; quantity: number }> }).lines.map((l, index) => ({
					index,
					itemId: l.itemId,
					name: "n",
					options: [],
					unitPrice: 100,
					quantity: l.quantity,
					lineTotal: 100 * l.quantity,
					problems: [],
				})),
				subtotal: 300,
				deliveryFee: 0,
				total: 300,
				minDeliveryPrice: null,
				problems: [],
				orderable: true,
			}),
		});
		const request = buildPriceRequest(state({}), 1);
		if (!request) throw new Error("no request");
		const priced = await queryClient.fetchQuery(cartPriceQuery(request.input, "zh-CN"));
		expect(server.bodies("/cart/price")).toEqual([request.input]);
		expect(priced.keys).toEqual(["5:11,21", "10:"]);
		expect(pricedLinesByKey(priced).get("10:")?.quantity).toBe(1);
	});
});
