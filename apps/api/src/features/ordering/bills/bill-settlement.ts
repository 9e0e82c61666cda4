import { type BillRoundView, ErrorCode, type PaidWith, type TableBillView } from "@bayon/contract";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import { maskMobile } from "../../../lib/mask.js";
import { releaseCouponOfCancelledOrder } from "../../coupons/order-coupons.js";
import { releaseOrderEarnings } from "../../merchant-wallet/earnings/earnings.js";
import { awardPointsForOrder } from "../../points/order-points.js";
import type { AccountRef } from "../../wallet/ledger.js";
import { bookOrderPayment } from "../lifecycle/order-ledger.js";
import { presentOrders } from "../present.js";
import * as queries from "../queries.js";
import { tellBillSettled } from "./seating-hooks.js";

type Db = Kysely<DB> | Transaction<DB>;
export type BillRow = Selectable<DB["table_bill"]>;
export type OrderRow = Selectable<DB["customer_order"]>;

/** Rounds that still count towards the bill: not cancelled or rejected, not yet paid. */
export const OPEN_ROUND_EXCLUDED = ["cancelled", "rejected"] as const;

/**
 * A table's seating is its open bill (decision 009): scanning the table's code opens one, or
 * joins the one already open (one per table: a partial unique index), and every round of the
 * visit joins it. Paying it or the staff clearing the table settles it, and with it the
 * seating ends. A seating that no one ordered in for a while is stale (someone scanned and
 * left): the next scan ends it and opens a fresh one, so an early scanner cannot sit in on
 * tonight's table.
 */
export async function joinOrOpenSeating(
	trx: Transaction<DB>,
	args: { tenantId: number; shopId: number; tableId: number; now: Date; staleAfterSeconds: number },
): Promise<{ bill: BillRow; opened: boolean }> {
	for (let attempt = 0; attempt < 3; attempt++) {
		const open = await lockOpenBillOfTable(trx, args.tableId);
		if (open && !(await isStale(trx, open, args))) return { bill: open, opened: false };
		if (open) {
			await closeWithNothingDue(trx, open, [], { staffMemberId: null, now: args.now });
		}
		// Two first scans at once meet on the one-open-bill-per-table index: one inserts, the
		// other finds nothing inserted and locks the winner's seating on its next turn.
		const created = await trx
			.insertInto("table_bill")
			.values({
				tenant_id: args.tenantId,
				shop_id: args.shopId,
				table_id: args.tableId,
				status: "open",
				opened_at: args.now,
				settled_at: null,
				settle_method: null,
				settled_by_member_id: null,
				paid_total: null,
			})
			.onConflict((oc) => oc.column("table_id").where("status", "=", "open").doNothing())
			.returningAll()
			.executeTakeFirst();
		if (created) return { bill: created, opened: true };
	}
	throw new Error(`could not open a seating for table ${args.tableId}`);
}

/** Nobody ordered in this seating since it opened a while ago. */
async function isStale(trx: Transaction<DB>, bill: BillRow, args: { now: Date; staleAfterSeconds: number }) {
	if (args.now.getTime() - new Date(bill.opened_at).getTime() < args.staleAfterSeconds * 1000) return false;
	const anyRound = await trx
		.selectFrom("customer_order")
		.select("id")
		.where("bill_id", "=", bill.id)
		.limit(1)
		.execute();
	return anyRound.length === 0;
}

/**
 * A round joins its seating's bill: locked before any stock is taken, so the lock order is
 * always bill → stock and bill → orders. A payment of the bill and a new round wait for each
 * other instead of deadlocking, and a round never joins a seating that has ended.
 */
export async function lockSeatingForRound(trx: Transaction<DB>, tenantId: number, seatingId: number): Promise<number> {
	const bill = await lockBill(trx, tenantId, seatingId);
	if (bill?.status !== "open") throw new BusinessError(ErrorCode.SeatingEnded);
	return bill.id;
}

/**
 * Takes an unpaid round off its (locked) bill: cancelled, its stock back, in the caller's
 * transaction. The staff do it for a round nobody at the table ordered, or for every unpaid
 * round when they clear the table.
 */
export async function cancelRound(
	trx: Transaction<DB>,
	round: OrderRow,
	by: { memberId: number; reason: "staff_removed" | "table_cleared"; now: Date },
): Promise<void> {
	await queries.changeOrder(
		trx,
		round,
		{ status: "cancelled", closed_at: by.now, close_reason: by.reason },
		{ at: by.now, actor: "staff", actorMemberId: by.memberId, note: `${by.reason} bill:${round.bill_id}` },
	);
	await queries.returnStock(trx, round.id);
	await releaseCouponOfCancelledOrder(trx, round);
}

export function lockOpenBillOfTable(trx: Transaction<DB>, tableId: number) {
	return trx
		.selectFrom("table_bill")
		.selectAll()
		.where("table_id", "=", tableId)
		.where("status", "=", "open")
		.forUpdate()
		.executeTakeFirst();
}

export function lockBill(trx: Transaction<DB>, tenantId: number, billId: number) {
	return trx
		.selectFrom("table_bill")
		.selectAll()
		.where("tenant_id", "=", tenantId)
		.where("id", "=", billId)
		.forUpdate()
		.executeTakeFirst();
}

/**
 * The rounds still to pay, locked in id order. Taken after the bill's lock; a round being
 * cancelled at this moment is waited for and then left out (PostgreSQL re-checks the
 * condition on the updated row).
 */
export function lockUnpaidRounds(trx: Transaction<DB>, billId: number): Promise<OrderRow[]> {
	return trx
		.selectFrom("customer_order")
		.selectAll()
		.where("bill_id", "=", billId)
		.where("payment_status", "=", "unpaid")
		.where("status", "not in", OPEN_ROUND_EXCLUDED)
		.orderBy("id")
		.forUpdate()
		.execute();
}

export const dueOf = (rounds: Array<{ total: number }>) => rounds.reduce((sum, round) => sum + round.total, 0);

/**
 * What a bill's payer owes for these rounds: their total less the deposit credited to the bill
 * (a booking seated at it, issue 11), never below zero.
 */
export const billDue = (bill: Pick<BillRow, "credit">, rounds: Array<{ total: number }>) =>
	Math.max(0, dueOf(rounds) - bill.credit);

/**
 * Pays every unpaid round of a locked bill from one source and settles the bill, inside
 * the caller's transaction. Each round is a ledger transaction of its own under the key
 * `order:<id>:payment`, exactly like an order paid on its own, so refunds of a single round
 * work the same way and no round can be paid twice. A deposit credited to the bill (a booking
 * seated at it) pays the first rounds' share from the tenant's reservation_hold; the payer's
 * source pays only the rest, and the credit left over is handed to the seating hooks, whose
 * booking gives it back to where the deposit came from. Settling happens once (the bill is
 * locked and open), so the credit is used once.
 */
export async function settleBill(
	trx: Transaction<DB>,
	bill: BillRow,
	rounds: OrderRow[],
	how: {
		method: PaidWith;
		source: AccountRef;
		paidByMemberId: number | null;
		gatewayPaymentId: string | null;
		actor: "customer" | "staff" | "system";
		actorMemberId: number | null;
		now: Date;
	},
): Promise<number[]> {
	let creditLeft = bill.reservation_id ? bill.credit : 0;
	for (const round of rounds) {
		const fromCredit = Math.min(creditLeft, round.total);
		creditLeft -= fromCredit;
		await bookOrderPayment(
			trx,
			round,
			how.source,
			how.now,
			bill.reservation_id && fromCredit > 0 ? { amount: fromCredit, reservationId: bill.reservation_id } : undefined,
		);
		await queries.changeOrder(
			trx,
			round,
			{
				payment_status: "paid",
				pay_method: how.method,
				paid_at: how.now,
				paid_by_member_id: how.paidByMemberId,
				gateway_payment_id: how.gatewayPaymentId,
			},
			{ at: how.now, actor: how.actor, actorMemberId: how.actorMemberId, note: `paid:${how.method} bill:${bill.id}` },
		);
		// A round the kitchen completed before the bill was paid earns its points now.
		await awardPointsForOrder(trx, round.id, how.now);
		await releaseOrderEarnings(trx, round.id, how.now);
	}
	const paidTotal = billDue(bill, rounds);
	await trx
		.updateTable("table_bill")
		.set({
			status: "settled",
			settled_at: how.now,
			settle_method: paidTotal === 0 ? "nothing_due" : how.method,
			settled_by_member_id: how.actorMemberId,
			paid_total: paidTotal,
		})
		.where("id", "=", bill.id)
		.execute();
	// A booking seated at the bill completes, and its credit left over goes back (seating hooks).
	await tellBillSettled(trx, { ...bill, unusedCredit: creditLeft }, how.now);
	return rounds.map((round) => round.id);
}

/**
 * Closes a locked bill that owes nothing, on the shop's side: every round was cancelled (or
 * none was ordered), or a booking's deposit credited to the bill pays all the rounds given.
 * Money due is never settled here (TakePaymentAtCounter): cash or card taken at the counter goes
 * through the counter's Take payment (decision 029), which keeps it out of the shop's
 * withdrawable money and records it on the till. `staffMemberId` null: the system closed a
 * stale seating.
 */
export async function closeWithNothingDue(
	trx: Transaction<DB>,
	bill: BillRow,
	rounds: OrderRow[],
	by: { staffMemberId: number | null; now: Date },
): Promise<number[]> {
	if (billDue(bill, rounds) > 0) throw new BusinessError(ErrorCode.TakePaymentAtCounter);
	return settleBill(trx, bill, rounds, {
		method: "counter",
		// Nothing is taken from it: the deposit pays the rounds, or there are none.
		source: { kind: "external_funds", tenantId: bill.tenant_id },
		paidByMemberId: null,
		gatewayPaymentId: null,
		actor: by.staffMemberId === null ? "system" : "staff",
		actorMemberId: by.staffMemberId,
		now: by.now,
	});
}

/**
 * Bills → what the table and the staff see: every round with its lines, and what is left to
 * pay. A diner's view marks their own rounds; the staff's names who ordered each round
 * (`orderers`: member id → contact), so a round a stranger added stands out.
 */
export async function presentBills(
	db: Db,
	bills: BillRow[],
	args: {
		lang: string;
		viewerMemberId?: number;
		orderers?: ReadonlyMap<number, { nickname: string; mobile: string }>;
	},
): Promise<TableBillView[]> {
	if (bills.length === 0) return [];
	const billIds = bills.map((bill) => bill.id);
	const [orders, tables] = await Promise.all([
		db.selectFrom("customer_order").selectAll().where("bill_id", "in", billIds).orderBy("id").execute(),
		queries.tableNumbers(
			db,
			bills.map((bill) => bill.table_id),
		),
	]);
	const views = await presentOrders(db, orders, args.lang);
	return bills.map((bill) => {
		const rounds = orders.flatMap((order, index): BillRoundView[] => {
			const view = views[index];
			if (order.bill_id !== bill.id || !view) return [];
			return [
				{
					orderId: view.id,
					orderNo: view.orderNo,
					pickupNumber: view.pickupNumber,
					status: view.status,
					paymentStatus: view.paymentStatus,
					lines: view.lines,
					total: view.total,
					createdAt: view.createdAt,
					...(args.viewerMemberId !== undefined ? { mine: order.member_id === args.viewerMemberId } : {}),
					...(args.orderers ? { orderedBy: ordererOf(args.orderers, order.member_id) } : {}),
				},
			];
		});
		const owed = orders.filter(
			(order) =>
				order.bill_id === bill.id &&
				order.payment_status === "unpaid" &&
				!(OPEN_ROUND_EXCLUDED as readonly string[]).includes(order.status),
		);
		const billOrders = orders.filter((order) => order.bill_id === bill.id);
		return {
			id: bill.id,
			shopId: bill.shop_id,
			tableId: bill.table_id,
			tableNumber: tables.find((table) => table.id === bill.table_id)?.number ?? "",
			status: bill.status,
			openedAt: new Date(bill.opened_at).toISOString(),
			settledAt: bill.settled_at ? new Date(bill.settled_at).toISOString() : null,
			settleMethod: bill.settle_method,
			rounds,
			due: bill.status === "open" ? billDue(bill, owed) : 0,
			credit: bill.credit,
			paidTotal: bill.paid_total ?? 0,
			diners: Math.max(0, ...billOrders.map((order) => order.diners ?? 0)) || null,
		};
	});
}

function ordererOf(orderers: ReadonlyMap<number, { nickname: string; mobile: string }>, memberId: number) {
	const contact = orderers.get(memberId);
	return { nickname: contact?.nickname ?? "", mobile: maskMobile(contact?.mobile ?? "") };
}
