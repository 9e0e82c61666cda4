import {
	type CurrencyConfig,
	ErrorCode,
	formatMessage,
	type MenuItem,
	type MenuOption,
	type MenuOptionGroup,
	type ShopOpenState,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { type CartLine, type PricingFacts, priceCart } from "./cart-rules.js";

// A small hand-built menu: no database, no server. Money is in cents.
const usd: CurrencyConfig = { code: "USD", symbol: "$", decimals: 2, rate: 1, symbolPosition: "before" };

const option = (id: number, name: string, priceDelta = 0, extra: Partial<MenuOption> = {}): MenuOption => ({
	id,
	name,
	priceDelta,
	isDefault: false,
	soldOut: false,
	stock: null,
	...extra,
});

const group = (
	id: number,
	name: string,
	minChoices: number,
	maxChoices: number,
	options: MenuOption[],
): MenuOptionGroup => ({
	id,
	name,
	minChoices,
	maxChoices,
	options,
});

const menuItem = (id: number, name: string, price: number, extra: Partial<MenuItem> = {}): MenuItem => ({
	id,
	shopId: 1,
	categoryId: 1,
	name,
	description: "",
	image: null,
	price,
	originalPrice: null,
	stock: null,
	soldOut: false,
	salesCount: 0,
	orderTypes: ["takein", "takeout", "desk"],
	optionGroups: [],
	...extra,
});

const SIZE_REGULAR = 101;
const SIZE_LARGE = 102;
const PEARLS = 111;
const PUDDING = 112;
const JELLY = 113;
const CHEESE_FOAM_SOLD_OUT = 114;
const EXTRA_SHOT_LIMITED = 115;
const EXTRA_RICE_OF_ANOTHER_ITEM = 501;

const milkTea = menuItem(1, "Milk tea", 300, {
	optionGroups: [
		group(10, "Size", 1, 1, [option(SIZE_REGULAR, "Regular", 0, { isDefault: true }), option(SIZE_LARGE, "Large", 50)]),
		group(11, "Toppings", 0, 2, [
			option(PEARLS, "Pearls", 30),
			option(PUDDING, "Pudding", 40),
			option(JELLY, "Coconut jelly", 30),
			option(CHEESE_FOAM_SOLD_OUT, "Cheese foam", 50, { soldOut: true }),
			option(EXTRA_SHOT_LIMITED, "Extra shot", 60, { stock: 2 }),
		]),
	],
});
const coconut = menuItem(2, "Fresh coconut", 200, { orderTypes: ["takein", "desk"] });
const latte = menuItem(3, "Café latte", 350, { stock: 5 });
// As the menu presents it: an item with no stock left is marked sold out.
const noodles = menuItem(4, "Nom banh chok", 300, { stock: 0, soldOut: true });
const friedRice = menuItem(5, "Fried rice", 400, {
	optionGroups: [group(50, "Add-ons", 0, 1, [option(EXTRA_RICE_OF_ANOTHER_ITEM, "Extra rice", 50)])],
});
const custard = menuItem(6, "Pumpkin custard", 250);
const cake = menuItem(7, "Rice cake", 499);

const openState = (overrides: Partial<ShopOpenState> = {}): ShopOpenState => ({
	isOpen: true,
	acceptingOrders: true,
	todayHours: [{ opensAt: "08:00", closesAt: "22:00" }],
	closedToday: false,
	nextOpenAt: null,
	pausedUntil: null,
	...overrides,
});

const nearZone = { kind: "quoted", inRange: true, fee: 100, minOrder: 500 } as const;

function facts(overrides: Partial<PricingFacts> = {}): PricingFacts {
	return {
		lang: "en",
		currency: usd,
		orderType: "takein",
		shop: { openState: openState(), orderTypes: ["takein", "takeout", "desk"], timezone: "Asia/Phnom_Penh" },
		items: new Map([milkTea, coconut, latte, noodles, friedRice, custard, cake].map((item) => [item.id, item])),
		delivery: { kind: "none" },
		table: { kind: "none" },
		...overrides,
	};
}

const line = (itemId: number, quantity = 1, optionIds: number[] = []): CartLine => ({ itemId, quantity, optionIds });
const codesOf = (problems: Array<{ code: number }>) => problems.map((p) => p.code);

describe("pricing a line", () => {
	it("charges the base price plus every chosen option, times the quantity", () => {
		const cart = [line(milkTea.id, 3, [SIZE_LARGE, PEARLS, PUDDING])];

		const priced = priceCart(cart, facts());

		expect(priced.lines[0]).toMatchObject({
			itemId: milkTea.id,
			name: "Milk tea",
			options: [
				{ id: SIZE_LARGE, name: "Large", priceDelta: 50 },
				{ id: PEARLS, name: "Pearls", priceDelta: 30 },
				{ id: PUDDING, name: "Pudding", priceDelta: 40 },
			],
			unitPrice: 420,
			quantity: 3,
			lineTotal: 1260,
			problems: [],
		});
		expect(priced).toMatchObject({ subtotal: 1260, deliveryFee: 0, total: 1260, problems: [], orderable: true });
	});

	it("asks for a required single choice that was left out", () => {
		const cart = [line(milkTea.id, 1, [PEARLS])];

		const priced = priceCart(cart, facts());

		expect(priced.lines[0]?.problems).toEqual([{ code: ErrorCode.OptionRequired, message: "Please choose Size" }]);
		expect(priced).toMatchObject({ subtotal: 0, orderable: false });
	});

	it("refuses more choices than a group allows", () => {
		const cart = [line(milkTea.id, 1, [SIZE_REGULAR, PEARLS, PUDDING, JELLY])];

		const priced = priceCart(cart, facts());

		expect(priced.lines[0]?.problems).toEqual([
			{ code: ErrorCode.TooManyOptions, message: formatMessage("tooManyOptions", "en", { group: "Toppings", max: 2 }) },
		]);
		expect(priced.orderable).toBe(false);
	});

	it("refuses two choices in a single-choice group", () => {
		const cart = [line(milkTea.id, 1, [SIZE_REGULAR, SIZE_LARGE])];

		const priced = priceCart(cart, facts());

		expect(codesOf(priced.lines[0]?.problems ?? [])).toEqual([ErrorCode.TooManyOptions]);
	});

	it.each([
		["an option of another item", [SIZE_REGULAR, EXTRA_RICE_OF_ANOTHER_ITEM]],
		["the same option twice", [SIZE_REGULAR, PEARLS, PEARLS]],
		["a sold-out option", [SIZE_REGULAR, CHEESE_FOAM_SOLD_OUT]],
		["an option id that does not exist", [SIZE_REGULAR, 99_999]],
	])("says the choice is no longer available for %s", (_case, optionIds) => {
		const cart = [line(milkTea.id, 1, optionIds)];

		const priced = priceCart(cart, facts());

		expect(priced.lines[0]?.problems).toEqual([
			{ code: ErrorCode.OptionInvalid, message: formatMessage("optionInvalid", "en") },
		]);
		expect(priced).toMatchObject({ subtotal: 0, orderable: false });
	});

	it("never prices a line below zero", () => {
		const discounted = menuItem(8, "Staff drink", 100, {
			optionGroups: [group(80, "Voucher", 0, 1, [option(801, "Free", -500)])],
		});
		const items = new Map([[discounted.id, discounted]]);

		const priced = priceCart([line(discounted.id, 2, [801])], facts({ items }));

		expect(priced.lines[0]).toMatchObject({ unitPrice: 0, lineTotal: 0, problems: [] });
	});

	it("says an item that left the menu is unavailable", () => {
		const priced = priceCart([line(12_345)], facts());

		expect(priced.lines[0]).toMatchObject({
			itemId: 12_345,
			name: "",
			lineTotal: 0,
			problems: [{ code: ErrorCode.ItemUnavailable, message: formatMessage("itemUnavailable", "en") }],
		});
		expect(priced.orderable).toBe(false);
	});
});

describe("stock", () => {
	it("compares the sum of all lines of an item with its stock, and tells each line how many are left", () => {
		const cart = [line(latte.id, 3), line(latte.id, 3)];

		const priced = priceCart(cart, facts());

		for (const pricedLine of priced.lines) {
			expect(pricedLine.problems).toEqual([
				{ code: ErrorCode.InsufficientStock, message: formatMessage("insufficientStock", "en"), available: 5 },
			]);
		}
		expect(priced).toMatchObject({ subtotal: 0, orderable: false });
	});

	it("accepts lines that together take exactly what is left", () => {
		const cart = [line(latte.id, 2), line(latte.id, 3)];

		const priced = priceCart(cart, facts());

		expect(priced).toMatchObject({ subtotal: 5 * 350, orderable: true });
	});

	it("counts a limited option across lines too", () => {
		const cart = [
			line(milkTea.id, 2, [SIZE_REGULAR, EXTRA_SHOT_LIMITED]),
			line(milkTea.id, 1, [SIZE_LARGE, EXTRA_SHOT_LIMITED]),
		];

		const priced = priceCart(cart, facts());

		expect(priced.lines.map((l) => l.problems)).toEqual([
			[{ code: ErrorCode.InsufficientStock, message: formatMessage("insufficientStock", "en"), available: 2 }],
			[{ code: ErrorCode.InsufficientStock, message: formatMessage("insufficientStock", "en"), available: 2 }],
		]);
	});

	it("treats an item with no stock left as sold out, not as short of stock", () => {
		const priced = priceCart([line(noodles.id)], facts());

		expect(priced.lines[0]?.problems).toEqual([{ code: ErrorCode.ItemSoldOut, message: "Sold out" }]);
		expect(priced.orderable).toBe(false);
	});
});

describe("delivery", () => {
	const takeout = (delivery: PricingFacts["delivery"]) => facts({ orderType: "takeout", delivery });

	it("accepts a cart that exactly meets the minimum and adds the zone's fee", () => {
		const cart = [line(custard.id, 2)];

		const priced = priceCart(cart, takeout(nearZone));

		expect(priced).toMatchObject({
			subtotal: 500,
			deliveryFee: 100,
			total: 600,
			minDeliveryPrice: 500,
			problems: [],
			orderable: true,
		});
	});

	it("refuses a cart one cent below the minimum, naming the amount", () => {
		const cart = [line(cake.id)];

		const priced = priceCart(cart, takeout(nearZone));

		expect(priced.problems).toEqual([
			{ code: ErrorCode.BelowMinDeliveryPrice, message: "Delivery needs an order of at least $5.00" },
		]);
		expect(priced).toMatchObject({ subtotal: 499, minDeliveryPrice: 500, orderable: false });
	});

	it("does not count lines that cannot be ordered toward the minimum", () => {
		const cart = [line(custard.id, 1), line(noodles.id, 1), line(milkTea.id, 1, [PEARLS])];

		const priced = priceCart(cart, takeout(nearZone));

		expect(priced.subtotal).toBe(250);
		expect(codesOf(priced.problems)).toEqual([ErrorCode.BelowMinDeliveryPrice]);
	});

	it("refuses an address outside every zone and charges no fee", () => {
		const priced = priceCart([line(custard.id, 4)], takeout({ kind: "quoted", inRange: false, fee: 0, minOrder: 0 }));

		expect(priced.problems).toEqual([
			{ code: ErrorCode.AddressOutOfRange, message: formatMessage("addressOutOfRange", "en") },
		]);
		expect(priced).toMatchObject({ deliveryFee: 0, minDeliveryPrice: null, total: 1000, orderable: false });
	});

	it("asks for an address when none was given", () => {
		const priced = priceCart([line(custard.id, 4)], takeout({ kind: "missing" }));

		expect(priced.problems).toEqual([{ code: ErrorCode.AddressRequired, message: "Please choose a delivery address" }]);
		expect(priced.orderable).toBe(false);
	});

	it("refuses an item that is not offered for delivery", () => {
		const priced = priceCart([line(coconut.id, 3)], takeout(nearZone));

		expect(priced.lines[0]?.problems).toEqual([
			{ code: ErrorCode.ItemNotForOrderType, message: "This item is not available for delivery" },
		]);
	});
});

describe("the shop", () => {
	it("refuses orders outside opening hours", () => {
		const closedNow = openState({ isOpen: false, nextOpenAt: "2026-11-21T01:00:00.000Z" });

		const priced = priceCart(
			[line(custard.id)],
			facts({ shop: { openState: closedNow, orderTypes: ["takein"], timezone: "Asia/Phnom_Penh" } }),
		);

		expect(priced.problems).toEqual([
			{ code: ErrorCode.StoreClosed, message: formatMessage("cannotOrderOutsideHours", "en") },
		]);
		expect(priced.orderable).toBe(false);
	});

	it("says the store is closed on a closure day", () => {
		const closure = openState({ isOpen: false, closedToday: true, todayHours: [] });

		const priced = priceCart(
			[line(custard.id)],
			facts({ shop: { openState: closure, orderTypes: ["takein"], timezone: "Asia/Phnom_Penh" } }),
		);

		expect(priced.problems).toEqual([{ code: ErrorCode.StoreClosed, message: "The store is closed" }]);
	});

	it("says the store is not taking orders when it paused them", () => {
		const paused = openState({ isOpen: false, acceptingOrders: false });

		const priced = priceCart(
			[line(custard.id)],
			facts({ shop: { openState: paused, orderTypes: ["takein"], timezone: "Asia/Phnom_Penh" } }),
		);

		expect(priced.problems).toEqual([
			{ code: ErrorCode.StoreNotAccepting, message: formatMessage("storeNotAccepting", "en") },
		]);
	});

	it("says until when a busy kitchen paused new orders, in the shop's local time", () => {
		// 05:30 UTC is 12:30 in Phnom Penh.
		const paused = openState({ isOpen: false, pausedUntil: "2026-11-20T05:30:00.000Z" });

		const priced = priceCart(
			[line(custard.id)],
			facts({ shop: { openState: paused, orderTypes: ["takein"], timezone: "Asia/Phnom_Penh" } }),
		);

		expect(priced.orderable).toBe(false);
		expect(priced.problems).toEqual([
			{ code: ErrorCode.StorePaused, message: "The shop has paused new orders until 12:30" },
		]);
	});

	it("refuses an order type the shop does not offer", () => {
		const shop = {
			openState: openState(),
			orderTypes: ["takein", "desk"] as PricingFacts["orderType"][],
			timezone: "Asia/Phnom_Penh",
		};

		const priced = priceCart([line(custard.id, 2)], facts({ orderType: "takeout", shop, delivery: nearZone }));

		expect(priced.problems).toEqual([
			{ code: ErrorCode.OrderTypeNotOffered, message: "This store does not offer delivery" },
		]);
		expect(priced.orderable).toBe(false);
	});
});

describe("dine-in", () => {
	it.each([["no", { kind: "none" }] as const, ["an invalid", { kind: "invalid" }] as const])(
		"needs a valid table (%s table given)",
		(_case, table) => {
			const priced = priceCart([line(custard.id)], facts({ orderType: "desk", table }));

			expect(priced.problems).toEqual([{ code: ErrorCode.TableInvalid, message: formatMessage("tableInvalid", "en") }]);
			expect(priced.orderable).toBe(false);
		},
	);

	it("accepts the cart at a valid table", () => {
		const priced = priceCart([line(coconut.id, 2)], facts({ orderType: "desk", table: { kind: "valid" } }));

		expect(priced).toMatchObject({ orderType: "desk", subtotal: 400, total: 400, problems: [], orderable: true });
	});
});

describe("messages", () => {
	it.each(SUPPORTED_LANGUAGES)("come from the shared catalogue in %s", (lang) => {
		const cart = [line(milkTea.id, 1, []), line(coconut.id), line(noodles.id)];
		const closedNow = openState({ isOpen: false });

		const priced = priceCart(
			cart,
			facts({
				lang,
				orderType: "takeout",
				shop: { openState: closedNow, orderTypes: ["takein", "desk"], timezone: "Asia/Phnom_Penh" },
				delivery: { kind: "quoted", inRange: true, fee: 100, minOrder: 1000 },
			}),
		);

		const takeoutName = formatMessage("orderTypeTakeout", lang);
		expect(priced.lines.map((l) => l.problems.map((p) => p.message))).toEqual([
			[formatMessage("optionRequired", lang, { group: "Size" })],
			[formatMessage("itemNotForOrderType", lang, { orderType: takeoutName })],
			[formatMessage("itemSoldOut", lang)],
		]);
		expect(priced.problems.map((p) => p.message)).toEqual([
			formatMessage("cannotOrderOutsideHours", lang),
			formatMessage("orderTypeNotOffered", lang, { orderType: takeoutName }),
			formatMessage("belowMinDeliveryPrice", lang, { amount: "$10.00" }),
		]);
	});
});
