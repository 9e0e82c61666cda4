import type { AuthSession, MemberInfo, PricedCart } from "@bayon/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { clearSession, saveSession } from "../../../lib/session";
import { appStore, setMember } from "../../../lib/store";
import type { NewLine } from "./cart";
import { addToCart, applyServerPrices, changeQuantity, clearCart, removeFromCart, replaceCart } from "./cart-store";

const tea = (optionIds: number[], quantity = 1, shopId = 1): NewLine => ({
	shopId,
	itemId: 5,
	name: "珍珠奶茶",
	image: null,
	optionIds,
	optionNames: optionIds.map((id) => `option ${id}`),
	unitPrice: 275,
	quantity,
});

const member = { id: 9, nickname: "Vanna", userType: "user", isMerchant: false } as MemberInfo;

beforeEach(() => {
	localStorage.clear();
	appStore.reload();
});

describe("the cart in the client state", () => {
	it("is written to localStorage and read back after a reload (or a WebView restart)", () => {
		addToCart(tea([21, 11]));
		addToCart(tea([11, 21], 2));
		expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toHaveLength(1);

		appStore.reload();
		expect(appStore.getState().cart).toEqual([
			expect.objectContaining({ key: "5:11,21", itemId: 5, quantity: 3, optionIds: [11, 21], unitPrice: 275 }),
		]);
	});

	it("drops stored lines it cannot read (an older shape, or edited by hand)", () => {
		localStorage.setItem(
			"cart",
			JSON.stringify([
				{ productId: 1, skuId: null, name: "old", price: 100, quantity: 1 },
				{ ...tea([11]), key: "5:11" },
				{ ...tea([12]), key: "5:12", quantity: 0 },
				"junk",
			]),
		);
		appStore.reload();
		expect(appStore.getState().cart.map((line) => line.key)).toEqual(["5:11"]);
		localStorage.setItem("cart", "{not json");
		appStore.reload();
		expect(appStore.getState().cart).toEqual([]);
	});

	it("is kept when a visitor signs in, and when they sign out", () => {
		addToCart(tea([11]));
		const session: AuthSession = {
			accessToken: "a",
			refreshToken: "r",
			expiresTime: Date.now() + 3_600_000,
		} as AuthSession;
		saveSession(session);
		setMember(member);
		appStore.reload();
		expect(appStore.getState().cart).toHaveLength(1);

		clearSession();
		appStore.reload();
		expect(appStore.getState().cart).toHaveLength(1);
	});

	it("changes quantities, removes lines and clears (storage follows)", () => {
		addToCart(tea([11]));
		addToCart(tea([12]));
		changeQuantity("5:11", 5);
		removeFromCart("5:12");
		expect(appStore.getState().cart).toEqual([expect.objectContaining({ key: "5:11", quantity: 5 })]);
		clearCart();
		expect(localStorage.getItem("cart")).toBeNull();
	});

	it("replaces another shop's cart only when asked to", () => {
		addToCart(tea([11]));
		expect(addToCart(tea([11], 1, 2)).kind).toBe("otherShop");
		expect(appStore.getState().cart[0]?.shopId).toBe(1);
		replaceCart(tea([11], 1, 2));
		expect(appStore.getState().cart).toEqual([expect.objectContaining({ shopId: 2, quantity: 1 })]);
	});

	it("takes the server's price and names into the lines it priced", () => {
		addToCart(tea([11]));
		addToCart({ ...tea([]), itemId: 10, name: "Coconut" });
		const priced = {
			lines: [
				{
					index: 0,
					itemId: 5,
					name: "Pearl milk tea",
					options: [{ id: 11, name: "Regular", priceDelta: 0 }],
					unitPrice: 290,
					quantity: 1,
					lineTotal: 290,
					problems: [],
				},
				{
					index: 1,
					itemId: 10,
					name: "",
					options: [],
					unitPrice: 0,
					quantity: 1,
					lineTotal: 0,
					problems: [{ code: 1008003000, message: "gone" }],
				},
			],
		} as unknown as PricedCart;
		applyServerPrices(["5:11", "10:"], priced);
		const [teaLine, coconutLine] = appStore.getState().cart;
		expect(teaLine).toMatchObject({ unitPrice: 290, name: "Pearl milk tea", optionNames: ["Regular"] });
		// an item the server no longer knows keeps what it had
		expect(coconutLine).toMatchObject({ unitPrice: 275, name: "Coconut" });
	});

	it("remembers the price a line was added at while the shop's price differs from it (issue 27)", () => {
		addToCart(tea([11]));
		const pricedAt = (unitPrice: number) =>
			({
				lines: [
					{
						index: 0,
						itemId: 5,
						name: "珍珠奶茶",
						options: [{ id: 11, name: "option 11", priceDelta: 0 }],
						unitPrice,
						quantity: 1,
						lineTotal: unitPrice,
						problems: [],
					},
				],
			}) as unknown as PricedCart;
		applyServerPrices(["5:11"], pricedAt(275));
		expect(appStore.getState().cart[0]?.priceWas).toBeUndefined();
		applyServerPrices(["5:11"], pricedAt(300));
		expect(appStore.getState().cart[0]).toMatchObject({ unitPrice: 300, priceWas: 275 });
		// Changed again: still measured against what the customer added it at.
		applyServerPrices(["5:11"], pricedAt(320));
		expect(appStore.getState().cart[0]).toMatchObject({ unitPrice: 320, priceWas: 275 });
		applyServerPrices(["5:11"], pricedAt(275));
		expect(appStore.getState().cart[0]?.priceWas).toBeUndefined();
	});
});
