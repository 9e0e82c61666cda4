import type { Localized } from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;

const TABLE_COLUMNS = ["id", "shop_id", "number", "seats", "area", "qr_version"] as const;

/**
 * A table of the tenant that is in use (hidden tables answer like missing ones), or with
 * `includeHidden` any of its tables, for showing a hidden one again.
 */
export function findTable(db: Db, args: { tenantId: number; tableId: number; includeHidden?: boolean }) {
	return db
		.selectFrom("dining_table as t")
		.innerJoin("shop as s", "s.id", "t.shop_id")
		.select(["t.id", "t.shop_id", "t.number", "t.seats", "t.area", "t.qr_version", "t.enabled"])
		.where("t.id", "=", args.tableId)
		.where("s.tenant_id", "=", args.tenantId)
		.$if(!args.includeHidden, (qb) => qb.where("t.enabled", "=", true))
		.executeTakeFirst();
}

export function lockTable(trx: Transaction<DB>, tableId: number) {
	return trx
		.selectFrom("dining_table")
		.select([...TABLE_COLUMNS, "enabled"])
		.where("id", "=", tableId)
		.forUpdate()
		.executeTakeFirstOrThrow();
}

/** The shop's tables in use, in the grid's and the sheet's order; `hidden`: the hidden ones instead. */
export function listTables(db: Db, shopId: number, which: "shown" | "hidden" = "shown") {
	return db
		.selectFrom("dining_table")
		.select([...TABLE_COLUMNS, "sort"])
		.where("shop_id", "=", shopId)
		.where("enabled", "=", which === "shown")
		.orderBy("sort")
		.orderBy("number")
		.execute();
}

/** Locks every table of the shop, in id order (so two reorders queue rather than deadlock). */
export function lockShopTables(trx: Transaction<DB>, shopId: number) {
	return trx.selectFrom("dining_table").select("id").where("shop_id", "=", shopId).orderBy("id").forUpdate().execute();
}

/** The place after every table of the shop in use. */
async function sortAfterTheOthers(trx: Transaction<DB>, shopId: number): Promise<number> {
	const last = await trx
		.selectFrom("dining_table")
		.select((eb) => eb.fn.max("sort").as("sort"))
		.where("shop_id", "=", shopId)
		.where("enabled", "=", true)
		.executeTakeFirst();
	return Math.min(Number(last?.sort ?? 0) + 1, 32_767);
}

export function setSort(trx: Transaction<DB>, tableId: number, sort: number) {
	return trx.updateTable("dining_table").set({ sort }).where("id", "=", tableId).execute();
}

/** Hides a table, or shows it again after the tables in use. */
export async function setEnabled(trx: Transaction<DB>, table: { id: number; shop_id: number }, enabled: boolean) {
	const sort = enabled ? await sortAfterTheOthers(trx, table.shop_id) : undefined;
	return trx
		.updateTable("dining_table")
		.set({ enabled, ...(sort === undefined ? {} : { sort }) })
		.where("id", "=", table.id)
		.returning(TABLE_COLUMNS)
		.executeTakeFirstOrThrow();
}

/**
 * A new table, after the shop's others on the grid and the sheet, or nothing when the shop
 * already has one with this number (in use or not).
 */
export async function insertTable(
	trx: Transaction<DB>,
	values: { shopId: number; number: string; seats: number; area: Localized | null },
) {
	const sort = await sortAfterTheOthers(trx, values.shopId);
	return trx
		.insertInto("dining_table")
		.values({
			shop_id: values.shopId,
			number: values.number,
			seats: values.seats,
			area: values.area === null ? null : JSON.stringify(values.area),
			sort,
		})
		.onConflict((oc) => oc.columns(["shop_id", "number"]).doNothing())
		.returning(TABLE_COLUMNS)
		.executeTakeFirst();
}

export function numberTakenByAnother(trx: Transaction<DB>, args: { shopId: number; number: string; tableId: number }) {
	return trx
		.selectFrom("dining_table")
		.select("id")
		.where("shop_id", "=", args.shopId)
		.where("number", "=", args.number)
		.where("id", "<>", args.tableId)
		.executeTakeFirst();
}

export function updateTable(
	trx: Transaction<DB>,
	tableId: number,
	values: { number: string; seats: number; area: Localized | null },
) {
	return trx
		.updateTable("dining_table")
		.set({
			number: values.number,
			seats: values.seats,
			area: values.area === null ? null : JSON.stringify(values.area),
		})
		.where("id", "=", tableId)
		.returning(TABLE_COLUMNS)
		.executeTakeFirstOrThrow();
}

/** Every printed copy of the table's code, and every seating token issued under it, stops working. */
export function bumpQrVersion(trx: Transaction<DB>, tableId: number) {
	return trx
		.updateTable("dining_table")
		.set((eb) => ({ qr_version: eb("qr_version", "+", 1) }))
		.where("id", "=", tableId)
		.returning(TABLE_COLUMNS)
		.executeTakeFirstOrThrow();
}

/** The table's latest call, for the cool-down. */
export function lastCall(trx: Transaction<DB>, tableId: number) {
	return trx
		.selectFrom("table_call")
		.select(["id", "called_at"])
		.where("table_id", "=", tableId)
		.orderBy("called_at", "desc")
		.orderBy("id", "desc")
		.limit(1)
		.executeTakeFirst();
}

export function insertCall(
	trx: Transaction<DB>,
	values: {
		tenantId: number;
		shopId: number;
		tableId: number;
		billId: number;
		memberId: number | null;
		kind: "waiter" | "bill";
		calledAt: Date;
	},
) {
	return trx
		.insertInto("table_call")
		.values({
			tenant_id: values.tenantId,
			shop_id: values.shopId,
			table_id: values.tableId,
			bill_id: values.billId,
			member_id: values.memberId,
			kind: values.kind,
			called_at: values.calledAt,
		})
		.returning(["id", "kind", "called_at"])
		.executeTakeFirstOrThrow();
}

/** Calls nobody answered yet at the shop's tables, oldest first. */
export function unansweredCalls(db: Db, shopId: number) {
	return db
		.selectFrom("table_call")
		.select(["id", "table_id", "bill_id", "kind", "called_at"])
		.where("shop_id", "=", shopId)
		.where("answered_at", "is", null)
		.orderBy("called_at")
		.orderBy("id")
		.execute();
}

/** Seatings (bill ids) in which the diners asked for the bill. */
export function seatingsThatAskedForTheBill(db: Db, billIds: number[]) {
	if (billIds.length === 0) return Promise.resolve([]);
	return db
		.selectFrom("table_call")
		.select("bill_id")
		.distinct()
		.where("bill_id", "in", billIds)
		.where("kind", "=", "bill")
		.execute();
}

/**
 * Answers every open call of a table (or of every table of a shop); answers nothing when
 * someone else already did.
 */
export function answerCalls(
	db: Db,
	args: ({ tableId: number } | { shopId: number }) & { memberId: number; now: Date },
) {
	const [column, id] = "tableId" in args ? (["table_id", args.tableId] as const) : (["shop_id", args.shopId] as const);
	return db
		.updateTable("table_call")
		.set({ answered_at: args.now, answered_by_member_id: args.memberId })
		.where(column, "=", id)
		.where("answered_at", "is", null)
		.returning(["id", "table_id"])
		.execute();
}
