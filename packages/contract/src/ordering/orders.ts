import { z } from "zod";
import { idField, mobileField, multiLineText, oneLineText, queryIdField, queryInteger } from "../common.js";
import { Limits } from "../constants.js";
import { RailCurrencyField } from "../payments/checkout.js";
import { type OrderType, orderTypeField } from "../venues.js";
import { CartLineInput, type PriceDiscount, type PricedCartLine, type WaivedDeliveryFee } from "./cart.js";
import type { OrderAction, OrderStatus, PaymentStatus, RefundStatus, StaffStep } from "./order-actions.js";

export const PayMethod = {
	Balance: "balance",
	Sandbox: "sandbox",
	Wechat: "wechat",
	Alipay: "alipay",
	Khqr: "khqr",
} as const;
export type PayMethod = (typeof PayMethod)[keyof typeof PayMethod];
/** How an order was paid: a customer's method, or at the shop's counter (cash or card, by the staff). */
export type PaidWith = PayMethod | "counter";
const payMethodField = z.enum(["balance", "sandbox", "wechat", "alipay", "khqr"], { error: "fieldInvalid" });

/** Spec §3 order list filter: all −1, pending payment 0, in progress 1, completed 4, refund −3. */
export const OrderListFilter = { All: -1, PendingPayment: 0, InProgress: 1, Completed: 4, Refund: -3 } as const;

/** "As soon as possible", or a pickup/delivery time (ISO instant) within opening hours. */
export const pickupTimeField = z.union(
	[z.literal("asap"), z.iso.datetime({ offset: true, error: "chooseCorrectTime" })],
	{
		error: "chooseCorrectTime",
	},
);

export const PlaceOrderInput = z.strictObject({
	shopId: idField,
	orderType: orderTypeField,
	lines: z.array(CartLineInput).min(1).max(50),
	addressId: idField.optional(),
	tableToken: oneLineText().max(300).optional(),
	diners: z
		.number({ error: "selectDiners" })
		.int({ error: "selectDiners" })
		.min(1, { error: "selectDiners" })
		.max(50, { error: "selectDiners" })
		.optional(),
	contactPhone: mobileField.optional(),
	remark: multiLineText().trim().max(Limits.remarkMaxLength, { error: "remarkTooLong" }).default(""),
	pickupTime: pickupTimeField.default("asap"),
	/** One of the member's unused coupons (issue 13): checked again and marked used with the order. */
	couponId: idField.optional(),
});
export type PlaceOrderInput = z.input<typeof PlaceOrderInput>;

export const PayOrderInput = z.strictObject({
	orderId: idField,
	payMethod: payMethodField,
	/** KHQR only: pay in the shop's second currency (riel) instead of its own. */
	railCurrency: RailCurrencyField,
});

export const OrderIdInput = z.strictObject({ orderId: idField });

export const OrderListQuery = z.object({
	type: queryInteger({ min: -3, max: 4 })
		.refine((v) => Object.values<number>(OrderListFilter).includes(v), { error: "fieldInvalid" })
		.default(OrderListFilter.All),
	page: queryInteger({ min: 1 }).default(1),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(10),
});

/** Header carrying the client's idempotency key on money and stock mutations. */
export const IDEMPOTENCY_HEADER = "idempotency-key";

/** An order line: the priced cart line it was placed from, without the cart's bookkeeping. */
export type OrderLineView = Omit<PricedCartLine, "index" | "problems">;

export interface OrderView {
	id: number;
	orderNo: string;
	shopId: number;
	shopName: string;
	/** IANA zone of the shop: order times read on the shop's clock, wherever the reader is. */
	shopTimeZone: string;
	orderType: OrderType;
	status: OrderStatus;
	paymentStatus: PaymentStatus;
	payMethod: PaidWith | null;
	pickupNumber: string;
	pickupAt: string | null;
	tableNumber: string | null;
	diners: number | null;
	/** Dine-in paid after the meal: the table bill this order is on (paid together with it). */
	billId: number | null;
	deliveryAddress: { recipient: string; phone: string; address: string; houseNumber: string } | null;
	contactPhone: string | null;
	remark: string;
	lines: OrderLineView[];
	subtotal: number;
	deliveryFee: number;
	/** A delivery fee the member's VIP card waived (deliveryFee is then 0). */
	deliveryFeeWaived: WaivedDeliveryFee | null;
	/** The VIP card's discount (issue 12) and the coupon's (issue 13), as priced when the order was placed. */
	discounts: PriceDiscount[];
	/** The member's coupon used on it (given back when an unpaid order is cancelled or expires). */
	couponId: number | null;
	total: number;
	/** "employee help" when staff placed it for the customer, else "user ordering". */
	source: "user" | "staff";
	createdAt: string;
	expiresAt: string | null;
	paidAt: string | null;
	refundStatus: RefundStatus;
	/** Paid orders of the same shop and day still ahead of this one in the kitchen (customer views). */
	ordersAhead?: number;
	refundReason: string | null;
	refundDecisionNote: string | null;
	/**
	 * Money on its way back to the payment method that paid (gateway payments only; a
	 * balance refund is immediate): the order may show refunded while this is still pending.
	 */
	refundTransfer: RefundTransfer | null;
	/**
	 * What the reader may do to the order now (order-actions.ts): the customer's choices in
	 * customer views, the staff's in the shop's. Anything else is refused by the server.
	 */
	actions: OrderAction[];
	/** Customer's phone and name, for the shop's staff only. */
	customer?: { mobile: string; nickname: string };
}

export interface RefundTransfer {
	/** awaiting_transfer: paid by KHQR, which has no refund call; the money goes back by a bank transfer staff make. */
	status: "pending" | "succeeded" | "failed" | "awaiting_transfer";
	amount: number;
}

const reasonField = multiLineText("enterReason")
	.trim()
	.min(1, { error: "enterReason", abort: true })
	.max(200, { error: "reasonTooLong" });

export const RefundRequestInput = z.strictObject({ orderId: idField, reason: reasonField });

export const StaffOrderActionInput = z.strictObject({
	orderId: idField,
	action: z.enum(["accept", "ready", "dispatch", "complete", "reject"] satisfies StaffStep[], {
		error: "fieldInvalid",
	}),
	/** Required to reject: the customer sees it. */
	reason: reasonField.optional(),
});

export const RefundDecisionInput = z.strictObject({
	orderId: idField,
	approve: z.boolean({ error: "fieldInvalid" }),
	note: reasonField.optional(),
});

export const MerchantOrderListQuery = z.object({
	shopId: queryIdField,
	/** active: waiting for the shop or in progress, plus open refund requests. */
	scope: z.enum(["active", "all"]).default("active"),
	page: queryInteger({ min: 1 }).default(1),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(20),
});

/** Staff order on behalf of a customer found by phone ("employee help"). */
export const StaffPlaceOrderInput = PlaceOrderInput.extend({ customerMobile: mobileField });

export interface PaymentResult {
	orderId: number;
	paymentStatus: PaymentStatus;
	/** The customer's wallet balance after paying from it. */
	balance?: number;
	/** Hosted gateways: where to send the payer to approve the payment. */
	redirectUrl?: string;
}

const tableTokenField = oneLineText("tableInvalid").min(1, { error: "tableInvalid" }).max(300);
/**
 * A table's open bill, asked for by anyone seated at the table. `tableToken` is the seating
 * token scanning the table's QR code handed out (`ResolvedTable.token`), not the printed code.
 */
export const TableBillQuery = z.object({ tableToken: tableTokenField });

/**
 * Pays every unpaid round of the table's open bill. `expectedTotal` is what the payer saw:
 * if a round was added or removed meanwhile the payment is refused, never silently changed.
 */
export const PayBillInput = z.strictObject({
	tableToken: tableTokenField,
	payMethod: payMethodField,
	railCurrency: RailCurrencyField,
	expectedTotal: z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).min(0, { error: "fieldInvalid" }),
});

/** The staff close a bill with nothing due (rounds cancelled, or a deposit covers them); money due is taken with the counter's Take payment. */
export const SettleBillInput = z.strictObject({
	billId: idField,
	expectedTotal: z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).min(0, { error: "fieldInvalid" }),
});

export const MerchantBillListQuery = z.object({ shopId: queryIdField });

/** The staff take an unpaid round off the table's bill (a stranger added it, or nobody at the table wants it). */
export const RemoveRoundInput = z.strictObject({ orderId: idField });

/**
 * The staff clear the table: its seating ends and every code handed out for it stops working.
 * `expectedTotal` is the unpaid amount the staff saw and agree to cancel (0 when nothing is
 * unpaid): a bill that changed meanwhile is refused, so no round is cancelled unseen.
 */
export const ClearTableInput = z.strictObject({
	billId: idField,
	expectedTotal: z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).min(0, { error: "fieldInvalid" }),
});

/** Why a seating's codes no longer work: its bill was paid, the staff closed it, or the table's code was reprinted. */
export type SeatingEndReason = "paid" | "closed" | "codeChanged";

/**
 * `data` of a SeatingEnded answer. `bill` is the ended seating's bill for a caller who took
 * part in it (ordered a round or paid it), so a payer coming back sees what they settled;
 * null for anyone else.
 */
export interface SeatingEndedData {
	reason: SeatingEndReason;
	bill: TableBillView | null;
}

export type BillSettleMethod = PaidWith | "nothing_due";

/** One round ordered at the table. */
export interface BillRoundView {
	orderId: number;
	orderNo: string;
	pickupNumber: string;
	status: OrderStatus;
	paymentStatus: PaymentStatus;
	lines: OrderLineView[];
	total: number;
	createdAt: string;
	/** Whether the caller placed this round (customer views). */
	mine?: boolean;
	/** Who placed it, for the staff: nickname and masked phone. */
	orderedBy?: { nickname: string; mobile: string };
}

export interface TableBillView {
	id: number;
	shopId: number;
	tableId: number;
	tableNumber: string;
	status: "open" | "settled";
	openedAt: string;
	settledAt: string | null;
	settleMethod: BillSettleMethod | null;
	rounds: BillRoundView[];
	/**
	 * Still to pay: the unpaid rounds that were not cancelled or rejected, less `credit`
	 * (never below zero).
	 */
	due: number;
	/** A booking's deposit credited to this bill at arrival (issue 11); 0 when none. */
	credit: number;
	/** Paid when settled. */
	paidTotal: number;
	diners: number | null;
}

export interface BillPaymentResult {
	bill: TableBillView;
	/** Hosted gateways: where to send the payer to approve the payment. */
	redirectUrl?: string;
	/** The payer's wallet balance after paying from it. */
	balance?: number;
}
