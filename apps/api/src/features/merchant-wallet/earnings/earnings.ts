import { type Expression, type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { addSeconds } from "../../../lib/clock.js";
import { type LedgerMove, postLedgerTxn } from "../../wallet/ledger.js";

/**
 * A shop's earnings (decision 023): every credit of a shop's pending account (`shop_revenue`)
 * is a `shop_earning` row written in the same transaction. It is released (`releases_at`) when
 * what it is for is final, settled by the job in settlement.ts once that moment has passed, and
 * reversed by a refund: out of pending before settlement, out of available after.
 */

type Trx = Transaction<DB>;
type EarningRow = Selectable<DB["shop_earning"]>;

/** The platform's terms that price and time an earning, read when it is earned or released. */
async function tenantTerms(trx: Trx, tenantId: number): Promise<{ holdHours: number; commissionBps: number }> {
	const tenant = await trx
		.selectFrom("tenant")
		.select(["settlement_hold_hours", "commission_bps"])
		.where("id", "=", tenantId)
		.executeTakeFirstOrThrow();
	return { holdHours: tenant.settlement_hold_hours, commissionBps: tenant.commission_bps };
}

const afterHold = (now: Date, holdHours: number) => addSeconds(now, holdHours * 3600);

export type EarningSource =
	/** An order's payment (or a booking's pre-order applied to its order): released when the order completes. */
	| {
			source: "order";
			orderId: number;
			reservationId?: number | null;
			/** The order's status in this transaction, when the caller holds it: saves reading it. */
			orderStatus?: Selectable<DB["customer_order"]>["status"];
	  }
	/** Money taken at the counter: final at once. */
	| { source: "counter_payment"; counterPaymentId: number }
	/** A deposit the shop kept (late cancel, no-show): final at once. */
	| { source: "reservation_kept"; reservationId: number };

/**
 * Records what a ledger transaction just credited to the shop's pending account, with the
 * commission fixed now at the tenant's rate. `ledgerTxnId` is what `postLedgerTxn` answered:
 * null means the transaction was a replay that moved nothing, so there is nothing to record.
 */
export async function recordShopEarning(
	trx: Trx,
	earning: EarningSource & { tenantId: number; shopId: number; ledgerTxnId: number | null; gross: number; now: Date },
): Promise<void> {
	if (earning.ledgerTxnId === null) return;
	await shopEarningInsert(trx, {
		...earning,
		completed: await earningIsFinal(trx, earning),
		ledgerTxnId: sql<number>`${earning.ledgerTxnId}::bigint`,
	}).execute();
}

/**
 * Whether the earning is final now: an order's waits for the order to complete (released then,
 * see releaseOrderEarnings), unless it already has (a table's round the kitchen completed before
 * the bill was paid); the others are final at once.
 */
export async function earningIsFinal(trx: Trx | Kysely<DB>, earning: EarningSource): Promise<boolean> {
	if (earning.source !== "order") return true;
	const status =
		earning.orderStatus ??
		(
			await trx
				.selectFrom("customer_order")
				.select("status")
				.where("id", "=", earning.orderId)
				.executeTakeFirstOrThrow()
		).status;
	return status === "completed";
}

/**
 * The earning's INSERT, not yet sent: `postLedgerMoves` writes it in the ledger transaction's
 * own statement (`alsoWrite`), where `ledgerTxnId` is that transaction's new id, NULL when the
 * key was posted before, and then nothing is inserted.
 */
export function shopEarningInsert(
	db: Pick<Trx, "insertInto">,
	earning: EarningSource & {
		tenantId: number;
		shopId: number;
		ledgerTxnId: Expression<number | null>;
		gross: number;
		completed: boolean;
		now: Date;
	},
) {
	// The tenant's terms are read by the insert itself (one statement, not two): the commission
	// is the gross at the tenant's rate (basis points) rounded to the nearest minor unit (gross
	// is never negative: halves round up); the release is now + the hold, or none until the
	// order completes.
	return db
		.insertInto("shop_earning")
		.columns([
			"tenant_id",
			"shop_id",
			"source",
			"order_id",
			"counter_payment_id",
			"reservation_id",
			"ledger_txn_id",
			"gross",
			"commission",
			"releases_at",
			"created_at",
		])
		.expression((eb) =>
			eb
				.selectFrom("tenant")
				.select([
					sql<number>`${earning.tenantId}::bigint`.as("tenant_id"),
					sql<number>`${earning.shopId}::bigint`.as("shop_id"),
					sql<string>`${earning.source}::text`.as("source"),
					sql<number | null>`${earning.source === "order" ? earning.orderId : null}::bigint`.as("order_id"),
					sql<number | null>`${earning.source === "counter_payment" ? earning.counterPaymentId : null}::bigint`.as(
						"counter_payment_id",
					),
					sql<
						number | null
					>`${earning.source === "counter_payment" ? null : (earning.reservationId ?? null)}::bigint`.as(
						"reservation_id",
					),
					sql<number>`${earning.ledgerTxnId}`.as("ledger_txn_id"),
					sql<number>`${earning.gross}::bigint`.as("gross"),
					sql<number>`round(${earning.gross}::numeric * commission_bps / 10000)::bigint`.as("commission"),
					(earning.completed
						? sql<Date>`${earning.now}::timestamptz + settlement_hold_hours * interval '1 hour'`
						: sql<Date | null>`NULL::timestamptz`
					).as("releases_at"),
					sql<Date>`${earning.now}::timestamptz`.as("created_at"),
				])
				.where("id", "=", earning.tenantId)
				.where(sql<boolean>`${earning.ledgerTxnId} IS NOT NULL`),
		);
}

/**
 * The order completed (staff complete, customer confirms receipt, a table bill settles): its
 * pending earnings are released after the tenant's hold. Called where points are awarded, in
 * the same transaction under the order's row lock; does nothing unless the order is completed
 * (a bill settles rounds that are not), and never moves a release already set.
 */
export async function releaseOrderEarnings(trx: Trx, orderId: number, now: Date): Promise<void> {
	const order = await trx
		.selectFrom("customer_order")
		.select(["status", "tenant_id"])
		.where("id", "=", orderId)
		.executeTakeFirst();
	if (order?.status !== "completed") return;
	const terms = await tenantTerms(trx, order.tenant_id);
	await trx
		.updateTable("shop_earning")
		.set({ releases_at: afterHold(now, terms.holdHours) })
		.where("order_id", "=", orderId)
		.where("status", "=", "pending")
		.where("releases_at", "is", null)
		.execute();
}

/**
 * What a reversal is for: an order, a counter payment, or the deposit a booking's shop kept
 * (given back when the staff undo the no-show that kept it, reservations/booking-money.ts).
 */
export type EarningsOf = { orderId: number } | { counterPaymentId: number } | { keptDepositOf: number };

export interface EarningsReversal {
	/** The shop's side of the refund's ledger transaction (negative amounts), to post with the payer's side. */
	moves: LedgerMove[];
	/**
	 * After the refund's ledger transaction: when it posted, marks the earnings reversed and gives
	 * the platform's commission on the settled ones back (one `commission_refund` each).
	 */
	afterRefund(posted: number | null, now: Date): Promise<void>;
}

/** A refund of something that earned its shop nothing (paid wholly with recharge bonus, decision 027). */
export const noEarningsToReverse: EarningsReversal = { moves: [], async afterRefund() {} };

/**
 * What refunding `amount` of an order, a counter payment or a kept deposit takes back from its
 * shop, with its earnings locked (a settlement racing the refund waits, or is waited for, and the
 * refund sees the outcome): a pending earning's gross out of pending, exactly what it put there;
 * a settled earning's gross out of available, which may go below zero (a debt the next
 * settlements pay back first); an earning kept at the shop's counter (cash, card terminal:
 * decision 029) out of what was paid out to the shop there, since the shop hands it back
 * itself. The earnings must add up to the refund: if not, the books and the
 * earnings disagree, and guessing which is right would hide it, so it throws.
 * A refund replayed after it was booked (all earnings reversed) answers the same moves, so
 * the caller's ledger transaction replays as a no-op.
 */
export async function reverseEarnings(
	trx: Trx,
	args: { tenantId: number; shopId: number; of: EarningsOf; amount: number },
): Promise<EarningsReversal> {
	let query = trx.selectFrom("shop_earning").selectAll().where("tenant_id", "=", args.tenantId);
	query =
		"orderId" in args.of
			? query.where("order_id", "=", args.of.orderId)
			: "counterPaymentId" in args.of
				? query.where("counter_payment_id", "=", args.of.counterPaymentId)
				: query.where("reservation_id", "=", args.of.keptDepositOf).where("source", "=", "reservation_kept");
	const earnings = await query.orderBy("id").forUpdate().execute();
	const shopAccounts = { tenantId: args.tenantId, shopId: args.shopId };
	if (earnings.length === 0)
		// Paid before migration 0021: its money is in the shop's one "opening" earning, settled at
		// once, so it comes out of available (a debt until that opening earning settles, if ever).
		return {
			moves: [{ account: { kind: "shop_available", ...shopAccounts }, amount: -args.amount, mayOwe: true }],
			async afterRefund() {},
		};
	const live = earnings.filter((earning) => earning.status !== "reversed");
	const reversing = live.length > 0 ? live : earnings;
	const gross = reversing.reduce((sum, earning) => sum + earning.gross, 0);
	if (gross !== args.amount || reversing.some((earning) => earning.shop_id !== args.shopId))
		throw new Error(
			`refund of ${args.amount} for ${JSON.stringify(args.of)} does not match its earnings ${JSON.stringify(
				reversing.map(({ id, shop_id, gross, status }) => ({ id, shop_id, gross, status })),
			)}`,
		);
	const wasSettled = (earning: EarningRow) => earning.status === "settled" || earning.settled_at !== null;
	// Cash or card taken at the shop's own counter was paid out to the shop there (decision 029):
	// the shop hands it back itself, so it comes out of what was paid out, not its platform money.
	const keptAtCounter = (earning: EarningRow) => earning.counter_take_id != null;
	const fromKept = reversing.filter(keptAtCounter).reduce((sum, e) => sum + e.gross, 0);
	const fromPending = reversing
		.filter((earning) => !keptAtCounter(earning) && !wasSettled(earning))
		.reduce((sum, e) => sum + e.gross, 0);
	const fromAvailable = gross - fromPending - fromKept;
	const shop = { tenantId: args.tenantId, shopId: args.shopId };
	const moves: LedgerMove[] = [
		...(fromPending > 0 ? [{ account: { kind: "shop_revenue" as const, ...shop }, amount: -fromPending }] : []),
		...(fromAvailable > 0
			? [{ account: { kind: "shop_available" as const, ...shop }, amount: -fromAvailable, mayOwe: true }]
			: []),
		...(fromKept > 0
			? [{ account: { kind: "shop_payouts" as const, tenantId: args.tenantId }, amount: -fromKept }]
			: []),
	];
	return {
		moves,
		async afterRefund(posted, now) {
			if (posted === null) return;
			for (const earning of live) {
				if (earning.status === "settled" && earning.commission > 0)
					await postLedgerTxn(trx, {
						tenantId: earning.tenant_id,
						kind: "commission_refund",
						idempotencyKey: `earning:${earning.id}:commission-refund`,
						orderId: earning.order_id ?? null,
						shopEarningId: earning.id,
						now,
						moves: [
							{ account: { kind: "platform_commission", tenantId: earning.tenant_id }, amount: -earning.commission },
							{ account: { kind: "shop_available", ...shop }, amount: earning.commission },
						],
					});
				await trx
					.updateTable("shop_earning")
					.set({ status: "reversed", reversed_at: now })
					.where("id", "=", earning.id)
					.execute();
			}
		},
	};
}
