import type { Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import type { GatewayPaymentReport, PaymentGateway } from "../gateway.js";
import { type PaymentRow, type PurposeOutcome, paymentPurpose } from "../purposes.js";
import { deliverGatewayRefundsSoon } from "../refunds/refunds.js";
import { flagDiscrepancy } from "../statements/flags.js";

interface Refused {
	payment: PaymentRow;
	expectedAmount: number;
	expectedCurrency: string | null;
}

export type ApplyOutcome = PurposeOutcome | "unknown_payment" | "amount_mismatch" | "currency_mismatch";

/**
 * Applies what a gateway reports, whether it came by callback (maybe five times at once) or
 * by a status query. Under the payment's row lock it is applied once: the first report
 * records the provider's transaction id (unique per provider) and hands the decision to the
 * payment's purpose (decision 028); later ones find it done. The amount must match what we
 * asked for. Money for something that can no longer be paid (expired, or paid another way
 * meanwhile) is booked and refunded by the purpose at once, so it is never lost; its refund is
 * sent to the gateway right after commit. Whoever watches the purpose hears of it after commit.
 */
export async function applyGatewayReport(
	deps: AppDeps,
	gateway: PaymentGateway,
	report: GatewayPaymentReport,
): Promise<ApplyOutcome> {
	const now = deps.clock.now();
	const result = await deps.db.transaction().execute(async (trx) => {
		const payment = await trx
			.selectFrom("payment")
			.selectAll()
			.where("id", "=", report.paymentId)
			.where("provider", "=", gateway.name)
			.forUpdate()
			.executeTakeFirst();
		if (!payment) return { outcome: "unknown_payment" as const };
		// An abandoned payment is one we stopped asking about; money that arrives for it anyway is taken (and refunded).
		if (payment.status !== "pending" && payment.status !== "abandoned") return { outcome: "already_applied" as const };
		// What the rail was asked for: the rail's amount and currency where they differ from the
		// ledger's (KHQR in riel), else the ledger's. A rail that names no currency has only one.
		const expectedAmount = payment.rail_amount ?? payment.amount;
		const expectedCurrency = payment.rail_currency ?? payment.currency;
		if (report.currency && expectedCurrency && report.currency !== expectedCurrency)
			return { outcome: "currency_mismatch" as const, refused: { payment, expectedAmount, expectedCurrency } };
		if (expectedAmount !== report.amount)
			return { outcome: "amount_mismatch" as const, refused: { payment, expectedAmount, expectedCurrency } };
		const decided = await trx
			.updateTable("payment")
			.set({
				status: report.status === "succeeded" ? "succeeded" : "declined",
				provider_txn_id: report.providerTxnId,
				updated_at: now,
				next_check_at: null,
				claimed_until: null,
			})
			.where("id", "=", payment.id)
			.returningAll()
			.executeTakeFirstOrThrow();
		const outcome = await paymentPurpose(decided.purpose).settle(trx, decided, { status: report.status }, now);
		if (outcome === "refunded_late") await flagIfPaidTwice(trx, gateway, decided, report, now);
		return { outcome, payment: decided };
	});
	if (result.outcome === "amount_mismatch" || result.outcome === "currency_mismatch") {
		// Genuine but not what we asked for: never applied; a person must look at it.
		const { payment, expectedAmount, expectedCurrency } = (result as { refused: Refused }).refused;
		await flagDiscrepancy(deps.db, {
			tenantId: payment.tenant_id,
			rail: gateway.name,
			kind: result.outcome,
			paymentId: payment.id,
			railTradeNo: report.providerTxnId,
			ourAmount: expectedAmount,
			railAmount: report.amount,
			detail: { reportedCurrency: report.currency ?? null, expectedCurrency: expectedCurrency ?? null },
			at: now,
		});
		return result.outcome;
	}
	if (!("payment" in result) || !result.payment) return result.outcome;
	if (result.outcome === "refunded_late") deliverGatewayRefundsSoon(deps, { paymentId: report.paymentId });
	await announceSettled(deps, result.payment, result.outcome);
	return result.outcome;
}

/** After commit: the purpose tells whoever watches it. A failure to tell changes nothing booked. */
async function announceSettled(deps: AppDeps, payment: PaymentRow, outcome: PurposeOutcome): Promise<void> {
	await paymentPurpose(payment.purpose).announce?.(deps, payment, outcome);
}

/**
 * Money given back because what it paid for was paid already (two tabs, two rails), rather than
 * because it came too late: flagged for the operator beside the refund (on KHQR the refund is a
 * transfer a person makes), in the same transaction.
 */
async function flagIfPaidTwice(
	trx: Transaction<DB>,
	gateway: PaymentGateway,
	payment: PaymentRow,
	report: GatewayPaymentReport,
	now: Date,
): Promise<void> {
	const first = await trx
		.selectFrom("payment")
		.select(["id", "provider"])
		.where("purpose", "=", payment.purpose)
		.where("purpose_id", "=", payment.purpose_id)
		.where("status", "=", "succeeded")
		.where("id", "!=", payment.id)
		.executeTakeFirst();
	if (!first) return;
	await flagDiscrepancy(trx, {
		tenantId: payment.tenant_id,
		rail: gateway.name,
		kind: "paid_twice",
		paymentId: payment.id,
		railTradeNo: report.providerTxnId,
		ourAmount: payment.rail_amount ?? payment.amount,
		railAmount: report.amount,
		detail: {
			purpose: payment.purpose,
			purposeId: payment.purpose_id,
			firstPaymentId: first.id,
			firstPaidWith: first.provider,
			currency: report.currency ?? payment.rail_currency ?? payment.currency,
		},
		at: now,
	});
}
