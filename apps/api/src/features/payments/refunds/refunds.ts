import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import { addSeconds } from "../../../lib/clock.js";
import type { GatewayRefundReport, GatewayRefundResult, PaymentGateway } from "../gateway.js";
import { type PaymentPurposeKind, paymentPurpose } from "../purposes.js";
import { gatewayFor } from "../registry.js";

/**
 * Refunds of money a hosted gateway took. The ledger books a refund inside the transaction
 * that cancels, rejects or approves; the gateway cannot be part of that transaction, so the
 * same transaction queues a `gateway_refund` row (an outbox) and the gateway is told after
 * commit, retried until it answers. A refund is therefore never booked without being queued,
 * and never queued twice (one row per ledger refund, under the ledger's idempotency key).
 */

type Provider = DB["gateway_refund"]["provider"];
/**
 * Why the money goes back, as the gateway is told: `late_payment` is money that came after what
 * it paid for could take it; the others name the purpose's own refund (an order refunded, a
 * booking's deposit or pre-order given back, a VIP card that could no longer be given).
 */
export type GatewayRefundReason = "order_refund" | "late_payment" | "reservation_refund" | "card_refund";

const GATEWAY_PROVIDERS: readonly string[] = ["sandbox", "wechat", "alipay", "khqr"] satisfies Provider[];

/** A hosted gateway (not the counter): money it took goes back through it. */
export function isGatewayProvider(provider: string): provider is Provider {
	return GATEWAY_PROVIDERS.includes(provider);
}

/** Waits after failed attempts 1 to 5; a sixth failure gives up (about 15 hours in all). */
const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 12 * 3600];
export const MAX_REFUND_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/**
 * How long a claimed refund stays with the server that claimed it. If that server dies in
 * the middle, another takes the refund over after this; sending it twice is harmless since
 * the gateway refunds once per refund id. Longer than any gateway call should take.
 */
const LEASE_SECONDS = 5 * 60;
const DEFAULT_BATCH = 50;

/**
 * Queues giving back `amount` of a captured gateway payment, in the transaction that books
 * the ledger refund under `refundKey` (its idempotency key): booked once, queued once.
 */
export async function queueGatewayRefund(
	trx: Transaction<DB>,
	args: {
		paymentId: string;
		/** What the refund is for, when not the payment's own purpose (one order of a bill paid at once). */
		refundFor?: { purpose: PaymentPurposeKind; purposeId: number };
		amount: number;
		refundKey: string;
		reason: GatewayRefundReason;
		now: Date;
	},
): Promise<void> {
	const payment = await trx
		.selectFrom("payment")
		.selectAll()
		.where("id", "=", args.paymentId)
		.executeTakeFirstOrThrow();
	// Booking a refund the gateway can never carry out would leave the payer unpaid while our
	// books say they were paid: fail the whole transaction instead.
	if (
		payment.status !== "succeeded" ||
		!payment.provider_txn_id ||
		args.amount > payment.amount ||
		!isGatewayProvider(payment.provider)
	)
		throw new Error(`gateway payment ${payment.id} cannot give back ${args.amount} for ${args.refundKey}`);
	await trx
		.insertInto("gateway_refund")
		.values({
			id: randomUUID(),
			tenant_id: payment.tenant_id,
			purpose: args.refundFor?.purpose ?? payment.purpose,
			purpose_id: args.refundFor?.purposeId ?? payment.purpose_id,
			gateway_payment_id: payment.id,
			refund_key: args.refundKey,
			provider: payment.provider,
			amount: args.amount,
			reason: args.reason,
			status: "pending",
			provider_refund_id: null,
			next_attempt_at: args.now,
			last_error: null,
			created_at: args.now,
			updated_at: args.now,
		})
		.onConflict((oc) => oc.column("refund_key").doNothing())
		.execute();
}

/** Refunds owed through a gateway for rows of one purpose (the refunds an order's page shows). */
export function refundsFor(db: Kysely<DB>, purpose: PaymentPurposeKind, purposeIds: number[]) {
	if (purposeIds.length === 0) return Promise.resolve([]);
	return db
		.selectFrom("gateway_refund")
		.select(["purpose_id", "status", "amount"])
		.where("purpose", "=", purpose)
		.where("purpose_id", "in", purposeIds)
		.execute();
}

export interface DeliveryTally {
	succeeded: number;
	retrying: number;
	failed: number;
}

/**
 * Tells the gateways about refunds that are due. Safe on several servers at once: each
 * refund is claimed in a short transaction (SKIP LOCKED, then leased by pushing its next
 * attempt out), the gateway is called with no transaction open, and the outcome is recorded
 * only if the claim is still ours. A gateway that refuses fails the refund at once; one that
 * cannot be reached is retried with growing delays, then the refund fails. A failed refund is
 * logged as an error: the payer has not been paid back and someone must settle it by hand.
 */
export async function deliverGatewayRefunds(
	deps: AppDeps,
	options: { limit?: number; only?: RefundsOf } = {},
): Promise<DeliveryTally> {
	const tally: DeliveryTally = { succeeded: 0, retrying: 0, failed: 0 };
	for (const refund of await claimDueRefunds(deps, options.limit ?? DEFAULT_BATCH, options.only)) {
		const outcome = await deliverOne(deps, refund);
		if (outcome) tally[outcome] += 1;
	}
	return tally;
}

/** The refunds for one purpose's row (an order), or of one payment. */
type RefundsOf = { purpose: PaymentPurposeKind; purposeId: number } | { paymentId: string };

const inFlight = new WeakMap<AppDeps, Set<Promise<void>>>();

/**
 * Starts delivering the refunds just queued, right after their transaction committed, so the
 * payer usually has their money back at once. The caller's request does not wait, nor fail
 * when the gateway does: the refund stays queued and the job loop retries it.
 */
export function deliverGatewayRefundsSoon(deps: AppDeps, only: RefundsOf): void {
	let running = inFlight.get(deps);
	if (!running) {
		running = new Set();
		inFlight.set(deps, running);
	}
	const set = running;
	const delivery = deliverGatewayRefunds(deps, { only }).then(
		() => {},
		(error: unknown) => deps.log.error({ err: error, ...only }, "gateway refund delivery failed"),
	);
	set.add(delivery);
	void delivery.finally(() => set.delete(delivery));
}

/** Waits for the deliveries started after commit: before the database closes, and in tests. */
export async function settleGatewayRefundDeliveries(deps: AppDeps): Promise<void> {
	await Promise.all(inFlight.get(deps) ?? []);
}

interface ClaimedRefund {
	id: string;
	tenant_id: number;
	purpose: PaymentPurposeKind;
	purpose_id: number;
	gateway_payment_id: string;
	provider: Provider;
	amount: number;
	reason: string;
	attempts: number;
	provider_txn_id: string | null;
	payment_amount: number;
	currency: string | null;
	rail_currency: string | null;
	rail_amount: number | null;
}

async function claimDueRefunds(deps: AppDeps, limit: number, only: RefundsOf | undefined): Promise<ClaimedRefund[]> {
	const now = deps.clock.now();
	return deps.db.transaction().execute(async (trx) => {
		let due = trx
			.selectFrom("gateway_refund")
			.select("id")
			.where("status", "=", "pending")
			.where("next_attempt_at", "<=", now);
		if (only && "purpose" in only)
			due = due.where("purpose", "=", only.purpose).where("purpose_id", "=", only.purposeId);
		if (only && "paymentId" in only) due = due.where("gateway_payment_id", "=", only.paymentId);
		const ids = (await due.orderBy("next_attempt_at").limit(limit).forUpdate().skipLocked().execute()).map(
			(row) => row.id,
		);
		if (ids.length === 0) return [];
		return trx
			.updateTable("gateway_refund as r")
			.from("payment as p")
			.set((eb) => ({
				attempts: eb("r.attempts", "+", 1),
				next_attempt_at: addSeconds(now, LEASE_SECONDS),
				updated_at: now,
			}))
			.whereRef("p.id", "=", "r.gateway_payment_id")
			.where("r.id", "in", ids)
			.returning([
				"r.id",
				"r.tenant_id",
				"p.amount as payment_amount",
				"p.currency",
				"p.rail_currency",
				"p.rail_amount",
				"r.purpose",
				"r.purpose_id",
				"r.gateway_payment_id",
				"r.provider",
				"r.amount",
				"r.reason",
				"r.attempts",
				"p.provider_txn_id",
			])
			.execute();
	});
}

async function deliverOne(deps: AppDeps, refund: ClaimedRefund): Promise<keyof DeliveryTally | null> {
	let answer: GatewayRefundResult | { status: "unreachable"; error: string };
	try {
		const gateway = await gatewayFor(deps, refund.tenant_id, refund.provider);
		if (!gateway) throw new Error(`no ${refund.provider} gateway is configured`);
		const inRail = inRailCurrency(refund);
		answer = await gateway.refund({
			refundId: refund.id,
			paymentId: refund.gateway_payment_id,
			providerTxnId: refund.provider_txn_id ?? "",
			amount: inRail.amount,
			paymentAmount: inRail.paymentAmount,
			currency: inRail.currency,
			reason: refund.reason,
		});
	} catch (error) {
		answer = { status: "unreachable", error: error instanceof Error ? error.message : String(error) };
	}
	const now = deps.clock.now();
	if (answer.status === "awaiting_transfer" || answer.status === "processing")
		return parkRefund(deps, refund, answer.status, now);
	const outcome =
		answer.status === "succeeded"
			? "succeeded"
			: answer.status === "failed" || refund.attempts >= MAX_REFUND_ATTEMPTS
				? "failed"
				: "retrying";
	const lastError =
		answer.status === "succeeded"
			? null
			: answer.status === "failed"
				? `refused by ${refund.provider}: ${answer.failureReason}`
				: answer.error;
	const nextAttemptAt =
		outcome === "retrying" ? addSeconds(now, RETRY_DELAYS_SECONDS[refund.attempts - 1] ?? LEASE_SECONDS) : now;
	const recorded = await deps.db
		.updateTable("gateway_refund")
		.set({
			status: outcome === "retrying" ? "pending" : outcome,
			provider_refund_id: answer.status === "succeeded" ? answer.providerRefundId : null,
			last_error: lastError,
			next_attempt_at: nextAttemptAt,
			updated_at: now,
		})
		.where("id", "=", refund.id)
		.where("status", "=", "pending")
		// Our lease ran out and another server claimed the refund since: its answer counts.
		.where("attempts", "=", refund.attempts)
		.executeTakeFirst();
	if (Number(recorded.numUpdatedRows) === 0) return null;

	const about = {
		refundId: refund.id,
		purpose: refund.purpose,
		purposeId: refund.purpose_id,
		provider: refund.provider,
		amount: refund.amount,
	};
	if (outcome === "succeeded") {
		deps.log.info(
			{ ...about, providerRefundId: answer.status === "succeeded" ? answer.providerRefundId : null },
			"gateway refund delivered",
		);
	} else if (outcome === "retrying") {
		deps.log.warn(
			{ ...about, attempts: refund.attempts, error: lastError, nextAttemptAt },
			"gateway refund not delivered, will retry",
		);
	} else {
		deps.log.error(
			{ ...about, attempts: refund.attempts, error: lastError },
			"gateway refund failed for good: the payer has not been paid back, settle it by hand",
		);
	}
	if (outcome !== "retrying")
		await paymentPurpose(refund.purpose).refundDelivered?.(deps, { purposeId: refund.purpose_id, outcome });
	return outcome;
}

/**
 * The refund in the rail's currency: the ledger's amount, or (KHQR taken in riel) its share of
 * what the rail took, so a whole refund gives back exactly what was paid.
 */
function inRailCurrency(refund: ClaimedRefund): { amount: number; paymentAmount: number; currency: string } {
	const currency = refund.rail_currency ?? refund.currency ?? "";
	if (refund.rail_amount === null || refund.rail_amount === refund.payment_amount)
		return { amount: refund.amount, paymentAmount: refund.payment_amount, currency };
	const amount =
		refund.amount === refund.payment_amount
			? refund.rail_amount
			: Number((BigInt(refund.amount) * BigInt(refund.rail_amount)) / BigInt(refund.payment_amount));
	return { amount, paymentAmount: refund.rail_amount, currency };
}

/** How long a refund the rail is still processing waits before we ask again (its callback usually comes first). */
const PROCESSING_RECHECK_SECONDS = 10 * 60;

/**
 * A refund the rail accepted but has not finished (asked again later, with the same refund id:
 * the rail answers how it stands), or one a person must carry out (KHQR: a transfer back,
 * recorded by staff; payments/transfers). Neither counts as a failed attempt.
 */
async function parkRefund(
	deps: AppDeps,
	refund: ClaimedRefund,
	status: "processing" | "awaiting_transfer",
	now: Date,
): Promise<keyof DeliveryTally | null> {
	const recorded = await deps.db
		.updateTable("gateway_refund")
		.set(
			status === "awaiting_transfer"
				? { status: "awaiting_transfer", last_error: null, next_attempt_at: now, updated_at: now }
				: {
						// Not a failure: the attempt is given back so a slow rail never exhausts them.
						attempts: Math.max(0, refund.attempts - 1),
						last_error: null,
						next_attempt_at: addSeconds(now, PROCESSING_RECHECK_SECONDS),
						updated_at: now,
					},
		)
		.where("id", "=", refund.id)
		.where("status", "=", "pending")
		.where("attempts", "=", refund.attempts)
		.executeTakeFirst();
	if (Number(recorded.numUpdatedRows) === 0) return null;
	deps.log.info(
		{ refundId: refund.id, provider: refund.provider, amount: refund.amount, status },
		status === "awaiting_transfer"
			? "gateway refund awaits a transfer back by staff (the rail has no refund call)"
			: "gateway refund accepted, still processing at the rail",
	);
	return "retrying";
}

/**
 * A rail's word on a refund (WeChat's refund callback): recorded once, if the refund is still
 * open; then the purpose hears how it ended. Answers whether it was recorded or already known.
 */
export async function applyRefundReport(
	deps: AppDeps,
	gateway: PaymentGateway,
	report: GatewayRefundReport,
): Promise<"applied" | "already_applied" | "unknown_payment"> {
	const now = deps.clock.now();
	const refund = await deps.db
		.selectFrom("gateway_refund")
		.select(["id", "purpose", "purpose_id", "status", "provider"])
		.where("id", "=", report.refundId)
		.where("provider", "=", gateway.name as Provider)
		.executeTakeFirst();
	if (!refund) return "unknown_payment";
	const recorded = await deps.db
		.updateTable("gateway_refund")
		.set({
			status: report.status,
			provider_refund_id: report.status === "succeeded" ? (report.providerRefundId ?? report.refundId) : null,
			last_error: report.status === "failed" ? `refused by ${gateway.name}: ${report.failureReason ?? "failed"}` : null,
			next_attempt_at: now,
			updated_at: now,
		})
		.where("id", "=", refund.id)
		.where("status", "=", "pending")
		.executeTakeFirst();
	if (Number(recorded.numUpdatedRows) === 0) return "already_applied";
	const log = report.status === "succeeded" ? deps.log.info.bind(deps.log) : deps.log.error.bind(deps.log);
	log(
		{ refundId: refund.id, provider: refund.provider, status: report.status },
		report.status === "succeeded"
			? "gateway refund confirmed by the rail"
			: "gateway refund failed at the rail: the payer has not been paid back, settle it by hand",
	);
	await paymentPurpose(refund.purpose).refundDelivered?.(deps, {
		purposeId: refund.purpose_id,
		outcome: report.status,
	});
	return "applied";
}
