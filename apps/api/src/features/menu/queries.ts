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
	const [categories, groups] = await Promise.all([
		db
			.selectFrom("menu_category")
			.select(["id", "name"])
			.where("shop_id", "=", args.shopId)
			.where("visible", "=", true)
			.orderBy("sort")
			.orderBy("id")
			.execute(),
		itemIds.length
			? db
					.selectFrom("menu_option_group")
					.select(["id", "item_id", "name", "min_choices", "max_choices"])
					.where("item_id", "in", itemIds)
					.orderBy("sort")
					.orderBy("id")
					.execute()
			: Promise.resolve([]),
	]);
	const groupIds = groups.map((group) => group.id);
	const options = groupIds.length
		? await db
				.selectFrom("menu_option")
				.select(["id", "group_id", "name", "price_delta", "is_default", "sold_out", "stock"])
				.where("group_id", "in", groupIds)
				.orderBy("sort")
				.orderBy("id")
				.execute()
		: [];
	return { categories, items, groups, options };
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
