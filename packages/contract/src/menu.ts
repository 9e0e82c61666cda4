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
