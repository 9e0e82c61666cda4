import type { Kysely, OperationNodeSource, RawBuilder, Selectable, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { earningIsFinal, shopEarningInsert } from "../merchant-wallet/earnings.js";
import { type AccountRef, postLedgerMoves } from "../wallet/ledger.js";

type OrderMoney = Pick<Selectable<DB["customer_order"]>, "id" | "tenant_id" | "shop_id" | "total"> & {
	/**
	 * The order's status as of this moment in the caller's transaction, when the caller holds the
	 * order locked and knows it: the earning needs it, and is otherwise read. (Not `status`: a row
	 * passed in may be older than an update made since.)
	 */
	knownStatus?: Selectable<DB["customer_order"]>["status"];
};

/**
 * Part of an order paid by a booking's deposit credited to the table's bill (issue 11): that
 * part leaves the tenant's reservation_hold account instead of the payer's source.
 */
export interface DepositCredit {
	amount: number;
	reservationId: number;
}

/**
 * Moves an order's total from where it was paid (a wallet, or the outside world for gateways
 * and the counter) to its shop's revenue, once: the ledger key `order:<id>:payment` makes a
 * second payment of the same order impossible, however it arrives. A free order moves nothing.
 * With a deposit credit, that part comes from the held deposit in the same transaction.
 * The shop's pending money it credits is recorded as the order's earning (decision 023).
 * Answers the source account's balance after the payment when it moved it (else undefined).
 * Given the database instead of a transaction, the payment is one statement on its own
 * (`postLedgerMoves`), written only if `onlyIf` finds its row then.
 */
export async function bookOrderPayment(
	trx: Kysely<DB> | Transaction<DB>,
	order: OrderMoney,
	source: AccountRef,
	now: Date,
	credit?: DepositCredit,
	/** The payment's other writes, in its statement (`postLedgerMoves`' alsoWrite); not done for a free order. */
	alsoWrite: OperationNodeSource[] = [],
	onlyIf?: RawBuilder<unknown>,
): Promise<number | undefined> {
	if (order.total === 0) return undefined;
	const fromCredit = Math.min(credit?.amount ?? 0, order.total);
	const fromSource = order.total - fromCredit;
	const earning = {
		source: "order" as const,
		orderId: order.id,
		reservationId: fromCredit > 0 ? credit?.reservationId : null,
		...(order.knownStatus !== undefined ? { orderStatus: order.knownStatus } : {}),
		tenantId: order.tenant_id,
		shopId: order.shop_id,
		gross: order.total,
		now,
	};
	const completed = await earningIsFinal(trx, earning);
	const posted = await postLedgerMoves(trx, {
		tenantId: order.tenant_id,
		kind: "order_payment",
		idempotencyKey: `order:${order.id}:payment`,
		orderId: order.id,
		reservationId: fromCredit > 0 ? credit?.reservationId : null,
		now,
		moves: [
			...(fromSource > 0 ? [{ account: source, amount: -fromSource }] : []),
			...(fromCredit > 0
				? [{ account: { kind: "reservation_hold" as const, tenantId: order.tenant_id }, amount: -fromCredit }]
				: []),
			{ account: { kind: "shop_revenue", tenantId: order.tenant_id, shopId: order.shop_id }, amount: order.total },
		],
		// In the ledger transaction's own statement: the shop's revenue account is locked from
		// its update to commit, so nothing goes between them (decision 025).
		alsoWrite: (ledgerTxnId) => [shopEarningInsert(trx, { ...earning, completed, ledgerTxnId }), ...alsoWrite],
		...(onlyIf ? { onlyIf } : {}),
	});
	return posted?.balanceAfter(source);
}
