import { z } from "zod";
import { idField, multiLineText, oneLineText } from "./common.js";
import type { Localized } from "./i18n.js";
import type { MessageKey } from "./messages.js";
import { type OrderType, orderTypeField } from "./venues.js";

/**
 * The menu as owners and managers edit it and staff mark it sold out (issue 10). Every
 * save names the shop and, for an existing row, the `version` it was read at: a row that
 * moved on since is refused with `MenuChanged` instead of silently overwriting someone's work.
 */

export const MENU_NAME_MAX = 60;
export const MENU_DESCRIPTION_MAX = 500;
/** Ten thousand in the currency's major unit with two decimals: far above any dish. */
export const MENU_PRICE_MAX = 100_000_000;
export const MENU_STOCK_MAX = 1_000_000;
export const MENU_OPTIONS_MAX = 30;
export const MENU_GROUPS_PER_ITEM_MAX = 10;

/** Names in three languages; the Chinese one is what every other language falls back to. */
function localizedName(missingChinese: MessageKey) {
	const translation = oneLineText().trim().max(MENU_NAME_MAX, { error: "menuNameTooLong" });
	return z.strictObject({
		"zh-CN": oneLineText(missingChinese)
			.trim()
			.min(1, { error: missingChinese, abort: true })
			.max(MENU_NAME_MAX, { error: "menuNameTooLong" }),
		en: translation.default(""),
		km: translation.default(""),
	});
}

const descriptionText = multiLineText().trim().max(MENU_DESCRIPTION_MAX, { error: "menuDescriptionTooLong" });
/** A description is optional, but once any language has one, the Chinese one is needed too. */
const localizedDescription = z
	.strictObject({
		"zh-CN": descriptionText.default(""),
		en: descriptionText.default(""),
		km: descriptionText.default(""),
	})
	.refine((text) => text["zh-CN"] !== "" || (text.en === "" && text.km === ""), {
		error: "menuDescriptionZhRequired",
		path: ["zh-CN"],
	});

function moneyField(negative: MessageKey) {
	return z
		.number({ error: "fieldInvalid" })
		.int({ error: "menuPriceWhole" })
		.min(0, { error: negative })
		.max(MENU_PRICE_MAX, { error: "menuPriceTooHigh" });
}

/** A version read with the row; absent when creating. */
const versionField = z
	.number({ error: "fieldInvalid" })
	.int({ error: "fieldInvalid" })
	.min(1, { error: "fieldInvalid" });

export const SaveMenuCategoryInput = z
	.strictObject({
		shopId: idField,
		/** Absent: a new category at the end. */
		id: idField.optional(),
		version: versionField.optional(),
		name: localizedName("menuCategoryNameRequired"),
		visible: z.boolean({ error: "fieldInvalid" }).default(true),
	})
	.refine((input) => input.id === undefined || input.version !== undefined, {
		error: "fieldInvalid",
		path: ["version"],
	});
export type SaveMenuCategoryInput = z.input<typeof SaveMenuCategoryInput>;

/** A count of pieces left: whole, 0 to MENU_STOCK_MAX. */
const stockCount = z
	.number({ error: "fieldInvalid" })
	.int({ error: "menuStockInvalid" })
	.min(0, { error: "menuStockInvalid" })
	.max(MENU_STOCK_MAX, { error: "menuStockInvalid" });

export const SaveMenuItemInput = z
	.strictObject({
		shopId: idField,
		id: idField.optional(),
		version: versionField.optional(),
		categoryId: idField,
		name: localizedName("menuItemNameRequired"),
		description: localizedDescription.default({ "zh-CN": "", en: "", km: "" }),
		/** A URL answered by infra/file/upload, or null for no photo. */
		image: oneLineText().max(300, { error: "fieldInvalid" }).nullable().default(null),
		price: moneyField("menuPriceNegative"),
		/** The crossed-out price beside it, or null. */
		originalPrice: moneyField("menuPriceNegative").nullable().default(null),
		/** Left in stock, or null for unlimited. */
		stock: stockCount.nullable().default(null),
		/**
		 * Saving an existing item: the stock the editor showed (null: unlimited). Orders take
		 * stock while the owner types, so the server adds the difference typed − read to the
		 * stock as it is now instead of setting the typed number (decision 014, issue 27).
		 */
		stockRead: stockCount.nullable().optional(),
		orderTypes: z
			.array(orderTypeField)
			.min(1, { error: "menuOrderTypesRequired" })
			.max(3, { error: "fieldInvalid" })
			.refine((types) => new Set(types).size === types.length, { error: "fieldInvalid" }),
	})
	.refine((input) => input.id === undefined || input.version !== undefined, {
		error: "fieldInvalid",
		path: ["version"],
	})
	.refine((input) => input.id === undefined || input.stockRead !== undefined, {
		error: "fieldInvalid",
		path: ["stockRead"],
	})
	.refine((input) => input.originalPrice === null || input.originalPrice > input.price, {
		error: "menuOriginalPriceNotHigher",
		path: ["originalPrice"],
	});
export type SaveMenuItemInput = z.input<typeof SaveMenuItemInput>;

export const MenuOptionInput = z.strictObject({
	/** Absent: a new option. An existing option of the group not sent is removed. */
	id: idField.optional(),
	name: localizedName("menuOptionNameRequired"),
	/** Added to the item's price, minor units; may be negative (a smaller size). */
	priceDelta: z
		.number({ error: "fieldInvalid" })
		.int({ error: "menuPriceWhole" })
		.min(-MENU_PRICE_MAX, { error: "fieldInvalid" })
		.max(MENU_PRICE_MAX, { error: "menuPriceTooHigh" }),
	isDefault: z.boolean({ error: "fieldInvalid" }).default(false),
});
export type MenuOptionInput = z.input<typeof MenuOptionInput>;

const choicesField = z
	.number({ error: "fieldInvalid" })
	.int({ error: "fieldInvalid" })
	.min(0, { error: "fieldInvalid" })
	.max(MENU_OPTIONS_MAX, { error: "fieldInvalid" });

export const SaveOptionGroupInput = z
	.strictObject({
		shopId: idField,
		itemId: idField,
		id: idField.optional(),
		version: versionField.optional(),
		name: localizedName("menuGroupNameRequired"),
		minChoices: choicesField,
		maxChoices: choicesField.min(1, { error: "menuMaxChoicesTooLow" }),
		options: z
			.array(MenuOptionInput)
			.min(1, { error: "menuOptionsRequired" })
			.max(MENU_OPTIONS_MAX, { error: "fieldInvalid" }),
	})
	.refine((input) => input.id === undefined || input.version !== undefined, {
		error: "fieldInvalid",
		path: ["version"],
	})
	.refine((input) => input.minChoices <= input.maxChoices, { error: "menuMinAboveMax", path: ["minChoices"] })
	.refine((input) => input.maxChoices <= input.options.length, {
		error: "menuMaxAboveOptions",
		path: ["maxChoices"],
	})
	.refine((input) => input.options.filter((option) => option.isDefault).length <= input.maxChoices, {
		error: "menuTooManyDefaults",
		path: ["options"],
	});
export type SaveOptionGroupInput = z.input<typeof SaveOptionGroupInput>;

/** Removes an item or an option group, named with the version it was read at. */
export const RemoveMenuRowInput = z.strictObject({ shopId: idField, id: idField, version: versionField });
export type RemoveMenuRowInput = z.input<typeof RemoveMenuRowInput>;

/** Moves a category, or an item within its category, one place up or down. */
export const MoveMenuRowInput = z.strictObject({
	shopId: idField,
	id: idField,
	direction: z.enum(["up", "down"], { error: "fieldInvalid" }),
});
export type MoveMenuRowInput = z.input<typeof MoveMenuRowInput>;

/**
 * One tap during service: an item or one option sold out, or back in stock. Back in stock of
 * a row that counts its stock and has none left needs `addStock`, how many came back (added
 * to what is left, never set outright); without it the answer is `RestockNeeded`.
 */
export const SetSoldOutInput = z
	.strictObject({
		shopId: idField,
		kind: z.enum(["item", "option"], { error: "fieldInvalid" }),
		id: idField,
		soldOut: z.boolean({ error: "fieldInvalid" }),
		addStock: stockCount.min(1, { error: "menuStockInvalid" }).optional(),
	})
	.refine((input) => input.addStock === undefined || !input.soldOut, { error: "fieldInvalid", path: ["addStock"] });
export type SetSoldOutInput = z.input<typeof SetSoldOutInput>;

/** After a tap: the row's mark and its stock now (null: not counted). */
export interface SoldOutResult {
	id: number;
	soldOut: boolean;
	stock: number | null;
}

/** After an item's save: its new version and the stock it has now (orders meanwhile counted). */
export interface SavedMenuItem {
	id: number;
	version: number;
	stock: number | null;
}

/** What the merchant's menu pages read: every language, hidden categories, versions. */
export interface AdminMenuOption {
	id: number;
	name: Localized;
	priceDelta: number;
	isDefault: boolean;
	/** As customers see it: marked sold out, or counted with none left. */
	soldOut: boolean;
	stock: number | null;
}

export interface AdminOptionGroup {
	id: number;
	itemId: number;
	version: number;
	name: Localized;
	minChoices: number;
	maxChoices: number;
	options: AdminMenuOption[];
}

export interface AdminMenuItem {
	id: number;
	categoryId: number;
	version: number;
	name: Localized;
	description: Partial<Localized>;
	image: string | null;
	price: number;
	originalPrice: number | null;
	stock: number | null;
	/** As customers see it: marked sold out, or counted with none left. */
	soldOut: boolean;
	orderTypes: OrderType[];
	optionGroups: AdminOptionGroup[];
}

export interface AdminMenuCategory {
	id: number;
	version: number;
	name: Localized;
	visible: boolean;
	items: AdminMenuItem[];
}

export interface AdminMenu {
	shopId: number;
	/** The shop menu's version: bumped by every change customers can see. */
	menuVersion: number;
	categories: AdminMenuCategory[];
}
