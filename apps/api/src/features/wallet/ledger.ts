import { ErrorCode } from "@bayon/contract";
import { type Expression, type Kysely, type OperationNodeSource, type RawBuilder, sql, type Transaction } from "kysely";
import { executePrepared } from "../../db/prepared.js";
import { refusalOf, refusedUnless } from "../../db/refusal.js";
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
	await createAccountsIfMissing(db, [ref]);
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
	/**
	 * Of `amount`, the part that is recharge bonus (same sign, never larger): only on a member's
	 * wallet (decision 027). A debit moves the wallet's paid part by `amount - bonus` and its bonus
	 * part by `bonus`, and neither may go below zero: a debit that says nothing takes paid money
	 * only. See wallet/bonus.ts for how a spend is split.
	 */
	bonus?: number;
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
	 * Writes done with the ledger transaction, in its statement (each an INSERT, UPDATE or DELETE
	 * without a WITH of its own, not yet sent), given the new transaction's id as an expression:
	 * NULL when the key was posted before, and then what needs the transaction must write
	 * nothing (a shop's earning, merchant-wallet/earnings.ts). They run after the moves, however
	 * those end; a refused move rolls them back with the rest. An order's payment from the
	 * balance writes its change, event and news so (ordering/lifecycle/payments.ts).
	 */
	alsoWrite?: (txnId: Expression<number | null>) => OperationNodeSource[];
	/**
	 * Posted without a transaction around it only (see postLedgerMoves): a SELECT … FOR UPDATE
	 * that must find a row for anything to be written, run before any account is moved (so
	 * its row is locked first, as a transaction would have). Found none: LedgerGuardFailed.
	 */
	onlyIf?: RawBuilder<unknown>;
}

/** A posting's `onlyIf` found nothing: nothing was written. */
export class LedgerGuardFailed extends Error {}

const REFUSED_FOR_BALANCE = "insufficient balance";
const REFUSED_FOR_ACCOUNTS = "ledger accounts missing";
const REFUSED_BY_GUARD = "ledger guard";

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

/**
 * postLedgerTxn, answering also the balances after it (null when the key was already posted).
 *
 * Given the database instead of a transaction, the posting is one statement on its own, its
 * own transaction (decision 025: the accounts it locks are released at its end, not at a
 * COMMIT sent after the server's next turn): only for moves that touch each account once, and
 * a refused move, a missing account or a failed `onlyIf` aborts the statement itself.
 */
export async function postLedgerMoves(trx: Db, args: LedgerTxnInput): Promise<PostedLedgerTxn | null> {
	const sum = args.moves.reduce((total, move) => total + move.amount, 0);
	if (sum !== 0 || args.moves.some((move) => !Number.isSafeInteger(move.amount) || move.amount === 0)) {
		throw new Error(`unbalanced ledger transaction ${args.idempotencyKey}: ${JSON.stringify(args.moves)}`);
	}
	if (args.moves.some((move) => !isBonusWithinMove(move)))
		throw new Error(`ledger transaction ${args.idempotencyKey} has a bonus part that does not fit its move`);
	// Same lock order everywhere (`lockOrder`), so two transfers never deadlock; a shop's
	// accounts, every payment's hot rows, come after the member's.
	const ordered = [...args.moves].sort((a, b) => compareLockOrder(a.account, b.account));
	if (!trx.isTransaction) return postAlone(trx, args, ordered);
	if (args.onlyIf) throw new Error(`ledger transaction ${args.idempotencyKey}: onlyIf is for a posting on its own`);
	let txnId: number | null = null;
	const balances = new Map<string, number>();
	for (const round of intoRounds(ordered)) {
		let posted = await postInOneStatement(trx, args, round, txnId);
		if (posted.txnId === null) return null;
		txnId = posted.txnId;
		if (!posted.accountsFound) {
			// An account's first use: made if missing (a concurrent first use meets ours on the
			// unique index), then the moves again under the transaction already written.
			await createAccountsIfMissing(
				trx,
				round.map((move) => move.account),
			);
			posted = await postInOneStatement(trx, args, round, txnId);
			if (!posted.accountsFound) throw new Error(`ledger accounts of ${args.idempotencyKey} could not be created`);
		}
		for (const [index, move] of round.entries()) {
			const after = posted.balancesAfter[index];
			if (after === null || after === undefined) throw new BusinessError(ErrorCode.InsufficientBalance);
			balances.set(refKey(move.account), after);
		}
	}
	if (txnId === null) throw new Error(`ledger transaction ${args.idempotencyKey} has no moves`);
	return {
		id: txnId,
		balanceAfter: (ref) => balances.get(refKey(ref)),
	};
}

/** The posting as one statement with no transaction around it (see postLedgerMoves). */
async function postAlone(db: Db, args: LedgerTxnInput, ordered: LedgerMove[]): Promise<PostedLedgerTxn | null> {
	if (intoRounds(ordered).length > 1)
		throw new Error(`ledger transaction ${args.idempotencyKey} moves an account twice: it needs a transaction`);
	for (let attempt = 1; ; attempt++) {
		try {
			const posted = await postInOneStatement(db, args, ordered, null);
			if (posted.txnId === null) return null;
			const balances = new Map(ordered.map((move, index) => [refKey(move.account), posted.balancesAfter[index] ?? 0]));
			return { id: posted.txnId, balanceAfter: (ref) => balances.get(refKey(ref)) };
		} catch (error) {
			const reason = refusalOf(error);
			if (reason === REFUSED_FOR_BALANCE) throw new BusinessError(ErrorCode.InsufficientBalance);
			if (reason === REFUSED_BY_GUARD) throw new LedgerGuardFailed(args.idempotencyKey);
			if (reason !== REFUSED_FOR_ACCOUNTS || attempt > 1) throw error;
			// An account's first use, the statement undone: made (a concurrent first use meets
			// ours on the unique index), then the whole posting again.
			await createAccountsIfMissing(
				db,
				ordered.map((move) => move.account),
			);
		}
	}
}

/**
 * The moves in statements that each move an account at most once (PostgreSQL updates a row
 * once per statement): almost always one. An account moved twice (a refund whose deposit part
 * and the rest go back to the same place) has its second move in the next statement, once every
 * account is locked by the first, so the lock order holds.
 */
function intoRounds(ordered: LedgerMove[]): LedgerMove[][] {
	const rounds: Array<{ moves: LedgerMove[]; accounts: Set<string> }> = [];
	for (const move of ordered) {
		const key = refKey(move.account);
		let round = rounds.find((candidate) => !candidate.accounts.has(key));
		if (!round) {
			round = { moves: [], accounts: new Set() };
			rounds.push(round);
		}
		round.moves.push(move);
		round.accounts.add(key);
	}
	// No moves at all still writes the transaction.
	return rounds.length === 0 ? [[]] : rounds.map((round) => round.moves);
}

/**
 * The ledger transaction, its day nets, `alsoWrite`, and every move with its entry, in one
 * statement (one round trip: a shop's revenue account is every payment's hot row, locked from
 * its update to commit, decision 025). With `knownTxnId` only the moves, under a transaction
 * an earlier statement wrote. `ordered` moves each account at most once (`intoRounds`).
 *
 * Each move is a conditional UPDATE … RETURNING feeding its entry's INSERT: a wallet (and a
 * shop's pending, in-withdrawal or available money unless `mayOwe`) never goes below zero, with
 * no read-then-write gap. The moves run one after the other in `ordered` (each waits for the
 * one before it to have moved its row: that is the lock order) and stop at the first refused
 * one, whose balance comes back NULL; the caller then rolls everything back. No move runs
 * unless every account already exists (`found`), so the first use of an account can make it
 * and try again with nothing half done. Posted on its own (no transaction around it), the
 * statement checks all this at its end and aborts itself (`refusedUnless`): a refused move, a
 * missing account or an `onlyIf` that found nothing.
 */
async function postInOneStatement(
	trx: Db,
	args: LedgerTxnInput,
	ordered: LedgerMove[],
	knownTxnId: number | null,
): Promise<{ txnId: number | null; accountsFound: boolean; balancesAfter: Array<number | null> }> {
	const ctes: RawBuilder<unknown>[] = [];
	const alone = !trx.isTransaction;
	// First, so that its row is locked before any account (the order a transaction locks them in).
	if (args.onlyIf) ctes.push(sql`guard AS (${args.onlyIf})`);
	if (knownTxnId === null) {
		ctes.push(
			sql`txn AS (INSERT INTO ledger_txn (tenant_id, kind, idempotency_key, order_id, reservation_id, recharge_id, card_purchase_id, counter_payment_id, withdrawal_id, shop_earning_id, created_at) VALUES (${args.tenantId}, ${args.kind}, ${args.idempotencyKey}, ${args.orderId}, ${args.reservationId ?? null}, ${args.rechargeId ?? null}, ${args.cardPurchaseId ?? null}, ${args.counterPaymentId ?? null}, ${args.withdrawalId ?? null}, ${args.shopEarningId ?? null}, ${args.now}) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id)`,
		);
		const nets = dayNets(args);
		// The day is the shop's local day of the transaction, in the shop's own time zone. An
		// insert of its own row, never an update, so concurrent postings of one shop do not queue
		// on it (nor deadlock with the account locks).
		if (nets.length > 0)
			ctes.push(
				sql`net AS (INSERT INTO shop_day_net (txn_id, shop_id, day, net) SELECT txn.id, shop.id, (${args.now}::timestamptz AT TIME ZONE shop.timezone)::date, v.net FROM txn CROSS JOIN (VALUES ${sql.join(
					nets.map(([shopId, net]) => sql`(${shopId}::bigint, ${net}::bigint)`),
				)}) AS v(shop_id, net) JOIN shop ON shop.id = v.shop_id)`,
			);
		for (const [index, write] of (args.alsoWrite?.(sql<number | null>`(SELECT id FROM txn)`) ?? []).entries())
			ctes.push(sql`${sql.raw(`also${index}`)} AS (${write})`);
	} else {
		ctes.push(sql`txn AS (SELECT ${knownTxnId}::bigint AS id)`);
	}
	const guarded = args.onlyIf ? sql`EXISTS (SELECT 1 FROM guard)` : sql`true`;
	ctes.push(
		ordered.length === 0
			? sql`found AS (SELECT true AS accounts, ${guarded} AS guarded)`
			: sql`found AS (SELECT count(*) = ${ordered.length} AS accounts, ${guarded} AS guarded FROM ledger_account WHERE ${sql.join(
					ordered.map((move) => sql`(${accountIs(move.account)})`),
					sql` OR `,
				)})`,
	);
	for (const [index, move] of ordered.entries()) {
		const { account, amount } = move;
		const moved = sql.raw(`m${index}`);
		const mayGoNegative = amount > 0 || (move.mayOwe && account.kind === "shop_available");
		const bonus = move.bonus ?? 0;
		// A wallet's paid part (balance - bonus) and its bonus part each stay at or above zero; on
		// every other account the bonus is 0 and this is the balance alone.
		const setBonus = account.kind === "member_wallet" ? sql`, bonus = bonus + ${bonus}::bigint` : sql``;
		const after =
			index === 0
				? sql`(SELECT guarded AND accounts FROM found) AND EXISTS (SELECT 1 FROM txn)`
				: sql`EXISTS (SELECT 1 FROM ${sql.raw(`m${index - 1}`)})`;
		ctes.push(
			sql`${moved} AS (UPDATE ledger_account SET balance = balance + ${amount}::bigint${setBonus} WHERE ${accountIs(account)}${
				mayGoNegative
					? sql``
					: sql` AND (kind NOT IN (${sql.join(NEVER_NEGATIVE.map((kind) => sql.lit(kind)))}) OR (balance + ${amount}::bigint - (bonus + ${bonus}::bigint) >= 0 AND bonus + ${bonus}::bigint >= 0))`
			} AND ${after} RETURNING id, balance)`,
			sql`${sql.raw(`e${index}`)} AS (INSERT INTO ledger_entry (txn_id, account_id, amount, balance_after, bonus) SELECT txn.id, ${moved}.id, ${amount}::bigint, ${moved}.balance, ${bonus}::bigint FROM txn, ${moved})`,
		);
	}
	const lastMoved =
		ordered.length === 0
			? sql<boolean>`true`
			: sql<boolean>`EXISTS (SELECT 1 FROM ${sql.raw(`m${ordered.length - 1}`)})`;
	// Each ok, or the posting was made before (no txn: nothing else ran).
	const checked = alone
		? sql`, ${refusedUnless(
				sql`NOT EXISTS (SELECT 1 FROM txn) OR (SELECT guarded AND accounts FROM found) AND ${lastMoved}`,
				sql`CASE WHEN NOT (SELECT guarded FROM found) THEN ${REFUSED_BY_GUARD}::text WHEN NOT (SELECT accounts FROM found) THEN ${REFUSED_FOR_ACCOUNTS}::text ELSE ${REFUSED_FOR_BALANCE}::text END`,
			)} AS checked`
		: sql``;
	// Prepared: its shape follows the moves and the caller's writes, never their values.
	const [row] = await executePrepared(
		trx,
		sql<{ txn_id: number | null; accounts_found: boolean; balances: Array<string | null> }>`WITH ${sql.join(
			ctes,
		)} SELECT (SELECT id FROM txn) AS txn_id, (SELECT accounts FROM found) AS accounts_found, ARRAY[${
			ordered.length === 0
				? sql``
				: sql.join(ordered.map((_, index) => sql`(SELECT balance FROM ${sql.raw(`m${index}`)})`))
		}]::text[] AS balances${checked}`,
	);
	if (!row) throw new Error("the ledger statement answered no row");
	return {
		txnId: row.txn_id === null ? null : Number(row.txn_id),
		accountsFound: row.accounts_found,
		balancesAfter: row.balances.map((balance) => (balance === null ? null : Number(balance))),
	};
}

/** A move's bonus part: only on a member's wallet, an integer of the move's sign, no larger than it. */
function isBonusWithinMove(move: LedgerMove): boolean {
	const bonus = move.bonus ?? 0;
	if (bonus === 0) return true;
	return (
		move.account.kind === "member_wallet" &&
		Number.isSafeInteger(bonus) &&
		Math.sign(bonus) === Math.sign(move.amount) &&
		Math.abs(bonus) <= Math.abs(move.amount)
	);
}

/** Each shop's net earnings of the transaction (decision 023), withdrawals aside. */
function dayNets(args: LedgerTxnInput): Array<[number, number]> {
	const netByShop = new Map<number, number>();
	if (!WITHDRAWAL_KINDS.has(args.kind))
		for (const move of args.moves)
			if (isShopAccount(move.account))
				netByShop.set(move.account.shopId, (netByShop.get(move.account.shopId) ?? 0) + move.amount);
	return [...netByShop].filter(([, net]) => net !== 0);
}

/** The account's row, found by what it is for; the kind a literal, so the planner picks the kind's own unique index. */
function accountIs(ref: AccountRef): RawBuilder<boolean> {
	return sql`tenant_id = ${ref.tenantId} AND kind = ${sql.lit(ref.kind)}${
		ref.kind === "member_wallet" ? sql` AND member_id = ${ref.memberId}` : sql``
	}${isShopAccount(ref) ? sql` AND shop_id = ${ref.shopId}` : sql``}`;
}

async function createAccountsIfMissing(db: Db, refs: AccountRef[]): Promise<void> {
	await sql`INSERT INTO ledger_account (tenant_id, kind, member_id, shop_id) VALUES ${sql.join(
		refs.map(
			(ref) =>
				sql`(${ref.tenantId}, ${ref.kind}, ${ref.kind === "member_wallet" ? ref.memberId : null}::bigint, ${
					isShopAccount(ref) ? ref.shopId : null
				}::bigint)`,
		),
	)} ON CONFLICT DO NOTHING`.execute(db);
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
