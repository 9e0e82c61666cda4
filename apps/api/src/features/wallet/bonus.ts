import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import type { AccountRef, LedgerMove } from "./ledger.js";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Who funds a recharge bonus (decision 027): the business gives it, and a shop earns only the
 * money a member really paid. A member's balance is kept as a total with its bonus part beside
 * it (ledger_account.bonus). Every spend from the balance takes the two parts in proportion to
 * what the wallet holds: the paid part goes on to the payee (a shop's pending money, the VIP
 * cards' revenue), the bonus part back to the tenant's stored_value_bonus account it came from,
 * so that account always stands at minus the bonus still held in wallets. A refund puts back
 * exactly the parts it took. So no path turns bonus into withdrawable money: a shop's
 * withdrawable and withdrawn money is never more than its customers really paid in.
 */

export type MemberWalletRef = Extract<AccountRef, { kind: "member_wallet" }>;

/** A wallet's balance and, of it, the part that is recharge bonus. */
export interface WalletParts {
	balance: number;
	bonus: number;
}

/** How a debit splits: `paid` goes to the payee, `bonus` back to the tenant's bonus account. */
export interface SpendSplit {
	paid: number;
	bonus: number;
}

/**
 * The split of spending `amount` from a wallet holding `wallet`: the bonus part in proportion,
 * rounded down (the member's paid money is used a minor unit sooner, never the bonus). Spending
 * the whole balance takes exactly its bonus; the paid part never exceeds what was paid in
 * (amount − ⌊amount·b/B⌋ ≤ B − b for amount ≤ B). An amount above the balance splits as if the
 * whole balance were spent; the ledger then refuses it for want of balance.
 */
export function splitSpend(wallet: WalletParts, amount: number): SpendSplit {
	if (wallet.bonus <= 0 || wallet.balance <= 0) return { paid: amount, bonus: 0 };
	const spent = Math.min(amount, wallet.balance);
	// BigInt: balance × amount passes 2^53 for balances in the tens of millions.
	const bonus = Number((BigInt(spent) * BigInt(Math.min(wallet.bonus, wallet.balance))) / BigInt(wallet.balance));
	return { paid: amount - bonus, bonus };
}

/** The wallet's parts as they are now (none yet: 0 and 0). */
export function walletParts(db: Db, wallet: MemberWalletRef): Promise<WalletParts> {
	return readParts(db, wallet, false);
}

/** The wallet's parts, its row locked until the caller's transaction ends (none yet: 0 and 0). */
export function lockWalletParts(trx: Transaction<DB>, wallet: MemberWalletRef): Promise<WalletParts> {
	return readParts(trx, wallet, true);
}

async function readParts(db: Db, wallet: MemberWalletRef, lock: boolean): Promise<WalletParts> {
	const query = db
		.selectFrom("ledger_account")
		.select(["balance", "bonus"])
		.where("tenant_id", "=", wallet.tenantId)
		.where("kind", "=", "member_wallet")
		.where("member_id", "=", wallet.memberId);
	const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
	return { balance: row?.balance ?? 0, bonus: row?.bonus ?? 0 };
}

/**
 * A spend's debit of the wallet, split as `split`, with its bonus part going back to the tenant's
 * bonus account; the caller credits the paid part to whoever is paid.
 */
export function debitWallet(wallet: MemberWalletRef, split: SpendSplit): LedgerMove[] {
	return [
		{ account: wallet, amount: -(split.paid + split.bonus), bonus: -split.bonus },
		...(split.bonus > 0 ? [{ account: bonusAccount(wallet.tenantId), amount: split.bonus }] : []),
	];
}

/**
 * Gives `amount` back to a wallet, `bonus` of it as bonus (what the spend took as bonus, from the
 * tenant's bonus account); the caller's other moves pay the rest.
 */
export function creditWallet(wallet: MemberWalletRef, amount: number, bonus: number): LedgerMove[] {
	return [
		{ account: wallet, amount, bonus },
		...(bonus > 0 ? [{ account: bonusAccount(wallet.tenantId), amount: -bonus }] : []),
	];
}

/** How much of the wallet's debit in the posting `idempotencyKey` was bonus (0 when none, or no such posting). */
export async function bonusSpentIn(db: Db, idempotencyKey: string, wallet: MemberWalletRef): Promise<number> {
	const row = await db
		.selectFrom("ledger_txn as t")
		.innerJoin("ledger_entry as e", "e.txn_id", "t.id")
		.innerJoin("ledger_account as a", "a.id", "e.account_id")
		.select("e.bonus")
		.where("t.idempotency_key", "=", idempotencyKey)
		.where("a.kind", "=", "member_wallet")
		.where("a.member_id", "=", wallet.memberId)
		.where("e.amount", "<", 0)
		.executeTakeFirst();
	return row ? -row.bonus : 0;
}

function bonusAccount(tenantId: number): AccountRef {
	return { kind: "stored_value_bonus", tenantId };
}
