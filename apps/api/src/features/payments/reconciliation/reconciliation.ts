import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import { addSeconds } from "../../../lib/clock.js";
import {
	aboutPayment,
	askGatewayAbout,
	type CheckOutcome,
	PAYMENT_IN_DOUBT_COLUMNS,
	type PaymentInDoubt,
} from "../attempts/in-doubt.js";
import type { PaymentPurposeKind } from "../purposes.js";

/**
 * Gateway payments left in doubt (decision 005). A payment is pending from the moment the
 * payer is sent to the gateway until the gateway's callback or our question settles it. A
 * callback can fail to arrive (our server or its database was down, the gateway gave up),
 * so nothing may depend on it: the reconciliation job asks the gateway about every payment
 * still pending a short while after it began (whatever became of what it pays for meanwhile)
 * and settles it by the answer through the same path as a callback; a purpose's expiry asks
 * about its open payments before it gives up (settlePaymentsOfExpired).
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
 * Before a purpose gives up rows whose payment window passed (an order cancelled, a booking hold
 * released, a recharge or a VIP card purchase expired): asks the gateway about their payments
 * still pending that have no "not decided yet" answer from after the window closed (a gateway
 * that could not answer is asked again on its backoff). A paid one is applied instead, so the
 * row is paid rather than given up.
 *
 * `expired` is the purpose's own test, on the payment `p`: its row (`p.purpose_id`) is still
 * waiting for money, its deadline has passed, and `p.checked_at` is not after that deadline.
 */
export async function settlePaymentsOfExpired(
	deps: AppDeps,
	args: { purpose: PaymentPurposeKind; limit: number; expired: DuePayments },
): Promise<void> {
	const now = deps.clock.now();
	const claimed = await claimPayments(deps, args.limit, (eb) =>
		eb.and([
			eb("p.purpose", "=", args.purpose),
			args.expired(eb),
			eb.or([eb("p.check_failures", "=", 0), eb("p.next_check_at", "<=", now)]),
		]),
	);
	await settleAll(deps, claimed);
}

/** A condition on the pending payment `p`. */
export type DuePayments = (eb: ExpressionBuilder<DB & { p: DB["payment"] }, "p">) => Expression<SqlBool>;

async function claimPayments(deps: AppDeps, limit: number, due: DuePayments): Promise<PaymentInDoubt[]> {
	const now = deps.clock.now();
	return deps.db.transaction().execute(async (trx) => {
		const ids = (
			await trx
				.selectFrom("payment as p")
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
			.updateTable("payment")
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
