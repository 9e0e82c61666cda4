import type { Selectable } from "kysely";
import type { DB } from "../../db/schema.js";
import type { AppDeps } from "../../http/deps.js";
import { recordOrderPaid, recordOrderPlaced } from "../../lib/metrics.js";
import type { TableEvent } from "../../realtime/bus.js";
import { tellBillClosed } from "./bills/seating-hooks.js";

/** What an order event tells about the order: the columns announceOrderChange would read. */
export type AnnouncedOrder = Pick<
	Selectable<DB["customer_order"]>,
	"tenant_id" | "shop_id" | "member_id" | "status" | "payment_status" | "refund_status"
>;

/**
 * Tells every connected app that an order changed; call after the change has committed. A
 * caller whose transaction already holds the order as committed passes it as `known`, which
 * saves reading it back.
 */
export async function announceOrderChange(
	deps: AppDeps,
	orderId: number,
	reason: string,
	known?: AnnouncedOrder,
): Promise<void> {
	const row =
		known ??
		(await deps.db
			.selectFrom("customer_order")
			.select(["tenant_id", "shop_id", "member_id", "status", "payment_status", "refund_status"])
			.where("id", "=", orderId)
			.executeTakeFirst());
	if (!row) return;
	// Counted here, on the server that made the change, not by the bus's listeners: every
	// server hears every event, so counting there would count each order once per server.
	if (reason === "created") recordOrderPlaced(deps.metrics);
	else if (reason === "paid") recordOrderPaid(deps.metrics);
	await deps.events
		.publish({
			type: "order.changed",
			tenantId: row.tenant_id,
			orderId,
			shopId: row.shop_id,
			memberId: row.member_id,
			status: row.status,
			paymentStatus: row.payment_status,
			refundStatus: row.refund_status,
			reason,
		})
		// The change itself is committed; a lost notification is healed by the apps refetching.
		.catch(() => {});
}

/** Why a table's square on the staff's grid changed, as far as ordering knows (decision 016). */
export type TableChangeReason = "seated" | "ordered" | "roundRemoved" | "settled" | "cleared";

/**
 * Tells the shop's staff that a table's seating changed (a diner scanned, a round joined or
 * left the bill, the bill was settled), so their grid refetches at once rather than at its
 * next poll. Call after the change has committed.
 */
export async function announceBillChange(
	deps: AppDeps,
	billId: number | null | undefined,
	reason: TableChangeReason,
): Promise<void> {
	if (billId == null) return;
	const bill = await deps.db
		.selectFrom("table_bill")
		.select(["tenant_id", "shop_id", "table_id", "reservation_id"])
		.where("id", "=", billId)
		.executeTakeFirst();
	if (!bill) return;
	await announceTableEvent(deps, {
		type: "table.changed",
		tenantId: bill.tenant_id,
		shopId: bill.shop_id,
		tableId: bill.table_id,
		reason,
	});
	// A booking seated at the bill ended with it (the seating hooks' billSettled): its pages follow.
	if (reason === "settled" || reason === "cleared")
		await tellBillClosed(deps, { id: billId, reservationId: bill.reservation_id });
}

/** Publishes a table event; the change is committed, and a lost notification is healed by the grid's refetch. */
export async function announceTableEvent(deps: AppDeps, event: TableEvent): Promise<void> {
	await deps.events.publish(event).catch(() => {});
}
