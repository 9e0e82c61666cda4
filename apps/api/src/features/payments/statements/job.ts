import { RAIL_STATEMENT_ZONES } from "@bayon/contract";
import type { RailName } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import { addSeconds } from "../../../lib/clock.js";
import { addDays, fromLocalMoment, toLocalMoment } from "../../venues/hours.js";
import type { PaymentGateway, StatementLine } from "../gateway.js";
import { gatewayFor } from "../registry.js";
import { compareStatement, type Difference, missingAtRail, type OurPayment, type OurRefund } from "./compare.js";
import { flagDiscrepancy, isOurIdShape } from "./flags.js";

/**
 * The daily reconciliation (issue 29 item 8): each rail's own statement of a day against our
 * payments and refunds at that rail, differences flagged for the platform operator.
 *
 * - A statement day is a calendar day in the rail's time zone (RAIL_STATEMENT_ZONES: Beijing for
 *   WeChat Pay and Alipay, whose bills are in Beijing time; Phnom Penh for KHQR). A rail's bill
 *   of a day is ready the next morning (READY_AT_HOUR of its zone); before that, the day before
 *   yesterday is the latest one tried.
 * - Each tenant's enabled rails, each of the last LOOKBACK_DAYS days not yet done (and not before
 *   the rail was first set up), is claimed by inserting its payment_statement_run row as running:
 *   on several servers one insert wins. A run left running for RUNNING_TAKEOVER_SECONDS (its
 *   server died) may be taken over; a failed one is tried again after RETRY_FAILED_SECONDS.
 * - The rail that cannot be read (not set up, no statement, an error) fails the run with the
 *   error, shown to the operator, and it is tried again later.
 * - Flags are idempotent (flagDiscrepancy), so a second run of a day finds the same things once.
 */

const READY_AT_HOUR: Record<RailName, number> = { wechat: 10, alipay: 10, khqr: 1 };
const LOOKBACK_DAYS = 7;
const RUNNING_TAKEOVER_SECONDS = 3600;
const RETRY_FAILED_SECONDS = 30 * 60;
/**
 * Ours decided this close before a day's end count on the next day: the rail may book it a
 * moment later than our clock says (the day before's statement covers the other way round).
 */
const DAY_END_MARGIN_SECONDS = 5 * 60;
const ERROR_MAX = 500;

export interface RunTally {
	done: number;
	failed: number;
	differences: number;
}

/** Where a tenant's rail's statement is read: its gateway (registry.ts), or a test's small rail. */
export type GatewayOf = (deps: AppDeps, tenantId: number, rail: RailName) => Promise<PaymentGateway | undefined>;

/** Reconciles every due statement day of every tenant's enabled rails. */
export async function reconcileRailStatements(
	deps: AppDeps,
	args: { now: Date; gatewayOf?: GatewayOf },
): Promise<RunTally> {
	const gatewayOf = args.gatewayOf ?? gatewayFor;
	const tally: RunTally = { done: 0, failed: 0, differences: 0 };
	const rails = await deps.db
		.selectFrom("payment_rail_settings")
		.select(["tenant_id", "rail"])
		.where("enabled", "=", true)
		.orderBy("tenant_id")
		.orderBy("rail")
		.execute();
	for (const { tenant_id: tenantId, rail } of rails) {
		for (const date of await dueDays(deps, { tenantId, rail, now: args.now })) {
			const claimedAt = await claimRun(deps, { tenantId, rail, date, now: args.now });
			if (!claimedAt) continue;
			const outcome = await runOne(deps, { tenantId, rail, date, claimedAt, now: args.now, gatewayOf });
			if (outcome.ok) {
				tally.done += 1;
				tally.differences += outcome.differences;
			} else tally.failed += 1;
		}
	}
	return tally;
}

/** The statement days of a tenant's rail that are ready, within the look-back, not done or in hand. */
export async function dueDays(deps: AppDeps, args: { tenantId: number; rail: RailName; now: Date }): Promise<string[]> {
	const zone = RAIL_STATEMENT_ZONES[args.rail];
	const local = toLocalMoment(args.now, zone);
	const latest = addDays(local.date, local.minutes >= READY_AT_HOUR[args.rail] * 60 ? -1 : -2);
	const earliestInWindow = addDays(addDays(local.date, -1), -(LOOKBACK_DAYS - 1));
	if (earliestInWindow > latest) return [];
	const runs = await deps.db
		.selectFrom("payment_statement_run")
		.select(["statement_date", "status", "started_at", "finished_at"])
		.where("tenant_id", "=", args.tenantId)
		.where("rail", "=", args.rail)
		.where("statement_date", ">=", earliestInWindow)
		.where("statement_date", "<=", latest)
		.execute();
	const byDate = new Map(runs.map((run) => [dateText(run.statement_date), run]));
	const due: string[] = [];
	for (let date = earliestInWindow; date <= latest; date = addDays(date, 1)) {
		const run = byDate.get(date);
		if (!run) due.push(date);
		else if (run.status === "failed" && retryDue(run.finished_at, args.now)) due.push(date);
		else if (run.status === "running" && takeoverDue(run.started_at, args.now)) due.push(date);
	}
	// Days before the rail was set up have nothing to reconcile (asked only when something is due).
	if (due.length === 0) return due;
	const setUp = await firstSetUp(deps, args);
	const setUpDay = setUp ? toLocalMoment(setUp, zone).date : earliestInWindow;
	return due.filter((date) => date >= setUpDay);
}

const retryDue = (finishedAt: Date | string | null | undefined, now: Date) =>
	finishedAt == null || addSeconds(new Date(finishedAt), RETRY_FAILED_SECONDS) <= now;
const takeoverDue = (startedAt: Date | string, now: Date) =>
	addSeconds(new Date(startedAt), RUNNING_TAKEOVER_SECONDS) <= now;

/** PostgreSQL answers a date as text, PGlite as a Date at UTC midnight. */
function dateText(value: string | Date): string {
	return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** When the rail was first saved for the tenant (its audit), else its settings' last change. */
async function firstSetUp(deps: AppDeps, args: { tenantId: number; rail: RailName }): Promise<Date | null> {
	const audit = await deps.db
		.selectFrom("payment_rail_audit")
		.select((eb) => eb.fn.min("at").as("at"))
		.where("tenant_id", "=", args.tenantId)
		.where("rail", "=", args.rail)
		.where("action", "=", "saved")
		.executeTakeFirst();
	if (audit?.at) return new Date(audit.at);
	const settings = await deps.db
		.selectFrom("payment_rail_settings")
		.select("updated_at")
		.where("tenant_id", "=", args.tenantId)
		.where("rail", "=", args.rail)
		.executeTakeFirst();
	return settings ? new Date(settings.updated_at) : null;
}

/**
 * Claims a statement day: the insert wins when no server has it; a failed run due for a retry,
 * or a running one whose server has gone quiet, is taken over by the one update that finds it
 * so. Answers the claim's start (the run's token) or null when another server has it.
 */
export async function claimRun(
	deps: AppDeps,
	args: { tenantId: number; rail: RailName; date: string; now: Date },
): Promise<Date | null> {
	const claimed = await deps.db
		.insertInto("payment_statement_run")
		.values({
			tenant_id: args.tenantId,
			rail: args.rail,
			statement_date: args.date,
			status: "running",
			started_at: args.now,
		})
		.onConflict((conflict) =>
			conflict
				.columns(["tenant_id", "rail", "statement_date"])
				.doUpdateSet({ status: "running", started_at: args.now, finished_at: null, last_error: null })
				.where((eb) =>
					eb.or([
						eb.and([
							eb("payment_statement_run.status", "=", "failed"),
							eb("payment_statement_run.finished_at", "<=", addSeconds(args.now, -RETRY_FAILED_SECONDS)),
						]),
						eb.and([
							eb("payment_statement_run.status", "=", "running"),
							eb("payment_statement_run.started_at", "<=", addSeconds(args.now, -RUNNING_TAKEOVER_SECONDS)),
						]),
					]),
				),
		)
		.returning("started_at")
		.executeTakeFirst();
	return claimed ? args.now : null;
}

type RunOutcome = { ok: true; differences: number } | { ok: false };

async function runOne(
	deps: AppDeps,
	args: { tenantId: number; rail: RailName; date: string; claimedAt: Date; now: Date; gatewayOf: GatewayOf },
): Promise<RunOutcome> {
	const about = { tenantId: args.tenantId, rail: args.rail, statementDate: args.date };
	try {
		const gateway = await args.gatewayOf(deps, args.tenantId, args.rail);
		if (!gateway) throw new Error(`the ${args.rail} rail is not set up or its settings cannot be used`);
		const statement = gateway.statement?.bind(gateway);
		if (!statement) throw new Error(`the ${args.rail} rail gives no statement`);
		const lines = await statement(args.date);
		const ours = await ourRowsOf(deps, { ...about, lines });
		const comparison = compareStatement({ lines, ...ours });
		const unlisted = comparison.unlisted.payments.length + comparison.unlisted.refunds.length;
		// Only when something of ours is not on the day's statement: was it on the day before's?
		const earlier = unlisted > 0 ? await statement(addDays(args.date, -1)) : null;
		const differences: Difference[] = [...comparison.differences, ...missingAtRail(comparison.unlisted, earlier)];
		for (const difference of differences)
			await flagDiscrepancy(deps.db, {
				tenantId: args.tenantId,
				rail: args.rail,
				kind: difference.kind,
				paymentId: difference.paymentId,
				railTradeNo: difference.railTradeNo,
				statementDate: args.date,
				ourAmount: difference.ourAmount,
				railAmount: difference.railAmount,
				detail: difference.detail,
				at: args.now,
			});
		await finishRun(deps, args, {
			status: "done",
			our_count: ours.expected.payments.length + ours.expected.refunds.length,
			rail_count: lines.length,
			differences: differences.length,
			last_error: null,
		});
		if (differences.length > 0)
			deps.log.warn({ ...about, differences: differences.length }, "rail statement differs from our payments");
		return { ok: true, differences: differences.length };
	} catch (error) {
		const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
		deps.log.error({ err: error, ...about }, "rail statement could not be reconciled; tried again later");
		await finishRun(deps, args, { status: "failed", last_error: message });
		return { ok: false };
	}
}

/** Ends the run this server claimed (not one another server took over meanwhile). */
async function finishRun(
	deps: AppDeps,
	args: { tenantId: number; rail: RailName; date: string; claimedAt: Date; now: Date },
	values: {
		status: "done" | "failed";
		last_error: string | null;
		our_count?: number;
		rail_count?: number;
		differences?: number;
	},
): Promise<void> {
	await deps.db
		.updateTable("payment_statement_run")
		.set({ ...values, finished_at: deps.clock.now() })
		.where("tenant_id", "=", args.tenantId)
		.where("rail", "=", args.rail)
		.where("statement_date", "=", args.date)
		.where("status", "=", "running")
		.where("started_at", "=", args.claimedAt)
		.execute();
}

/**
 * Our side of a statement day: the rail's succeeded payments and refunds decided within the day
 * (less its last DAY_END_MARGIN_SECONDS, plus the day before's), and every payment and refund
 * the statement names wherever it falls. Amounts in the rail's money.
 */
async function ourRowsOf(
	deps: AppDeps,
	args: { tenantId: number; rail: RailName; statementDate: string; lines: StatementLine[] },
): Promise<{
	payments: Map<string, OurPayment>;
	refunds: Map<string, OurRefund>;
	expected: { payments: string[]; refunds: string[] };
}> {
	const zone = RAIL_STATEMENT_ZONES[args.rail];
	const from = addSeconds(fromLocalMoment(args.statementDate, 0, zone), -DAY_END_MARGIN_SECONDS);
	const until = addSeconds(fromLocalMoment(addDays(args.statementDate, 1), 0, zone), -DAY_END_MARGIN_SECONDS);
	// Only ids shaped as ours can be ours (a line naming anything else is missing here).
	const namedPayments = [...new Set(args.lines.map((line) => line.paymentId).filter(isOurIdShape))];
	const namedRefunds = [
		...new Set(args.lines.map((line) => line.refundId).filter((id): id is string => !!id && isOurIdShape(id))),
	];
	const paymentRows = await deps.db
		.selectFrom("payment")
		.select(["id", "status", "amount", "currency", "rail_amount", "rail_currency", "provider_txn_id", "updated_at"])
		.where("tenant_id", "=", args.tenantId)
		.where("provider", "=", args.rail)
		.where((eb) => {
			const decidedInDay = eb.and([
				eb("status", "=", "succeeded"),
				eb("updated_at", ">=", from),
				eb("updated_at", "<", until),
			]);
			return namedPayments.length > 0 ? eb.or([decidedInDay, eb("id", "in", namedPayments)]) : decidedInDay;
		})
		.execute();
	const payments = new Map<string, OurPayment>();
	const expectedPayments: string[] = [];
	for (const row of paymentRows) {
		const decidedAt = new Date(row.updated_at);
		payments.set(row.id, {
			id: row.id,
			status: row.status,
			amount: Number(row.rail_amount ?? row.amount),
			currency: row.rail_currency ?? row.currency ?? "",
			providerTxnId: row.provider_txn_id,
			decidedAt,
		});
		if (row.status === "succeeded" && decidedAt >= from && decidedAt < until) expectedPayments.push(row.id);
	}
	const refundRows = await deps.db
		.selectFrom("gateway_refund as r")
		.innerJoin("payment as p", "p.id", "r.gateway_payment_id")
		.select([
			"r.id",
			"r.gateway_payment_id",
			"r.status",
			"r.amount",
			"r.provider_refund_id",
			"r.updated_at",
			"p.currency",
			"p.rail_currency",
		])
		.where("r.tenant_id", "=", args.tenantId)
		.where("r.provider", "=", args.rail)
		.where((eb) => {
			const decidedInDay = eb.and([
				eb("r.status", "=", "succeeded"),
				eb("r.updated_at", ">=", from),
				eb("r.updated_at", "<", until),
			]);
			return namedRefunds.length > 0 ? eb.or([decidedInDay, eb("r.id", "in", namedRefunds)]) : decidedInDay;
		})
		.execute();
	const refunds = new Map<string, OurRefund>();
	const expectedRefunds: string[] = [];
	for (const row of refundRows) {
		const decidedAt = new Date(row.updated_at);
		refunds.set(row.id, {
			id: row.id,
			paymentId: row.gateway_payment_id,
			status: row.status,
			// Refunds are asked in the ledger's money; only KHQR takes another, and it has no refund call.
			amount: Number(row.amount),
			currency: row.rail_currency ?? row.currency ?? "",
			providerRefundId: row.provider_refund_id,
			decidedAt,
		});
		if (row.status === "succeeded" && decidedAt >= from && decidedAt < until) expectedRefunds.push(row.id);
	}
	return { payments, refunds, expected: { payments: expectedPayments, refunds: expectedRefunds } };
}
