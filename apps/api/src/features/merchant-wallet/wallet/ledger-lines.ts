import type { StatementKind } from "@bayon/contract";
import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;
type TxnKind = DB["ledger_txn"]["kind"];

/**
 * The read side of a shop's money (decision 023): its three ledger accounts and the ledger
 * transactions that touched them, read straight from the ledger; the per-day nets from
 * shop_day_net, which postLedgerTxn writes beside every posting (checked against the ledger by
 * expectLedgerInvariants).
 *
 * A shop's statement is every ledger transaction with an entry on one of its three accounts.
 * They are walked newest first, a batch at a time, through the (account_id, txn_id DESC) index
 * of each account, keyset-paged by txn id. A date bound is a filter on the transaction's time
 * inside that walk: the lines newer than `to` are skipped inside the database's index walk (the
 * first page of an old range only), and the walk stops once it is a day past `from` (see
 * OUT_OF_ORDER_SLACK_MS). So a page costs what its own lines cost, not the shop's whole history,
 * and a day's total or the 30-day chart a few index entries a day.
 */

/**
 * What the statement calls each ledger movement. Every kind is listed, so a new kind fails to
 * compile here until someone decides how a shop's statement shows it. null: the kind never
 * touches a shop's accounts (a member's recharge, a VIP card, a booking's hold).
 */
export const STATEMENT_KIND_OF_TXN: Record<TxnKind, StatementKind | null> = {
	order_payment: "orderEarned",
	// A pre-order paid with a booking, applied at arrival: the order's money reaches the shop.
	reservation_applied: "orderEarned",
	counter_payment: "counterEarned",
	reservation_kept: "depositKept",
	shop_settlement: "settled",
	shop_commission: "commission",
	commission_refund: "commissionReturned",
	order_refund: "refund",
	counter_refund: "refund",
	// A booking's money given back: from the hold (the shop never had it, no line), or a deposit
	// the shop kept given back when the staff undo the no-show (out of the shop's money).
	reservation_refund: "refund",
	withdrawal_request: "withdrawal",
	withdrawal_returned: "withdrawalReturned",
	withdrawal_paid: "withdrawalPaid",
	// Cash or card the shop took at its own counter: the order earned it, and the shop already holds it (decision 029).
	counter_takings: "keptAtCounter",
	wallet_grant: null,
	recharge: null,
	recharge_bonus: null,
	reservation_payment: null,
	card_purchase: null,
	card_refund: null,
};

/**
 * The statement kind of a line. A kind the map says never touches a shop is a fault of the
 * code that posted it (the books hold a movement of the shop's money nobody named): it is
 * thrown, so it shows in the log and in tests instead of being shown under a wrong name.
 */
export function statementKindOf(txnKind: TxnKind, txnId: number): StatementKind {
	const kind = STATEMENT_KIND_OF_TXN[txnKind];
	if (kind === null)
		throw new Error(`ledger txn ${txnId} (${txnKind}) touches a shop's money but has no statement kind`);
	return kind;
}

/**
 * How far the times of ledger transactions can run out of id order: a transaction's time is its
 * request's clock reading, its id is taken later when it is written, so a transaction written
 * after another is dated at most one request's duration (far below a day) before it. Once a
 * batch holds a line dated a day before a range starts, every older line is before it too
 * (the same reasoning as the balance bill's month totals).
 */
export const OUT_OF_ORDER_SLACK_MS = 24 * 3600 * 1000;

export interface ShopAccount {
	id: number;
	balance: number;
}

/** A shop's three accounts; null for one never used yet (its balance is 0). */
export interface ShopAccounts {
	/** shop_revenue: earned, not settled. */
	pending: ShopAccount | null;
	/** shop_available: settled; below zero as a debt. */
	available: ShopAccount | null;
	/** shop_withdrawing: asked for, not paid out or returned. */
	withdrawing: ShopAccount | null;
}

const ACCOUNT_KINDS = {
	pending: "shop_revenue",
	available: "shop_available",
	withdrawing: "shop_withdrawing",
} as const satisfies Record<keyof ShopAccounts, DB["ledger_account"]["kind"]>;

/**
 * The accounts of several shops, read without creating any (a shop that never earned has none).
 * One lookup per kind, so each uses its kind's partial unique index on shop_id.
 */
export async function findShopAccounts(
	db: Db,
	args: { tenantId: number; shopIds: number[] },
): Promise<Map<number, ShopAccounts>> {
	const byShop = new Map<number, ShopAccounts>(
		args.shopIds.map((shopId) => [shopId, { pending: null, available: null, withdrawing: null }]),
	);
	if (args.shopIds.length === 0) return byShop;
	const slots = Object.keys(ACCOUNT_KINDS) as Array<keyof ShopAccounts>;
	const found = await Promise.all(
		slots.map((slot) =>
			db
				.selectFrom("ledger_account")
				.select(["id", "shop_id", "balance"])
				.where("kind", "=", ACCOUNT_KINDS[slot])
				.where("shop_id", "in", args.shopIds)
				.where("tenant_id", "=", args.tenantId)
				.execute(),
		),
	);
	slots.forEach((slot, index) => {
		for (const row of found[index] ?? []) {
			const accounts = byShop.get(row.shop_id as number);
			if (accounts) accounts[slot] = { id: row.id, balance: row.balance };
		}
	});
	return byShop;
}

const accountIds = (accounts: ShopAccounts) =>
	[accounts.pending, accounts.available, accounts.withdrawing]
		.filter((a): a is ShopAccount => a !== null)
		.map((a) => a.id);

/** A missing account's id in the per-account sums: no entry has it. */
const NO_ACCOUNT = 0;

/**
 * The ids of the newest `limit` transactions touching the shop's accounts below `before`,
 * dated before `until`: the newest `limit` of each account (each an ordered walk of its index
 * that stops after `limit` rows), merged. A transaction touching two of the accounts is in both
 * walks; the merge keeps it once.
 */
function newestTxnIds(
	accounts: ShopAccounts,
	args: { before: number | null; until: Date | null; limit: number },
): RawBuilder<unknown> {
	const perAccount = accountIds(accounts).map((id) => {
		const joinTxn = args.until ? sql`JOIN ledger_txn t ON t.id = e.txn_id` : sql``;
		const below = args.before !== null ? sql`AND e.txn_id < ${args.before}` : sql``;
		const dated = args.until ? sql`AND t.created_at < ${args.until}` : sql``;
		return sql`(SELECT e.txn_id FROM ledger_entry e ${joinTxn}
			WHERE e.account_id = ${id} ${below} ${dated}
			ORDER BY e.txn_id DESC LIMIT ${args.limit})`;
	});
	return sql`SELECT DISTINCT txn_id FROM (${sql.join(perAccount, sql` UNION ALL `)}) candidates
		ORDER BY txn_id DESC LIMIT ${args.limit}`;
}

/**
 * Picks the batch's transactions and their entries by id from the `ids` CTE. As arrays
 * (computed once), so both are read through their id indexes whatever the planner guesses of
 * the batch's size: a join on the CTE may be planned as a scan of the whole ledger.
 */
const byTxnIds = sql`t.id = ANY (ARRAY(SELECT txn_id FROM ids)) AND e.txn_id = ANY (ARRAY(SELECT txn_id FROM ids))`;

/** One line of a shop's statement as the ledger has it: one transaction, its change of each account. */
export interface LedgerLine {
	id: number;
	txnKind: TxnKind;
	createdAt: Date;
	orderId: number | null;
	orderNo: string | null;
	withdrawalId: number | null;
	availableChange: number;
	pendingChange: number;
	withdrawingChange: number;
}

/**
 * One batch of the shop's lines, newest first: the `limit` newest transactions below `before`
 * (a txn id) dated before `until`. The order a settlement or commission is for comes from its
 * earning when the transaction does not name it itself.
 */
export async function ledgerLineBatch(
	db: Db,
	accounts: ShopAccounts,
	args: { before: number | null; until: Date | null; limit: number },
): Promise<LedgerLine[]> {
	const ids = accountIds(accounts);
	if (ids.length === 0) return [];
	const change = (account: ShopAccount | null) =>
		sql<number>`coalesce(sum(e.amount) FILTER (WHERE e.account_id = ${account?.id ?? NO_ACCOUNT}), 0)::bigint`;
	const result = await sql<{
		id: number;
		kind: TxnKind;
		created_at: Date | string;
		order_id: number | null;
		order_no: string | null;
		withdrawal_id: number | null;
		available_change: number;
		pending_change: number;
		withdrawing_change: number;
	}>`WITH ids AS (${newestTxnIds(accounts, args)})
		SELECT t.id, t.kind, t.created_at, o.id AS order_id, o.order_no, t.withdrawal_id,
			${change(accounts.available)} AS available_change,
			${change(accounts.pending)} AS pending_change,
			${change(accounts.withdrawing)} AS withdrawing_change
		FROM ledger_txn t
		JOIN ledger_entry e ON e.txn_id = t.id AND e.account_id IN (${sql.join(ids)})
		LEFT JOIN shop_earning se ON se.id = t.shop_earning_id
		LEFT JOIN customer_order o ON o.id = coalesce(t.order_id, se.order_id)
		WHERE ${byTxnIds}
		GROUP BY t.id, o.id
		ORDER BY t.id DESC`.execute(db);
	return result.rows.map((row) => ({
		id: Number(row.id),
		txnKind: row.kind,
		createdAt: new Date(row.created_at),
		orderId: row.order_id === null ? null : Number(row.order_id),
		orderNo: row.order_no,
		withdrawalId: row.withdrawal_id === null ? null : Number(row.withdrawal_id),
		availableChange: Number(row.available_change),
		pendingChange: Number(row.pending_change),
		withdrawingChange: Number(row.withdrawing_change),
	}));
}

/**
 * The shop's lines dated in [from, until), newest first, below `before`, at most `limit` of
 * them (the caller asks one more than it shows to know whether more follow). Batches walk back
 * until enough lines are found, the history ends, or a batch is a day past `from`.
 */
export async function ledgerLinesBetween(
	db: Db,
	accounts: ShopAccounts,
	args: { from: Date | null; until: Date | null; before: number | null; limit: number; batchSize?: number },
): Promise<LedgerLine[]> {
	// A page reads its lines in one batch; a date range, whose lines may be sparse, reads a few
	// hundred at a time; an export reads its many lines in batches of the size it asks.
	const batchSize = args.batchSize ?? (args.from ? Math.max(args.limit, 200) : args.limit);
	const stopBefore = args.from ? args.from.getTime() - OUT_OF_ORDER_SLACK_MS : null;
	const lines: LedgerLine[] = [];
	let before = args.before;
	for (;;) {
		const batch = await ledgerLineBatch(db, accounts, { before, until: args.until, limit: batchSize });
		for (const line of batch) {
			if (!args.from || line.createdAt.getTime() >= args.from.getTime()) lines.push(line);
		}
		if (lines.length >= args.limit || batch.length < batchSize) break;
		if (stopBefore !== null && batch.some((line) => line.createdAt.getTime() < stopBefore)) break;
		before = (batch.at(-1) as LedgerLine).id;
	}
	return lines.slice(0, args.limit);
}

/**
 * The net of each of the shop's local days from `from` to `to` (YYYY-MM-DD, both included) that
 * had money, withdrawals left out: what it earned less refunds and commission. Read from
 * shop_day_net, which postLedgerTxn writes with every posting: a few index entries a day,
 * however busy the shop or long its history.
 */
export async function netPerLocalDay(
	db: Db,
	args: { shopId: number; from: string; to: string },
): Promise<Map<string, number>> {
	const rows = await db
		.selectFrom("shop_day_net")
		.select(["day", (eb) => eb.fn.sum<string>("net").as("net")])
		.where("shop_id", "=", args.shopId)
		.where("day", ">=", args.from)
		.where("day", "<=", args.to)
		.groupBy("day")
		.execute();
	return new Map(rows.map((row) => [localDateText(row.day), Number(row.net)]));
}

/** A `date` column as YYYY-MM-DD, whichever way the driver hands it over. */
function localDateText(day: string | Date): string {
	return typeof day === "string" ? day.slice(0, 10) : day.toISOString().slice(0, 10);
}
