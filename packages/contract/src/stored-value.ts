import { z } from "zod";
import { idField, multiLineText, oneLineText, queryIdField, queryInteger } from "./common.js";
import { Limits } from "./constants.js";
import type { Localized } from "./i18n.js";
import type { MessageKey } from "./messages.js";
import { RailCurrencyField } from "./payments/checkout.js";

/**
 * Stored value (issue 12, decision 021): a member's balance at the tenant, recharged through a
 * gateway with owner-set packages (pay X, receive X + bonus), spent on orders, VIP cards and at
 * the shop's counter with a one-minute payment code, and read back as the balance bill.
 *
 * Spec §9: stored value allows no refund, withdrawal, transfer or gift and accrues no points;
 * it is usable online and in the shops. Every movement is a ledger row (decision 021): the bill
 * is read from the ledger, never from a second copy.
 */

// ---------------------------------------------------------------------------------------------
// Recharge packages

export const RECHARGE_NAME_MAX = 30;
/** The largest single recharge: ten thousand in the major unit (two decimals). */
export const RECHARGE_AMOUNT_MAX = 1_000_000;
export const RECHARGE_PACKAGES_MAX = 20;
export const STORED_VALUE_AGREEMENT_MAX = 5000;
/** An unpaid recharge is given up after this long (the gateway's page is long closed by then). */
export const RECHARGE_EXPIRES_AFTER_MINUTES = 30;

/** A recharge package as a member sees it: pay `payAmount`, receive `payAmount + bonusAmount`. */
export interface RechargePackageView {
	id: number;
	name: string;
	payAmount: number;
	bonusAmount: number;
}

/** `GET /recharge/getMoneyList`: the packages on sale, the agreement in the reader's language, and (signed in) the balance. */
export interface RechargeMenu {
	packages: RechargePackageView[];
	/** The stored-value agreement, plain text with line breaks, in the reader's language. */
	agreement: string;
	/** Null for a visitor. */
	balance: number | null;
	/**
	 * Of the balance, the part given as recharge bonus (decision 027): spent in proportion with the
	 * rest, never on a booking's deposit or pre-order. Null for a visitor.
	 */
	bonusBalance: number | null;
}

/** Gateways a recharge can be paid through: never the balance itself. */
export const RECHARGE_PAY_METHODS = ["sandbox", "wechat", "alipay", "khqr"] as const;
export type RechargePayMethod = (typeof RECHARGE_PAY_METHODS)[number];

/**
 * `POST /member/user/recharge` (with an Idempotency-Key header: a double tap starts one
 * recharge). `agree` must be true: spec §5 "agree to the stored-value agreement".
 */
export const RechargeInput = z.strictObject({
	/** Missing: spec §5 "select recharge amount". */
	packageId: z
		.number({ error: "selectRechargeAmount" })
		.int({ error: "fieldInvalid" })
		.positive({ error: "fieldInvalid" }),
	payMethod: z.enum(RECHARGE_PAY_METHODS, { error: "rechargeMethodInvalid" }).default("sandbox"),
	railCurrency: RailCurrencyField,
	agree: z.literal(true, { error: "agreeStoredValue" }),
});
export type RechargeInput = z.input<typeof RechargeInput>;

export type RechargeStatus = "pending" | "paid" | "expired";

export interface RechargeView {
	id: number;
	status: RechargeStatus;
	payAmount: number;
	bonusAmount: number;
	packageName: string;
	createdAt: string;
	paidAt: string | null;
	/** Present when just started: where to send the payer. */
	redirectUrl?: string;
}

/** `GET /recharge/detail?id=`: one's own recharge (the page the gateway returns to polls it). */
export const RechargeIdQuery = z.object({ id: queryIdField });

// ---------------------------------------------------------------------------------------------
// The balance bill (`GET /member/user/getBill`)

/** What moved the balance: the bill's line titles and icons. */
export const BILL_ENTRY_KINDS = [
	"recharge",
	"bonus",
	"orderPayment",
	"refund",
	"cardPurchase",
	"counterPayment",
	"reservationPayment",
	"grant",
] as const;
export type BillEntryKind = (typeof BILL_ENTRY_KINDS)[number];

export const BILL_DIRECTIONS = ["all", "in", "out"] as const;
export type BillDirection = (typeof BILL_DIRECTIONS)[number];

export const BillQuery = z.object({
	direction: z.enum(BILL_DIRECTIONS, { error: "fieldInvalid" }).default("all"),
	/** The `nextCursor` of the previous page; absent for the newest entries. */
	cursor: oneLineText().max(40).regex(/^\d+$/, { error: "fieldInvalid" }).optional(),
	limit: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(20),
});
export type BillQuery = z.input<typeof BillQuery>;

/** What a bill line is about, for its link. */
export type BillLink =
	| { kind: "order"; id: number; orderNo: string }
	| { kind: "recharge"; id: number }
	| { kind: "reservation"; id: number }
	| { kind: "card"; id: number; name: string }
	| { kind: "counter"; id: number; shopName: string };

export interface BillEntry {
	/** The ledger entry's id. */
	id: number;
	kind: BillEntryKind;
	/** Signed, minor units: positive into the balance, negative out of it. */
	amount: number;
	/** The balance right after this movement. */
	balanceAfter: number;
	at: string;
	link: BillLink | null;
}

export interface BillPage {
	list: BillEntry[];
	/** Pass as `cursor` for the next page; null when there is none. */
	nextCursor: string | null;
	balance: number;
	/** Totals of the current calendar month (the tenant's time zone), all directions. */
	month: { month: string; in: number; out: number };
}

// ---------------------------------------------------------------------------------------------
// Paying with the balance at the counter

/** A payment code is good for one use within this many seconds (spec: "changes every minute"). */
export const PAY_CODE_TTL_SECONDS = 60;
/** Digits of a payment code, shown in groups of four and encoded in the QR code. */
export const PAY_CODE_LENGTH = 18;
/** `GET /member/user/pay-code`: a fresh code; asking again gives another and retires the old. */
export interface PayCodeView {
	code: string;
	expiresAt: string;
	balance: number;
}

export const payCodeField = oneLineText("payCodeRequired")
	.transform((value) => value.replace(/\s+/g, ""))
	.pipe(
		oneLineText("payCodeRequired")
			.min(1, { error: "payCodeRequired", abort: true })
			.regex(new RegExp(`^\\d{${PAY_CODE_LENGTH}}$`), { error: "payCodeInvalid" }),
	);

const counterAmountField = z
	.number({ error: "enterCounterAmount" })
	.int({ error: "fieldInvalid" })
	.min(1, { error: "enterCounterAmount" })
	.max(RECHARGE_AMOUNT_MAX * 10, { error: "counterAmountTooHigh" });

/** `POST /merchant/counter/charge` (Idempotency-Key header: a double tap charges once). */
export const CounterChargeInput = z.strictObject({
	shopId: idField,
	code: payCodeField,
	amount: counterAmountField,
	note: multiLineText().trim().max(Limits.remarkMaxLength, { error: "remarkTooLong" }).default(""),
});
export type CounterChargeInput = z.input<typeof CounterChargeInput>;

/** Staff may refund a counter payment once, on the shop's local day it was made. */
export const CounterRefundInput = z.strictObject({ shopId: idField, paymentId: idField });
export type CounterRefundInput = z.input<typeof CounterRefundInput>;

export const CounterPaymentsQuery = z.object({ shopId: queryIdField });

export interface CounterPaymentView {
	id: number;
	shopId: number;
	amount: number;
	note: string;
	/** The payer as staff see them: nickname and the last four digits of the phone. */
	payer: { nickname: string; mobileTail: string };
	/** The payer's balance after this payment (after the refund, once refunded). */
	balanceAfter: number;
	status: "paid" | "refunded";
	createdAt: string;
	refundedAt: string | null;
	/** Staff may still refund it (today, not yet refunded). */
	refundable: boolean;
	/** Who took it, for the day's list. */
	takenBy: string;
}

/**
 * What a member's screen is told when the counter charges or refunds their balance (the
 * `counter` of a live `balance.changed`). The shop's name comes in every language: the server
 * does not know which one the member's page shows.
 */
export interface CounterPaymentNotice {
	paymentId: number;
	shopName: Localized;
	amount: number;
	status: "paid" | "refunded";
}

// ---------------------------------------------------------------------------------------------
// Owner pages: packages, the agreement, members

/** Names in three languages; Chinese is required (the others fall back to it). */
export const localizedNameInput = (missing: MessageKey, max: number, tooLong: MessageKey) => {
	const translation = oneLineText().trim().max(max, { error: tooLong });
	return z.strictObject({
		"zh-CN": oneLineText(missing).trim().min(1, { error: missing, abort: true }).max(max, { error: tooLong }),
		en: translation.default(""),
		km: translation.default(""),
	});
};

const versionField = z
	.number({ error: "fieldInvalid" })
	.int({ error: "fieldInvalid" })
	.min(1, { error: "fieldInvalid" });

/** Saves a package (absent `id`: a new one). Tenant-wide: every shop sells the same balance. */
export const SaveRechargePackageInput = z
	.strictObject({
		/** A shop where the caller may manage members (the permission is per shop; packages are tenant-wide). */
		shopId: idField,
		id: idField.optional(),
		version: versionField.optional(),
		name: localizedNameInput("rechargeNameRequired", RECHARGE_NAME_MAX, "rechargeNameTooLong"),
		payAmount: z
			.number({ error: "rechargeAmountInvalid" })
			.int({ error: "rechargeAmountInvalid" })
			.min(1, { error: "rechargeAmountInvalid" })
			.max(RECHARGE_AMOUNT_MAX, { error: "rechargeAmountInvalid" }),
		bonusAmount: z
			.number({ error: "rechargeBonusInvalid" })
			.int({ error: "rechargeBonusInvalid" })
			.min(0, { error: "rechargeBonusInvalid" })
			.max(RECHARGE_AMOUNT_MAX, { error: "rechargeBonusInvalid" }),
		sort: z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).min(0).max(1000).default(0),
		onSale: z.boolean({ error: "fieldInvalid" }).default(true),
	})
	.refine((input) => input.id === undefined || input.version !== undefined, {
		error: "fieldInvalid",
		path: ["version"],
	});
export type SaveRechargePackageInput = z.input<typeof SaveRechargePackageInput>;

const agreementText = multiLineText().trim().max(STORED_VALUE_AGREEMENT_MAX, { error: "agreementTooLong" });
export const SaveStoredValueAgreementInput = z.strictObject({
	shopId: idField,
	agreement: z.strictObject({
		"zh-CN": agreementText.min(1, { error: "agreementRequired" }),
		en: agreementText.default(""),
		km: agreementText.default(""),
	}),
});
export type SaveStoredValueAgreementInput = z.input<typeof SaveStoredValueAgreementInput>;

export interface RechargePackageAdmin {
	id: number;
	version: number;
	name: Localized;
	payAmount: number;
	bonusAmount: number;
	sort: number;
	onSale: boolean;
	/** Recharges paid with it so far. */
	soldCount: number;
}

/** `GET /merchant/stored-value?shopId=`: the owner's page. */
export interface StoredValueAdmin {
	packages: RechargePackageAdmin[];
	agreement: Localized;
	/** Money members hold now, in total (a liability of the business), and bonus given so far. */
	totals: { balances: number; bonusGiven: number; members: number };
}

export const MemberListQuery = z.object({
	shopId: queryIdField,
	/** Part of a nickname, or digits of a phone. */
	q: oneLineText().trim().max(30).default(""),
	cursor: oneLineText().max(40).regex(/^\d+$/, { error: "fieldInvalid" }).optional(),
	limit: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(20),
});
export type MemberListQuery = z.input<typeof MemberListQuery>;

export interface MemberSummary {
	memberId: number;
	nickname: string;
	/**
	 * Masked for every reader (138****0003, issue 27): an owner reveals one member's full number
	 * with RevealMemberMobileInput, and each reveal is on the shop's change log.
	 */
	mobile: string;
	balance: number;
	/** The active VIP card, if any. */
	card: { name: string; expiresAt: string } | null;
	/** Last order, booking arrival or counter payment at any shop of the tenant. */
	lastVisitAt: string | null;
	joinedAt: string;
}

export interface MemberPage {
	list: MemberSummary[];
	nextCursor: string | null;
}

/** `POST /merchant/members/mobile`: one member's full phone number, for a shop's owner (permission `memberContact`). */
export const RevealMemberMobileInput = z.strictObject({ shopId: idField, memberId: idField });
export type RevealMemberMobileInput = z.infer<typeof RevealMemberMobileInput>;

export interface MemberMobile {
	memberId: number;
	mobile: string;
}
