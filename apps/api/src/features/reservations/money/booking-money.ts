import type { Selectable, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import { recordShopEarning, reverseEarnings } from "../../merchant-wallet/earnings/earnings.js";
import { deliverGatewayRefundsSoon, queueGatewayRefund } from "../../payments/refunds/refunds.js";
import { type AccountRef, postLedgerTxn } from "../../wallet/ledger.js";
import type { ReservationRow } from "../records.js";

/**
 * Money paid with a booking (decision 020): a deposit and a pre-order paid ahead are
 * `reservation_payment` rows, held in the tenant's `reservation_hold` account once paid.
 * Each paid row leaves the hold exactly once, and two things make it so:
 *
 * - the row's status moves (paid → refunded / kept / applied) under the booking's row lock,
 *   which every caller holds (cancel, reject, no-show, expiry, arrival), so a second release
 *   finds nothing paid to release;
 * - every movement is a ledger transaction with an idempotency key naming the row and the
 *   outcome (`reservation-payment:<rowId>:refund`, `…:kept`, `…:applied`), so even a path
 *   that skipped the status check could not move the money twice.
 *
 * A row still `paying` (the guest is at a gateway) is voided here: its money has not arrived.
 * If it arrives later, the gateway report finds the booking no longer waiting for it and books
 * it in and straight back out through the refund outbox (reservations/payments.ts), and the
 * row then reads `refunded`.
 */

type PaymentRow = Selectable<DB["reservation_payment"]>;

export type BookingMoneyOutcome = "refund" | "keepDeposit";

export interface ReleasedMoney {
	/** Gateway payments with a refund just queued: deliver them after commit (deliverGatewayRefundsSoon). */
	gatewayPaymentIds: string[];
}

const hold = (tenantId: number): AccountRef => ({ kind: "reservation_hold", tenantId });

/** The booking's payment rows still live (due, paying, paid), locked, in id order. */
export function lockLivePayments(trx: Transaction<DB>, reservationId: number): Promise<PaymentRow[]> {
	return trx
		.selectFrom("reservation_payment")
		.selectAll()
		.where("reservation_id", "=", reservationId)
		.where("status", "in", ["due", "paying", "paid"])
		.orderBy("id")
		.forUpdate()
		.execute();
}

async function readReservation(trx: Transaction<DB>, tenantId: number, reservationId: number) {
	return trx
		.selectFrom("reservation")
		.selectAll()
		.where("tenant_id", "=", tenantId)
		.where("id", "=", reservationId)
		.executeTakeFirstOrThrow();
}

/**
 * The booking ended without the party sitting down (cancelled, rejected, late-cancelled,
 * no-show, expired): releases its money inside the caller's transaction, which holds the
 * booking's row lock. `refund`: every paid row goes back to where it came from. `keepDeposit`
 * (late cancel, no-show): the paid deposit goes to the shop's revenue; a pre-order paid ahead
 * is still refunded (the dishes were never made). Rows not paid yet are voided.
 */
export async function releaseBookingMoney(
	trx: Transaction<DB>,
	args: { tenantId: number; reservationId: number; outcome: BookingMoneyOutcome; now: Date },
): Promise<ReleasedMoney> {
	return releaseRows(trx, args, await lockLivePayments(trx, args.reservationId));
}

/**
 * The guest replaced or removed the pre-order before arriving: its payment is released alone
 * (refunded when paid, voided when not), inside the caller's transaction under the booking's
 * lock. The deposit is untouched.
 */
export async function refundPreorderPayment(
	trx: Transaction<DB>,
	args: { tenantId: number; reservationId: number; now: Date },
): Promise<ReleasedMoney> {
	const rows = (await lockLivePayments(trx, args.reservationId)).filter((row) => row.kind === "preorder");
	return releaseRows(trx, { ...args, outcome: "refund" }, rows);
}

/** Releases these live rows of the booking (locked by the caller) as releaseBookingMoney describes. */
async function releaseRows(
	trx: Transaction<DB>,
	args: { tenantId: number; reservationId: number; outcome: BookingMoneyOutcome; now: Date },
	rows: PaymentRow[],
): Promise<ReleasedMoney> {
	if (rows.length === 0) return { gatewayPaymentIds: [] };
	const reservation = await readReservation(trx, args.tenantId, args.reservationId);
	const gatewayPaymentIds: string[] = [];
	for (const row of rows) {
		if (row.status !== "paid") {
			await setRowStatus(trx, row, "void", args.now);
			continue;
		}
		if (args.outcome === "keepDeposit" && row.kind === "deposit") {
			await keepDeposit(trx, reservation, row, args.now);
			continue;
		}
		const refunded = await refundRow(trx, reservation, row, row.amount, args.now);
		if (refunded) gatewayPaymentIds.push(refunded);
		await setRowStatus(trx, row, "refunded", args.now);
	}
	return { gatewayPaymentIds };
}

/**
 * A table bill settled (or cleared) with less to pay than the deposit credited to it: the
 * rest of the deposit goes back to where it came from, once (the bill settles once, under its
 * lock; the ledger key names the deposit's row). Called by ordering/bills/bill-settlement.ts.
 */
export async function refundUnusedDepositCredit(
	trx: Transaction<DB>,
	args: { tenantId: number; reservationId: number; amount: number; now: Date },
): Promise<void> {
	if (args.amount <= 0) return;
	const deposit = await trx
		.selectFrom("reservation_payment")
		.selectAll()
		.where("reservation_id", "=", args.reservationId)
		.where("kind", "=", "deposit")
		.where("status", "=", "applied")
		.orderBy("id", "desc")
		.forUpdate()
		.executeTakeFirst();
	if (!deposit) throw new Error(`booking ${args.reservationId} has credit but no applied deposit to give back`);
	const reservation = await readReservation(trx, args.tenantId, args.reservationId);
	await refundRow(trx, reservation, deposit, Math.min(args.amount, deposit.amount), args.now);
}

/** The part of an order a booking's deposit paid (bill credit), and where that deposit came from. */
export interface DepositShare {
	amount: number;
	reservationId: number;
	destination: AccountRef;
	/** The gateway payment that paid the deposit, when a gateway did. */
	gatewayPaymentId: string | null;
}

/**
 * How much of an order its table bill's deposit credit paid, read from the order's own payment
 * in the ledger (the reservation_hold leg of `order:<id>:payment`); null when none did.
 */
export async function depositShareOfOrder(trx: Transaction<DB>, orderId: number): Promise<DepositShare | null> {
	const leg = await trx
		.selectFrom("ledger_txn as t")
		.innerJoin("ledger_entry as e", "e.txn_id", "t.id")
		.innerJoin("ledger_account as a", "a.id", "e.account_id")
		.select(["t.reservation_id", "t.tenant_id", "e.amount"])
		.where("t.idempotency_key", "=", `order:${orderId}:payment`)
		.where("a.kind", "=", "reservation_hold")
		.executeTakeFirst();
	if (!leg?.reservation_id || leg.amount >= 0) return null;
	const deposit = await trx
		.selectFrom("reservation_payment")
		.selectAll()
		.where("reservation_id", "=", leg.reservation_id)
		.where("kind", "=", "deposit")
		.where("status", "=", "applied")
		.orderBy("id", "desc")
		.executeTakeFirst();
	if (!deposit) throw new Error(`order ${orderId} was paid by a deposit that is not on record`);
	const reservation = await readReservation(trx, leg.tenant_id, leg.reservation_id);
	return {
		amount: -leg.amount,
		reservationId: leg.reservation_id,
		destination: refundDestination(reservation, deposit),
		gatewayPaymentId: deposit.pay_method !== "balance" ? deposit.gateway_payment_id : null,
	};
}

/**
 * The order's refund (ledger `order:<id>:refund`, which moved the deposit's share to its
 * destination) gives a gateway-paid deposit's share back at the gateway too: queued once,
 * under its own key.
 */
export async function refundDepositShare(
	trx: Transaction<DB>,
	args: { orderId: number; deposit: DepositShare; now: Date },
): Promise<void> {
	if (!args.deposit.gatewayPaymentId) return;
	await queueGatewayRefund(trx, {
		paymentId: args.deposit.gatewayPaymentId,
		refundFor: { purpose: "order", purposeId: args.orderId },
		amount: args.deposit.amount,
		refundKey: `order:${args.orderId}:refund:deposit`,
		reason: "reservation_refund",
		now: args.now,
	});
}

function refundDestination(reservation: ReservationRow, row: PaymentRow): AccountRef {
	if (row.pay_method !== "balance") return { kind: "external_funds", tenantId: reservation.tenant_id };
	if (reservation.member_id === null)
		throw new Error(`booking ${reservation.id} was paid from a wallet but has no member to refund`);
	return { kind: "member_wallet", tenantId: reservation.tenant_id, memberId: reservation.member_id };
}

/**
 * Gives `amount` of a paid row back the way it came: to the guest's wallet, or out of the
 * books and to the gateway through the refund outbox (booked once, queued once, under one
 * key). Answers the gateway payment id when a gateway refund was queued.
 */
async function refundRow(
	trx: Transaction<DB>,
	reservation: ReservationRow,
	row: PaymentRow,
	amount: number,
	now: Date,
): Promise<string | null> {
	const key = `reservation-payment:${row.id}:refund`;
	const byGateway = row.pay_method !== "balance";
	const destination = refundDestination(reservation, row);
	const posted = await postLedgerTxn(trx, {
		tenantId: reservation.tenant_id,
		kind: "reservation_refund",
		idempotencyKey: key,
		orderId: null,
		reservationId: reservation.id,
		now,
		moves: [
			{ account: hold(reservation.tenant_id), amount: -amount },
			{ account: destination, amount },
		],
	});
	if (!posted || !byGateway) return null;
	if (!row.gateway_payment_id)
		throw new Error(`reservation payment ${row.id} was paid by a gateway without a payment id`);
	await queueGatewayRefund(trx, {
		paymentId: row.gateway_payment_id,
		amount,
		refundKey: key,
		reason: "reservation_refund",
		now,
	});
	return row.gateway_payment_id;
}

/** Late cancel or no-show: the shop keeps the deposit. */
async function keepDeposit(trx: Transaction<DB>, reservation: ReservationRow, row: PaymentRow, now: Date) {
	const posted = await postLedgerTxn(trx, {
		tenantId: reservation.tenant_id,
		kind: "reservation_kept",
		idempotencyKey: `reservation-payment:${row.id}:kept`,
		orderId: null,
		reservationId: reservation.id,
		now,
		moves: [
			{ account: hold(reservation.tenant_id), amount: -row.amount },
			{
				account: { kind: "shop_revenue", tenantId: reservation.tenant_id, shopId: reservation.shop_id },
				amount: row.amount,
			},
		],
	});
	// Kept money is final: the shop's earning settles after the hold (decision 023).
	await recordShopEarning(trx, {
		source: "reservation_kept",
		reservationId: reservation.id,
		tenantId: reservation.tenant_id,
		shopId: reservation.shop_id,
		ledgerTxnId: posted,
		gross: row.amount,
		now,
	});
	await setRowStatus(trx, row, "kept", now);
}

/**
 * The staff undid a no-show (decision 020, "Undoing a no-show gives the kept deposit back"): the
 * party came and the booking becomes completed, so the deposit the no-show kept was never the
 * shop's to keep. Inside the caller's transaction, under the booking's lock: the kept deposit
 * leaves the shop as a refund does — its earning reversed, out of pending money, or out of
 * available money after settlement, which may leave the shop owing (decision 023), with the
 * platform's commission on it given back — and goes back the way it was paid, to the guest's
 * wallet or through the gateway's refund outbox. A completed booking never uses the hold again,
 * so the money does not wait there. Once: the rows move kept → refunded under the lock, and the
 * ledger key names the booking.
 */
export async function returnKeptDeposit(
	trx: Transaction<DB>,
	args: { tenantId: number; reservationId: number; now: Date },
): Promise<ReleasedMoney> {
	const kept = await trx
		.selectFrom("reservation_payment")
		.selectAll()
		.where("reservation_id", "=", args.reservationId)
		.where("kind", "=", "deposit")
		.where("status", "=", "kept")
		.orderBy("id")
		.forUpdate()
		.execute();
	if (kept.length === 0) return { gatewayPaymentIds: [] };
	const reservation = await readReservation(trx, args.tenantId, args.reservationId);
	const total = kept.reduce((sum, row) => sum + row.amount, 0);
	const shop = await reverseEarnings(trx, {
		tenantId: reservation.tenant_id,
		shopId: reservation.shop_id,
		of: { keptDepositOf: reservation.id },
		amount: total,
	});
	// Each destination credited once (a ledger transaction moves an account once).
	const credits = new Map<string, { account: AccountRef; amount: number }>();
	for (const row of kept) {
		const account = refundDestination(reservation, row);
		const key = JSON.stringify(account);
		credits.set(key, { account, amount: (credits.get(key)?.amount ?? 0) + row.amount });
	}
	const posted = await postLedgerTxn(trx, {
		tenantId: reservation.tenant_id,
		kind: "reservation_refund",
		idempotencyKey: `reservation:${reservation.id}:kept-returned`,
		orderId: null,
		reservationId: reservation.id,
		now: args.now,
		moves: [...shop.moves, ...credits.values()],
	});
	await shop.afterRefund(posted, args.now);
	const gatewayPaymentIds: string[] = [];
	for (const row of kept) {
		if (posted !== null && row.pay_method !== "balance") {
			if (!row.gateway_payment_id)
				throw new Error(`reservation payment ${row.id} was paid by a gateway without a payment id`);
			await queueGatewayRefund(trx, {
				paymentId: row.gateway_payment_id,
				amount: row.amount,
				refundKey: `reservation-payment:${row.id}:kept-returned`,
				reason: "reservation_refund",
				now: args.now,
			});
			gatewayPaymentIds.push(row.gateway_payment_id);
		}
		await setRowStatus(trx, row, "refunded", args.now);
	}
	return { gatewayPaymentIds };
}

export async function setRowStatus(
	trx: Transaction<DB>,
	row: Pick<PaymentRow, "id">,
	status: PaymentRow["status"],
	now: Date,
): Promise<void> {
	await trx
		.updateTable("reservation_payment")
		.set({ status, ...(status === "void" ? {} : { settled_at: now }) })
		.where("id", "=", row.id)
		.execute();
}

/**
 * After the transaction that released a booking's money has committed: hand the gateway
 * refunds it queued to the gateway now, rather than at the refund job's next round.
 */
export function deliverReleasedRefunds(deps: AppDeps, released: Array<{ gatewayPaymentIds: string[] }>): void {
	for (const { gatewayPaymentIds } of released)
		for (const paymentId of gatewayPaymentIds) deliverGatewayRefundsSoon(deps, { paymentId });
}
