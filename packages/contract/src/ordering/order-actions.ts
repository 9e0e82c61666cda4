import type { OrderType } from "../venues.js";

/**
 * An order's states, and what may be done to an order in its current state, decided here and
 * nowhere else: the server refuses anything not listed (order views carry the list as
 * `actions`), and both apps show a button for exactly what is listed. The order's views and
 * inputs (ordering.ts) use these; nothing here uses them.
 */

/** Order lifecycle on the server (the customer sees the spec's stage names, see orderStage). */
export const OrderStatus = {
	Unpaid: "unpaid",
	New: "new",
	InProduction: "in_production",
	Ready: "ready",
	Delivering: "delivering",
	Completed: "completed",
	Cancelled: "cancelled",
	Rejected: "rejected",
	/** A refund the shop approved: the money went back and the order is closed. */
	Refunded: "refunded",
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Spec §3 payment statuses. */
export type PaymentStatus = "unpaid" | "paying" | "paid" | "refunded";

export type RefundStatus = "none" | "requested" | "approved" | "rejected";

/** What the customer may do to their own order. */
export type CustomerOrderAction = "pay" | "cancel" | "confirmReceipt" | "requestRefund";

/** A step of the shop's one-tap lifecycle (the body of merchant/order/action). */
export type StaffStep = "accept" | "ready" | "dispatch" | "complete" | "reject";

/** What the shop's staff may do: a step, or decide an open refund request. */
export type StaffOrderAction = StaffStep | "approveRefund" | "refuseRefund";

export type OrderAction = CustomerOrderAction | StaffOrderAction;

/** The facts about an order that its allowed actions depend on. */
export interface OrderFacts {
	status: OrderStatus;
	orderType: OrderType;
	paymentStatus: PaymentStatus;
	refundStatus: RefundStatus;
	/** Dine-in paid after the meal: the table bill it is paid with. */
	billId: number | null;
	/** The end of an unpaid order's payment window (none for rounds on a table bill). */
	expiresAt: Date | string | null;
}

/** Where each staff step takes the order. */
export const STAFF_STEP_TARGET: Readonly<Record<StaffStep, OrderStatus>> = {
	accept: "in_production",
	ready: "ready",
	dispatch: "delivering",
	complete: "completed",
	reject: "rejected",
};

/**
 * An order is paid on its own while unpaid and inside its payment window. Rounds on a table
 * bill have no window: they are paid with their bill.
 */
export function isPayableOnItsOwn(order: Pick<OrderFacts, "status" | "expiresAt">, now: Date): boolean {
	return order.status === "unpaid" && order.expiresAt !== null && new Date(order.expiresAt) > now;
}

/** A refund can be asked for once the shop has accepted a paid order (before that: cancel), again after a refusal. */
function canRequestRefund(order: OrderFacts): boolean {
	return (
		order.paymentStatus === "paid" &&
		["in_production", "ready", "delivering", "completed"].includes(order.status) &&
		(order.refundStatus === "none" || order.refundStatus === "rejected")
	);
}

/**
 * The customer's choices. While a refund request waits for the shop there are none: the
 * order is neither being received nor asked about twice.
 */
export function customerOrderActions(order: OrderFacts, now: Date): CustomerOrderAction[] {
	if (order.refundStatus === "requested") return [];
	const actions: CustomerOrderAction[] = [];
	if (isPayableOnItsOwn(order, now)) actions.push("pay");
	// Before the shop accepts: an unpaid order simply closes, a paid one is refunded.
	if (order.status === "unpaid" || order.status === "new") actions.push("cancel");
	if (order.status === "ready" || order.status === "delivering") actions.push("confirmReceipt");
	if (canRequestRefund(order)) actions.push("requestRefund");
	return actions;
}

/**
 * The shop's choices: accept or reject a new order, mark it ready (pickup, dine-in) or send
 * it out (delivery), then complete it. An open refund request stops the order where it is
 * until the shop has decided it; closed orders (completed, cancelled, rejected, refunded)
 * offer nothing.
 */
export function staffOrderActions(order: OrderFacts): StaffOrderAction[] {
	if (order.refundStatus === "requested") return ["approveRefund", "refuseRefund"];
	switch (order.status) {
		case "new":
			return ["accept", "reject"];
		case "in_production":
			return [order.orderType === "takeout" ? "dispatch" : "ready"];
		case "ready":
		case "delivering":
			return ["complete"];
		default:
			return [];
	}
}
