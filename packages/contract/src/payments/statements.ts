import { z } from "zod";
import { idField, multiLineText, queryInteger } from "../common.js";
import { PAY_RAILS, type PayRail } from "./checkout.js";

/**
 * Differences between our payments and what the rails say (issue 29 items 7 and 8): callbacks
 * refused for another amount, currency or merchant, payers who paid one thing twice, and what
 * the daily reconciliation finds against each rail's own statement of a day. Listed for the
 * platform operator until each is resolved with a note.
 */

/** Each kind of difference. The first four come from callbacks and payments, the rest from a statement. */
export const DISCREPANCY_KINDS = [
	"amount_mismatch",
	"currency_mismatch",
	"merchant_mismatch",
	"paid_twice",
	"missing_at_rail",
	"missing_here",
	"status_differs",
	"amount_differs",
	"refund_differs",
] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** A difference may concern the sandbox too (a payer who paid one thing twice there). */
export type DiscrepancyRail = "sandbox" | PayRail;

export const DISCREPANCY_STATUSES = ["open", "resolved"] as const;
export type DiscrepancyStatus = (typeof DISCREPANCY_STATUSES)[number];

/** A resolution note: what the operator found and did (refunded by hand, the rail's error, …). */
export const RESOLUTION_NOTE_MAX = 500;
export const DISCREPANCY_PAGE_SIZE = 20;

/**
 * Each rail's statement day is a calendar day in its own time zone: WeChat Pay's trade bill
 * and Alipay's bill are in Beijing time; Bakong (KHQR) in Phnom Penh's.
 */
export const RAIL_STATEMENT_ZONES: Record<PayRail, string> = {
	wechat: "Asia/Shanghai",
	alipay: "Asia/Shanghai",
	khqr: "Asia/Phnom_Penh",
};

/** `GET /app-api/platform/payments/discrepancies?status=open|resolved&rail=&page=` */
export const DiscrepancyListQuery = z.object({
	status: z.enum(DISCREPANCY_STATUSES, { error: "fieldInvalid" }).default("open"),
	rail: z.enum(["sandbox", ...PAY_RAILS], { error: "fieldInvalid" }).optional(),
	page: queryInteger({ min: 1, max: 10_000 }).default(1),
});
export type DiscrepancyListQuery = z.input<typeof DiscrepancyListQuery>;

/** `GET /app-api/platform/payments/discrepancies.csv?rail=`: the open ones. */
export const DiscrepancyExportQuery = z.object({
	rail: z.enum(["sandbox", ...PAY_RAILS], { error: "fieldInvalid" }).optional(),
});
export type DiscrepancyExportQuery = z.input<typeof DiscrepancyExportQuery>;

/** `POST /app-api/platform/payments/discrepancies/resolve`: once; a second time is refused (DiscrepancyAlreadyResolved). */
export const ResolveDiscrepancyInput = z.strictObject({
	id: idField,
	note: multiLineText("fillResolutionNote")
		.trim()
		.min(1, { error: "fillResolutionNote", abort: true })
		.max(RESOLUTION_NOTE_MAX, { error: "textTooLong" }),
});
export type ResolveDiscrepancyInput = z.input<typeof ResolveDiscrepancyInput>;

/** One difference as the operator reads it. Amounts are minor units of `currency` (the rail's). */
export interface DiscrepancyView {
	id: number;
	rail: DiscrepancyRail;
	kind: DiscrepancyKind;
	/** Our payment it concerns, when there is one of ours. */
	paymentId: string | null;
	/** What the payment paid for (order, table_bill, booking, recharge, vip_card) and that row's id. */
	purpose: string | null;
	purposeId: number | null;
	/** The rail's own trade number. */
	railTradeNo: string | null;
	/** The statement day it was found on (daily reconciliation), in the rail's time zone. */
	statementDate: string | null;
	ourAmount: number | null;
	railAmount: number | null;
	/** The currency both amounts are in (the payment's rail currency, else the line's). */
	currency: string | null;
	/** What was seen: the rail's status, our status, the other currency or merchant, the refund's id … */
	detail: Record<string, unknown>;
	foundAt: string;
	resolvedAt: string | null;
	resolvedBy: { id: number; name: string } | null;
	resolutionNote: string | null;
}

export interface DiscrepancyPage {
	list: DiscrepancyView[];
	total: number;
	page: number;
	pageSize: number;
}

/** One reconciliation of one rail's statement day. */
export interface StatementRunView {
	statementDate: string;
	status: "running" | "done" | "failed";
	/** Our payments and refunds of the day, the statement's lines, and the differences found. */
	ourCount: number;
	railCount: number;
	differences: number;
	lastError: string | null;
	startedAt: string;
	finishedAt: string | null;
}

/** `GET /app-api/platform/payments/statement-runs`: per rail set up, its latest runs (newest first). */
export interface StatementRunsAnswer {
	rails: Array<{ rail: PayRail; enabled: boolean; timeZone: string; runs: StatementRunView[] }>;
}
