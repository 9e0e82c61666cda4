import type { OrderType } from "./venues.js";

export interface MenuOption {
	id: number;
	name: string;
	/** Added to the item price, minor units (may be negative). */
	priceDelta: number;
	isDefault: boolean;
	soldOut: boolean;
	/** Left in stock for this choice, or null when not tracked. */
	stock: number | null;
}

/** Single choice when maxChoices is 1; required when minChoices is at least 1. */
export interface MenuOptionGroup {
	id: number;
	name: string;
	minChoices: number;
	maxChoices: number;
	options: MenuOption[];
}

export interface MenuItem {
	id: number;
	shopId: number;
	categoryId: number;
	name: string;
	description: string;
	image: string | null;
	price: number;
	originalPrice: number | null;
	/** Left in stock, or null when not tracked. */
	stock: number | null;
	soldOut: boolean;
	salesCount: number;
	orderTypes: OrderType[];
	optionGroups: MenuOptionGroup[];
}

export interface MenuCategory {
	id: number;
	name: string;
	items: MenuItem[];
}

export interface ShopMenu {
	shopId: number;
	categories: MenuCategory[];
}

/**
 * GET product/products as it travels (issue 16): a shop's menu is the app's largest answer,
 * so it leaves out what the reader can fill in and sends each distinct option group once.
 * `expandShopMenu` turns it back into the `ShopMenu` every screen reads.
 *
 * Left out when they hold the default: an item's description "", image, originalPrice and
 * stock null, soldOut false, salesCount 0 and orderTypes every type (`ORDER_TYPES`); a
 * group's minChoices 0 and maxChoices 1; an option's priceDelta 0, isDefault and soldOut
 * false, stock null. An item's shopId and categoryId are the menu's and its category's.
 */
export interface ShopMenuWire {
	shopId: number;
	categories: MenuWireCategory[];
	/**
	 * Option groups as the items share them (name, limits, choices; no ids): many items offer
	 * the same "Size" or "Sweetness", each with ids of its own. Absent when no item has options.
	 */
	optionGroups?: MenuWireGroupShape[];
}

export interface MenuWireCategory {
	id: number;
	name: string;
	items: MenuWireItem[];
}

export interface MenuWireItem {
	id: number;
	name: string;
	price: number;
	description?: string;
	image?: string | null;
	originalPrice?: number | null;
	stock?: number | null;
	soldOut?: boolean;
	salesCount?: number;
	orderTypes?: OrderType[];
	/**
	 * Each group: its own id and option ids, and what it offers as the menu's
	 * `optionGroups[group]`; or, sent in full, a `MenuOptionGroup`.
	 */
	optionGroups?: Array<MenuWireGroupRef | MenuOptionGroup>;
}

export interface MenuWireGroupRef {
	id: number;
	/** Index into the menu's `optionGroups`. */
	group: number;
	/** This item's ids of that group's options, in the same order. */
	optionIds: number[];
}

export interface MenuWireGroupShape {
	name: string;
	minChoices?: number;
	maxChoices?: number;
	options: MenuWireOptionShape[];
}

export interface MenuWireOptionShape {
	name: string;
	priceDelta?: number;
	isDefault?: boolean;
	soldOut?: boolean;
	stock?: number | null;
}

/**
 * An item's order types when it has every one: `ORDER_TYPES`, spelled out because venues.ts
 * builds zod schemas at load, which would follow this module into the web app's menu chunk.
 */
const EVERY_ORDER_TYPE: readonly OrderType[] = ["takein", "takeout", "desk"];

/** The menu as sent: defaults left out, each distinct option group once (see `ShopMenuWire`). */
export function compactShopMenu(menu: ShopMenu): ShopMenuWire {
	const shapes: MenuWireGroupShape[] = [];
	const shapeIndex = new Map<string, number>();
	const shareGroup = (group: MenuOptionGroup): MenuWireGroupRef => {
		const shape = compactGroup(group);
		const key = JSON.stringify(shape);
		let index = shapeIndex.get(key);
		if (index === undefined) {
			index = shapes.push(shape) - 1;
			shapeIndex.set(key, index);
		}
		return { id: group.id, group: index, optionIds: group.options.map((option) => option.id) };
	};
	const categories = menu.categories.map((category) => ({
		id: category.id,
		name: category.name,
		items: category.items.map((item) => {
			const wire: MenuWireItem = { id: item.id, name: item.name, price: item.price };
			if (item.description !== "") wire.description = item.description;
			if (item.image !== null) wire.image = item.image;
			if (item.originalPrice !== null) wire.originalPrice = item.originalPrice;
			if (item.stock !== null) wire.stock = item.stock;
			if (item.soldOut) wire.soldOut = true;
			if (item.salesCount !== 0) wire.salesCount = item.salesCount;
			if (!sameList(item.orderTypes, EVERY_ORDER_TYPE)) wire.orderTypes = item.orderTypes;
			if (item.optionGroups.length > 0) wire.optionGroups = item.optionGroups.map(shareGroup);
			return wire;
		}),
	}));
	return shapes.length > 0
		? { shopId: menu.shopId, categories, optionGroups: shapes }
		: { shopId: menu.shopId, categories };
}

/**
 * The menu as the screens read it, from what the server sent. Also reads a menu sent in full
 * (every field, groups with their options inline), so a fuller answer never breaks it. Written
 * small, trusting compactShopMenu's shape (a property test holds the two together): it travels
 * in the menu route's scripts, which have a size budget (decision 019).
 */
export function expandShopMenu(wire: ShopMenuWire): ShopMenu {
	const shapes = wire.optionGroups ?? [];
	return {
		shopId: wire.shopId,
		categories: wire.categories.map((category) => ({
			...category,
			items: category.items.map((item) => ({
				...ITEM_DEFAULTS,
				orderTypes: [...EVERY_ORDER_TYPE],
				...item,
				shopId: wire.shopId,
				categoryId: category.id,
				optionGroups: (item.optionGroups ?? []).map((group) => ("group" in group ? expandGroup(group, shapes) : group)),
			})),
		})),
	};
}

const ITEM_DEFAULTS = { description: "", image: null, originalPrice: null, stock: null, soldOut: false, salesCount: 0 };
const OPTION_DEFAULTS = { priceDelta: 0, isDefault: false, soldOut: false, stock: null };

function compactGroup(group: MenuOptionGroup): MenuWireGroupShape {
	const shape: MenuWireGroupShape = { name: group.name, options: [] };
	if (group.minChoices !== 0) shape.minChoices = group.minChoices;
	if (group.maxChoices !== 1) shape.maxChoices = group.maxChoices;
	shape.options = group.options.map((option) => {
		const wire: MenuWireOptionShape = { name: option.name };
		if (option.priceDelta !== 0) wire.priceDelta = option.priceDelta;
		if (option.isDefault) wire.isDefault = true;
		if (option.soldOut) wire.soldOut = true;
		if (option.stock !== null) wire.stock = option.stock;
		return wire;
	});
	return shape;
}

/** A shared group with an item's ids: the server builds both from one group (compactShopMenu). */
function expandGroup(group: MenuWireGroupRef, shapes: MenuWireGroupShape[]): MenuOptionGroup {
	// Not in the list: a TypeError, which the menu's query shows as its error.
	const shape = shapes[group.group] as MenuWireGroupShape;
	return {
		minChoices: 0,
		maxChoices: 1,
		...shape,
		id: group.id,
		options: shape.options.map((option, index) => ({
			...OPTION_DEFAULTS,
			...option,
			id: group.optionIds[index] as number,
		})),
	};
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
	return a.length === b.length && a.every((value, index) => value === b[index]);
}
