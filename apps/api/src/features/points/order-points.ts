import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { postPoints } from "./ledger.js";

/**
 * Points for orders (decision 022): earned once an order is both completed and paid (a table's
 * round completes before its bill is paid, so both moments ask), taken back when it is
 * refunded. Called by ordering in the transaction that changes the order, under its row lock.
 */

/** Points for `paid` minor units: the owner's rate per currency unit, times the card's multiplier, rounded down. */
export function pointsForAmount(
	paid: number,
	rule: { pointsPerUnit: number; decimals: number; multiplierPercent: number },
) {
	if (paid <= 0 || rule.pointsPerUnit <= 0) return 0;
	// Integers all the way: one division, rounding down (never more than the rate gives).
	return Math.floor((paid * rule.pointsPerUnit * rule.multiplierPercent) / (100 * 10 ** rule.decimals));
}

/** Awards the order's points when it is completed and paid, once. */
export async function awardPointsForOrder(trx: Transaction<DB>, orderId: number, now: Date): Promise<void> {
	const order = await trx
		.selectFrom("customer_order as o")
		.innerJoin("tenant as t", "t.id", "o.tenant_id")
		.leftJoin("points_rule as r", "r.tenant_id", "o.tenant_id")
		.select([
			"o.id",
			"o.tenant_id",
			"o.member_id",
			"o.status",
			"o.payment_status",
			"o.total",
			"t.currency_decimals",
			"r.points_per_unit",
		])
		.where("o.id", "=", orderId)
		.executeTakeFirst();
	if (order?.status !== "completed" || order.payment_status !== "paid") return;
	const card = await trx
		.selectFrom("member_card")
		.select("points_percent")
		.where("member_id", "=", order.member_id)
		.where("tenant_id", "=", order.tenant_id)
		.where("expires_at", ">", now)
		.executeTakeFirst();
	const points = pointsForAmount(order.total, {
		pointsPerUnit: order.points_per_unit ?? 0,
		decimals: order.currency_decimals,
		multiplierPercent: card?.points_percent ?? 100,
	});
	if (points <= 0) return;
	await postPoints(trx, {
		tenantId: order.tenant_id,
		memberId: order.member_id,
		kind: "order_earned",
		amount: points,
		orderId: order.id,
		now,
	});
}

/** Takes back what the order earned, once, when its money goes back. Nothing earned: nothing to do. */
export async function reversePointsForOrder(trx: Transaction<DB>, orderId: number, now: Date): Promise<void> {
	const earned = await trx
		.selectFrom("points_entry")
		.select(["tenant_id", "member_id", "amount"])
		.where("order_id", "=", orderId)
		.where("kind", "=", "order_earned")
		.executeTakeFirst();
	if (!earned) return;
	await postPoints(trx, {
		tenantId: earned.tenant_id,
		memberId: earned.member_id,
		kind: "order_reversed",
		amount: -earned.amount,
		orderId,
		now,
	});
}
