import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Reading a member's wallet without creating it (reading a bill or a card page writes nothing;
 * ledger.ts's accountId creates the account on first use, for postings).
 */

/** The member's wallet at the tenant, or undefined when they never had one. */
export function findWallet(db: Db, args: { tenantId: number; memberId: number }) {
	return db
		.selectFrom("ledger_account")
		.select(["id", "balance"])
		.where("tenant_id", "=", args.tenantId)
		.where("kind", "=", "member_wallet")
		.where("member_id", "=", args.memberId)
		.executeTakeFirst();
}

/** The member's stored-value balance: a member who never had a wallet has 0. */
export async function walletBalanceOf(db: Db, args: { tenantId: number; memberId: number }): Promise<number> {
	return (await findWallet(db, args))?.balance ?? 0;
}
