import type { OrderType } from "@bayon/contract";
import type { UiKey } from "../../../lib/i18n/locales/zh-CN";

/**
 * The words each order type needs (issue 27): a pickup is picked up, a delivery received, a
 * dine-in order served at the table. One place, so the pay page and the order page never
 * say "pickup time" at a table or "confirm receipt" (a parcel's word) for a pickup.
 */

/** The label of the time the customer chooses on the pay page and reads on the order. */
export const ORDER_TIME_LABEL: Readonly<Record<OrderType, UiKey>> = {
	takein: "pay.pickupTime",
	takeout: "pay.deliveryTime",
	desk: "pay.diningTime",
};

/** The customer's button for the contract's `confirmReceipt` action (order-actions.ts). */
export const CONFIRM_RECEIPT_LABEL: Readonly<Record<OrderType, UiKey>> = {
	takein: "orders.confirmPickedUp",
	takeout: "orders.confirmReceived",
	desk: "orders.confirmServed",
};
