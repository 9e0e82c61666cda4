import { sql, type Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

type Trx = Transaction<DB>;

/**
 * Copying a branch's menu and hours into a new branch, one INSERT … SELECT per table.
 *
 * Every column of a copied row is carried over except the ones named here: the keys that point
 * at the new branch's rows, and what belongs to one place and its service (stock counts,
 * sold-out marks, sales, edit versions) which start at their defaults (decision 018), except
 * that a counted stock starts at 0 rather than uncounted (issue 27). The
 * columns are read from the schema, so a column added to the menu later (a visibility flag,
 * an allergen list…) is copied without anyone remembering to list it here.
 */
const NOT_COPIED = {
	menu_category: ["shop_id", "version"],
	menu_item: ["shop_id", "category_id", "stock", "sold_out", "sales_count", "version"],
	menu_option_group: ["item_id", "version"],
	menu_option: ["group_id", "stock", "sold_out"],
	shop_opening_hours: ["shop_id"],
} as const;

type CopiedTable = keyof typeof NOT_COPIED;

/** The columns of `table` a copy carries over: not identity, not generated, not in NOT_COPIED. */
async function copiedColumns(trx: Trx, table: CopiedTable): Promise<string[]> {
	const { rows } = await sql<{ column_name: string }>`
		SELECT column_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = ${table}
			AND is_identity = 'NO' AND is_generated = 'NEVER'
		ORDER BY ordinal_position`.execute(trx);
	const skipped: readonly string[] = NOT_COPIED[table];
	return rows.map((row) => row.column_name).filter((column) => !skipped.includes(column));
}

/** `a.x, a.y` for the columns, or `x, y` without an alias. */
function columnList(columns: string[], alias?: string) {
	return sql.join(columns.map((column) => (alias ? sql.ref(`${alias}.${column}`) : sql.ref(column))));
}

async function insertedCount(query: Promise<{ numAffectedRows?: bigint }>): Promise<number> {
	return Number((await query).numAffectedRows ?? 0);
}

export interface CopyCounts {
	categories: number;
	items: number;
	optionGroups: number;
	options: number;
	openingHours: number;
	/** Items and options that count stock: copied at 0, for the owner to set. */
	stockToSet: number;
}

/**
 * Copies the source branch's categories, items, option groups, options and opening hours into
 * the target. Rows of the copy find their new parents by their `code`, which is unique within
 * a shop (categories, items) or within the parent (groups, options).
 */
export async function copyMenuAndHours(trx: Trx, from: number, to: number): Promise<CopyCounts> {
	const category = await copiedColumns(trx, "menu_category");
	const categories = await insertedCount(
		sql`INSERT INTO menu_category (shop_id, ${columnList(category)})
			SELECT ${to}, ${columnList(category, "c")} FROM menu_category c WHERE c.shop_id = ${from}`.execute(trx),
	);

	// Stock belongs to a place: what the source counts starts at 0 here (sold out until the
	// owner sets the new place's count), what it does not count stays uncounted.
	const item = await copiedColumns(trx, "menu_item");
	const items = await insertedCount(
		sql`INSERT INTO menu_item (shop_id, category_id, stock, ${columnList(item)})
			SELECT ${to}, nc.id, CASE WHEN i.stock IS NULL THEN NULL ELSE 0 END, ${columnList(item, "i")}
			FROM menu_item i
			JOIN menu_category c ON c.id = i.category_id
			JOIN menu_category nc ON nc.shop_id = ${to} AND nc.code = c.code
			WHERE i.shop_id = ${from}`.execute(trx),
	);

	const group = await copiedColumns(trx, "menu_option_group");
	const optionGroups = await insertedCount(
		sql`INSERT INTO menu_option_group (item_id, ${columnList(group)})
			SELECT ni.id, ${columnList(group, "g")}
			FROM menu_option_group g
			JOIN menu_item i ON i.id = g.item_id
			JOIN menu_item ni ON ni.shop_id = ${to} AND ni.code = i.code
			WHERE i.shop_id = ${from}`.execute(trx),
	);

	const option = await copiedColumns(trx, "menu_option");
	const options = await insertedCount(
		sql`INSERT INTO menu_option (group_id, stock, ${columnList(option)})
			SELECT ng.id, CASE WHEN o.stock IS NULL THEN NULL ELSE 0 END, ${columnList(option, "o")}
			FROM menu_option o
			JOIN menu_option_group g ON g.id = o.group_id
			JOIN menu_item i ON i.id = g.item_id
			JOIN menu_item ni ON ni.shop_id = ${to} AND ni.code = i.code
			JOIN menu_option_group ng ON ng.item_id = ni.id AND ng.code = g.code
			WHERE i.shop_id = ${from}`.execute(trx),
	);

	const hours = await copiedColumns(trx, "shop_opening_hours");
	const openingHours = await insertedCount(
		sql`INSERT INTO shop_opening_hours (shop_id, ${columnList(hours)})
			SELECT ${to}, ${columnList(hours, "h")} FROM shop_opening_hours h WHERE h.shop_id = ${from}`.execute(trx),
	);

	const { rows } = await sql<{ n: string }>`
		SELECT (SELECT count(*) FROM menu_item WHERE shop_id = ${to} AND stock IS NOT NULL)
			+ (SELECT count(*) FROM menu_option o JOIN menu_option_group g ON g.id = o.group_id
				JOIN menu_item i ON i.id = g.item_id WHERE i.shop_id = ${to} AND o.stock IS NOT NULL) AS n`.execute(trx);
	const stockToSet = Number(rows[0]?.n ?? 0);

	return { categories, items, optionGroups, options, openingHours, stockToSet };
}
