import type { AppDeps } from "../../../http/deps.js";
import { noGatewayPaymentInDoubt } from "../../payments/attempts/in-doubt.js";
import { settlePaymentsOfExpired } from "../../payments/reconciliation/reconciliation.js";

/**
 * Gives up recharges never paid within RECHARGE_EXPIRES_AFTER_MINUTES (a job, safe on several
 * servers: recharges are claimed with SKIP LOCKED). The gateway is asked first about their
 * payments still open (as for orders and bookings, decision 005): paid, the recharge is
 * credited instead; not decided after the recharge expired, it expires; no answer, it waits for
 * a later run. An expired recharge credits nothing, unless the gateway confirms its payment
 * later after all: then it is credited (decision 021). Returns how many expired.
 */
export async function expireUnpaidRecharges(deps: AppDeps, limit = 100): Promise<number> {
	const now = deps.clock.now();
	await settlePaymentsOfExpired(deps, {
		purpose: "recharge",
		limit,
		expired: (eb) =>
			eb.exists(
				eb
					.selectFrom("recharge as rc")
					.select("rc.id")
					.whereRef("rc.id", "=", "p.purpose_id")
					.where("rc.status", "=", "pending")
					.where("rc.expires_at", "<=", now)
					.where((inner) =>
						inner.or([inner("p.checked_at", "is", null), inner("p.checked_at", "<", inner.ref("rc.expires_at"))]),
					),
			),
	});
	return deps.db.transaction().execute(async (trx) => {
		const claimed = await trx
			.selectFrom("recharge")
			.select("id")
			.where("status", "=", "pending")
			.where("expires_at", "<=", now)
			.where(noGatewayPaymentInDoubt("recharge", "recharge.id", "recharge.expires_at"))
			.orderBy("expires_at")
			.limit(limit)
			.forUpdate()
			.skipLocked()
			.execute();
		if (claimed.length === 0) return 0;
		await trx
			.updateTable("recharge")
			.set({ status: "expired" })
			.where(
				"id",
				"in",
				claimed.map((row) => row.id),
			)
			.execute();
		return claimed.length;
	});
}
