import { ErrorCode } from "@bayon/contract";
import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";

type Db = Kysely<DB> | Transaction<DB>;

export type AccountRef =
	| { kind: "member_wallet"; tenantId: number; memberId: number }
	| { kind: "shop_revenue"; tenantId: number; shopId: number }
	| { kind: "external_funds"; tenantId: number }
	/** Money paid with bookings (deposits, pre-orders paid ahead) until it is refunded, kept or used. */
	| { kind: "reservation_hold"; tenantId: number }
	/** Bonus given with recharges (issue 12): runs negative, the bonus the business has given away. */
	| { kind: "stored_value_bonus"; tenantId: number }
	/** Money paid for VIP cards (issue 12). */
	| { kind: "membership_revenue"; tenantId: number }
	/** A shop's settled money (issue 14): what it may withdraw. shop_revenue is its pending money. */
	| { kind: "shop_available"; tenantId: number; shopId: number }
	/** A shop's money asked for and not yet paid out (issue 14). */
	| { kind: "shop_withdrawing"; tenantId: number; shopId: number }
	/** The platform's commission on its shops' earnings (issue 14). */
	| { kind: "platform_commission"; tenantId: number }
	/** Withdrawals paid out to shops' banks: the outside world (issue 14). */
	| { kind: "shop_payouts"; tenantId: number };

type ShopAccountKind = "shop_revenue" | "shop_available" | "shop_withdrawing";
const SHOP_ACCOUNT_KINDS: ReadonlySet<string> = new Set<ShopAccountKind>([
	"shop_revenue",
	"shop_available",
	"shop_withdrawing",
]);

/**
 * Accounts that never go below zero: a member's wallet (insufficient balance), and a shop's
 * pending and in-withdrawal money (decision 023). A shop's available money may, but only by a
 * move that says so (`mayOwe`: a refund after settlement larger than it, a debt the next
 * earnings pay back).
 */
const NEVER_NEGATIVE: readonly AccountRef["kind"][] = [
	"member_wallet",
	"shop_revenue",
	"shop_withdrawing",
	"shop_available",
];

/** The account's id, creating it on first use (concurrent first uses meet on the unique index). */
export async function accountId(db: Db, ref: AccountRef): Promise<number> {
	const find = () => {
		let query = db
			.selectFrom("ledger_account")
			.select("id")
			.where("tenant_id", "=", ref.tenantId)
			.where("kind", "=", ref.kind);
		if (ref.kind === "member_wallet") query = query.where("member_id", "=", ref.memberId);
		if (isShopAccount(ref)) query = query.where("shop_id", "=", ref.shopId);
		return query.executeTakeFirst();
	};
	const existing = await find();
	if (existing) return existing.id;
	await sql`INSERT INTO ledger_account (tenant_id, kind, member_id, shop_id) VALUES (${ref.tenantId}, ${ref.kind}, ${
		ref.kind === "member_wallet" ? ref.memberId : null
	}, ${isShopAccount(ref) ? ref.shopId : null}) ON CONFLICT DO NOTHING`.execute(db);
	const created = await find();
	if (!created) throw new Error(`ledger account ${ref.kind} could not be created`);
	return created.id;
}

function isShopAccount(ref: AccountRef): ref is Extract<AccountRef, { kind: ShopAccountKind }> {
	return SHOP_ACCOUNT_KINDS.has(ref.kind);
}

/** Moves between a shop's money and the bank: not earnings, so not in a day's net. */
const WITHDRAWAL_KINDS: ReadonlySet<DB["ledger_txn"]["kind"]> = new Set([
	"withdrawal_request",
	"withdrawal_returned",
	"withdrawal_paid",
]);

/**
 * The shop's net earnings of this transaction on its local day (decision 023): what the wallet's
 * today, month, chart and day totals add up. An insert of its own row, never an update, so
 * concurrent postings of one shop do not queue on it (nor deadlock with the account locks).
 */
async function recordShopDayNet(
	trx: Transaction<DB>,
	args: { txnId: number; kind: DB["ledger_txn"]["kind"]; moves: LedgerMove[]; now: Date },
): Promise<void> {
	if (WITHDRAWAL_KINDS.has(args.kind)) return;
	const netByShop = new Map<number, number>();
	for (const move of args.moves)
		if (isShopAccount(move.account))
			netByShop.set(move.account.shopId, (netByShop.get(move.account.shopId) ?? 0) + move.amount);
	for (const [shopId, net] of netByShop) {
		if (net === 0) continue;
		await sql`INSERT INTO shop_day_net (txn_id, shop_id, day, net)
			SELECT ${args.txnId}, id, (${args.now}::timestamptz AT TIME ZONE timezone)::date, ${net} FROM shop WHERE id = ${shopId}`.execute(
			trx,
		);
	}
}

export async function accountBalance(db: Db, ref: AccountRef): Promise<number> {
	const id = await accountId(db, ref);
	const row = await db.selectFrom("ledger_account").select("balance").where("id", "=", id).executeTakeFirstOrThrow();
	return row.balance;
}

export interface LedgerMove {
	account: AccountRef;
	/** Positive credits the account, negative debits it. */
	amount: number;
	/** A shop's available money may go below zero by this move: a refund after settlement (decision 023). */
	mayOwe?: boolean;
}

/**
 * Moves money between accounts as one ledger transaction, inside the caller's database
 * transaction. The moves must sum to zero. A member wallet, and a shop's pending and
 * in-withdrawal money, never go below zero: the conditional UPDATE refuses it (insufficient
 * balance), with no read-then-write gap; so does a shop's available money unless the move
 * says `mayOwe`.
 * The idempotency key makes the same movement happen at most once: a second posting with
 * the same key changes nothing and returns null; the first returns the ledger transaction's id.
 */
export async function postLedgerTxn(
	trx: Transaction<DB>,
	args: {
		tenantId: number;
		kind: DB["ledger_txn"]["kind"];
		idempotencyKey: string;
		orderId: number | null;
		/** The booking the money moves for (deposits, pre-orders paid ahead). */
		reservationId?: number | null;
		/** What else it moves for (issue 12): the balance bill links its lines by these. */
		rechargeId?: number | null;
		cardPurchaseId?: number | null;
		counterPaymentId?: number | null;
		/** The shop's withdrawal or earning it moves for (issue 14): the wallet's statement links by these. */
		withdrawalId?: number | null;
		shopEarningId?: number | null;
		now: Date;
		moves: LedgerMove[];
	},
): Promise<number | null> {
	const sum = args.moves.reduce((total, move) => total + move.amount, 0);
	if (sum !== 0 || args.moves.some((move) => !Number.isSafeInteger(move.amount) || move.amount === 0)) {
		throw new Error(`unbalanced ledger transaction ${args.idempotencyKey}: ${JSON.stringify(args.moves)}`);
	}
	const txn = await trx
		.insertInto("ledger_txn")
		.values({
			tenant_id: args.tenantId,
			kind: args.kind,
			idempotency_key: args.idempotencyKey,
			order_id: args.orderId,
			reservation_id: args.reservationId ?? null,
			recharge_id: args.rechargeId ?? null,
			card_purchase_id: args.cardPurchaseId ?? null,
			counter_payment_id: args.counterPaymentId ?? null,
			withdrawal_id: args.withdrawalId ?? null,
			shop_earning_id: args.shopEarningId ?? null,
			created_at: args.now,
		})
		.onConflict((oc) => oc.column("idempotency_key").doNothing())
		.returning("id")
		.executeTakeFirst();
	if (!txn) return null;
	await recordShopDayNet(trx, { txnId: txn.id, kind: args.kind, moves: args.moves, now: args.now });
	const resolved = await Promise.all(
		args.moves.map(async (move) => ({ id: await accountId(trx, move.account), move })),
	);
	// Same lock order everywhere (by account id), so two transfers never deadlock.
	resolved.sort((a, b) => a.id - b.id);
	for (const { id, move } of resolved) {
		const updated = await trx
			.updateTable("ledger_account")
			.set((eb) => ({ balance: eb("balance", "+", move.amount) }))
			.where("id", "=", id)
			.where((eb) =>
				move.amount > 0 || (move.mayOwe && move.account.kind === "shop_available")
					? eb.val(true)
					: eb.or([eb("kind", "not in", NEVER_NEGATIVE), eb(eb("balance", "+", move.amount), ">=", 0)]),
			)
			.returning("balance")
			.executeTakeFirst();
		if (!updated) throw new BusinessError(ErrorCode.InsufficientBalance);
		// The balance after it comes from the same locked UPDATE, so it always agrees with the account.
		await trx
			.insertInto("ledger_entry")
			.values({ txn_id: txn.id, account_id: id, amount: move.amount, balance_after: updated.balance })
			.execute();
	}
	return txn.id;
}
