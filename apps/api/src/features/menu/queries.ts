import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Every enabled item of a shop's visible categories, with those categories, option groups
 * and options: four queries. Items of a hidden category are off the menu (and cannot be ordered).
 */
export async function loadMenuRows(db: Db, args: { tenantId: number; shopId: number; itemIds?: number[] }) {
	let itemsQuery = db
		.selectFrom("menu_item as i")
		.innerJoin("shop as s", "s.id", "i.shop_id")
		.innerJoin("menu_category as c", "c.id", "i.category_id")
		.select([
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
		])
		.where("i.shop_id", "=", args.shopId)
		.where("s.tenant_id", "=", args.tenantId)
		.where("i.enabled", "=", true)
		.where("c.visible", "=", true)
		.orderBy("i.sort")
		.orderBy("i.id");
	if (args.itemIds) {
		if (args.itemIds.length === 0) return { categories: [], items: [], groups: [], options: [] };
		itemsQuery = itemsQuery.where("i.id", "in", args.itemIds);
	}
	const items = await itemsQuery.execute();
	const itemIds = items.map((item) => item.id);
	// Pricing a cart (items by id) needs no categories: one statement fewer on every order.
	const [categories, choices] = await Promise.all([
		args.itemIds
			? Promise.resolve([])
			: db
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

/**
 * The items' option groups and their options in one statement (a group without options comes
 * once, with nulls), each in the menu's order: groups by their sort then id, options within a
 * group by theirs.
 */
async function loadChoices(db: Db, itemIds: number[]) {
	const rows = await db
		.selectFrom("menu_option_group as g")
		.leftJoin("menu_option as o", "o.group_id", "g.id")
		.select([
			"g.id as group_id",
			"g.item_id",
			"g.name as group_name",
			"g.min_choices",
			"g.max_choices",
			"o.id as option_id",
			"o.name as option_name",
			"o.price_delta",
			"o.is_default",
			"o.sold_out",
			"o.stock",
		])
		.where("g.item_id", "in", itemIds)
		.orderBy("g.sort")
		.orderBy("g.id")
		.orderBy("o.sort")
		.orderBy("o.id")
		.execute();
	const groups: Array<{
		id: number;
		item_id: number;
		name: (typeof rows)[number]["group_name"];
		min_choices: number;
		max_choices: number;
	}> = [];
	const options: Array<{
		id: number;
		group_id: number;
		name: NonNullable<(typeof rows)[number]["option_name"]>;
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
				sold_out: row.sold_out ?? false,
				stock: row.stock,
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
