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
	await createAccountIfMissing(db, ref);
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

/** A posted ledger transaction: its id, and the balance each account it moved has after it. */
export interface PostedLedgerTxn {
	id: number;
	/** The account's balance right after this transaction (undefined for an account it did not move). */
	balanceAfter(ref: AccountRef): number | undefined;
}

export interface LedgerTxnInput {
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
	/**
	 * Work that needs the new transaction's id, done before the accounts are locked: a shop's
	 * revenue account is every payment's hot row, held until commit, so nothing that can wait
	 * runs after it (decision 025). Not called when the key was already posted.
	 */
	beforeMoves?: (txnId: number) => Promise<void>;
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
export async function postLedgerTxn(trx: Transaction<DB>, args: LedgerTxnInput): Promise<number | null> {
	return (await postLedgerMoves(trx, args))?.id ?? null;
}

/** postLedgerTxn, answering also the balances after it (null when the key was already posted). */
export async function postLedgerMoves(trx: Transaction<DB>, args: LedgerTxnInput): Promise<PostedLedgerTxn | null> {
	const sum = args.moves.reduce((total, move) => total + move.amount, 0);
	if (sum !== 0 || args.moves.some((move) => !Number.isSafeInteger(move.amount) || move.amount === 0)) {
		throw new Error(`unbalanced ledger transaction ${args.idempotencyKey}: ${JSON.stringify(args.moves)}`);
	}
	const txnId = await insertTxnWithDayNet(trx, args);
	if (txnId === null) return null;
	await args.beforeMoves?.(txnId);
	// Same lock order everywhere (`lockOrder`), so two transfers never deadlock; a shop's
	// accounts, every payment's hot rows, come after the member's.
	const ordered = [...args.moves].sort((a, b) => compareLockOrder(a.account, b.account));
	const balances = new Map<string, number>();
	for (const move of ordered) {
		let after = await moveBalance(trx, txnId, move);
		if (after === undefined) {
			// No row moved: the account may not exist yet (its first use). Made if missing, then
			// tried once more, which also sees an account a concurrent first use just committed.
			await createAccountIfMissing(trx, move.account);
			after = await moveBalance(trx, txnId, move);
		}
		if (after === undefined) throw new BusinessError(ErrorCode.InsufficientBalance);
		balances.set(refKey(move.account), after);
	}
	return {
		id: txnId,
		balanceAfter: (ref) => balances.get(refKey(ref)),
	};
}

/**
 * The ledger transaction's row and, in the same statement, each shop's net earnings of it on
 * the shop's local day (decision 023): what the wallet's today, month, chart and day totals add
 * up. An insert of its own row, never an update, so concurrent postings of one shop do not
 * queue on it (nor deadlock with the account locks). Null when the idempotency key was already
 * posted (then nothing is written).
 */
async function insertTxnWithDayNet(trx: Transaction<DB>, args: LedgerTxnInput): Promise<number | null> {
	const netByShop = new Map<number, number>();
	if (!WITHDRAWAL_KINDS.has(args.kind))
		for (const move of args.moves)
			if (isShopAccount(move.account))
				netByShop.set(move.account.shopId, (netByShop.get(move.account.shopId) ?? 0) + move.amount);
	const nets = [...netByShop].filter(([, net]) => net !== 0);
	const txn = trx
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
		.returning("id");
	if (nets.length === 0) return (await txn.executeTakeFirst())?.id ?? null;
	// The day is the shop's local day of the transaction, in the shop's own time zone.
	const row = await trx
		.with("txn", () => txn)
		.with("net", (db) =>
			db
				.insertInto("shop_day_net")
				.columns(["txn_id", "shop_id", "day", "net"])
				.expression((eb) =>
					eb
						.selectFrom("txn")
						.innerJoin(
							sql<{ shop_id: number; net: number }>`(VALUES ${sql.join(
								nets.map(([shopId, net]) => sql`(${shopId}::bigint, ${net}::bigint)`),
							)})`.as<"v">(sql`v(shop_id, net)`),
							(join) => join.onTrue(),
						)
						.innerJoin("shop", "shop.id", "v.shop_id")
						.select([
							"txn.id",
							"shop.id",
							sql<string>`(${args.now}::timestamptz AT TIME ZONE shop.timezone)::date`.as("day"),
							"v.net",
						]),
				)
				.returning("txn_id"),
		)
		.selectFrom("txn")
		.select("id")
		.executeTakeFirst();
	return row?.id ?? null;
}

/**
 * Moves one account's balance and writes its entry in one statement, the account found by what
 * it is for (no id looked up first): the entry's balance after comes from the same locked
 * UPDATE, so it always agrees with the account. Undefined when no row moved: refused (it would
 * go below zero) or no such account yet.
 */
async function moveBalance(trx: Transaction<DB>, txnId: number, move: LedgerMove): Promise<number | undefined> {
	const { account, amount } = move;
	const entry = await trx
		.with("moved", (db) => {
			let update = db
				.updateTable("ledger_account")
				.set((eb) => ({ balance: eb("balance", "+", amount) }))
				.where("tenant_id", "=", account.tenantId)
				// A literal, so the planner picks the kind's own unique index.
				.where("kind", "=", sql.lit(account.kind));
			if (account.kind === "member_wallet") update = update.where("member_id", "=", account.memberId);
			if (isShopAccount(account)) update = update.where("shop_id", "=", account.shopId);
			return update
				.where((eb) =>
					amount > 0 || (move.mayOwe && account.kind === "shop_available")
						? eb.val(true)
						: eb.or([eb("kind", "not in", NEVER_NEGATIVE), eb(eb("balance", "+", amount), ">=", 0)]),
				)
				.returning(["id", "balance"]);
		})
		.insertInto("ledger_entry")
		.columns(["txn_id", "account_id", "amount", "balance_after"])
		.expression((eb) =>
			eb
				.selectFrom("moved")
				.select([
					sql<number>`${txnId}::bigint`.as("txn_id"),
					"moved.id",
					sql<number>`${amount}::bigint`.as("amount"),
					"moved.balance",
				]),
		)
		.returning("balance_after")
		.executeTakeFirst();
	return entry ? Number(entry.balance_after) : undefined;
}

async function createAccountIfMissing(db: Db, ref: AccountRef): Promise<void> {
	await sql`INSERT INTO ledger_account (tenant_id, kind, member_id, shop_id) VALUES (${ref.tenantId}, ${ref.kind}, ${
		ref.kind === "member_wallet" ? ref.memberId : null
	}, ${isShopAccount(ref) ? ref.shopId : null}) ON CONFLICT DO NOTHING`.execute(db);
}

/**
 * The order in which one ledger transaction locks its accounts: members' wallets first, then
 * shops' accounts, then the tenant's own; within each, by kind and then member or shop id. A
 * total order, so any two transactions lock the accounts they share in the same order. A
 * shop's pending account is locked by every payment of the shop until commit: last among the
 * accounts a payment moves, it is held for the fewest statements (decision 025).
 */
function compareLockOrder(a: AccountRef, b: AccountRef): number {
	const rank = (ref: AccountRef) => (ref.kind === "member_wallet" ? 0 : isShopAccount(ref) ? 1 : 2);
	const owner = (ref: AccountRef) =>
		ref.kind === "member_wallet" ? ref.memberId : isShopAccount(ref) ? ref.shopId : ref.tenantId;
	return (
		rank(a) - rank(b) ||
		a.tenantId - b.tenantId ||
		(a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
		owner(a) - owner(b)
	);
}

function refKey(ref: AccountRef): string {
	return JSON.stringify([
		ref.kind,
		ref.tenantId,
		ref.kind === "member_wallet" ? ref.memberId : null,
		isShopAccount(ref) ? ref.shopId : null,
	]);
}
