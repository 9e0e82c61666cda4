import type { Selectable, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { type AccountRef, postLedgerTxn } from "../wallet/ledger.js";

type OrderMoney = Pick<Selectable<DB["customer_order"]>, "id" | "tenant_id" | "shop_id" | "total">;

/**
 * Moves an order's total from where it was paid (a wallet, or the outside world for gateways
 * and the counter) to its shop's revenue, once: the ledger key `order:<id>:payment` makes a
 * second payment of the same order impossible, however it arrives. A free order moves nothing.
 */
export async function bookOrderPayment(
	trx: Transaction<DB>,
	order: OrderMoney,
	source: AccountRef,
	now: Date,
): Promise<void> {
	if (order.total === 0) return;
	await postLedgerTxn(trx, {
		tenantId: order.tenant_id,
		kind: "order_payment",
		idempotencyKey: `order:${order.id}:payment`,
		orderId: order.id,
		now,
		moves: [
			{ account: source, amount: -order.total },
			{ account: { kind: "shop_revenue", tenantId: order.tenant_id, shopId: order.shop_id }, amount: order.total },
		],
	});
}
