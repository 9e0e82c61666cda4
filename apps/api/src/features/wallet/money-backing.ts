import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";

/**
 * The platform never pays a shop money nobody paid (decision 027). Per tenant, from the ledger:
 *
 *   shops' available + in withdrawal + paid out  ≤  paid in − refunded − commission
 *
 * "Paid in − refunded" is the outside world's account turned round (`external_funds` is
 * debited by every gateway payment and grant, credited by every refund). A shop's available
 * money counts with its sign: a debt (a refund after settlement) is money the shop owes back.
 * Beside it, the bonus bookkeeping that makes it hold: the tenant's stored_value_bonus account
 * stands at minus the bonus still held in wallets (bonus spent went back to it, not to a shop),
 * and each wallet's bonus part is the sum of its entries' bonus parts.
 *
 * Answers one row per tenant that breaks any of this (empty when all hold), with the figures.
 */
export interface MoneyBackingBreach {
	tenantId: number;
	/** Shops' available + in withdrawal + paid out. */
	withdrawableAndWithdrawn: number;
	/** Paid in − refunded − commission. */
	paidIn: number;
	/** The stored_value_bonus account's balance. */
	bonusAccount: number;
	/** Minus the bonus held in the tenant's wallets (what bonusAccount must be). */
	bonusHeld: number;
	/** Wallets whose bonus part differs from their entries' bonus parts. */
	walletsAdrift: number;
}

export async function moneyBackingBreaches(db: Kysely<DB>): Promise<MoneyBackingBreach[]> {
	const result = await sql<{
		tenant_id: string;
		withdrawable_and_withdrawn: string;
		paid_in: string;
		bonus_account: string;
		bonus_held: string;
		wallets_adrift: string;
	}>`
		WITH figures AS (
			SELECT t.id AS tenant_id,
				coalesce((SELECT sum(balance) FROM ledger_account WHERE tenant_id = t.id
					AND kind IN ('shop_available', 'shop_withdrawing', 'shop_payouts')), 0) AS withdrawable_and_withdrawn,
				coalesce((SELECT -sum(balance) FROM ledger_account WHERE tenant_id = t.id AND kind = 'external_funds'), 0)
					- coalesce((SELECT sum(balance) FROM ledger_account WHERE tenant_id = t.id AND kind = 'platform_commission'), 0)
					AS paid_in,
				coalesce((SELECT sum(balance) FROM ledger_account WHERE tenant_id = t.id AND kind = 'stored_value_bonus'), 0)
					AS bonus_account,
				-coalesce((SELECT sum(bonus) FROM ledger_account WHERE tenant_id = t.id AND kind = 'member_wallet'), 0)
					AS bonus_held,
				(SELECT count(*) FROM ledger_account a WHERE a.tenant_id = t.id AND a.kind = 'member_wallet'
					AND a.bonus <> coalesce((SELECT sum(e.bonus) FROM ledger_entry e WHERE e.account_id = a.id), 0))
					AS wallets_adrift
			FROM tenant t)
		SELECT * FROM figures
		WHERE withdrawable_and_withdrawn > paid_in OR bonus_account <> bonus_held OR wallets_adrift > 0
		ORDER BY tenant_id`.execute(db);
	return result.rows.map((row) => ({
		tenantId: Number(row.tenant_id),
		withdrawableAndWithdrawn: Number(row.withdrawable_and_withdrawn),
		paidIn: Number(row.paid_in),
		bonusAccount: Number(row.bonus_account),
		bonusHeld: Number(row.bonus_held),
		walletsAdrift: Number(row.wallets_adrift),
	}));
}
