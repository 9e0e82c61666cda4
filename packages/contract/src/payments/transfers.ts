import { z } from "zod";
import { oneLineText } from "../common.js";

/**
 * KHQR refunds (issue 29 part 3, decision 031): Bakong has no refund call, so money owed back
 * for a KHQR payment waits, as `awaiting_transfer`, until the platform's staff transfer it to
 * the payer's account from the platform's bank and record the transfer's reference here. The
 * platform operator's list and the recording of one transfer.
 */

/** What a refund to transfer back is for (the payment's purpose). */
export type RefundTransferPurpose = "order" | "table_bill" | "booking" | "recharge" | "vip_card";

/** One KHQR refund, as the operator's list shows it. */
export interface RefundTransferView {
	refundId: string;
	status: "awaiting_transfer" | "succeeded";
	purpose: RefundTransferPurpose;
	purposeId: number;
	/** In the ledger's currency (minor units), as booked. */
	amount: number;
	currency: string;
	/** What goes back in the currency the payer paid in (KHQR in riel for a dollar shop), minor units. */
	railAmount: number;
	railCurrency: string;
	/** The payer's mobile, masked ("138****0003"); null for a guest without one. */
	payerMobile: string | null;
	/** The KHQR payment's Bakong transaction hash (what the payer's bank shows). */
	bakongHash: string | null;
	/** The Bakong account the payer paid from, when Bakong says so now; the transfer goes back there. */
	payerAccount: string | null;
	/** When the refund was decided (ISO). */
	createdAt: string;
	/** The transfer's reference and who recorded it when (ISO), once recorded. */
	reference: string | null;
	recordedAt: string | null;
	recordedBy: string | null;
}

/** `GET /platform/payments/refund-transfers`: those awaiting a transfer first (oldest first), then the latest recorded. */
export interface RefundTransferList {
	awaiting: RefundTransferView[];
	recorded: RefundTransferView[];
}

/** A bank reference is at most this long (the platform's bank's transfer numbers fit). */
export const TRANSFER_REFERENCE_MAX = 64;

/** `POST /platform/payments/refund-transfers/record`: the transfer back was made, with this reference. */
export const RecordRefundTransferInput = z.strictObject({
	refundId: z.uuid({ error: "fieldInvalid" }),
	reference: oneLineText("fillBankReference")
		.trim()
		.min(1, { error: "fillBankReference", abort: true })
		.max(TRANSFER_REFERENCE_MAX, { error: "textTooLong" }),
});
export type RecordRefundTransferInput = z.input<typeof RecordRefundTransferInput>;
