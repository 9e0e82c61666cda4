import type { Kysely, OperationNodeSource, RawBuilder, Selectable, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { earningIsFinal, shopEarningInsert } from "../../merchant-wallet/earnings/earnings.js";
import { debitWallet, lockWalletParts, type SpendSplit, splitSpend, type WalletParts } from "../../wallet/bonus.js";
import { type AccountRef, type LedgerMove, postLedgerMoves } from "../../wallet/ledger.js";

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
 * Paid from a member's balance, the part of it that is recharge bonus goes back to the tenant's
 * bonus account and the shop earns the rest (decision 027, wallet/bonus.ts): in a transaction
 * the wallet is locked and split exactly; on its own, split as `walletSeen` (read just before),
 * and a wallet changed meanwhile so that a part would go below zero refuses the statement
 * (InsufficientBalance: the caller tries again the locked way).
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
	walletSeen?: WalletParts,
): Promise<number | undefined> {
	if (order.total === 0) return undefined;
	const fromCredit = Math.min(credit?.amount ?? 0, order.total);
	const fromSource = order.total - fromCredit;
	const split = await splitOfSource(trx, source, fromSource, walletSeen);
	// What the shop earns: all of it but the bonus part of a balance payment.
	const earned = order.total - split.bonus;
	const earning = {
		source: "order" as const,
		orderId: order.id,
		reservationId: fromCredit > 0 ? credit?.reservationId : null,
		...(order.knownStatus !== undefined ? { orderStatus: order.knownStatus } : {}),
		tenantId: order.tenant_id,
		shopId: order.shop_id,
		gross: earned,
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
			...sourceMoves(source, fromSource, split),
			...(fromCredit > 0
				? [{ account: { kind: "reservation_hold" as const, tenantId: order.tenant_id }, amount: -fromCredit }]
				: []),
			...(earned > 0
				? [
						{
							account: { kind: "shop_revenue" as const, tenantId: order.tenant_id, shopId: order.shop_id },
							amount: earned,
						},
					]
				: []),
		],
		// In the ledger transaction's own statement: the shop's revenue account is locked from
		// its update to commit, so nothing goes between them (decision 025). An order paid
		// wholly with bonus earns the shop nothing, and has no earning.
		alsoWrite: (ledgerTxnId) => [
			...(earned > 0 ? [shopEarningInsert(trx, { ...earning, completed, ledgerTxnId })] : []),
			...alsoWrite,
		],
		...(onlyIf ? { onlyIf } : {}),
	});
	return posted?.balanceAfter(source);
}

/** How the source pays its part: a member's balance splits into paid money and bonus; anything else is all paid money. */
async function splitOfSource(
	trx: Kysely<DB> | Transaction<DB>,
	source: AccountRef,
	amount: number,
	walletSeen: WalletParts | undefined,
): Promise<SpendSplit> {
	if (source.kind !== "member_wallet" || amount === 0) return { paid: amount, bonus: 0 };
	if (trx.isTransaction) return splitSpend(await lockWalletParts(trx as Transaction<DB>, source), amount);
	if (!walletSeen) throw new Error("a balance payment on its own needs the wallet as read just before");
	return splitSpend(walletSeen, amount);
}

/** The source's debit: a wallet's with its bonus part going back to the tenant (the shop is credited the rest). */
function sourceMoves(source: AccountRef, amount: number, split: SpendSplit): LedgerMove[] {
	if (amount === 0) return [];
	return source.kind === "member_wallet" ? debitWallet(source, split) : [{ account: source, amount: -amount }];
}
