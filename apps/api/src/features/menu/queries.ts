import type { Localized } from "@bayon/contract";
import { type Kysely, sql, type Transaction } from "kysely";
import { executePrepared } from "../../db/prepared.js";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;

const ITEM_COLUMNS = [
	"i.id",
	"i.shop_id",
	"i.category_id",
	"i.name",
	"i.description",
	"i.image",
	"i.price",
	"i.original_price",
	"i.stock",
	"i.sold_out",
	"i.sales_count",
	"i.order_types",
] as const;

/** An option group joined to one of its options (NULLs for a group without options). */
const CHOICE_COLUMNS = [
	"g.id as group_id",
	"g.name as group_name",
	"g.min_choices",
	"g.max_choices",
	"o.id as option_id",
	"o.name as option_name",
	"o.price_delta",
	"o.is_default",
	"o.sold_out as option_sold_out",
	"o.stock as option_stock",
] as const;

/** The enabled items of a shop's visible categories: items of a hidden category are off the menu (and cannot be ordered). */
function orderableItems(db: Db, args: { tenantId: number; shopId: number }) {
	return db
		.selectFrom("menu_item as i")
		.innerJoin("shop as s", "s.id", "i.shop_id")
		.innerJoin("menu_category as c", "c.id", "i.category_id")
		.where("i.shop_id", "=", args.shopId)
		.where("s.tenant_id", "=", args.tenantId)
		.where("i.enabled", "=", true)
		.where("c.visible", "=", true);
}

/**
 * Every orderable item of a shop with its visible categories, option groups and options (three
 * queries); or, with `itemIds`, those of them, with their groups and options in one statement
 * (pricing a cart, on every order: no categories).
 */
export async function loadMenuRows(db: Db, args: { tenantId: number; shopId: number; itemIds?: number[] }) {
	if (args.itemIds) return loadItemsWithChoices(db, { ...args, itemIds: args.itemIds });
	const items = await orderableItems(db, args).select(ITEM_COLUMNS).orderBy("i.sort").orderBy("i.id").execute();
	const itemIds = items.map((item) => item.id);
	const [categories, choices] = await Promise.all([
		db
			.selectFrom("menu_category")
			.select(["id", "name"])
			.where("shop_id", "=", args.shopId)
			.where("visible", "=", true)
			.orderBy("sort")
			.orderBy("id")
			.execute(),
		itemIds.length ? loadChoices(db, itemIds) : Promise.resolve({ groups: [], options: [] }),
	]);
	return { categories, items, ...choices };
}

/** Items by id with their choices: one row per option (a group without options once, an item without groups once). */
async function loadItemsWithChoices(db: Db, args: { tenantId: number; shopId: number; itemIds: number[] }) {
	if (args.itemIds.length === 0) return { categories: [], items: [], groups: [], options: [] };
	// Prepared (every order prices its cart): the ids as one array, so any cart is one statement.
	const rows = await executePrepared(
		db,
		orderableItems(db, args)
			.leftJoin("menu_option_group as g", "g.item_id", "i.id")
			.leftJoin("menu_option as o", "o.group_id", "g.id")
			.select([...ITEM_COLUMNS, ...CHOICE_COLUMNS])
			.where("i.id", "=", sql<number>`ANY(${args.itemIds}::bigint[])`)
			.orderBy("i.sort")
			.orderBy("i.id")
			.orderBy("g.sort")
			.orderBy("g.id")
			.orderBy("o.sort")
			.orderBy("o.id"),
	);
	const items: Array<Pick<(typeof rows)[number], ItemColumn>> = [];
	for (const row of rows)
		if (items.at(-1)?.id !== row.id)
			items.push({
				id: row.id,
				shop_id: row.shop_id,
				category_id: row.category_id,
				name: row.name,
				description: row.description,
				image: row.image,
				price: row.price,
				original_price: row.original_price,
				stock: row.stock,
				sold_out: row.sold_out,
				sales_count: row.sales_count,
				order_types: row.order_types,
			});
	const choices = splitChoices(
		rows.flatMap((row) =>
			row.group_id === null || row.group_name === null || row.min_choices === null || row.max_choices === null
				? []
				: [
						{
							...row,
							item_id: row.id,
							group_id: row.group_id,
							group_name: row.group_name,
							min_choices: row.min_choices,
							max_choices: row.max_choices,
						},
					],
		),
	);
	return { categories: [], items, ...choices };
}

type ItemColumn = (typeof ITEM_COLUMNS)[number] extends `i.${infer Column}` ? Column : never;

/**
 * The items' option groups and their options in one statement (a group without options comes
 * once, with nulls), each in the menu's order: groups by their sort then id, options within a
 * group by theirs.
 */
async function loadChoices(db: Db, itemIds: number[]) {
	const rows = await db
		.selectFrom("menu_option_group as g")
		.leftJoin("menu_option as o", "o.group_id", "g.id")
		.select(["g.item_id", ...CHOICE_COLUMNS])
		.where("g.item_id", "in", itemIds)
		.orderBy("g.sort")
		.orderBy("g.id")
		.orderBy("o.sort")
		.orderBy("o.id")
		.execute();
	return splitChoices(rows);
}

/** Rows of groups joined to their options, in the menu's order, as the groups and the options. */
function splitChoices(
	rows: Array<{
		group_id: number;
		item_id: number;
		group_name: Localized;
		min_choices: number;
		max_choices: number;
		option_id: number | null;
		option_name: Localized | null;
		price_delta: number | null;
		is_default: boolean | null;
		option_sold_out: boolean | null;
		option_stock: number | null;
	}>,
) {
	const groups: Array<{
		id: number;
		item_id: number;
		name: Localized;
		min_choices: number;
		max_choices: number;
	}> = [];
	const options: Array<{
		id: number;
		group_id: number;
		name: Localized;
		price_delta: number;
		is_default: boolean;
		sold_out: boolean;
		stock: number | null;
	}> = [];
	for (const row of rows) {
		if (groups.at(-1)?.id !== row.group_id)
			groups.push({
				id: row.group_id,
				item_id: row.item_id,
				name: row.group_name,
				min_choices: row.min_choices,
				max_choices: row.max_choices,
			});
		if (row.option_id !== null && row.option_name !== null)
			options.push({
				id: row.option_id,
				group_id: row.group_id,
				name: row.option_name,
				price_delta: row.price_delta ?? 0,
				is_default: row.is_default ?? false,
				sold_out: row.option_sold_out ?? false,
				stock: row.option_stock,
			});
	}
	return { groups, options };
}

export type MenuRows = Awaited<ReturnType<typeof loadMenuRows>>;

export function findItemShop(db: Db, args: { tenantId: number; itemId: number }) {
	return db
		.selectFrom("menu_item as i")
		.innerJoin("shop as s", "s.id", "i.shop_id")
		.innerJoin("menu_category as c", "c.id", "i.category_id")
		.select("i.shop_id")
		.where("i.id", "=", args.itemId)
		.where("s.tenant_id", "=", args.tenantId)
		.where("i.enabled", "=", true)
		.where("c.visible", "=", true)
		.executeTakeFirst();
}
