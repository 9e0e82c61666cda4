import { type Kysely, sql } from "kysely";
import type { DB } from "../../apps/api/src/db/schema.js";
import { accountId } from "../../apps/api/src/features/wallet/ledger.js";
import { moneyBackingInvariant } from "./money-backing.js";

/** Movements of the bench member's wallet: a grant in, a counter payment out, alternately. */
export const BILL_ENTRIES = 10_000;
/** The bench member's history: one movement every 3 hours, about 3.4 years back from now. */
export const HOURS_BETWEEN_ENTRIES = 3;
const GRANT = 500;
const COUNTER_PAYMENT = 300;
/** How far from the oldest entry the deep page starts. */
export const DEEP_PAGE_FROM_OLDEST = 30;

export interface BillBenchMember {
	/** The query of the newest page, and of a page near the oldest entries. */
	firstPage: string;
	deepPage: string;
	/** Entries dated in the current calendar month (what the month totals add up). */
	entriesThisMonth: number;
	invariants: Array<{ name: string; holds: boolean; detail: string }>;
}

/**
 * A regular with 10,000 balance movements for the getBill benchmark (issue 12), written by a few
 * set-based statements instead of 10,000 postLedgerTxn calls: odd movements are grants from the
 * tenant's external funds, even ones counter payments at the demo shop (each with its payment
 * code and counter_payment row, so the bill looks its links up as in production). Each entry's
 * balance_after is the running balance, as the ledger writes it; the accounts' balances are set
 * to the sums. The invariants are checked afterwards, not assumed.
 */
export async function createBillMember(db: Kysely<DB>, memberId: number, now: Date): Promise<BillBenchMember> {
	const shopId = 1;
	const wallet = await accountId(db, { kind: "member_wallet", tenantId: 1, memberId });
	const funds = await accountId(db, { kind: "external_funds", tenantId: 1 });
	const revenue = await accountId(db, { kind: "shop_revenue", tenantId: 1, shopId });
	const pairs = BILL_ENTRIES / 2;
	// Movement i (1 … 10,000) happens (10,000 − i) × 3 hours before now.
	const atOf = (i: string) =>
		sql`${now}::timestamptz - (${BILL_ENTRIES}::int - ${sql.raw(i)}) * ${`${HOURS_BETWEEN_ENTRIES} hours`}::interval`;
	await db.transaction().execute(async (trx) => {
		// Payment codes and counter payments for the even movements (i = 2k).
		await sql`
			INSERT INTO pay_code (tenant_id, member_id, code, expires_at, used_at, created_at)
			SELECT 1, ${memberId}, 'bench-bill-' || k, ${atOf("2 * k")} + interval '60 seconds', ${atOf("2 * k")}, ${atOf("2 * k")}
			FROM generate_series(1, ${pairs}::int) AS k ORDER BY k`.execute(trx);
		await sql`
			INSERT INTO counter_payment (tenant_id, shop_id, member_id, pay_code_id, amount, status, taken_by_member_id, created_at)
			SELECT 1, ${shopId}, ${memberId}, c.id, ${COUNTER_PAYMENT}, 'paid', ${memberId}, c.created_at
			FROM pay_code c WHERE c.code LIKE 'bench-bill-%' ORDER BY c.id`.execute(trx);
		await sql`
			INSERT INTO ledger_txn (tenant_id, kind, idempotency_key, order_id, counter_payment_id, created_at)
			SELECT 1, CASE WHEN i % 2 = 1 THEN 'wallet_grant' ELSE 'counter_payment' END, 'bench-bill:' || i, NULL,
				CASE WHEN i % 2 = 0 THEN (SELECT p.id FROM counter_payment p JOIN pay_code c ON c.id = p.pay_code_id
					WHERE c.code = 'bench-bill-' || (i / 2)) END,
				${atOf("i")}
			FROM generate_series(1, ${BILL_ENTRIES}::int) AS i ORDER BY i`.execute(trx);
		// Two entries per movement, in movement order, so the wallet's entry ids follow time.
		// After movement i the wallet holds ceil(i/2) grants less floor(i/2) payments.
		await sql`
			INSERT INTO ledger_entry (txn_id, account_id, amount, balance_after)
			SELECT t.id, e.account_id, e.amount, e.balance_after
			FROM generate_series(1, ${BILL_ENTRIES}::int) AS i
			JOIN ledger_txn t ON t.idempotency_key = 'bench-bill:' || i
			CROSS JOIN LATERAL (VALUES
				(0, ${wallet}::bigint, CASE WHEN i % 2 = 1 THEN ${GRANT}::bigint ELSE ${-COUNTER_PAYMENT}::bigint END,
					((i + 1) / 2) * ${GRANT}::bigint - (i / 2) * ${COUNTER_PAYMENT}::bigint),
				(1, CASE WHEN i % 2 = 1 THEN ${funds}::bigint ELSE ${revenue}::bigint END,
					CASE WHEN i % 2 = 1 THEN ${-GRANT}::bigint ELSE ${COUNTER_PAYMENT}::bigint END, NULL::bigint)
			) AS e(side, account_id, amount, balance_after)
			ORDER BY i, e.side`.execute(trx);
		// The other accounts' balance_after: their running sums (they were empty or hold the seed's rows).
		await sql`
			UPDATE ledger_entry e SET balance_after = running.balance_after
			FROM (SELECT id, sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS balance_after
				FROM ledger_entry WHERE account_id IN (${funds}, ${revenue})) running
			WHERE running.id = e.id AND e.balance_after IS DISTINCT FROM running.balance_after`.execute(trx);
		await sql`
			UPDATE ledger_account a SET balance = (SELECT coalesce(sum(amount), 0) FROM ledger_entry WHERE account_id = a.id)
			WHERE a.id IN (${wallet}, ${funds}, ${revenue})`.execute(trx);
	});

	// A live database's autovacuum keeps the planner's statistics current; these tables just grew
	// a hundredfold within a second, and stale statistics would measure a plan production never runs.
	await sql`ANALYZE ledger_entry, ledger_txn, ledger_account, counter_payment, pay_code`.execute(db);
	const entries = await db
		.selectFrom("ledger_entry")
		.select("id")
		.where("account_id", "=", wallet)
		.orderBy("id", "asc")
		.limit(DEEP_PAGE_FROM_OLDEST)
		.execute();
	const deepCursor = entries.at(-1)?.id ?? 0;
	// The demo tenant's first shop keeps Phnom Penh time (UTC+7 all year), the bill's month.
	const local = new Date(now.getTime() + 7 * 3_600_000);
	const monthStart = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 7 * 3_600_000);
	const invariants = [...(await checkInvariants(db, wallet, memberId)), await moneyBackingInvariant(db)];
	const thisMonth = await sql<{ n: string }>`
		SELECT count(*) AS n FROM ledger_entry e JOIN ledger_txn t ON t.id = e.txn_id
		WHERE e.account_id = ${wallet} AND t.created_at >= ${monthStart}`.execute(db);
	return {
		firstPage: "limit=20",
		deepPage: `limit=20&cursor=${deepCursor}`,
		entriesThisMonth: Number(thisMonth.rows[0]?.n ?? 0),
		invariants,
	};
}

async function checkInvariants(db: Kysely<DB>, wallet: number, memberId: number) {
	const unbalanced = await sql<{ n: string }>`
		SELECT count(*) AS n FROM (SELECT txn_id FROM ledger_entry GROUP BY txn_id HAVING sum(amount) <> 0) x`.execute(db);
	const drifted = await sql<{ n: string }>`
		SELECT count(*) AS n FROM (SELECT id, balance_after, sum(amount) OVER (ORDER BY id) AS running
			FROM ledger_entry WHERE account_id = ${wallet}) x WHERE balance_after <> running`.execute(db);
	const account = await db
		.selectFrom("ledger_account")
		.select("balance")
		.where("id", "=", wallet)
		.executeTakeFirstOrThrow();
	const count = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_entry WHERE account_id = ${wallet}`.execute(
		db,
	);
	const expected = (BILL_ENTRIES / 2) * (GRANT - COUNTER_PAYMENT);
	return [
		{
			name: "every bench ledger txn sums to zero",
			holds: Number(unbalanced.rows[0]?.n) === 0,
			detail: `${unbalanced.rows[0]?.n} unbalanced`,
		},
		{
			name: "each wallet entry's balance_after is the running sum in id order",
			holds: Number(drifted.rows[0]?.n) === 0,
			detail: `${drifted.rows[0]?.n} differ`,
		},
		{
			name: `member ${memberId} holds ${BILL_ENTRIES} entries and the balance they add up to`,
			holds: Number(count.rows[0]?.n) === BILL_ENTRIES && account.balance === expected,
			detail: `${count.rows[0]?.n} entries, balance ${account.balance} (expected ${expected})`,
		},
	];
}
