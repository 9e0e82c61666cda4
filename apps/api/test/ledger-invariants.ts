import { type Kysely, sql } from "kysely";
import { expect } from "vitest";
import type { DB } from "../src/db/schema.js";
import { moneyBackingBreaches } from "../src/features/wallet/money-backing.js";

/**
 * What must hold of the whole ledger after any story, races included (decision 021):
 * - every ledger transaction's entries sum to zero (money is moved, never made or lost);
 * - every account's balance equals the sum of its entries (no second copy that could drift);
 * - every entry's balance_after is the running sum of its account's entries up to it, in the
 *   order they were written (what the balance bill shows line by line), so the newest one is the
 *   account's balance;
 * - no VIP card purchase was charged twice (one "card_purchase" txn per purchase, races included);
 * - no member wallet is below zero;
 * - a shop's money (decision 023): its pending account (shop_revenue) holds exactly the gross of
 *   its pending earnings, its in-withdrawal account exactly the amounts of its withdrawals not yet
 *   decided (unaudited, awaiting arrival), and neither is ever below zero.
 * - money nobody paid never becomes a shop's (decision 027): per tenant, shops' available, in
 *   withdrawal and paid-out money is at most what customers paid in less refunds and commission,
 *   and recharge bonus is accounted for apart (wallet/money-backing.ts).
 * Fails naming the offending rows, so a broken invariant says where.
 */
export async function expectLedgerInvariants(
	db: Kysely<DB>,
	options: {
		/**
		 * Skip the checks that tie a shop's pending and in-withdrawal accounts to its earnings and
		 * withdrawals: only for a test that posts a shop's movements straight to the ledger to read
		 * them back (wallet.test.ts); the ledger's own invariants are still checked.
		 */
		ledgerOnly?: boolean;
	} = {},
): Promise<void> {
	const unbalanced = await sql<{ txn_id: number; sum: string }>`
		SELECT txn_id, sum(amount) AS sum FROM ledger_entry GROUP BY txn_id HAVING sum(amount) <> 0`.execute(db);
	const emptyTxns = await sql<{ id: number }>`
		SELECT t.id FROM ledger_txn t WHERE NOT EXISTS (SELECT 1 FROM ledger_entry e WHERE e.txn_id = t.id)`.execute(db);
	const drifted = await sql<{ id: number; kind: string; balance: string; entries: string }>`
		SELECT a.id, a.kind, a.balance, coalesce(sum(e.amount), 0) AS entries
		FROM ledger_account a LEFT JOIN ledger_entry e ON e.account_id = a.id
		GROUP BY a.id, a.kind, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`.execute(db);
	const wrongBalanceAfter = await sql<{
		id: number;
		account_id: number;
		balance_after: string | null;
		running: string;
	}>`
		SELECT id, account_id, balance_after, running FROM (
			SELECT id, account_id, balance_after, sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running
			FROM ledger_entry
		) entries WHERE balance_after IS DISTINCT FROM running`.execute(db);
	const chargedTwice = await sql<{ card_purchase_id: number }>`
		SELECT card_purchase_id FROM ledger_txn WHERE kind = 'card_purchase'
		GROUP BY card_purchase_id HAVING count(*) > 1`.execute(db);
	const negativeWallets = await sql<{ id: number; balance: string }>`
		SELECT id, balance FROM ledger_account WHERE kind = 'member_wallet' AND balance < 0`.execute(db);
	const pendingAdrift = await sql<{ shop_id: number; balance: string; earnings: string }>`
		SELECT s.shop_id, coalesce(a.balance, 0) AS balance, coalesce(e.gross, 0) AS earnings
		FROM (SELECT shop_id FROM ledger_account WHERE kind = 'shop_revenue'
			UNION SELECT shop_id FROM shop_earning WHERE status = 'pending') s
		LEFT JOIN ledger_account a ON a.kind = 'shop_revenue' AND a.shop_id = s.shop_id
		LEFT JOIN (SELECT shop_id, sum(gross) AS gross FROM shop_earning WHERE status = 'pending' GROUP BY shop_id) e
			ON e.shop_id = s.shop_id
		WHERE coalesce(a.balance, 0) <> coalesce(e.gross, 0)`.execute(db);
	const withdrawingAdrift = await sql<{ shop_id: number; balance: string; withdrawals: string }>`
		SELECT s.shop_id, coalesce(a.balance, 0) AS balance, coalesce(w.amount, 0) AS withdrawals
		FROM (SELECT shop_id FROM ledger_account WHERE kind = 'shop_withdrawing'
			UNION SELECT shop_id FROM shop_withdrawal WHERE status IN (0, 1)) s
		LEFT JOIN ledger_account a ON a.kind = 'shop_withdrawing' AND a.shop_id = s.shop_id
		LEFT JOIN (SELECT shop_id, sum(amount) AS amount FROM shop_withdrawal WHERE status IN (0, 1) GROUP BY shop_id) w
			ON w.shop_id = s.shop_id
		WHERE coalesce(a.balance, 0) <> coalesce(w.amount, 0)`.execute(db);
	const negativeShopAccounts = await sql<{ id: number; kind: string; balance: string }>`
		SELECT id, kind, balance FROM ledger_account
		WHERE kind IN ('shop_revenue', 'shop_withdrawing') AND balance < 0`.execute(db);
	const negativeEntries = await sql<{ id: number; account_id: number; balance_after: string }>`
		SELECT e.id, e.account_id, e.balance_after FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
		WHERE a.kind IN ('shop_revenue', 'shop_withdrawing') AND e.balance_after < 0`.execute(db);
	expect(unbalanced.rows, "ledger transactions whose entries do not sum to zero").toEqual([]);
	expect(emptyTxns.rows, "ledger transactions without entries").toEqual([]);
	expect(drifted.rows, "accounts whose balance differs from the sum of their entries").toEqual([]);
	expect(wrongBalanceAfter.rows, "entries whose balance_after is not their account's running sum").toEqual([]);
	expect(chargedTwice.rows, "card purchases charged twice").toEqual([]);
	expect(negativeWallets.rows, "member wallets below zero").toEqual([]);
	// What every shop earned per transaction (withdrawals left out), recomputed from the ledger,
	// against shop_day_net, which postLedgerTxn writes beside each posting (decision 023).
	const dayNetAdrift = await sql<{ txn_id: number; shop_id: number; ledger: string | null; recorded: string | null }>`
		WITH ledger AS (
			SELECT t.id AS txn_id, a.shop_id, (t.created_at AT TIME ZONE s.timezone)::date AS day, sum(e.amount) AS net
			FROM ledger_entry e
			JOIN ledger_account a ON a.id = e.account_id
			JOIN ledger_txn t ON t.id = e.txn_id
			JOIN shop s ON s.id = a.shop_id
			WHERE a.kind IN ('shop_revenue', 'shop_available', 'shop_withdrawing')
				AND t.kind NOT IN ('withdrawal_request', 'withdrawal_returned', 'withdrawal_paid')
			GROUP BY t.id, a.shop_id, s.timezone
			HAVING sum(e.amount) <> 0)
		SELECT coalesce(l.txn_id, d.txn_id) AS txn_id, coalesce(l.shop_id, d.shop_id) AS shop_id,
			l.net AS ledger, d.net AS recorded
		FROM ledger l FULL JOIN shop_day_net d ON d.txn_id = l.txn_id AND d.shop_id = l.shop_id
		WHERE l.net IS DISTINCT FROM d.net OR l.day IS DISTINCT FROM d.day`.execute(db);
	expect(dayNetAdrift.rows, "shops' day nets (shop_day_net) that differ from the ledger").toEqual([]);
	if (options.ledgerOnly) return;
	expect(pendingAdrift.rows, "shops whose pending account differs from their pending earnings").toEqual([]);
	expect(withdrawingAdrift.rows, "shops whose in-withdrawal account differs from their open withdrawals").toEqual([]);
	expect(negativeShopAccounts.rows, "shops' pending or in-withdrawal accounts below zero").toEqual([]);
	expect(negativeEntries.rows, "entries that took a shop's pending or in-withdrawal account below zero").toEqual([]);
	expect(
		await moneyBackingBreaches(db),
		"tenants whose shops may withdraw money nobody paid in, or whose bonus bookkeeping drifted (decision 027)",
	).toEqual([]);
}

/** A member's wallet as the ledger has it: the account's balance and the sum of its entries (equal when sound). */
export async function walletOf(
	db: Kysely<DB>,
	tenantId: number,
	memberId: number,
): Promise<{ balance: number; entries: number }> {
	const row = await sql<{ balance: string | null; entries: string }>`
		SELECT (SELECT balance FROM ledger_account WHERE tenant_id = ${tenantId} AND kind = 'member_wallet' AND member_id = ${memberId}) AS balance,
			coalesce((SELECT sum(e.amount) FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
				WHERE a.tenant_id = ${tenantId} AND a.kind = 'member_wallet' AND a.member_id = ${memberId}), 0) AS entries`.execute(
		db,
	);
	const first = row.rows[0];
	return { balance: Number(first?.balance ?? 0), entries: Number(first?.entries ?? 0) };
}
