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
	| { kind: "membership_revenue"; tenantId: number };

/** The account's id, creating it on first use (concurrent first uses meet on the unique index). */
export async function accountId(db: Db, ref: AccountRef): Promise<number> {
	const find = () => {
		let query = db
			.selectFrom("ledger_account")
			.select("id")
			.where("tenant_id", "=", ref.tenantId)
			.where("kind", "=", ref.kind);
		if (ref.kind === "member_wallet") query = query.where("member_id", "=", ref.memberId);
		if (ref.kind === "shop_revenue") query = query.where("shop_id", "=", ref.shopId);
		return query.executeTakeFirst();
	};
	const existing = await find();
	if (existing) return existing.id;
	await sql`INSERT INTO ledger_account (tenant_id, kind, member_id, shop_id) VALUES (${ref.tenantId}, ${ref.kind}, ${
		ref.kind === "member_wallet" ? ref.memberId : null
	}, ${ref.kind === "shop_revenue" ? ref.shopId : null}) ON CONFLICT DO NOTHING`.execute(db);
	const created = await find();
	if (!created) throw new Error(`ledger account ${ref.kind} could not be created`);
	return created.id;
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
}

/**
 * Moves money between accounts as one ledger transaction, inside the caller's database
 * transaction. The moves must sum to zero. A member wallet never goes below zero: the
 * conditional UPDATE refuses it (insufficient balance), with no read-then-write gap.
 * The idempotency key makes the same movement happen at most once: a second posting with
 * the same key changes nothing and returns false.
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
		now: Date;
		moves: LedgerMove[];
	},
): Promise<boolean> {
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
			created_at: args.now,
		})
		.onConflict((oc) => oc.column("idempotency_key").doNothing())
		.returning("id")
		.executeTakeFirst();
	if (!txn) return false;
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
			.where((eb) => eb.or([eb("kind", "<>", "member_wallet"), eb(eb("balance", "+", move.amount), ">=", 0)]))
			.returning("balance")
			.executeTakeFirst();
		if (!updated) throw new BusinessError(ErrorCode.InsufficientBalance);
		// The balance after it comes from the same locked UPDATE, so it always agrees with the account.
		await trx
			.insertInto("ledger_entry")
			.values({ txn_id: txn.id, account_id: id, amount: move.amount, balance_after: updated.balance })
			.execute();
	}
	return true;
}
