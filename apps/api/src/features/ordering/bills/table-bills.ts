import { type BillPaymentResult, ErrorCode, type PayBillInput, type TableBillView } from "@bayon/contract";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { memberContacts } from "../../identity/service.js";
import { answerInstead, settlePendingPayments, startGatewayCheckout } from "../../payments/attempts/attempts.js";
import { requireStaff, requireStaffWithoutOracle } from "../../venues/staff/staff-access.js";
import { accountBalance } from "../../wallet/ledger.js";
import { announceBillChange, announceOrderChange } from "../events.js";
import {
	type BillRow,
	billDue,
	cancelRound,
	closeWithNothingDue,
	lockBill,
	lockUnpaidRounds,
	OPEN_ROUND_EXCLUDED,
	type OrderRow,
	presentBills,
	settleBill,
} from "./bill-settlement.js";
import { isCurrent, readSeating, type Seating, seatingEnded } from "./table-seatings.js";

const readBill = (deps: AppDeps, billId: number) =>
	deps.db.selectFrom("table_bill").selectAll().where("id", "=", billId).executeTakeFirstOrThrow();

/** One bill as a diner sees it (their own rounds marked). */
async function presentBill(deps: AppDeps, bill: BillRow, ctx: { lang: string; member: { id: number } }) {
	const [view] = await presentBills(deps.db, [bill], { lang: ctx.lang, viewerMemberId: ctx.member.id });
	if (!view) throw new Error(`bill ${bill.id} could not be presented`);
	return view;
}

/** Bills as the staff see them: who ordered each round, and when. */
async function presentForStaff(deps: AppDeps, ctx: SignedInContext, bills: BillRow[]): Promise<TableBillView[]> {
	if (bills.length === 0) return [];
	const members = await deps.db
		.selectFrom("customer_order")
		.select("member_id")
		.distinct()
		.where(
			"bill_id",
			"in",
			bills.map((bill) => bill.id),
		)
		.execute();
	const orderers = await memberContacts(
		deps,
		ctx.tenant.id,
		members.map((row) => row.member_id),
	);
	return presentBills(deps.db, bills, { lang: ctx.lang, orderers });
}

/**
 * The bill of the seating the caller's token belongs to, or null while nobody has ordered in
 * it. Anyone seated at the table may see it, as they would see the paper bill on the table;
 * once the seating has ended the token is refused (SeatingEnded: scan the table again).
 * Payments still pending at a gateway are asked about first, so a payer coming back from
 * the gateway sees the bill settled even if the callback has not arrived.
 */
export async function getTableBill(
	deps: AppDeps,
	ctx: SignedInContext,
	tableToken: string,
): Promise<TableBillView | null> {
	const seating = await readSeating(deps, ctx, tableToken);
	if (!isCurrent(seating)) throw await seatingEnded(deps, ctx, seating);
	await settlePendingPayments(deps, { purpose: "table_bill", purposeId: seating.bill.id });
	const fresh = await readBill(deps, seating.bill.id);
	if (fresh.status !== "open") throw await seatingEnded(deps, ctx, { bill: fresh });
	const view = await presentBill(deps, fresh, ctx);
	return view.rounds.length === 0 ? null : view;
}

/**
 * Pays everything the seating still owes, by anyone seated at the table. From the stored
 * balance it is one transaction: under the bill's lock every unpaid round is paid (a ledger
 * transaction each) and the bill settles, which ends the seating. Through a gateway, a
 * pending payment for the amount due is recorded and the payer sent to the gateway; its
 * callback settles the bill. The payer states the total they saw: a bill that changed
 * meanwhile is refused, not paid.
 */
export async function payTableBill(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof PayBillInput>,
	origin: string,
): Promise<BillPaymentResult> {
	const seating = await readSeating(deps, ctx, input.tableToken);
	if (!isCurrent(seating)) return answerEndedSeating(deps, ctx, seating.bill, input);
	if (input.payMethod === "balance") return payFromBalance(deps, ctx, seating, input.expectedTotal);

	const started = await startGatewayCheckout(deps, ctx, {
		purpose: "table_bill",
		provider: input.payMethod,
		origin,
		railCurrency: input.railCurrency,
		hold: async (trx) => {
			const open = await lockBill(trx, ctx.tenant.id, seating.bill.id);
			if (open?.status !== "open") return answerInstead(null);
			const { due } = await lockRoundsToPay(trx, open, input.expectedTotal);
			return {
				pay: {
					bill: { ...open, due },
					purposeId: open.id,
					amount: due,
					description: `Bayon · ${seating.table.shopName} · ${seating.table.number}`,
					returnPath: "/pages/components/pages/orders/bill",
				},
			};
		},
	});
	if ("instead" in started) return answerEndedSeating(deps, ctx, await readBill(deps, seating.bill.id), input);
	const { held, redirectUrl } = started;
	const bill = held.bill;
	return { bill: await presentBill(deps, bill, ctx), redirectUrl };
}

async function payFromBalance(
	deps: AppDeps,
	ctx: SignedInContext,
	seating: Seating,
	expectedTotal: number,
): Promise<BillPaymentResult> {
	const now = deps.clock.now();
	const wallet = { kind: "member_wallet" as const, tenantId: ctx.tenant.id, memberId: ctx.member.id };
	const outcome = await deps.db.transaction().execute(async (trx) => {
		const open = await lockBill(trx, ctx.tenant.id, seating.bill.id);
		if (open?.status !== "open") return null;
		const { rounds } = await lockRoundsToPay(trx, open, expectedTotal);
		const orderIds = await settleBill(trx, open, rounds, {
			method: "balance",
			source: wallet,
			paidByMemberId: ctx.member.id,
			gatewayPaymentId: null,
			actor: "customer",
			actorMemberId: ctx.member.id,
			now,
		});
		const settled = await trx.selectFrom("table_bill").selectAll().where("id", "=", open.id).executeTakeFirstOrThrow();
		return { settled, orderIds, balance: await accountBalance(trx, wallet) };
	});
	if (!outcome) {
		const settled = await readBill(deps, seating.bill.id);
		return answerEndedSeating(deps, ctx, settled, { payMethod: "balance", expectedTotal });
	}
	for (const orderId of outcome.orderIds) await announceOrderChange(deps, orderId, "paid");
	await announceBillChange(deps, seating.bill.id, "settled");
	return { bill: await presentBill(deps, outcome.settled, ctx), balance: outcome.balance };
}

/**
 * The seating has ended. If this payer has just settled it from their balance for this very
 * amount (a double tap, a retry after a lost answer), answer as the first payment did; it
 * charged once. Anyone else is told the seating has ended.
 */
async function answerEndedSeating(
	deps: AppDeps,
	ctx: SignedInContext,
	bill: BillRow,
	input: { payMethod: string; expectedTotal: number },
): Promise<BillPaymentResult> {
	const sameSettlement =
		bill.status === "settled" &&
		input.payMethod === "balance" &&
		bill.settle_method === "balance" &&
		bill.settled_by_member_id === ctx.member.id &&
		bill.paid_total === input.expectedTotal;
	if (!sameSettlement) throw await seatingEnded(deps, ctx, { bill });
	const balance = await accountBalance(deps.db, {
		kind: "member_wallet",
		tenantId: ctx.tenant.id,
		memberId: ctx.member.id,
	});
	return { bill: await presentBill(deps, bill, ctx), balance };
}

/** The rounds a diner is about to pay, locked; refused when they no longer add up to what the diner saw. */
async function lockRoundsToPay(trx: Transaction<DB>, bill: BillRow, expectedTotal: number) {
	const rounds = await lockUnpaidRounds(trx, bill.id);
	const due = billDue(bill, rounds);
	if (rounds.length === 0 && !(await hasAnyRound(trx, bill.id))) throw new BusinessError(ErrorCode.NoOpenBill);
	if (due !== expectedTotal) throw new BusinessError(ErrorCode.BillChanged);
	if (due === 0) throw new BusinessError(ErrorCode.BillNothingDue);
	return { rounds, due };
}

async function hasAnyRound(trx: Transaction<DB>, billId: number): Promise<boolean> {
	const round = await trx.selectFrom("customer_order").select("id").where("bill_id", "=", billId).limit(1).execute();
	return round.length > 0;
}

/**
 * The shop's open bills, oldest first: tables that have ordered and not yet paid. A seating
 * nobody has ordered in is not a table to pay; it goes stale by itself.
 */
export async function listOpenBills(deps: AppDeps, ctx: SignedInContext, shopId: number): Promise<TableBillView[]> {
	await requireStaff(deps, ctx, shopId);
	const bills = await deps.db
		.selectFrom("table_bill")
		.selectAll()
		.where("tenant_id", "=", ctx.tenant.id)
		.where("shop_id", "=", shopId)
		.where("status", "=", "open")
		.where(({ exists, selectFrom }) =>
			exists(selectFrom("customer_order").select("id").whereRef("customer_order.bill_id", "=", "table_bill.id")),
		)
		.orderBy("opened_at")
		.execute();
	return presentForStaff(deps, ctx, bills);
}

/** Staff calls on one bill: the caller must work at its shop; see requireStaffWithoutOracle. */
async function authorizeStaffForBill(deps: AppDeps, ctx: SignedInContext, billId: number): Promise<void> {
	const known = await deps.db
		.selectFrom("table_bill")
		.select("shop_id")
		.where("tenant_id", "=", ctx.tenant.id)
		.where("id", "=", billId)
		.executeTakeFirst();
	await requireStaffWithoutOracle(deps, ctx, known?.shop_id);
}

/**
 * The staff close a bill that owes nothing: its rounds were all cancelled, or a booking's
 * deposit credited to it covers them (they are paid from it). A bill with something due is
 * refused (TakePaymentAtCounter), nothing changed: its money is taken with the counter's Take
 * payment (decision 029), never booked here as if the platform had received it. The staff
 * confirm the total they saw (0): a bill that changed meanwhile is refused with BillChanged.
 * The seating ends with it.
 */
export async function closeBillWithNothingDue(
	deps: AppDeps,
	ctx: SignedInContext,
	input: { billId: number; expectedTotal: number },
): Promise<TableBillView> {
	const now = deps.clock.now();
	const orderIds = await onUnpaidRoundsAsSeen(deps, ctx, input, (trx, bill, rounds) =>
		closeWithNothingDue(trx, bill, rounds, { staffMemberId: ctx.member.id, now }),
	);
	for (const orderId of orderIds) await announceOrderChange(deps, orderId, "paid");
	await announceBillChange(deps, input.billId, "settled");
	return presentStaffBill(deps, ctx, input.billId);
}

/**
 * A staff call on a bill's unpaid rounds as the staff saw them: the caller is authorised, then
 * the open bill and its unpaid rounds are locked, and the call is refused with BillChanged when
 * they no longer add up to `expectedTotal` (a round added, cancelled or paid meanwhile).
 */
async function onUnpaidRoundsAsSeen<T>(
	deps: AppDeps,
	ctx: SignedInContext,
	input: { billId: number; expectedTotal: number },
	work: (trx: Transaction<DB>, bill: BillRow, unpaid: OrderRow[]) => Promise<T>,
): Promise<T> {
	await authorizeStaffForBill(deps, ctx, input.billId);
	return deps.db.transaction().execute(async (trx) => {
		const bill = await lockBill(trx, ctx.tenant.id, input.billId);
		if (!bill) throw new BusinessError(ErrorCode.NotFound);
		if (bill.status !== "open") throw new BusinessError(ErrorCode.BillSettled);
		const unpaid = await lockUnpaidRounds(trx, bill.id);
		if (billDue(bill, unpaid) !== input.expectedTotal) throw new BusinessError(ErrorCode.BillChanged);
		return work(trx, bill, unpaid);
	});
}

async function presentStaffBill(deps: AppDeps, ctx: SignedInContext, billId: number): Promise<TableBillView> {
	const [view] = await presentForStaff(deps, ctx, [await readBill(deps, billId)]);
	if (!view) throw new Error(`bill ${billId} could not be presented`);
	return view;
}

/**
 * The staff take an unpaid round off a table's open bill (a stranger added it, or nobody at
 * the table wants it): it is cancelled and its stock returned in one transaction, and the
 * bill's total drops, so a diner about to pay the old total is told BillChanged. The bill is
 * locked before the round, like a payment does: the two wait for each other, and the round
 * ends either paid or removed, never both. A paid round is refused (refund it instead).
 */
export async function removeRound(
	deps: AppDeps,
	ctx: SignedInContext,
	input: { orderId: number },
): Promise<TableBillView> {
	const now = deps.clock.now();
	const known = await deps.db
		.selectFrom("customer_order")
		.select(["shop_id", "bill_id"])
		.where("tenant_id", "=", ctx.tenant.id)
		.where("id", "=", input.orderId)
		.executeTakeFirst();
	await requireStaffWithoutOracle(deps, ctx, known?.shop_id);
	const billId = known?.bill_id;
	if (!billId) throw new BusinessError(ErrorCode.NotFound);
	const removed = await deps.db.transaction().execute(async (trx) => {
		const bill = await lockBill(trx, ctx.tenant.id, billId);
		const round = await trx
			.selectFrom("customer_order")
			.selectAll()
			.where("id", "=", input.orderId)
			.forUpdate()
			.executeTakeFirstOrThrow();
		if (round.payment_status !== "unpaid") throw new BusinessError(ErrorCode.BillRoundPaid);
		// Already off the bill (removed twice, or cancelled by its diner): nothing more to do.
		if ((OPEN_ROUND_EXCLUDED as readonly string[]).includes(round.status)) return false;
		if (bill?.status !== "open") throw new BusinessError(ErrorCode.BillSettled);
		await cancelRound(trx, round, { memberId: ctx.member.id, reason: "staff_removed", now });
		return true;
	});
	if (removed) {
		await announceOrderChange(deps, input.orderId, "cancelled");
		await announceBillChange(deps, billId, "roundRemoved");
	}
	return presentStaffBill(deps, ctx, billId);
}

/**
 * The staff clear the table: the seating ends, so every token handed out for it is refused
 * and the next diners start a new one. Unpaid rounds are cancelled (stock back) only when the
 * staff confirm their total (`expectedTotal`, 0 when nothing is unpaid); a round added
 * meanwhile makes it BillChanged, so nothing is cancelled unseen.
 */
export async function clearTable(
	deps: AppDeps,
	ctx: SignedInContext,
	input: { billId: number; expectedTotal: number },
): Promise<TableBillView> {
	const now = deps.clock.now();
	const cancelledIds = await onUnpaidRoundsAsSeen(deps, ctx, input, async (trx, bill, unpaid) => {
		for (const round of unpaid)
			await cancelRound(trx, round, { memberId: ctx.member.id, reason: "table_cleared", now });
		await closeWithNothingDue(trx, bill, [], { staffMemberId: ctx.member.id, now });
		return unpaid.map((round) => round.id);
	});
	for (const orderId of cancelledIds) await announceOrderChange(deps, orderId, "cancelled");
	await announceBillChange(deps, input.billId, "cleared");
	return presentStaffBill(deps, ctx, input.billId);
}
