import { beforeEach, describe, expect, it } from "vitest";
import { appStore, type CartLine, type Desk } from "../../lib/store";
import { chooseShop, otherCartShop } from "./choose-shop";

const line = (shopId: number, itemId = 5): CartLine => ({
	key: `${itemId}:`,
	shopId,
	itemId,
	name: "珍珠奶茶",
	image: null,
	optionIds: [],
	optionNames: [],
	unitPrice: 275,
	quantity: 1,
});

const desk: Desk = {
	shopId: 1,
	shopName: "Riverside",
	tableId: 3,
	number: "A3",
	seats: 2,
	token: "t.abc",
	scanned: true,
};

beforeEach(() => {
	localStorage.clear();
	appStore.reload();
});

describe("choosing a branch", () => {
	it("names the cart's other shop, and nothing when the cart is empty or of the same shop", () => {
		expect(otherCartShop([], 2)).toBeNull();
		expect(otherCartShop([line(2)], 2)).toBeNull();
		expect(otherCartShop([line(1)], 2)).toBe(1);
	});

	it("keeps a cart of the chosen shop, and clears a cart of another", () => {
		appStore.setState({ cart: [line(2)] });
		chooseShop({ id: 2, name: "BKK1" });
		expect(appStore.getState().cart).toHaveLength(1);

		chooseShop({ id: 1, name: "Riverside" });
		expect(appStore.getState().cart).toEqual([]);
		expect(localStorage.getItem("cart")).toBeNull();
	});

	it("leaves a table of another shop and falls back from dine-in to pickup", () => {
		appStore.setState({ desk, orderType: "desk" });
		chooseShop({ id: 1, name: "Riverside" });
		expect(appStore.getState()).toMatchObject({ desk, orderType: "desk" });

		chooseShop({ id: 2, name: "BKK1" });
		expect(appStore.getState()).toMatchObject({ desk: null, orderType: "takein" });
	});

	it("remembers a chosen branch after a reload, but not a shop found as the nearest", () => {
		appStore.setState({ store: { id: 1, name: "Riverside" } });
		appStore.reload();
		expect(appStore.getState().store).toBeNull();

		chooseShop({ id: 2, name: "BKK1" });
		appStore.reload();
		expect(appStore.getState().store).toEqual({ id: 2, name: "BKK1", chosen: true });
	});
});
