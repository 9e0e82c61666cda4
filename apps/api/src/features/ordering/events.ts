import type { AppDeps } from "../../http/deps.js";

/** Tells every connected app that an order changed; call after the change has committed. */
export async function announceOrderChange(deps: AppDeps, orderId: number, reason: string): Promise<void> {
	const row = await deps.db
		.selectFrom("customer_order")
		.select(["tenant_id", "shop_id", "member_id", "status", "payment_status", "refund_status"])
		.where("id", "=", orderId)
		.executeTakeFirst();
	if (!row) return;
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
