import type { OrderType } from "@bayon/contract";

export type Status =
	| "unpaid"
	| "new"
	| "in_production"
	| "ready"
	| "delivering"
	| "completed"
	| "cancelled"
	| "rejected";

/** What the shop's staff can do to an order. */
export type StaffAction = "accept" | "ready" | "dispatch" | "complete" | "reject";

/**
 * The shop's side of the lifecycle: accept a paid order, mark it ready (pickup, dine-in) or
 * out for delivery (takeout), then completed; or reject a paid order before accepting it.
 * Returns the next status, or null when the action does not apply in this state.
 */
export function nextStatusForStaff(action: StaffAction, status: Status, orderType: OrderType): Status | null {
	switch (action) {
		case "accept":
			return status === "new" ? "in_production" : null;
		case "ready":
			return status === "in_production" && orderType !== "takeout" ? "ready" : null;
		case "dispatch":
			return status === "in_production" && orderType === "takeout" ? "delivering" : null;
		case "complete":
			return status === "ready" || status === "delivering" ? "completed" : null;
		case "reject":
			return status === "new" ? "rejected" : null;
	}
}

/**
 * An order is paid on its own while unpaid and inside its payment window. Orders on a
 * table bill (paid after the meal) have no window: they are paid with their bill.
 */
export function isPayableOnItsOwn(order: { status: Status; expires_at: Date | string | null }, now: Date): boolean {
	return order.status === "unpaid" && order.expires_at !== null && new Date(order.expires_at) > now;
}

/** The customer may confirm receipt once the food is ready or on its way. */
export function canConfirmReceived(status: Status): boolean {
	return status === "ready" || status === "delivering";
}

/** A refund can be asked for once the shop has accepted a paid order (before that: cancel). */
export function canRequestRefund(order: { status: Status; paymentStatus: string; refundStatus: string }): boolean {
	return (
		order.paymentStatus === "paid" &&
		["in_production", "ready", "delivering", "completed"].includes(order.status) &&
		(order.refundStatus === "none" || order.refundStatus === "rejected")
	);
}
