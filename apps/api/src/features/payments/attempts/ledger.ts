import type { Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { type AccountRef, type LedgerTxnInput, postLedgerTxn } from "../../wallet/ledger.js";
import type { PaymentPurposeKind } from "../purposes.js";
import { type GatewayRefundReason, queueGatewayRefund } from "../refunds/refunds.js";

/**
 * The ledger side of money a hosted gateway reports paid, shared by every purpose that books it
 * so (orders, bills, bookings, VIP cards): booked in from external funds to the account that holds what it pays for, and,
 * when what it paid for can no longer take it, booked straight back out and refunded through
 * the outbox. The keys name the gateway payment, so each happens once however often the
 * report arrives. (A recharge is booked by keys of the recharge instead: see recharge.ts.)
 */

/** What a gateway payment's ledger txns are linked to, in the wallet's own terms (the bills read these). */
type LedgerLink = Pick<LedgerTxnInput, "orderId" | "reservationId" | "cardPurchaseId">;

interface GatewayMoney {
	tenantId: number;
	paymentId: string;
	amount: number;
	link: LedgerLink;
	now: Date;
}

/** External funds → `into`, keyed `gateway:<payment>:capture`. */
export async function bookGatewayCapture(
	trx: Transaction<DB>,
	money: GatewayMoney & { into: AccountRef; kind: DB["ledger_txn"]["kind"] },
): Promise<void> {
	await postLedgerTxn(trx, {
		tenantId: money.tenantId,
		kind: money.kind,
		idempotencyKey: `gateway:${money.paymentId}:capture`,
		...money.link,
		now: money.now,
		moves: [
			{ account: { kind: "external_funds", tenantId: money.tenantId }, amount: -money.amount },
			{ account: money.into, amount: money.amount },
		],
	});
}

/** `from` → external funds, keyed `gateway:<payment>:refund`, and the refund queued for the gateway. */
export async function refundGatewayCapture(
	trx: Transaction<DB>,
	money: GatewayMoney & {
		from: AccountRef;
		kind: DB["ledger_txn"]["kind"];
		reason: GatewayRefundReason;
		/** What the refund is for, when not the payment's own purpose (an order of a bill paid at once). */
		refundFor?: { purpose: PaymentPurposeKind; purposeId: number };
	},
): Promise<void> {
	const refundKey = `gateway:${money.paymentId}:refund`;
	await postLedgerTxn(trx, {
		tenantId: money.tenantId,
		kind: money.kind,
		idempotencyKey: refundKey,
		...money.link,
		now: money.now,
		moves: [
			{ account: money.from, amount: -money.amount },
			{ account: { kind: "external_funds", tenantId: money.tenantId }, amount: money.amount },
		],
	});
	await queueGatewayRefund(trx, {
		paymentId: money.paymentId,
		refundFor: money.refundFor,
		amount: money.amount,
		refundKey,
		reason: money.reason,
		now: money.now,
	});
}
