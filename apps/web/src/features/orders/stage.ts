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

const reached: Record<OrderStatus, number> = {
	unpaid: -1,
	new: -1,
	in_production: 0,
	ready: 1,
	delivering: 1,
	completed: 3,
	cancelled: -1,
	rejected: -1,
};

/** How many of `progressSteps` are done or current (0 before the shop starts, 4 when completed). */
export function progressReached(status: OrderStatus): number {
	return reached[status] + 1;
}

/** Still going: shown on the order tab. */
export function isCurrentOrder(order: Pick<OrderView, "status" | "refundStatus">): boolean {
	return (
		["unpaid", "new", "in_production", "ready", "delivering"].includes(order.status) ||
		order.refundStatus === "requested"
	);
}

/** The actions the customer may take now (the server checks each again). */
export function orderActions(order: StageInput & { expiresAt?: string | null }, now = Date.now()) {
	const unpaid = order.status === "unpaid" && order.paymentStatus !== "paid";
	const expired = !!order.expiresAt && Date.parse(order.expiresAt) <= now;
	return {
		pay: unpaid && !expired,
		cancel: order.status === "unpaid" || order.status === "new",
		confirmReceived: order.status === "ready" || order.status === "delivering",
		refund:
			order.paymentStatus === "paid" &&
			["in_production", "ready", "delivering", "completed"].includes(order.status) &&
			(order.refundStatus === "none" || order.refundStatus === "rejected"),
	};
}
