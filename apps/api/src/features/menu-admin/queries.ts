import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Bumps the shop's menu version and returns the new one. Every menu change calls this
 * first, before touching any menu row: checkout holds the version FOR SHARE while it takes
 * stock, so taking it first means a change never waits on an order that waits on it.
 */
export async function bumpMenuVersion(trx: Transaction<DB>, shopId: number): Promise<number> {
	const row = await trx
		.insertInto("shop_menu_version")
		.values({ shop_id: shopId, version: 1 })
		.onConflict((oc) => oc.column("shop_id").doUpdateSet({ version: sql<number>`shop_menu_version.version + 1` }))
		.returning("version")
		.executeTakeFirstOrThrow();
	return Number(row.version);
}

/** What the editor shows of an item, and what the change log compares. */
const ITEM_COLUMNS = [
	"id",
	"category_id",
	"version",
	"name",
	"description",
	"image",
	"price",
	"original_price",
	"stock",
	"sold_out",
	"order_types",
] as const;

/** Every category of a shop, hidden ones too, with all the rows the editor shows. */
export async function loadAdminMenuRows(db: Db, shopId: number) {
	const [categories, items] = await Promise.all([
		db
			.selectFrom("menu_category")
			.select(["id", "name", "visible", "version"])
			.where("shop_id", "=", shopId)
			.orderBy("sort")
			.orderBy("id")
			.execute(),
		db
			.selectFrom("menu_item")
			.select(ITEM_COLUMNS)
			.where("shop_id", "=", shopId)
			.where("enabled", "=", true)
			.orderBy("sort")
			.orderBy("id")
			.execute(),
	]);
	const itemIds = items.map((item) => item.id);
	const groups = itemIds.length
		? await db
				.selectFrom("menu_option_group")
				.select(["id", "item_id", "version", "name", "min_choices", "max_choices"])
				.where("item_id", "in", itemIds)
				.orderBy("sort")
				.orderBy("id")
				.execute()
		: [];
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

export function lockCategory(trx: Transaction<DB>, shopId: number, categoryId: number) {
	return trx
		.selectFrom("menu_category")
		.select(["id", "name", "visible", "version", "sort"])
		.where("id", "=", categoryId)
		.where("shop_id", "=", shopId)
		.forUpdate()
		.executeTakeFirst();
}

export function lockItem(trx: Transaction<DB>, shopId: number, itemId: number) {
	return trx
		.selectFrom("menu_item")
		.select([...ITEM_COLUMNS, "sort"])
		.where("id", "=", itemId)
		.where("shop_id", "=", shopId)
		.where("enabled", "=", true)
		.forUpdate()
		.executeTakeFirst();
}

export function lockGroup(trx: Transaction<DB>, shopId: number, groupId: number) {
	return trx
		.selectFrom("menu_option_group as g")
		.innerJoin("menu_item as i", "i.id", "g.item_id")
		.select(["g.id", "g.item_id", "g.version", "g.name", "g.min_choices", "g.max_choices"])
		.where("g.id", "=", groupId)
		.where("i.shop_id", "=", shopId)
		.where("i.enabled", "=", true)
		.forUpdate("g")
		.executeTakeFirst();
}

export function lockOption(trx: Transaction<DB>, shopId: number, optionId: number) {
	return trx
		.selectFrom("menu_option as o")
		.innerJoin("menu_option_group as g", "g.id", "o.group_id")
		.innerJoin("menu_item as i", "i.id", "g.item_id")
		.select(["o.id", "o.name", "o.sold_out", "o.stock"])
		.where("o.id", "=", optionId)
		.where("i.shop_id", "=", shopId)
		.where("i.enabled", "=", true)
		.forUpdate("o")
		.executeTakeFirst();
}

export function optionsOfGroup(trx: Transaction<DB>, groupId: number) {
	return trx
		.selectFrom("menu_option")
		.select(["id", "name", "price_delta", "is_default"])
		.where("group_id", "=", groupId)
		.orderBy("sort")
		.orderBy("id")
		.execute();
}

/** The next sort position after the last row of `table` matching `where`. */
export async function nextSort(
	trx: Transaction<DB>,
	table: "menu_category" | "menu_item" | "menu_option_group",
	column: "shop_id" | "category_id" | "item_id",
	value: number,
): Promise<number> {
	const row = await sql<{ next: number }>`SELECT coalesce(max(sort), -1) + 1 AS next FROM ${sql.table(table)}
		WHERE ${sql.ref(column)} = ${value}`.execute(trx);
	return Number(row.rows[0]?.next ?? 0);
}
