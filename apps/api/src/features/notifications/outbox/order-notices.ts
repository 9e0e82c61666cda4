import type { MemberNoticeKind, OrderStatus, OrderType, RefundStatus, ShopNoticeKind } from "@bayon/contract";
import type { RawBuilder, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { memberMessageRows, messagesInsert, shopGroupMessageRows } from "./outbox.js";

/** What an order change tells: the customer in their chat, and the shop's staff group. */
export interface OrderNotices {
	member: MemberNoticeKind[];
	shop: ShopNoticeKind[];
}

/**
 * The bot's news of one order change, decided from the state before and the columns changed
 * (pure: `changeOrder` and the paths that change an order without it all ask here).
 *
 * - Paid on its own (unpaid → new, paid): the customer hears "paid", the staff "new order".
 *   Rounds of a table bill are paid with the bill: the diner who paid sees the bill settle in the
 *   app, and a message per round would repeat one payment several times — no news there.
 * - Accepted (→ in_production): "accepted". Ready: "ready for pickup", for pickup orders only
 *   (at a table the food is brought). Out for delivery (→ delivering): "on its way".
 * - Delivered: a delivery order the shop completes (delivering → completed). The customer who
 *   confirms receipt themselves needs no message saying so.
 * - A refund request tells the staff; its decision tells the customer. A refund can be asked
 *   for again after a refusal, so these carry the request's time as their occurrence.
 */
export function orderNoticesFor(
	before: { status: OrderStatus; orderType: OrderType },
	change: { status?: OrderStatus; paymentStatus?: string; refundStatus?: RefundStatus },
	actor: "customer" | "staff" | "system",
): OrderNotices {
	const member: MemberNoticeKind[] = [];
	const shop: ShopNoticeKind[] = [];
	const to = change.status ?? before.status;
	if (to !== before.status) {
		if (before.status === "unpaid" && to === "new" && change.paymentStatus === "paid") {
			member.push("orderPaid");
			shop.push("shopNewOrder");
		} else if (to === "in_production") member.push("orderAccepted");
		else if (to === "ready" && before.orderType === "takein") member.push("orderReady");
		else if (to === "delivering") member.push("orderDelivering");
		else if (
			to === "completed" &&
			before.status === "delivering" &&
			before.orderType === "takeout" &&
			actor !== "customer"
		)
			member.push("orderDelivered");
	}
	if (change.refundStatus === "requested") shop.push("shopRefundRequested");
	else if (change.refundStatus === "approved") member.push("refundApproved");
	else if (change.refundStatus === "rejected") member.push("refundRejected");
	return { member, shop };
}

/** The order's columns the messages need; `changeOrder` gets them back from its own update. */
export interface NoticedOrder {
	id: number;
	tenant_id: number;
	shop_id: number;
	member_id: number;
	refund_requested_at: Date | string | null;
}

/** Queues the messages of `notices` in the change's transaction: one statement for all, none when there are none. */
export async function tellOrderNews(
	trx: Transaction<DB>,
	order: NoticedOrder,
	notices: OrderNotices,
	now: Date,
): Promise<void> {
	await orderNewsInsert(order, notices, now)?.execute(trx);
}

/**
 * tellOrderNews' statement, unexecuted: for a change that writes its news in the same statement
 * as itself (a payment, decision 025). Null when there is no news.
 */
export function orderNewsInsert(
	order: NoticedOrder,
	notices: OrderNotices,
	now: Date,
): RawBuilder<Record<string, never>> | null {
	return messagesInsert([
		...notices.member.map((kind) =>
			memberMessageRows({
				tenantId: order.tenant_id,
				memberId: order.member_id,
				kind,
				subjectId: order.id,
				shopId: order.shop_id,
				...refundOccurrence(kind, order),
				now,
			}),
		),
		...notices.shop.map((kind) =>
			shopGroupMessageRows({
				tenantId: order.tenant_id,
				shopId: order.shop_id,
				kind,
				subjectId: order.id,
				...refundOccurrence(kind, order),
				now,
			}),
		),
	]);
}

/** A refund's messages name the request they answer (its time), so a second request is news again. */
function refundOccurrence(kind: MemberNoticeKind | ShopNoticeKind, order: NoticedOrder): { occurrence?: number } {
	if (kind !== "shopRefundRequested" && kind !== "refundApproved" && kind !== "refundRejected") return {};
	if (order.refund_requested_at === null) return {};
	return { occurrence: new Date(order.refund_requested_at).getTime() };
}
