import { CART_MAX_LINES, CART_MAX_QUANTITY } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import type { CartLine } from "../../../lib/store";
import { coconut, group, menuItem, milkTea, option } from "../../../test/ordering-fixtures";
import {
	addLine,
	cartCount,
	cartValue,
	lineKey,
	MAX_CART_LINES,
	MAX_LINE_QUANTITY,
	type NewLine,
	remainingStock,
	removeLine,
	setQuantity,
} from "./cart";

function tea(optionIds: number[], quantity = 1, shopId = 1): NewLine {
	return {
		shopId,
		itemId: 5,
		name: "珍珠奶茶",
		image: null,
		optionIds,
		optionNames: optionIds.map(String),
		unitPrice: 275,
		quantity,
	};
}

function added(cart: readonly CartLine[], line: NewLine): CartLine[] {
	const outcome = addLine(cart, line);
	if (outcome.kind !== "added") throw new Error(`not added: ${outcome.kind}`);
	return outcome.cart;
}

describe("cart lines", () => {
	it("keys a line by item and sorted, de-duplicated option ids", () => {
		expect(lineKey(5, [21, 11])).toBe("5:11,21");
		expect(lineKey(5, [11, 21, 11])).toBe("5:11,21");
		expect(lineKey(10, [])).toBe("10:");
	});

	it("merges identical item + options into one line, whatever order the options were chosen in", () => {
		let cart = added([], tea([11, 21]));
		const outcome = addLine(cart, tea([21, 11], 2));
		if (outcome.kind !== "added") throw new Error(`not added: ${outcome.kind}`);
		expect(outcome.merged).toBe(true);
		cart = outcome.cart;
		expect(cart).toHaveLength(1);
		expect(cart[0]).toMatchObject({ key: "5:11,21", quantity: 3, optionIds: [11, 21] });
	});

	it("keeps different options on separate lines", () => {
		const cart = added(added([], tea([11, 21])), tea([12, 21]));
		expect(cart.map((line) => line.key)).toEqual(["5:11,21", "5:12,21"]);
		expect(cartCount(cart)).toBe(2);
	});

	it("takes the menu's current price and name when merging", () => {
		const cart = added([], tea([11]));
		const merged = added(cart, { ...tea([11]), unitPrice: 300, name: "Pearl milk tea" });
		expect(merged[0]).toMatchObject({ unitPrice: 300, name: "Pearl milk tea", quantity: 2 });
		expect(cartValue(merged)).toBe(600);
	});

	it("holds one shop at a time: another shop's item is refused until the cart is cleared", () => {
		const cart = added([], tea([11]));
		expect(addLine(cart, tea([11], 1, 2))).toEqual({ kind: "otherShop", cartShopId: 1 });
		expect(addLine([], tea([11], 1, 2)).kind).toBe("added");
	});

	it("refuses a line past the largest quantity, and more lines than the server accepts", () => {
		const full = added([], tea([11], MAX_LINE_QUANTITY));
		expect(addLine(full, tea([11])).kind).toBe("tooMany");
		let many: CartLine[] = [];
		for (let index = 0; index < MAX_CART_LINES; index++) many = added(many, { ...tea([]), itemId: 100 + index });
		expect(addLine(many, tea([11])).kind).toBe("tooManyLines");
		// merging into a line that exists is still fine
		expect(addLine(many, { ...tea([]), itemId: 100 }).kind).toBe("added");
	});

	it("uses the contract's limits", () => {
		expect(MAX_LINE_QUANTITY).toBe(CART_MAX_QUANTITY);
		expect(MAX_CART_LINES).toBe(CART_MAX_LINES);
	});

	it("changes a quantity, and removes the line at zero", () => {
		const cart = added(added([], tea([11])), tea([12]));
		expect(setQuantity(cart, "5:11", 4)[0]?.quantity).toBe(4);
		expect(setQuantity(cart, "5:11", 0).map((line) => line.key)).toEqual(["5:12"]);
		expect(setQuantity(cart, "5:11", 500)[0]?.quantity).toBe(MAX_LINE_QUANTITY);
		expect(removeLine(cart, "5:12").map((line) => line.key)).toEqual(["5:11"]);
	});
});

describe("stock guard", () => {
	const coconutLine = (quantity: number): NewLine => ({
		shopId: 1,
		itemId: coconut.id,
		name: coconut.name,
		image: null,
		optionIds: [],
		optionNames: [],
		unitPrice: 200,
		quantity,
	});

	it("counts every line of the item against its stock", () => {
		expect(remainingStock([], coconut, [])).toBe(3);
		const cart = added([], coconutLine(2));
		expect(remainingStock(cart, coconut, [])).toBe(1);
		expect(remainingStock(added(cart, coconutLine(1)), coconut, [])).toBe(0);
	});

	it("leaves a line itself out when asked how far that line may grow", () => {
		const cart = added([], coconutLine(2));
		expect(remainingStock(cart, coconut, [], lineKey(coconut.id, []))).toBe(3);
	});

	it("is unlimited when nothing is tracked, and zero when sold out", () => {
		expect(remainingStock([], milkTea, [11, 21])).toBe(Number.POSITIVE_INFINITY);
		expect(remainingStock([], { ...milkTea, soldOut: true }, [11])).toBe(0);
		expect(remainingStock([], milkTea, [23])).toBe(0); // a sold-out option
	});

	it("applies an option's own stock to the lines holding that option", () => {
		const limited = menuItem(7, "Latte", {
			stock: 10,
			optionGroups: [group(1, "Size", 1, 1, [option(71, "Regular"), option(72, "Large", { stock: 2 })])],
		});
		const line = (optionIds: number[], quantity: number): NewLine => ({
			...coconutLine(quantity),
			itemId: 7,
			optionIds,
		});
		const cart = added(added([], line([71], 5)), line([72], 1));
		expect(remainingStock(cart, limited, [71])).toBe(4); // the item: 10 − 6
		expect(remainingStock(cart, limited, [72])).toBe(1); // the large size: 2 − 1
	});
});
