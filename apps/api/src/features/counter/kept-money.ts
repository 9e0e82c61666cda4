import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { postLedgerTxn } from "../wallet/ledger.js";

type Trx = Transaction<DB>;

/**
 * Cash and card-terminal money is in the shop's hands the moment it is taken (decision 029). The
 * payment's purpose books it as every payment is booked, from the outside world to the shop's
 * pending money with an earning per order; in the same transaction this pays that money out to
 * the shop at its counter, so that no settlement ever makes it withdrawable (the shop would be
 * paid twice):
 *
 * - one `counter_takings` ledger transaction moves `amount` from the shop's pending account to
 *   the tenant's `shop_payouts` (where withdrawals go: money the shop has received);
 * - the earnings the payment just wrote are marked settled and kept at the counter
 *   (`counter_take_id`), so the settlement job never picks them up, and a refund takes them back
 *   out of `shop_payouts` (earnings.ts reverseEarnings: the shop hands the money back itself);
 * - the platform's commission on them is charged at once, as settlement would have: out of the
 *   shop's available money, as a debt when there is not enough (`mayOwe`).
 *
 * An earning only partly paid in cash (a table bill a booking's deposit paid part of) is split:
 * the deposit's share stays a pending earning, withdrawable when it settles, since the platform
 * holds that money. Deposits pay a bill's first rounds, so cash is matched from the last.
 */
export async function keepAtCounter(
	trx: Trx,
	args: {
		tenantId: number;
		shopId: number;
		takeId: number;
		amount: number;
		orderIds: number[];
		/** The orders' earnings before the payment was booked: the rest are the payment's. */
		earningsBefore: ReadonlySet<number>;
		now: Date;
	},
): Promise<void> {
	const { tenantId, shopId, now } = args;
	const fresh = (
		await trx
			.selectFrom("shop_earning")
			.selectAll()
			.where("order_id", "in", args.orderIds)
			.where("status", "=", "pending")
			.orderBy("id")
			.forUpdate()
			.execute()
	).filter((earning) => !args.earningsBefore.has(earning.id) && earning.shop_id === shopId);
	const gross = fresh.reduce((sum, earning) => sum + earning.gross, 0);
	if (gross < args.amount)
		throw new Error(`counter take ${args.takeId}: the payment booked ${gross} of earnings for ${args.amount} taken`);
	const posted = await postLedgerTxn(trx, {
		tenantId,
		kind: "counter_takings",
		idempotencyKey: `counter-take:${args.takeId}:kept`,
		orderId: args.orderIds.length === 1 ? (args.orderIds[0] ?? null) : null,
		now,
		moves: [
			{ account: { kind: "shop_revenue", tenantId, shopId }, amount: -args.amount },
			{ account: { kind: "shop_payouts", tenantId }, amount: args.amount },
		],
	});
	if (posted === null) throw new Error(`counter take ${args.takeId} was kept before`);
	let left = args.amount;
	for (const earning of [...fresh].reverse()) {
		if (left === 0) break;
		const part = Math.min(left, earning.gross);
		left -= part;
		let keptId = earning.id;
		let commission = earning.commission;
		if (part === earning.gross) {
			await trx
				.updateTable("shop_earning")
				.set({ status: "settled", settled_at: now, releases_at: now, counter_take_id: args.takeId })
				.where("id", "=", earning.id)
				.execute();
		} else {
			commission = Math.floor((earning.commission * part) / earning.gross);
			await trx
				.updateTable("shop_earning")
				.set({ gross: earning.gross - part, commission: earning.commission - commission })
				.where("id", "=", earning.id)
				.execute();
			const split = await trx
				.insertInto("shop_earning")
				.values({
					tenant_id: tenantId,
					shop_id: shopId,
					source: "order",
					order_id: earning.order_id ?? null,
					ledger_txn_id: posted,
					gross: part,
					commission,
					status: "settled",
					releases_at: now,
					settled_at: now,
					counter_take_id: args.takeId,
					created_at: now,
				})
				.returning("id")
				.executeTakeFirstOrThrow();
			keptId = split.id;
		}
		if (commission > 0)
			await postLedgerTxn(trx, {
				tenantId,
				kind: "shop_commission",
				idempotencyKey: `earning:${keptId}:commission`,
				orderId: earning.order_id ?? null,
				shopEarningId: keptId,
				now,
				moves: [
					{ account: { kind: "shop_available", tenantId, shopId }, amount: -commission, mayOwe: true },
					{ account: { kind: "platform_commission", tenantId }, amount: commission },
				],
			});
	}
}

/** The ids of the orders' earnings now: what a payment about to be booked will add to is told apart by them. */
export async function earningIdsOf(trx: Trx, orderIds: number[]): Promise<Set<number>> {
	if (orderIds.length === 0) return new Set();
	const rows = await trx.selectFrom("shop_earning").select("id").where("order_id", "in", orderIds).execute();
	return new Set(rows.map((row) => row.id));
}
