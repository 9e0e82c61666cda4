import type { Selectable } from "kysely";
import { type RawBuilder, sql } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import { addSeconds } from "../../../lib/clock.js";
import type { GatewayPaymentReport, PaymentGateway } from "../gateway.js";
import type { PaymentPurposeKind } from "../purposes.js";
import { RAILS } from "../rails/index.js";
import { gatewayFor } from "../registry.js";
import { type ApplyOutcome, applyGatewayReport } from "./reports.js";

/** How long one question to a gateway may take before it counts as unanswered. */
const GATEWAY_QUERY_TIMEOUT_MS = 15_000;
/** Waits after the gateway could not be asked: 1st, 2nd, … failure; the last repeats. */
const UNANSWERED_DELAYS_SECONDS = [30, 60, 5 * 60, 15 * 60, 30 * 60, 3600];
/** From this many unanswered questions in a row (about 2 hours), every further one is logged as an error. */
const ALERT_AFTER_FAILURES = 6;
/** A payer who has not decided after a day never will: stop asking (a late callback is still taken). */
const ABANDON_AFTER_SECONDS = 24 * 3600;

/**
 * For the expiry jobs of orders, bookings, recharges and VIP card purchases (decision 005):
 * true when the row has no gateway payment still pending that might have been paid. A pending
 * payment stops counting only once the gateway said, after the row's deadline, that the payer
 * had not decided; until then the row must not expire (it may be paid after all).
 *
 * `purpose` is what the row is to payments; `row` and `deadline` are the row's id and deadline
 * columns as the outer query names them (e.g. "recharge.id", "recharge.expires_at").
 */
export function noGatewayPaymentInDoubt(
	purpose: PaymentPurposeKind,
	row: string,
	deadline: string,
): RawBuilder<boolean> {
	return sql<boolean>`NOT EXISTS (
		SELECT 1 FROM payment p
		WHERE p.purpose = ${purpose} AND p.purpose_id = ${sql.ref(row)}
			AND p.status = 'pending'
			AND (p.checked_at IS NULL OR p.checked_at < ${sql.ref(deadline)}))`;
}

export const PAYMENT_IN_DOUBT_COLUMNS = [
	"id",
	"tenant_id",
	"rail_expires_at",
	"provider",
	"purpose",
	"purpose_id",
	"amount",
	"created_at",
	"check_failures",
] as const;
export type PaymentInDoubt = Pick<Selectable<DB["payment"]>, (typeof PAYMENT_IN_DOUBT_COLUMNS)[number]>;

/** What asking the gateway about a pending payment came to. */
export type CheckOutcome =
	| ApplyOutcome
	/** The payer has not decided yet (asked again later). */
	| "undecided"
	/** Not decided after a day: no longer asked about. */
	| "abandoned"
	/** The gateway could not be asked, or did not answer in time (asked again later, with backoff). */
	| "unanswered";

/**
 * Asks the gateway how a pending payment stands, with no transaction open, and acts on the
 * answer: a decision is applied like a callback (booked once, or booked and refunded when
 * its purpose can no longer take it); "not decided yet" is remembered (a purpose's expiry
 * trusts only such an answer given after its window closed); no answer is retried with
 * growing delays and logged, as an error once it has lasted hours.
 */
export async function askGatewayAbout(deps: AppDeps, payment: PaymentInDoubt): Promise<CheckOutcome> {
	let report: GatewayPaymentReport | null;
	let gateway: PaymentGateway | undefined;
	try {
		gateway = await gatewayFor(deps, payment.tenant_id, payment.provider);
		if (!gateway) throw new Error(`no ${payment.provider} gateway is set up for tenant ${payment.tenant_id}`);
		report = await withTimeout(gateway.queryPayment(payment.id), GATEWAY_QUERY_TIMEOUT_MS);
	} catch (error) {
		await recordUnanswered(deps, payment, error instanceof Error ? error.message : String(error));
		return "unanswered";
	}
	const about = aboutPayment(payment);
	if (report) {
		const outcome = await applyGatewayReport(deps, gateway, report);
		if (outcome === "amount_mismatch" || outcome === "currency_mismatch" || outcome === "unknown_payment") {
			// The gateway took a different amount than we asked for: a person must look at it.
			deps.log.error({ ...about, report, outcome }, "gateway reports a payment we cannot apply; settle it by hand");
			await recordUnanswered(deps, payment, `gateway report not applied: ${outcome}`);
		}
		return outcome;
	}
	const now = deps.clock.now();
	const ageSeconds = (now.getTime() - new Date(payment.created_at).getTime()) / 1000;
	const abandoned = ageSeconds >= ABANDON_AFTER_SECONDS;
	if (!abandoned) await closeWhenExpired(deps, gateway, payment, now);
	await deps.db
		.updateTable("payment")
		.set(
			abandoned
				? { status: "abandoned", next_check_at: null, claimed_until: null, updated_at: now }
				: {
						checked_at: now,
						// Asked again after half its age so far: often while the payer may still be at
						// the checkout page, rarely once it has been left alone for hours; a rail that
						// never calls back (KHQR) on its own, closer schedule.
						next_check_at:
							railSchedule(payment.provider)?.(
								{
									created_at: new Date(payment.created_at),
									rail_expires_at: payment.rail_expires_at ? new Date(payment.rail_expires_at) : null,
								},
								now,
							) ?? addSeconds(now, Math.min(3600, Math.max(60, ageSeconds / 2))),
						claimed_until: null,
						check_failures: 0,
						last_check_error: null,
					},
		)
		.where("id", "=", payment.id)
		.where("status", "=", "pending")
		.execute();
	if (abandoned) deps.log.info(about, "gateway payment abandoned: the payer never decided");
	return abandoned ? "abandoned" : "undecided";
}

/** How long after a rail's own expiry we close an unpaid checkout there (its clock may run behind ours). */
const CLOSE_AFTER_EXPIRY_SECONDS = 60;

/**
 * An unpaid checkout whose time at the rail is over is closed there, so nobody can still pay
 * it (WeChat Pay and Alipay keep an order payable until told; KHQR codes expire by themselves).
 * The next question then hears it closed and declines it. A rail that cannot close it now is
 * asked again next time; money it took meanwhile is still applied (or refunded) as ever.
 */
async function closeWhenExpired(
	deps: AppDeps,
	gateway: PaymentGateway,
	payment: PaymentInDoubt,
	now: Date,
): Promise<void> {
	if (!gateway.closePayment || !payment.rail_expires_at) return;
	const closeAt = new Date(payment.rail_expires_at).getTime() + CLOSE_AFTER_EXPIRY_SECONDS * 1000;
	if (now.getTime() < closeAt) return;
	try {
		await withTimeout(gateway.closePayment(payment.id), GATEWAY_QUERY_TIMEOUT_MS);
		deps.log.info(aboutPayment(payment), "unpaid checkout closed at the rail after it expired");
	} catch (error) {
		deps.log.warn(
			{ ...aboutPayment(payment), err: error },
			"could not close an expired checkout at the rail; will try again",
		);
	}
}

/** A rail's own schedule for asking again, where it has one (a rail without callbacks). */
function railSchedule(provider: PaymentInDoubt["provider"]) {
	return provider === "wechat" || provider === "alipay" || provider === "khqr"
		? RAILS[provider].nextCheckAt
		: undefined;
}

/** A payment in doubt as the log names it: its id and what it pays for. */
export function aboutPayment(payment: PaymentInDoubt) {
	return { paymentId: payment.id, purpose: payment.purpose, purposeId: payment.purpose_id };
}

async function recordUnanswered(deps: AppDeps, payment: PaymentInDoubt, error: string): Promise<void> {
	const now = deps.clock.now();
	const failures = payment.check_failures + 1;
	const retryInSeconds = UNANSWERED_DELAYS_SECONDS[Math.min(failures, UNANSWERED_DELAYS_SECONDS.length) - 1] ?? 3600;
	await deps.db
		.updateTable("payment")
		.set({
			check_failures: failures,
			last_check_error: error,
			next_check_at: addSeconds(now, retryInSeconds),
			claimed_until: null,
		})
		.where("id", "=", payment.id)
		.where("status", "=", "pending")
		.execute();
	const about = { ...aboutPayment(payment), failures, error };
	if (failures >= ALERT_AFTER_FAILURES)
		deps.log.error(
			about,
			"gateway payment still in doubt: the gateway cannot be asked; check it by hand if this goes on",
		);
	else
		deps.log.warn({ ...about, retryInSeconds }, "gateway payment in doubt: the gateway did not answer, will ask again");
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timeout = new Promise<never>((_resolve, reject) => {
		timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
	});
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
