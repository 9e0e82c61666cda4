import type { AppDeps } from "../../../http/deps.js";
import { announceOrderChange } from "../events.js";
import * as queries from "../queries.js";
import { closeAsCancelled } from "./customer-orders.js";
import { settlePaymentsOfExpiredOrders } from "./online-payment.js";

/**
 * Cancels unpaid orders whose payment window has passed and returns their stock. An order
 * with a payment still open at a gateway is not simply cancelled: the gateway is asked first
 * (no transaction open); paid, the order is paid; not decided, it is cancelled (money that
 * still arrives is refunded on arrival); no answer, it waits for the next run (decision 005).
 * Safe to run on several servers at once: each claims rows with SKIP LOCKED, and a payment
 * racing the expiry holds the same row lock, so an order ends either paid or cancelled.
 */
export async function expireUnpaidOrders(deps: AppDeps, limit = 200): Promise<number> {
	const now = deps.clock.now();
	await settlePaymentsOfExpiredOrders(deps, now, limit);
	const expiredIds = await deps.db.transaction().execute(async (trx) => {
		const expired = await queries.claimExpiredOrders(trx, now, limit);
		for (const order of expired) {
			await closeAsCancelled(trx, order, now, { actor: "system", actorMemberId: null, reason: "payment_timeout" });
		}
		return expired.map((order) => order.id);
	});
	for (const orderId of expiredIds) await announceOrderChange(deps, orderId, "expired");
	return expiredIds.length;
}
