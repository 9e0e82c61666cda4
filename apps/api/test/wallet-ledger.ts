import { postLedgerTxn } from "../src/features/wallet/ledger.js";
import type { TestServer } from "./harness.js";

let grants = 0;

/**
 * Stored value for a test member as the demo seed gives it: a "wallet_grant" ledger txn from
 * the tenant's external funds, dated by the server's clock (the bill reads that date).
 */
export async function grantBalance(server: TestServer, memberId: number, amount: number, tenantId = 1): Promise<void> {
	await server.deps.db.transaction().execute((trx) =>
		postLedgerTxn(trx, {
			tenantId,
			kind: "wallet_grant",
			idempotencyKey: `test-grant:${memberId}:${Date.now()}:${++grants}`,
			orderId: null,
			now: server.clock.now(),
			moves: [
				{ account: { kind: "external_funds", tenantId }, amount: -amount },
				{ account: { kind: "member_wallet", tenantId, memberId }, amount },
			],
		}),
	);
}

/** A member's wallet balance as the account holds it (0 without a wallet). */
export async function walletBalance(server: TestServer, memberId: number, tenantId = 1): Promise<number> {
	const row = await server.deps.db
		.selectFrom("ledger_account")
		.select("balance")
		.where("tenant_id", "=", tenantId)
		.where("kind", "=", "member_wallet")
		.where("member_id", "=", memberId)
		.executeTakeFirst();
	return row?.balance ?? 0;
}
