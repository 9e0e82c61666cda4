import type { AppDeps } from "../../http/deps.js";
import type { GatewayPaymentReport, PaymentGateway } from "./gateway.js";
import { type PaymentRow, type PurposeOutcome, paymentPurpose } from "./purposes.js";
import { deliverGatewayRefundsSoon } from "./refunds.js";

export type ApplyOutcome = PurposeOutcome | "unknown_payment" | "amount_mismatch";

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
		if (payment.amount !== report.amount) return { outcome: "amount_mismatch" as const };
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
		return { outcome, payment: decided };
	});
	if (!result.payment) return result.outcome;
	if (result.outcome === "refunded_late") deliverGatewayRefundsSoon(deps, { paymentId: report.paymentId });
	await announceSettled(deps, result.payment, result.outcome);
	return result.outcome;
}

/** After commit: the purpose tells whoever watches it. A failure to tell changes nothing booked. */
async function announceSettled(deps: AppDeps, payment: PaymentRow, outcome: PurposeOutcome): Promise<void> {
	await paymentPurpose(payment.purpose).announce?.(deps, payment, outcome);
}
