import type { Selectable, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import type { AppDeps } from "../../http/deps.js";

/**
 * What a payment pays for (decision 028). Payments knows the kinds by name only: each feature
 * that takes money registers, at start-up, what happens when one of its payments succeeds, is
 * declined, is given back or is found in doubt. Payments imports none of them.
 */
export type PaymentPurposeKind = DB["payment"]["purpose"];

export type PaymentRow = Selectable<DB["payment"]>;

/** What applying a decided payment came to, as the purpose saw it. */
export type PurposeOutcome =
	/** The money paid for what it was meant to. */
	| "applied"
	/** The payer said no; whatever waited for the payment is open again. */
	| "declined"
	/** The money came but the purpose can no longer take it: booked in and straight back out. */
	| "refunded_late"
	/** What it paid for was paid already (by an earlier report of the same payment's purpose row). */
	| "already_applied";

export interface PaymentPurpose {
	readonly kind: PaymentPurposeKind;
	/**
	 * Applies a decided payment, inside the payment's transaction and under its row lock, once
	 * per payment however often the gateway reports it. A succeeded payment the purpose cannot
	 * take any more is booked in and refunded (`refundLatePayment`), never lost.
	 */
	settle(
		trx: Transaction<DB>,
		payment: PaymentRow,
		report: { status: "succeeded" | "declined" },
		now: Date,
	): Promise<PurposeOutcome>;
	/** After the transaction committed: live updates, the bot, whoever watches the purpose. */
	announce?(deps: AppDeps, payment: PaymentRow, outcome: PurposeOutcome): Promise<void>;
	/** A gateway refund for this purpose was delivered ("succeeded") or given up ("failed"). */
	refundDelivered?(deps: AppDeps, refund: { purposeId: number; outcome: "succeeded" | "failed" }): Promise<void>;
}

const purposes = new Map<PaymentPurposeKind, PaymentPurpose>();

/** Called once per purpose by the composition root; registering again replaces (tests build many apps). */
export function registerPaymentPurpose(purpose: PaymentPurpose): void {
	purposes.set(purpose.kind, purpose);
}

export function paymentPurpose(kind: PaymentPurposeKind): PaymentPurpose {
	const purpose = purposes.get(kind);
	if (!purpose) throw new Error(`no payment purpose "${kind}" is registered on this server`);
	return purpose;
}
