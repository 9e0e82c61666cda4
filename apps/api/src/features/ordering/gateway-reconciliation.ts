import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { DB } from "../../db/schema.js";
import type { AppDeps } from "../../http/deps.js";
import { addSeconds } from "../../lib/clock.js";
import {
	aboutPayment,
	askGatewayAbout,
	type CheckOutcome,
	PAYMENT_IN_DOUBT_COLUMNS,
	type PaymentInDoubt,
} from "./gateway-payments.js";

/**
 * Gateway payments left in doubt (decision 005). A payment is pending from the moment the
 * payer is sent to the gateway until the gateway's callback or our question settles it. A
 * callback can fail to arrive (our server or its database was down, the gateway gave up),
 * so nothing may depend on it: the reconciliation job asks the gateway about every payment
 * still pending a short while after it began (whatever became of its order or bill meanwhile)
 * and settles it by the answer through the same path as a callback; the expiry of an order
 * asks about its open payments before it cancels.
 */

/**
 * How long a server keeps a payment it claimed before another may ask about it (if the
 * first died in the middle). Longer than one question may take; asking twice is harmless.
 */
const CLAIM_SECONDS = 120;
const DEFAULT_BATCH = 50;

export type ReconciliationTally = Record<CheckOutcome, number>;

/**
 * Settles payments in doubt whose next check is due: each is claimed (SKIP LOCKED, then a
 * lease) so several servers share the work, the gateway is asked with no transaction open,
 * and its answer applied. Every settled payment is logged.
 */
export async function reconcileGatewayPayments(
	deps: AppDeps,
	options: { limit?: number } = {},
): Promise<Partial<ReconciliationTally>> {
	const now = deps.clock.now();
	const claimed = await claimPayments(deps, options.limit ?? DEFAULT_BATCH, (eb) => eb("p.next_check_at", "<=", now));
	return settleAll(deps, claimed);
}

/**
 * Before orders whose payment window passed are cancelled: asks the gateway about their
 * payments still pending that have no "not decided yet" answer from after the window closed
 * (a gateway that could not answer is asked again on its backoff). A paid one pays the
 * order instead of letting it be cancelled.
 */
export async function settlePaymentsOfExpiredOrders(deps: AppDeps, now: Date, limit: number): Promise<void> {
	const claimed = await claimPayments(deps, limit, (eb) =>
		eb.and([
			eb.exists(
				eb
					.selectFrom("customer_order as o")
					.select("o.id")
					.whereRef("o.id", "=", "p.order_id")
					.where("o.status", "=", "unpaid")
					.where("o.expires_at", "<=", now)
					.where((inner) =>
						inner.or([inner("p.checked_at", "is", null), inner("p.checked_at", "<", inner.ref("o.expires_at"))]),
					),
			),
			eb.or([eb("p.check_failures", "=", 0), eb("p.next_check_at", "<=", now)]),
		]),
	);
	await settleAll(deps, claimed);
}

/**
 * Before unpaid booking holds whose pay deadline passed are released (issue 11): the same
 * question as for orders, about the booking's payments still pending at a gateway with no
 * "not decided yet" answer from after the deadline. A paid one keeps the booking.
 */
export async function settlePaymentsOfExpiredReservations(deps: AppDeps, now: Date, limit: number): Promise<void> {
	const claimed = await claimPayments(deps, limit, (eb) =>
		eb.and([
			eb.exists(
				eb
					.selectFrom("reservation as r")
					.select("r.id")
					.whereRef("r.id", "=", "p.reservation_id")
					.where("r.status", "=", "awaiting_payment")
					.where("r.pay_deadline", "<=", now)
					.where((inner) =>
						inner.or([inner("p.checked_at", "is", null), inner("p.checked_at", "<", inner.ref("r.pay_deadline"))]),
					),
			),
			eb.or([eb("p.check_failures", "=", 0), eb("p.next_check_at", "<=", now)]),
		]),
	);
	await settleAll(deps, claimed);
}

/**
 * Before unpaid recharges are given up (issue 12): the gateway is asked about their payments
 * still pending with no "not decided yet" answer from after the recharge expired. A paid one is
 * credited instead (money that arrives even later is credited too: decision 021).
 */
export async function settlePaymentsOfExpiredRecharges(deps: AppDeps, now: Date, limit: number): Promise<void> {
	const claimed = await claimPayments(deps, limit, (eb) =>
		eb.and([
			eb.exists(
				eb
					.selectFrom("recharge as rc")
					.select("rc.id")
					.whereRef("rc.id", "=", "p.recharge_id")
					.where("rc.status", "=", "pending")
					.where("rc.expires_at", "<=", now)
					.where((inner) =>
						inner.or([inner("p.checked_at", "is", null), inner("p.checked_at", "<", inner.ref("rc.expires_at"))]),
					),
			),
			eb.or([eb("p.check_failures", "=", 0), eb("p.next_check_at", "<=", now)]),
		]),
	);
	await settleAll(deps, claimed);
}

/**
 * Before unpaid VIP card purchases are given up (issue 12): the same question about their
 * gateway payments still pending with no "not decided yet" answer from after the purchase's
 * window closed. A paid one gives the card (or refunds it when the card can no longer be given).
 */
export async function settlePaymentsOfExpiredCardPurchases(deps: AppDeps, now: Date, limit: number): Promise<void> {
	const claimed = await claimPayments(deps, limit, (eb) =>
		eb.and([
			eb.exists(
				eb
					.selectFrom("card_purchase as c")
					.select("c.id")
					.whereRef("c.id", "=", "p.card_purchase_id")
					.where("c.status", "=", "pending")
					.where("c.expires_at", "<=", now)
					.where((inner) =>
						inner.or([inner("p.checked_at", "is", null), inner("p.checked_at", "<", inner.ref("c.expires_at"))]),
					),
			),
			eb.or([eb("p.check_failures", "=", 0), eb("p.next_check_at", "<=", now)]),
		]),
	);
	await settleAll(deps, claimed);
}

async function claimPayments(
	deps: AppDeps,
	limit: number,
	due: (eb: ExpressionBuilder<DB & { p: DB["gateway_payment"] }, "p">) => Expression<SqlBool>,
): Promise<PaymentInDoubt[]> {
	const now = deps.clock.now();
	return deps.db.transaction().execute(async (trx) => {
		const ids = (
			await trx
				.selectFrom("gateway_payment as p")
				.select("p.id")
				.where("p.status", "=", "pending")
				.where((eb) => eb.or([eb("p.claimed_until", "is", null), eb("p.claimed_until", "<=", now)]))
				.where(due)
				.orderBy("p.next_check_at")
				.limit(limit)
				.forUpdate()
				.skipLocked()
				.execute()
		).map((row) => row.id);
		if (ids.length === 0) return [];
		return trx
			.updateTable("gateway_payment")
			.set({ claimed_until: addSeconds(now, CLAIM_SECONDS) })
			.where("id", "in", ids)
			.returning(PAYMENT_IN_DOUBT_COLUMNS)
			.execute();
	});
}

async function settleAll(deps: AppDeps, payments: PaymentInDoubt[]): Promise<Partial<ReconciliationTally>> {
	const tally: Partial<ReconciliationTally> = {};
	for (const payment of payments) {
		const outcome = await askGatewayAbout(deps, payment);
		tally[outcome] = (tally[outcome] ?? 0) + 1;
		if (outcome !== "undecided" && outcome !== "unanswered" && outcome !== "abandoned")
			deps.log.info({ ...aboutPayment(payment), outcome }, "gateway payment in doubt settled by asking the gateway");
	}
	return tally;
}
