import {
	type CustomerOrderAction,
	customerOrderActions,
	ErrorCode,
	isPayableOnItsOwn as isPayable,
	type OrderFacts,
	type OrderStatus,
	type StaffOrderAction,
	staffOrderActions,
} from "@bayon/contract";
import type { Selectable } from "kysely";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";

export type Status = OrderStatus;
type FailureCode = Exclude<ErrorCode, 0>;

type OrderRow = Pick<
	Selectable<DB["customer_order"]>,
	"status" | "order_type" | "payment_status" | "refund_status" | "bill_id" | "expires_at"
>;

/** An order row as the contract's action rules read it. */
export function factsOf(row: OrderRow): OrderFacts {
	return {
		status: row.status,
		orderType: row.order_type,
		paymentStatus: row.payment_status,
		refundStatus: row.refund_status,
		billId: row.bill_id,
		expiresAt: row.expires_at,
	};
}

/**
 * An order is paid on its own while unpaid and inside its payment window. Orders on a
 * table bill (paid after the meal) have no window: they are paid with their bill.
 */
export function isPayableOnItsOwn(order: { status: Status; expires_at: Date | string | null }, now: Date): boolean {
	return isPayable({ status: order.status, expiresAt: order.expires_at }, now);
}

/** What the customer is told when they try what the order's state does not allow. */
const refusalOf: Record<CustomerOrderAction, FailureCode> = {
	pay: ErrorCode.OrderNotPayable,
	cancel: ErrorCode.OrderNotCancellable,
	requestRefund: ErrorCode.RefundNotAllowed,
	confirmReceipt: ErrorCode.OrderStateChanged,
};

/** Throws the action's refusal unless the order's state allows the customer `action` now. */
export function requireCustomerAction(row: OrderRow, action: CustomerOrderAction, now: Date): void {
	if (!customerOrderActions(factsOf(row), now).includes(action)) throw new BusinessError(refusalOf[action]);
}

/**
 * Throws unless the order's state allows the staff `action`. Staff act on what the board
 * showed them; if it is no longer allowed, someone else moved the order first.
 */
export function requireStaffAction(row: OrderRow, action: StaffOrderAction): void {
	if (!staffOrderActions(factsOf(row)).includes(action)) throw new BusinessError(ErrorCode.OrderStateChanged);
}
