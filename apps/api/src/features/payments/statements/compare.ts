import type { PaymentDiscrepancyKind, PaymentTable } from "../../../db/schema.js";
import type { StatementLine } from "../gateway.js";

/** One of our payments at a rail, in the rail's own money (rail_amount/rail_currency, else amount/currency). */
export interface OurPayment {
	id: string;
	status: PaymentTable["status"];
	amount: number;
	currency: string;
	providerTxnId: string | null;
	/** When it was decided (updated_at of a decided payment). */
	decidedAt: Date;
}

/** One of our refunds at a rail (gateway_refund), in the payment's rail currency. */
export interface OurRefund {
	id: string;
	paymentId: string;
	status: "pending" | "succeeded" | "failed" | "awaiting_transfer";
	amount: number;
	currency: string;
	providerRefundId: string | null;
	decidedAt: Date;
}

export interface Difference {
	kind: Extract<
		PaymentDiscrepancyKind,
		"missing_at_rail" | "missing_here" | "status_differs" | "amount_differs" | "refund_differs"
	>;
	paymentId: string | null;
	railTradeNo: string | null;
	ourAmount: number | null;
	railAmount: number | null;
	detail: Record<string, unknown>;
}

export interface Comparison {
	differences: Difference[];
	/**
	 * Ours that the day's statement does not list: before they are flagged missing at the rail,
	 * the day before's statement is looked at (missingElsewhere), since the rail books a payment
	 * on the day it took it and we may have learnt of it after midnight.
	 */
	unlisted: { payments: OurPayment[]; refunds: OurRefund[] };
}

/** The rail took the money on this line (a payment later refunded was taken too). */
const railTook = (line: StatementLine) => line.status === "succeeded" || line.status === "refunded";

/**
 * The day's statement against our rows, matched by our ids (the out_trade_no and out_refund_no
 * we gave the rail), never by time, so a payment paid at 23:59 and learnt of at 00:01 is matched
 * wherever it falls:
 *
 * - `known`: our payments and refunds by id: every one a line names, and every one `expected`;
 * - `expected`: the ids of ours the rail should list on this day (succeeded, decided within it);
 * - a line whose payment we do not have, while the rail took money: `missing_here`;
 * - taken at the rail but not succeeded here, or succeeded here and not taken there: `status_differs`;
 * - both took it, another amount or currency: `amount_differs`;
 * - a refund line we do not know, with another outcome or amount than ours: `refund_differs`;
 * - ours expected and not listed: returned as `unlisted` (see Comparison).
 */
export function compareStatement(args: {
	lines: StatementLine[];
	payments: Map<string, OurPayment>;
	refunds: Map<string, OurRefund>;
	expected: { payments: string[]; refunds: string[] };
}): Comparison {
	const differences: Difference[] = [];
	const listedPayments = new Set<string>();
	const listedRefunds = new Set<string>();
	for (const line of args.lines) {
		if (line.kind === "payment") {
			// A second line about one payment (a rail's retry in the bill) is the same payment.
			if (listedPayments.has(line.paymentId)) continue;
			listedPayments.add(line.paymentId);
			const ours = args.payments.get(line.paymentId);
			const railAt = line.at.toISOString();
			if (!ours) {
				if (railTook(line))
					differences.push({
						kind: "missing_here",
						paymentId: null,
						railTradeNo: line.providerTxnId,
						ourAmount: null,
						railAmount: line.amount,
						detail: { outTradeNo: line.paymentId, railStatus: line.status, currency: line.currency, railAt },
					});
				continue;
			}
			const ourSucceeded = ours.status === "succeeded";
			if (railTook(line) !== ourSucceeded) {
				differences.push({
					kind: "status_differs",
					paymentId: ours.id,
					railTradeNo: line.providerTxnId,
					ourAmount: ours.amount,
					railAmount: line.amount,
					detail: { ourStatus: ours.status, railStatus: line.status, currency: line.currency, railAt },
				});
				continue;
			}
			if (ourSucceeded && (ours.amount !== line.amount || ours.currency !== line.currency))
				differences.push({
					kind: "amount_differs",
					paymentId: ours.id,
					railTradeNo: line.providerTxnId,
					ourAmount: ours.amount,
					railAmount: line.amount,
					detail: { ourCurrency: ours.currency, railCurrency: line.currency, currency: line.currency, railAt },
				});
			continue;
		}
		const refundId = line.refundId ?? "";
		if (listedRefunds.has(refundId) && refundId !== "") continue;
		listedRefunds.add(refundId);
		const ours = refundId === "" ? undefined : args.refunds.get(refundId);
		const railSucceeded = line.status === "succeeded";
		const base = {
			kind: "refund_differs" as const,
			railTradeNo: line.providerTxnId || refundId || null,
			railAmount: line.amount,
		};
		if (!ours) {
			if (railSucceeded)
				differences.push({
					...base,
					paymentId: args.payments.has(line.paymentId) ? line.paymentId : null,
					ourAmount: null,
					detail: {
						problem: "unknown_here",
						refundId,
						outTradeNo: line.paymentId,
						railStatus: line.status,
						currency: line.currency,
						railAt: line.at.toISOString(),
					},
				});
			continue;
		}
		const ourSucceeded = ours.status === "succeeded";
		if (railSucceeded !== ourSucceeded || (railSucceeded && ours.amount !== line.amount))
			differences.push({
				...base,
				paymentId: ours.paymentId,
				ourAmount: ours.amount,
				detail: {
					problem: railSucceeded !== ourSucceeded ? "status" : "amount",
					refundId,
					ourStatus: ours.status,
					railStatus: line.status,
					currency: line.currency,
					railAt: line.at.toISOString(),
				},
			});
	}
	const unlistedPayments = args.expected.payments
		.filter((id) => !listedPayments.has(id))
		.map((id) => args.payments.get(id))
		.filter((payment): payment is OurPayment => payment !== undefined);
	const unlistedRefunds = args.expected.refunds
		.filter((id) => !listedRefunds.has(id))
		.map((id) => args.refunds.get(id))
		.filter((refund): refund is OurRefund => refund !== undefined);
	return { differences, unlisted: { payments: unlistedPayments, refunds: unlistedRefunds } };
}

/**
 * Ours that the day's statement left out and the day before's does not list either (the rail
 * took it before midnight, we learnt after): missing at the rail. `earlier` is the day before's
 * statement; null when nothing was left out, so it was not fetched.
 */
export function missingAtRail(unlisted: Comparison["unlisted"], earlier: StatementLine[] | null): Difference[] {
	const earlierPayments = new Set(
		(earlier ?? []).filter((line) => line.kind === "payment" && railTook(line)).map((line) => line.paymentId),
	);
	const earlierRefunds = new Set(
		(earlier ?? [])
			.filter((line) => line.kind === "refund" && line.status === "succeeded")
			.map((line) => line.refundId),
	);
	const differences: Difference[] = [];
	for (const payment of unlisted.payments) {
		if (earlierPayments.has(payment.id)) continue;
		differences.push({
			kind: "missing_at_rail",
			paymentId: payment.id,
			railTradeNo: payment.providerTxnId,
			ourAmount: payment.amount,
			railAmount: null,
			detail: { ourStatus: payment.status, currency: payment.currency, decidedAt: payment.decidedAt.toISOString() },
		});
	}
	for (const refund of unlisted.refunds) {
		if (earlierRefunds.has(refund.id)) continue;
		differences.push({
			kind: "refund_differs",
			paymentId: refund.paymentId,
			// The rail's refund number, else the out_refund_no the rail knows it by.
			railTradeNo: refund.providerRefundId ?? refund.id,
			ourAmount: refund.amount,
			railAmount: null,
			detail: {
				problem: "missing_at_rail",
				refundId: refund.id,
				ourStatus: refund.status,
				currency: refund.currency,
				decidedAt: refund.decidedAt.toISOString(),
			},
		});
	}
	return differences;
}
