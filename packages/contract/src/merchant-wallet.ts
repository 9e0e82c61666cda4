import { z } from "zod";
import { idField, multiLineText, oneLineText, queryIdField, queryInteger } from "./common.js";
import { BANK_CARD_PATTERN, Limits } from "./constants.js";
import { smsCodeField } from "./identity.js";
import { localDateField } from "./shop-settings.js";

/**
 * The merchant's money (issue 14, decision 023): what a shop earned, what it can take out,
 * its bank cards and its withdrawals, and the platform's review of them.
 *
 * A shop's money sits in three ledger accounts: pending (earned, not yet settled: the order is
 * not completed or the hold period has not passed), available (settled: may be withdrawn) and
 * in withdrawal (asked for, not yet paid out). Their sum is the shop's money on the ledger.
 * Available goes below zero only when a refund after settlement is larger than it: the shop then
 * owes that much, and its next settled earnings pay it back first.
 */

/** Spec §9: a withdrawal arrives within 10 working days. */
export const WITHDRAWAL_ARRIVAL_WORKING_DAYS = 10;
/** How many withdrawal accounts a shop may keep at once. */
export const BANK_CARDS_MAX = 5;
export const CARD_HOLDER_MAX = 40;
export const BANK_NAME_MAX = 40;
export const REJECT_REASON_MAX = 200;
export const BANK_REFERENCE_MAX = 60;
/** The reason an approved withdrawal is returned to the shop (the bank refused it, the account is closed). */
export const RETURN_REASON_MAX = 200;
/** The most withdrawals one bulk-transfer file holds: more wait for the next file (oldest first). */
export const PAYOUT_EXPORT_MAX = 500;
/** The platform's settings' bounds: commission in basis points (100 = 1%), hold in hours. */
export const COMMISSION_BPS_MAX = 5000;
export const SETTLEMENT_HOLD_HOURS_MAX = 720;
/** How many days the earnings chart shows. */
export const WALLET_CHART_DAYS = 30;

/** Spec §3 "withdrawal statuses", in its order. */
export const WithdrawalStatus = { Unaudited: 0, AwaitingArrival: 1, Rejected: 2, Received: 3 } as const;
export type WithdrawalStatus = (typeof WithdrawalStatus)[keyof typeof WithdrawalStatus];
export const WITHDRAWAL_STATUSES = [0, 1, 2, 3] as const satisfies readonly WithdrawalStatus[];

// ---------------------------------------------------------------------------------------------
// The wallet

/** `GET /merchant/wallet?shopId=` (owner) and `GET /platform/wallet?shopId=` (operator). */
export interface WalletSummary {
	shopId: number;
	shopName: string;
	/** Settled money; below zero when the shop owes (see `owed`). */
	available: number;
	/** What may be withdrawn now: `max(available, 0)`. */
	withdrawable: number;
	/** What the shop owes the platform after refunds larger than its available money: `max(-available, 0)`. */
	owed: number;
	/** Earned, waiting for the order to complete and the hold to pass. */
	pending: number;
	/** Asked for and not yet paid out or returned. */
	withdrawing: number;
	/** available + pending + withdrawing: the shop's money on the ledger. */
	total: number;
	/** Net earnings (earned − refunds − commission, withdrawals excluded) of the shop's local today and month. */
	today: number;
	month: number;
	/** The platform's terms the owner sees. */
	holdHours: number;
	commissionBps: number;
	minimumWithdrawal: number;
	arrivalWorkingDays: number;
	/** The shop's time zone: the statement's days and the chart's are its local days. */
	timezone: string;
}

export type StatementKind =
	| "orderEarned"
	| "counterEarned"
	| "depositKept"
	| "settled"
	| "commission"
	| "commissionReturned"
	| "refund"
	| "withdrawal"
	| "withdrawalReturned"
	| "withdrawalPaid"
	/** Cash or card money the shop took at its own counter: it holds it, so it leaves the platform's books (decision 029). */
	| "keptAtCounter";

/** One movement of the shop's money: one ledger transaction, seen from the shop's three accounts. */
export interface StatementLine {
	/** The ledger transaction's id. */
	id: number;
	kind: StatementKind;
	/** Change of the shop's total (signed). 0 for moves between its own accounts (settled, withdrawal asked, returned). */
	amount: number;
	availableChange: number;
	pendingChange: number;
	withdrawingChange: number;
	orderId: number | null;
	orderNo: string | null;
	withdrawalId: number | null;
	createdAt: string;
}

/** `GET /merchant/wallet/statement`: newest first, `from`..`to` are the shop's local dates (inclusive). */
export const WalletStatementQuery = z.object({
	shopId: queryIdField,
	from: localDateField.optional(),
	to: localDateField.optional(),
	cursor: oneLineText().max(20).regex(/^\d+$/, { error: "fieldInvalid" }).optional(),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(20),
});
export type WalletStatementQuery = z.input<typeof WalletStatementQuery>;

export interface DayTotal {
	/** The shop's local date, YYYY-MM-DD. */
	date: string;
	/** Net earnings of the day (withdrawals excluded). */
	net: number;
}

export interface WalletStatementPage {
	lines: StatementLine[];
	nextCursor: string | null;
	/** The net of every local day the page's lines fall on (the whole day, not only the page's lines). */
	dayTotals: DayTotal[];
}

/** `GET /merchant/wallet/daily?shopId=`: the last 30 local days, oldest first, days without money included as 0. */
export interface WalletDailyEarnings {
	days: DayTotal[];
}

/** `GET /merchant/wallet/export?shopId=&from=&to=`: the statement as CSV (a file, not the envelope). */
export const WalletExportQuery = z.object({
	shopId: queryIdField,
	from: localDateField.optional(),
	to: localDateField.optional(),
});
export type WalletExportQuery = z.input<typeof WalletExportQuery>;

// ---------------------------------------------------------------------------------------------
// Step-up: a fresh SMS code to the owner's own phone before adding a card or withdrawing

/** `POST /merchant/money/send-code`: sends a code to the signed-in owner's phone. */
export const SendMoneyCodeInput = z.strictObject({ shopId: idField });
export type SendMoneyCodeInput = z.input<typeof SendMoneyCodeInput>;

export interface MoneyCodeSent {
	resendAfterSeconds: number;
	/** The phone it went to, masked: 138****8000. */
	mobileMasked: string;
}

// ---------------------------------------------------------------------------------------------
// Bank cards (withdrawal accounts)

export interface BankCardView {
	id: number;
	holder: string;
	bank: string;
	/** The only digits ever shown again. */
	last4: string;
	createdAt: string;
	/** A withdrawal to it is unaudited or awaiting arrival: it cannot be removed. */
	inUse: boolean;
}

/** Card numbers may be typed with spaces or dashes between groups: they are dropped before the check. */
export const cardNumberField = oneLineText("cardNumber")
	.transform((value) => value.replace(/[\s-]/g, ""))
	.pipe(oneLineText("cardNumber").regex(BANK_CARD_PATTERN, { error: "cardNumber" }));

/** `POST /merchant/cards/add`. */
export const AddBankCardInput = z.strictObject({
	shopId: idField,
	holder: oneLineText("fillCardHolder")
		.trim()
		.min(1, { error: "fillCardHolder", abort: true })
		.max(CARD_HOLDER_MAX, { error: "textTooLong" }),
	bank: oneLineText("fillBankName")
		.trim()
		.min(1, { error: "fillBankName", abort: true })
		.max(BANK_NAME_MAX, { error: "textTooLong" }),
	cardNumber: cardNumberField,
	code: smsCodeField,
});
export type AddBankCardInput = z.input<typeof AddBankCardInput>;

/** `POST /merchant/cards/remove` (spec: confirm unbind). */
export const RemoveBankCardInput = z.strictObject({ shopId: idField, cardId: idField });
export type RemoveBankCardInput = z.input<typeof RemoveBankCardInput>;

// ---------------------------------------------------------------------------------------------
// Withdrawals

export type WithdrawalActor = "owner" | "operator" | "system";

/** One change of a withdrawal's status: who and when. */
export interface WithdrawalEvent {
	/** null for the request itself. */
	from: WithdrawalStatus | null;
	to: WithdrawalStatus;
	actor: WithdrawalActor;
	actorName: string | null;
	/** The reason of a rejection, the bank reference of a payment. */
	note: string | null;
	at: string;
}

export interface WithdrawalView {
	id: number;
	shopId: number;
	shopName: string;
	amount: number;
	status: WithdrawalStatus;
	card: { id: number; holder: string; bank: string; last4: string };
	rejectReason: string | null;
	bankReference: string | null;
	createdAt: string;
	/** Spec §9: the latest day it should arrive (10 working days after the request), YYYY-MM-DD, shop's local. */
	arrivesBy: string;
	/** The shop's time zone: its times read on the shop's clock wherever the reader is (the platform's desk). */
	shopTimezone: string;
	/** The day the bank transfer was made (YYYY-MM-DD, as the operator entered it); null until paid. */
	transferDate: string | null;
	/** Review rejected after it had been approved: the platform returned it (the bank refused it, say). */
	returned: boolean;
	/** Bumped by every change: the platform's review sends it back so two operators never both decide. */
	version: number;
	events: WithdrawalEvent[];
	/** Every time the platform read the full account number, oldest first (issue 28). */
	reveals: WithdrawalReveal[];
}

/** How the account number was read: one withdrawal's reveal, or a row of a bulk-transfer file. */
export type AccountRevealVia = "reveal" | "export";

/** One reading of a withdrawal's full account number: the owner sees when, the platform also who. */
export interface WithdrawalReveal {
	via: AccountRevealVia;
	/** The operator's name on the platform's pages; null on the owner's (the platform read it). */
	actorName: string | null;
	at: string;
}

/** `POST /merchant/withdrawals/create` (Idempotency-Key). */
export const CreateWithdrawalInput = z.strictObject({
	shopId: idField,
	/** Minor units. Missing or 0: spec §5 "enter withdrawal amount". */
	amount: z
		.number({ error: "enterWithdrawalAmount" })
		.int({ error: "enterWithdrawalAmount" })
		.positive({ error: "enterWithdrawalAmount" })
		.max(Number.MAX_SAFE_INTEGER, { error: "enterWithdrawalAmount" }),
	/** Missing: spec §5 "select a withdrawal account". */
	cardId: z
		.number({ error: "selectWithdrawalAccount" })
		.int({ error: "selectWithdrawalAccount" })
		.positive({ error: "selectWithdrawalAccount" }),
	code: smsCodeField,
});
export type CreateWithdrawalInput = z.input<typeof CreateWithdrawalInput>;

const withdrawalStatusQuery = queryInteger({ min: 0, max: 3 }).pipe(
	z.union(WITHDRAWAL_STATUSES.map((status) => z.literal(status))),
);

/** `GET /merchant/withdrawals?shopId=`: newest first. */
export const WithdrawalListQuery = z.object({
	shopId: queryIdField,
	status: withdrawalStatusQuery.optional(),
	cursor: oneLineText().max(20).regex(/^\d+$/, { error: "fieldInvalid" }).optional(),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(20),
});
export type WithdrawalListQuery = z.input<typeof WithdrawalListQuery>;

export interface WithdrawalPage {
	list: WithdrawalView[];
	nextCursor: string | null;
}

/** `GET /merchant/withdrawals/detail?shopId=&id=`. */
export const WithdrawalDetailQuery = z.object({ shopId: queryIdField, id: queryIdField });
export type WithdrawalDetailQuery = z.input<typeof WithdrawalDetailQuery>;

// ---------------------------------------------------------------------------------------------
// The platform's review (platform operators only)

/** `GET /platform/withdrawals`: every shop's, newest first, optionally of one status or shop. */
export const PlatformWithdrawalQuery = z.object({
	status: withdrawalStatusQuery.optional(),
	shopId: queryIdField.optional(),
	cursor: oneLineText().max(20).regex(/^\d+$/, { error: "fieldInvalid" }).optional(),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(20),
});
export type PlatformWithdrawalQuery = z.input<typeof PlatformWithdrawalQuery>;

/** `POST /platform/withdrawals/approve`: unaudited → awaiting arrival. */
export const ApproveWithdrawalInput = z.strictObject({ id: idField, version: z.number().int().min(0) });
export type ApproveWithdrawalInput = z.input<typeof ApproveWithdrawalInput>;

/** `POST /platform/withdrawals/reject`: unaudited → review rejected; the money returns to available. */
export const RejectWithdrawalInput = z.strictObject({
	id: idField,
	version: z.number().int().min(0),
	reason: multiLineText("fillRejectReason")
		.trim()
		.min(1, { error: "fillRejectReason", abort: true })
		.max(REJECT_REASON_MAX, { error: "textTooLong" }),
});
export type RejectWithdrawalInput = z.input<typeof RejectWithdrawalInput>;

/**
 * `POST /platform/withdrawals/paid`: awaiting arrival → already received, with the bank's
 * reference and the day of the transfer (the shop's local date: not after today, not before the
 * request). The same request again answers the withdrawal as it is; another operator's is refused.
 */
export const MarkWithdrawalPaidInput = z.strictObject({
	id: idField,
	version: z.number().int().min(0),
	reference: oneLineText("fillBankReference")
		.trim()
		.min(1, { error: "fillBankReference", abort: true })
		.max(BANK_REFERENCE_MAX, { error: "textTooLong" }),
	transferDate: localDateField,
});
export type MarkWithdrawalPaidInput = z.input<typeof MarkWithdrawalPaidInput>;

/**
 * `POST /platform/withdrawals/return`: awaiting arrival → review rejected, with the reason the
 * owner reads (the bank refused the transfer, say); the money returns to the shop's available.
 */
export const ReturnWithdrawalInput = z.strictObject({
	id: idField,
	version: z.number().int().min(0),
	reason: multiLineText("fillReturnReason")
		.trim()
		.min(1, { error: "fillReturnReason", abort: true })
		.max(RETURN_REASON_MAX, { error: "textTooLong" }),
});
export type ReturnWithdrawalInput = z.input<typeof ReturnWithdrawalInput>;

/**
 * `POST /platform/withdrawals/send-code` (no body): a step-up code to the signed-in operator's
 * own phone, answered as MoneyCodeSent; the reveal and the bulk-transfer file each spend one.
 */

/**
 * `POST /platform/withdrawals/reveal`: one approved (or paid) withdrawal's full account number
 * and holder, with the operator's step-up code (spent); the reading is logged, and the owner sees it.
 */
export const RevealWithdrawalInput = z.strictObject({ id: idField, code: smsCodeField });
export type RevealWithdrawalInput = z.input<typeof RevealWithdrawalInput>;

export interface RevealedAccount {
	withdrawalId: number;
	holder: string;
	bank: string;
	/** The full number, digits only. */
	accountNumber: string;
}

/**
 * `POST /platform/withdrawals/export`: every withdrawal awaiting arrival (of one shop, or all),
 * oldest first, at most PAYOUT_EXPORT_MAX, as a bank's bulk-transfer CSV (holder, account, bank,
 * amount, reference); a file, not the envelope. With the operator's step-up code (spent); every
 * row is logged as a reading of its account number.
 */
export const ExportPayoutsInput = z.strictObject({ code: smsCodeField, shopId: idField.optional() });
export type ExportPayoutsInput = z.input<typeof ExportPayoutsInput>;

/** The reference a payout's transfer carries in the bulk file: the bank statement then names the withdrawal. */
export function payoutReference(withdrawalId: number): string {
	return `BAYON-W${withdrawalId}`;
}

/** `GET /platform/shops`: every shop of the tenant with its wallet. */
export interface PlatformShopWallets {
	shops: WalletSummary[];
}

/** The platform's terms for every shop of the tenant. */
export interface PlatformSettings {
	commissionBps: number;
	holdHours: number;
	minimumWithdrawal: number;
}

/** `POST /platform/settings`: applies to earnings recorded (commission) and completed (hold) from now on. */
export const SavePlatformSettingsInput = z.strictObject({
	commissionBps: z
		.number({ error: "commissionInvalid" })
		.int({ error: "commissionInvalid" })
		.min(0, { error: "commissionInvalid" })
		.max(COMMISSION_BPS_MAX, { error: "commissionInvalid" }),
	holdHours: z
		.number({ error: "holdHoursInvalid" })
		.int({ error: "holdHoursInvalid" })
		.min(0, { error: "holdHoursInvalid" })
		.max(SETTLEMENT_HOLD_HOURS_MAX, { error: "holdHoursInvalid" }),
	minimumWithdrawal: z
		.number({ error: "minimumWithdrawalInvalid" })
		.int({ error: "minimumWithdrawalInvalid" })
		.min(1, { error: "minimumWithdrawalInvalid" })
		.max(100_000_000, { error: "minimumWithdrawalInvalid" }),
});
export type SavePlatformSettingsInput = z.input<typeof SavePlatformSettingsInput>;
