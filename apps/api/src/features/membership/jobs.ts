import type { AppDeps } from "../../http/deps.js";
import { noGatewayPaymentInDoubt } from "../payments/attempts/in-doubt.js";
import { settlePaymentsOfExpired } from "../payments/reconciliation/reconciliation.js";

/**
 * Gives up gateway purchases of VIP cards never paid within CARD_PURCHASE_EXPIRES_AFTER_MINUTES
 * (a job, safe on several servers: rows are claimed with SKIP LOCKED). The gateway is asked
 * first about payments still open (decision 005): a paid one gives the card instead. A purchase
 * whose gateway could not be asked waits for a later run. An expired purchase holds nothing
 * back (no stock, no table): money that still arrives gives the card if it can still be given,
 * and is refunded otherwise (applyCardGatewayReport). Returns how many expired.
 */
export async function expireCardPurchases(deps: AppDeps, limit = 100): Promise<number> {
	const now = deps.clock.now();
	await settlePaymentsOfExpired(deps, {
		purpose: "vip_card",
		limit,
		expired: (eb) =>
			eb.exists(
				eb
					.selectFrom("card_purchase as c")
					.select("c.id")
					.whereRef("c.id", "=", "p.purpose_id")
					.where("c.status", "=", "pending")
					.where("c.expires_at", "<=", now)
					.where((inner) =>
						inner.or([inner("p.checked_at", "is", null), inner("p.checked_at", "<", inner.ref("c.expires_at"))]),
					),
			),
	});
	const expired = await deps.db
		.updateTable("card_purchase")
		.set({ status: "expired" })
		.where("id", "in", (eb) =>
			eb
				.selectFrom("card_purchase as c")
				.select("c.id")
				.where("c.status", "=", "pending")
				.where("c.expires_at", "<=", now)
				.where(noGatewayPaymentInDoubt("vip_card", "c.id", "c.expires_at"))
				.orderBy("c.expires_at")
				.limit(limit)
				.forUpdate()
				.skipLocked(),
		)
		// A report applied meanwhile moved it on: only a purchase still pending expires.
		.where("status", "=", "pending")
		.returning("id")
		.execute();
	return expired.length;
}
