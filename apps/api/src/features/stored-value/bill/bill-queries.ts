import type { BillDirection, Localized } from "@bayon/contract";
import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;

/** Wallet balances of several members at once (absent: no wallet yet, i.e. 0). */
export async function walletBalances(db: Db, tenantId: number, memberIds: number[]): Promise<Map<number, number>> {
	if (memberIds.length === 0) return new Map();
	const rows = await db
		.selectFrom("ledger_account")
		.select(["member_id", "balance"])
		.where("tenant_id", "=", tenantId)
		.where("kind", "=", "member_wallet")
		.where("member_id", "in", memberIds)
		.execute();
	return new Map(rows.map((row) => [row.member_id as number, row.balance]));
}

/** One page of a wallet's entries, newest first, with what their transaction names. */
export function listEntries(
	db: Db,
	args: { accountId: number; before: number | null; direction: BillDirection; limit: number },
) {
	let query = db
		.selectFrom("ledger_entry as e")
		.innerJoin("ledger_txn as t", "t.id", "e.txn_id")
		.select([
			"e.id",
			"e.amount",
			"e.balance_after",
			"t.kind",
			"t.created_at",
			"t.order_id",
			"t.recharge_id",
			"t.reservation_id",
			"t.card_purchase_id",
			"t.counter_payment_id",
		])
		.where("e.account_id", "=", args.accountId);
	if (args.before !== null) query = query.where("e.id", "<", args.before);
	if (args.direction === "in") query = query.where("e.amount", ">", 0);
	if (args.direction === "out") query = query.where("e.amount", "<", 0);
	return query.orderBy("e.id", "desc").limit(args.limit).execute();
}
export type EntryRow = Awaited<ReturnType<typeof listEntries>>[number];

/** Entries read per round while adding up a month (see monthTotals). */
const MONTH_BATCH = 500;
/**
 * How far the times of one account's entries can run out of id order. An account's entries are
 * written under its row lock, in id order; their time is the request's clock reading taken
 * before that lock. So an entry's time is at most one request's duration (far below a day) after
 * the time of any entry written later: once a batch holds an entry dated a day before the month,
 * every older entry is before the month.
 */
const OUT_OF_ORDER_SLACK_MS = 24 * 3600 * 1000;

interface MonthBatch {
	moneyIn: number;
	moneyOut: number;
	rows: number;
	oldestId: number | null;
	earliest: Date | null;
}

/** One batch of a wallet's entries (older than `before`), added up inside the database. */
async function monthBatch(
	db: Db,
	args: { accountId: number; before: number | null; from: Date; to: Date; batchSize: number },
): Promise<MonthBatch> {
	let entries = db
		.selectFrom("ledger_entry as e")
		.innerJoin("ledger_txn as t", "t.id", "e.txn_id")
		.select(["e.id", "e.amount", "t.created_at"])
		.where("e.account_id", "=", args.accountId);
	if (args.before !== null) entries = entries.where("e.id", "<", args.before);
	const inMonth = sql<boolean>`batch.created_at >= ${args.from} AND batch.created_at < ${args.to}`;
	const row = await db
		.selectFrom(entries.orderBy("e.id", "desc").limit(args.batchSize).as("batch"))
		.select([
			sql<string>`coalesce(sum(batch.amount) FILTER (WHERE batch.amount > 0 AND ${inMonth}), 0)`.as("money_in"),
			sql<string>`coalesce(-sum(batch.amount) FILTER (WHERE batch.amount < 0 AND ${inMonth}), 0)`.as("money_out"),
			sql<string>`count(*)`.as("n"),
			sql<number | null>`min(batch.id)`.as("oldest_id"),
			sql<Date | string | null>`min(batch.created_at)`.as("earliest"),
		])
		.executeTakeFirstOrThrow();
	return {
		moneyIn: Number(row.money_in),
		moneyOut: Number(row.money_out),
		rows: Number(row.n),
		oldestId: row.oldest_id === null ? null : Number(row.oldest_id),
		earliest: row.earliest === null ? null : new Date(row.earliest),
	};
}

/**
 * Money in and out of a wallet between two instants. Adds up the wallet's entries newest first,
 * MONTH_BATCH at a time through the (account_id, id DESC) index, inside the database, and stops
 * once a batch holds an entry dated a day before the month's start (every older entry is then
 * before the month too): a member with years of history costs what this month's entries cost.
 */
export async function monthTotals(
	db: Db,
	args: { accountId: number; from: Date; to: Date; batchSize?: number },
): Promise<{ in: number; out: number }> {
	const batchSize = args.batchSize ?? MONTH_BATCH;
	const totals = { in: 0, out: 0 };
	const stopBefore = args.from.getTime() - OUT_OF_ORDER_SLACK_MS;
	let before: number | null = null;
	for (;;) {
		const batch: MonthBatch = await monthBatch(db, { ...args, before, batchSize });
		totals.in += batch.moneyIn;
		totals.out += batch.moneyOut;
		if (batch.rows < batchSize || batch.oldestId === null || (batch.earliest?.getTime() ?? 0) < stopBefore)
			return totals;
		before = batch.oldestId;
	}
}

/** Order numbers of orders the member's entries name. */
export async function orderNumbers(db: Db, tenantId: number, ids: number[]): Promise<Map<number, string>> {
	if (ids.length === 0) return new Map();
	const rows = await db
		.selectFrom("customer_order")
		.select(["id", "order_no"])
		.where("tenant_id", "=", tenantId)
		.where("id", "in", ids)
		.execute();
	return new Map(rows.map((row) => [row.id, row.order_no]));
}

/** The card type each purchase bought, with its name in every language. */
export async function cardPurchaseNames(db: Db, tenantId: number, ids: number[]): Promise<Map<number, Localized>> {
	if (ids.length === 0) return new Map();
	const rows = await db
		.selectFrom("card_purchase as p")
		.innerJoin("vip_card_type as c", "c.id", "p.card_type_id")
		.select(["p.id", "c.name"])
		.where("p.tenant_id", "=", tenantId)
		.where("p.id", "in", ids)
		.execute();
	return new Map(rows.map((row) => [row.id, row.name]));
}

/** The shop each counter payment was taken at, with its name in every language. */
export async function counterPaymentShops(db: Db, tenantId: number, ids: number[]): Promise<Map<number, Localized>> {
	if (ids.length === 0) return new Map();
	const rows = await db
		.selectFrom("counter_payment as p")
		.innerJoin("shop as s", "s.id", "p.shop_id")
		.select(["p.id", "s.name"])
		.where("p.tenant_id", "=", tenantId)
		.where("p.id", "in", ids)
		.execute();
	return new Map(rows.map((row) => [row.id, row.name]));
}
