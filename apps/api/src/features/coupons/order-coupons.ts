import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

/**
 * Gives a cancelled order's coupon back (decision 022): only when the order was never paid
 * (cancelled unpaid, expired, a table round removed); a paid order that is refunded keeps it
 * used. Called by ordering in the transaction that cancels the order, under its row lock.
 */
export async function releaseCouponOfCancelledOrder(
	trx: Transaction<DB>,
	order: { id: number; payment_status: string },
): Promise<void> {
	if (order.payment_status !== "unpaid" && order.payment_status !== "paying") return;
	await trx
		.updateTable("member_coupon")
		.set({ status: "unused", order_id: null, used_at: null })
		.where("order_id", "=", order.id)
		.where("status", "=", "used")
		.execute();
}
