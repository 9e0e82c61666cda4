import { expireCardPurchases } from "../features/membership/jobs.js";
import { settleDueEarnings } from "../features/merchant-wallet/earnings/settlement.js";
import { startBotDeliveryLoop } from "../features/notifications/delivery/delivery.js";
import { queueDueReminders } from "../features/notifications/outbox/reminders.js";
import { registerWebhookInBackground } from "../features/notifications/webhook/webhook-registration.js";
import { expireUnpaidOrders } from "../features/ordering/lifecycle/expiry.js";
import { warnOfExpiringRailTokens } from "../features/payments/rail-settings/service.js";
import { reconcileGatewayPayments } from "../features/payments/reconciliation/reconciliation.js";
import { deliverGatewayRefunds } from "../features/payments/refunds/refunds.js";
import { reconcileRailStatements } from "../features/payments/statements/job.js";
import { markNoShows } from "../features/reservations/arrival/no-shows.js";
import { expireUnpaidReservations } from "../features/reservations/money/payments.js";
import { deleteStalePayCodes } from "../features/stored-value/counter/counter-codes.js";
import { expireUnpaidRecharges } from "../features/stored-value/recharge/recharge-jobs.js";
import type { AppDeps } from "../http/deps.js";
import { databaseLeases, soleProcessLeases } from "./leases.js";
import { type Job, type JobOutcome, type JobRunnerOptions, startJobRunner } from "./runner.js";

/**
 * The server's background work (decision 037): cancelling unpaid orders whose payment window
 * passed (asking the gateway first about payments still open), likewise releasing unpaid
 * booking holds and giving up unpaid recharges, settling gateway payments left in doubt by
 * asking the gateway, telling gateways about refunds that are due (new ones the after-commit
 * delivery missed, and retries), and settling shops' earnings whose hold passed. Each runs on
 * one server at a time. Their queries still claim rows with SKIP LOCKED, which keeps them
 * right should two ever overlap (a lease that lapsed under a stalled holder).
 */
export function backgroundJobs(deps: AppDeps): Job[] {
	const log = deps.log;
	return [
		job("order expiry", async () => {
			const count = await expireUnpaidOrders(deps);
			if (count > 0) log.info({ count }, "expired unpaid orders");
		}),
		job("reservation hold expiry", async () => {
			const count = await expireUnpaidReservations(deps);
			if (count > 0) log.info({ count }, "released unpaid booking holds");
		}),
		job("recharge expiry", async () => {
			const count = await expireUnpaidRecharges(deps);
			if (count > 0) log.info({ count }, "expired unpaid recharges");
		}),
		job("VIP card purchase expiry", async () => {
			const count = await expireCardPurchases(deps);
			if (count > 0) log.info({ count }, "expired unpaid VIP card purchases");
		}),
		job("gateway payment reconciliation", async () => {
			const tally = await reconcileGatewayPayments(deps);
			if (Object.keys(tally).length > 0) log.info(tally, "gateway payments in doubt checked");
		}),
		job("gateway refund delivery", async () => {
			const tally = await deliverGatewayRefunds(deps);
			if (tally.succeeded + tally.retrying + tally.failed > 0) log.info(tally, "gateway refunds delivered");
		}),
		job("rail statement reconciliation", async () => {
			const tally = await reconcileRailStatements(deps, { now: deps.clock.now() });
			if (tally.done + tally.failed > 0) log.info(tally, "rail statements reconciled");
		}),
		job("stale payment codes", async () => {
			const count = await deleteStalePayCodes(deps);
			if (count > 0) log.info({ count }, "deleted payment codes that expired unused");
		}),
		job("shop earnings settlement", async () => {
			const count = await settleDueEarnings(deps);
			if (count > 0) log.info({ count }, "settled shop earnings");
		}),
		job("reservation no-shows", async () => {
			const count = await markNoShows(deps);
			if (count > 0) log.info({ count }, "bookings marked no-show");
		}),
		job("Bakong token expiry warning", async () => {
			await warnOfExpiringRailTokens(deps);
		}),
		job("booking reminders", async () => {
			const count = await queueDueReminders(deps);
			if (count > 0) log.info({ count }, "booking reminders queued for the bot");
		}),
	];
}

function job(name: string, run: () => Promise<void>): Job {
	return { name, run };
}

export interface StartJobsOptions {
	/** Between two runs of a job (JOB_INTERVAL_SECONDS; 30 s by default). */
	intervalMs: number;
	/** Told of every run, for the metrics. */
	recordRun?: (job: string, outcome: JobOutcome, seconds: number) => void;
	/** The server's own logger (jobs run outside requests); with debug, each run is logged ("job ran"). */
	log?: JobRunnerOptions["log"];
}

/**
 * Starts the leased jobs, and the bot's delivery loop and webhook registration when a bot is
 * set. Those two are not leased: the loop shares the bot's send budget through its database
 * row and claims chats with SKIP LOCKED, so every server helps deliver; registering the
 * webhook is the same call from any server. Returns stop (see startJobRunner): waits for runs
 * in progress and gives back this server's leases; a second call waits for the first.
 */
export function startJobs(deps: AppDeps, options: StartJobsOptions): () => Promise<void> {
	// Three intervals: a holder that misses one renewal (a slow database) keeps its jobs, and one
	// that died is replaced within three intervals.
	const leases =
		deps.database.kind === "postgres"
			? databaseLeases(deps.db, { ttlMs: 3 * options.intervalMs })
			: soleProcessLeases();
	const runnerOptions: JobRunnerOptions = {
		intervalMs: options.intervalMs,
		leases,
		log: options.log ?? deps.log,
		draining: () => deps.lifecycle.draining,
		...(options.recordRun ? { recordRun: options.recordRun } : {}),
	};
	const stops = [startJobRunner(backgroundJobs(deps), runnerOptions)];
	if (deps.telegram) {
		stops.push(startBotDeliveryLoop(deps, deps.log));
		stops.push(registerWebhookInBackground(deps));
	}
	let stopping: Promise<void> | null = null;
	return () => {
		stopping ??= Promise.all(stops.map((stop) => stop())).then(() => {});
		return stopping;
	};
}
