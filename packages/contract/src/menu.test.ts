import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactShopMenu, expandShopMenu, type MenuItem, type ShopMenu, type ShopMenuWire } from "./menu.js";
import { ORDER_TYPES } from "./venues.js";

const SHOP_ID = 7;

/** Any menu of shop 7 with unique ids, option groups often alike (as "Size" is on every drink). */
const arbitraryMenu: fc.Arbitrary<ShopMenu> = fc
	.record({
		categories: fc.array(
			fc.record({
				name: fc.string(),
				items: fc.array(
					fc.record({
						name: fc.string(),
						description: fc.oneof(fc.constant(""), fc.string()),
						image: fc.option(fc.string()),
						price: fc.nat(),
						originalPrice: fc.option(fc.nat()),
						stock: fc.option(fc.nat(5)),
						soldOut: fc.boolean(),
						salesCount: fc.oneof(fc.constant(0), fc.nat()),
						orderTypes: fc.subarray([...ORDER_TYPES], { minLength: 1 }),
						optionGroups: fc.array(
							fc.record({
								name: fc.constantFrom("Size", "Ice", "Toppings", ""),
								minChoices: fc.nat(2),
								maxChoices: fc.integer({ min: 1, max: 3 }),
								options: fc.array(
									fc.record({
										name: fc.constantFrom("Regular", "Large", "None"),
										priceDelta: fc.integer({ min: -50, max: 50 }),
										isDefault: fc.boolean(),
										soldOut: fc.boolean(),
										stock: fc.option(fc.nat(3)),
									}),
									{ maxLength: 4 },
								),
							}),
							{ maxLength: 3 },
						),
					}),
					{ maxLength: 6 },
				),
			}),
			{ maxLength: 4 },
		),
	})
	.map(({ categories }) => {
		let nextId = 1;
		return {
			shopId: SHOP_ID,
			categories: categories.map((category) => {
				const categoryId = nextId++;
				return {
					id: categoryId,
					name: category.name,
					items: category.items.map(
						(item): MenuItem => ({
							...item,
							id: nextId++,
							shopId: SHOP_ID,
							categoryId,
							optionGroups: item.optionGroups.map((group) => ({
								...group,
								id: nextId++,
								options: group.options.map((option) => ({ ...option, id: nextId++ })),
							})),
						}),
					),
				};
			}),
		};
	});

const item = (patch: Partial<MenuItem>): MenuItem => ({
	id: 11,
	shopId: SHOP_ID,
	categoryId: 3,
	name: "Pearl milk tea",
	description: "",
	image: null,
	price: 250,
	originalPrice: null,
	stock: null,
	soldOut: false,
	salesCount: 0,
	orderTypes: [...ORDER_TYPES],
	optionGroups: [],
	...patch,
});
const size = (groupId: number, regular: number, large: number) => ({
	id: groupId,
	name: "Size",
	minChoices: 1,
	maxChoices: 1,
	options: [
		{ id: regular, name: "Regular", priceDelta: 0, isDefault: true, soldOut: false, stock: null },
		{ id: large, name: "Large", priceDelta: 50, isDefault: false, soldOut: false, stock: null },
	],
});

describe("the menu as it travels", () => {
	it("reads back exactly the menu that was sent, whatever it holds", () => {
		fc.assert(
			fc.property(arbitraryMenu, (menu) => {
				const wire = JSON.parse(JSON.stringify(compactShopMenu(menu))) as ShopMenuWire;
				expect(expandShopMenu(wire)).toEqual(menu);
			}),
		);
	});

	it("sends only what differs from the defaults, and a group two items share once", () => {
		const menu: ShopMenu = {
			shopId: SHOP_ID,
			categories: [
				{
					id: 3,
					name: "Milk tea",
					items: [
						item({ optionGroups: [size(101, 201, 202)] }),
						item({ id: 12, name: "Matcha latte", soldOut: true, stock: 0, optionGroups: [size(102, 203, 204)] }),
						item({ id: 13, name: "Coconut", orderTypes: ["takein", "desk"] }),
					],
				},
			],
		};

		expect(compactShopMenu(menu)).toEqual({
			shopId: SHOP_ID,
			categories: [
				{
					id: 3,
					name: "Milk tea",
					items: [
						{
							id: 11,
							name: "Pearl milk tea",
							price: 250,
							optionGroups: [{ id: 101, group: 0, optionIds: [201, 202] }],
						},
						{
							id: 12,
							name: "Matcha latte",
							price: 250,
							stock: 0,
							soldOut: true,
							optionGroups: [{ id: 102, group: 0, optionIds: [203, 204] }],
						},
						{ id: 13, name: "Coconut", price: 250, orderTypes: ["takein", "desk"] },
					],
				},
			],
			optionGroups: [
				{
					name: "Size",
					minChoices: 1,
					options: [
						{ name: "Regular", isDefault: true },
						{ name: "Large", priceDelta: 50 },
					],
				},
			],
		});
	});

	it("also reads a menu sent in full", () => {
		const menu: ShopMenu = {
			shopId: SHOP_ID,
			categories: [{ id: 3, name: "Milk tea", items: [item({ optionGroups: [size(101, 201, 202)] })] }],
		};

		expect(expandShopMenu(menu)).toEqual(menu);
	});

	it("fails on an item group that points at no group, rather than invent one", () => {
		const wire = compactShopMenu({
			shopId: SHOP_ID,
			categories: [{ id: 3, name: "Milk tea", items: [item({ optionGroups: [size(101, 201, 202)] })] }],
		});
		const pointing = (group: number): ShopMenuWire => ({
			...wire,
			categories: [
				{
					id: 3,
					name: "Milk tea",
					items: [{ id: 11, name: "Tea", price: 1, optionGroups: [{ id: 101, group, optionIds: [1, 2] }] }],
				},
			],
		});

		expect(expandShopMenu(pointing(0)).categories[0]?.items[0]?.optionGroups[0]?.options).toHaveLength(2);
		expect(() => expandShopMenu(pointing(1))).toThrow(TypeError);
	});
});
