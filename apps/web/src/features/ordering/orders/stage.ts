import type { OrderStatus, OrderType, OrderView } from "@bayon/contract";

/**
 * What the customer is told about an order: the spec's stage names (§3: in production, delivery
 * in progress, delivered, waiting pickup, picked up, transaction complete, refund application in
 * progress) plus the states the spec leaves unnamed (awaiting payment, waiting for the shop,
 * cancelled, rejected, refunded).
 */
export type OrderStage =
	| "awaitingPayment"
	| "awaitingAcceptance"
	| "inProduction"
	| "waitingPickup"
	| "deliveryInProgress"
	| "pickedUp"
	| "delivered"
	| "transactionComplete"
	| "refundInProgress"
	| "refunded"
	| "cancelled"
	| "rejected";

type StageInput = Pick<OrderView, "status" | "orderType" | "paymentStatus" | "refundStatus">;

/** The one stage shown as the order's headline. */
export function orderStage(order: StageInput): OrderStage {
	if (order.refundStatus === "requested") return "refundInProgress";
	if (order.status === "refunded") return "refunded";
	if (order.refundStatus === "approved" || order.paymentStatus === "refunded") {
		return order.status === "cancelled" ? "cancelled" : order.status === "rejected" ? "rejected" : "refunded";
	}
	switch (order.status) {
		case "unpaid":
			return "awaitingPayment";
		case "new":
			return "awaitingAcceptance";
		case "in_production":
			return "inProduction";
		case "ready":
			return "waitingPickup";
		case "delivering":
			return "deliveryInProgress";
		case "completed":
			return "transactionComplete";
		case "cancelled":
			return "cancelled";
		case "rejected":
			return "rejected";
	}
}

/** The progress steps for an order type, in order. */
export function progressSteps(orderType: OrderType): OrderStage[] {
	return orderType === "takeout"
		? ["inProduction", "deliveryInProgress", "delivered", "transactionComplete"]
		: ["inProduction", "waitingPickup", "pickedUp", "transactionComplete"];
}

/** How far along the progress steps each status is; null: the order is not (or no longer) on them. */
const reached: Record<OrderStatus, number | null> = {
	unpaid: null,
	new: 0,
	in_production: 1,
	ready: 2,
	delivering: 2,
	completed: 4,
	cancelled: null,
	rejected: null,
	refunded: null,
};

/**
 * How many of `progressSteps` are done or current (0 before the shop starts, 4 when
 * completed), or null when the order has no progress to show: unpaid, or closed without
 * being completed (cancelled, rejected, refunded).
 */
export function progressReached(status: OrderStatus): number | null {
	return reached[status];
}

/** Still going: shown on the order tab. */
export function isCurrentOrder(order: Pick<OrderView, "status" | "refundStatus">): boolean {
	return (
		["unpaid", "new", "in_production", "ready", "delivering"].includes(order.status) ||
		order.refundStatus === "requested"
	);
}

type PaymentInput = Pick<OrderView, "status" | "paymentStatus" | "billId">;

/**
 * Waiting for the customer's money: an unpaid order, or a dine-in round that went to the
 * kitchen to be paid with the table's bill after the meal.
 */
export function isPendingPayment(order: PaymentInput): boolean {
	if (order.status === "unpaid") return true;
	return (
		order.billId !== null &&
		(order.paymentStatus === "unpaid" || order.paymentStatus === "paying") &&
		!["cancelled", "rejected", "refunded"].includes(order.status)
	);
}

/**
 * Whether the order's pickup number means anything to the customer: only once the shop has
 * it (paid, or on a table's bill) and never for a delivery, which nobody picks up.
 */
export function showsPickupNumber(order: Pick<OrderView, "status" | "orderType">): boolean {
	return order.orderType !== "takeout" && ["new", "in_production", "ready", "completed"].includes(order.status);
}

/** What is left of an unpaid order's payment window, as "m:ss"; null when none is left (or it has none). */
export function paymentTimeLeft(expiresAt: string | null, now: number): string | null {
	if (!expiresAt) return null;
	const left = Math.floor((Date.parse(expiresAt) - now) / 1000);
	if (!(left > 0)) return null;
	return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}
