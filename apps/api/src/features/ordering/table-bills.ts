import { randomUUID } from "node:crypto";
import { type BillPaymentResult, ErrorCode, type PayBillInput, type TableBillView } from "@bayon/contract";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { RequestContext } from "../../http/request-context.js";
import { addSeconds } from "../../lib/clock.js";
import { requireStaff, resolveTable } from "../venues/service.js";
import { accountBalance } from "../wallet/ledger.js";
import {
	type BillRow,
	dueOf,
	lockBill,
	lockOpenBillOfTable,
	lockUnpaidRounds,
	presentBills,
	settleBill,
} from "./bill-settlement.js";
import { announceOrderChange } from "./events.js";
import { availableGateway, recordPendingPayment, settlePendingPayments } from "./gateway-payments.js";

type SignedInContext = RequestContext & { member: { id: number } };

/** How long after paying the table still shows the bill it settled (not last week's). */
const SETTLED_BILL_SHOWN_SECONDS = 3 * 3600;

/** The table's bills settled in the last few hours, newest first. */
const recentlySettledBills = (deps: AppDeps, tableId: number) =>
	deps.db
		.selectFrom("table_bill")
		.selectAll()
		.where("table_id", "=", tableId)
		.where("status", "=", "settled")
		.where("settled_at", ">", addSeconds(deps.clock.now(), -SETTLED_BILL_SHOWN_SECONDS))
		.orderBy("settled_at", "desc");

/** One bill as a diner sees it (their own rounds marked); the staff pass no viewer. */
async function presentBill(deps: AppDeps, bill: BillRow, ctx: { lang: string; member?: { id: number } }) {
	const [view] = await presentBills(deps.db, [bill], {
		lang: ctx.lang,
		...(ctx.member ? { viewerMemberId: ctx.member.id } : {}),
	});
	if (!view) throw new Error(`bill ${bill.id} could not be presented`);
	return view;
}

/**
 * The open bill of the table whose QR code the caller scanned, or null when the table has
 * none. Anyone at the table may see it, as they would see the paper bill on the table.
 * Payments still pending at a gateway are asked about first, so a payer coming back from
 * the gateway sees the bill settled even if the callback has not arrived.
 */
export async function getTableBill(
	deps: AppDeps,
	ctx: SignedInContext,
	tableToken: string,
): Promise<TableBillView | null> {
	const table = await resolveTable(deps, ctx, tableToken);
	const open = await findOpenBill(deps, table.tableId);
	if (!open) return latestSettledFor(deps, ctx, table.tableId);
	await settlePendingPayments(deps, { billId: open.id });
	const fresh = await deps.db.selectFrom("table_bill").selectAll().where("id", "=", open.id).executeTakeFirstOrThrow();
	return presentBill(deps, fresh, ctx);
}

function findOpenBill(deps: AppDeps, tableId: number) {
	return deps.db
		.selectFrom("table_bill")
		.selectAll()
		.where("table_id", "=", tableId)
		.where("status", "=", "open")
		.executeTakeFirst();
}

/**
 * Right after paying, the table has no open bill: the payer (and whoever had a round on it)
 * still sees the bill they just settled, for a few hours or until someone orders again.
 */
async function latestSettledFor(deps: AppDeps, ctx: SignedInContext, tableId: number): Promise<TableBillView | null> {
	const latest = await recentlySettledBills(deps, tableId)
		.where((eb) =>
			eb.or([
				eb("settled_by_member_id", "=", ctx.member.id),
				eb.exists(
					eb
						.selectFrom("customer_order")
						.select("id")
						.whereRef("customer_order.bill_id", "=", "table_bill.id")
						.where("customer_order.member_id", "=", ctx.member.id),
				),
			]),
		)
		.limit(1)
		.executeTakeFirst();
	if (!latest) return null;
	return presentBill(deps, latest, ctx);
}

/**
 * Pays everything the table still owes, by anyone at the table. From the stored balance it
 * is one transaction: under the bill's lock every unpaid round is paid (a ledger
 * transaction each) and the bill settles. Through a gateway, a pending payment for the
 * amount due is recorded and the payer sent to the gateway; its callback settles the bill.
 * The payer states the total they saw: a bill that changed meanwhile is refused, not paid.
 */
export async function payTableBill(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof PayBillInput>,
	origin: string,
): Promise<BillPaymentResult> {
	const table = await resolveTable(deps, ctx, input.tableToken);
	if (input.payMethod === "balance") return payFromBalance(deps, ctx, table.tableId, input.expectedTotal);

	const gateway = availableGateway(deps, input.payMethod);
	const now = deps.clock.now();
	const paymentId = randomUUID();
	const bill = await deps.db.transaction().execute(async (trx) => {
		const open = await lockOpenBillOfTable(trx, table.tableId);
		if (!open) throw new BusinessError(ErrorCode.NoOpenBill);
		const { due } = await lockRoundsToPay(trx, open, input.expectedTotal);
		await recordPendingPayment(trx, {
			id: paymentId,
			tenantId: ctx.tenant.id,
			payerMemberId: ctx.member.id,
			pays: { billId: open.id },
			provider: gateway.name,
			amount: due,
			now,
		});
		return { ...open, due };
	});
	const { redirectUrl } = await gateway.startCheckout({
		paymentId,
		amount: bill.due,
		currency: ctx.tenant.currency.code,
		language: ctx.lang,
		description: `Bayon · ${table.shopName} · ${table.number}`,
		notifyUrl: `${origin}/pay/notify/${gateway.name}`,
		returnUrl: `${origin}/pages/components/pages/orders/bill`,
	});
	return { bill: await presentBill(deps, bill, ctx), redirectUrl };
}

async function payFromBalance(
	deps: AppDeps,
	ctx: SignedInContext,
	tableId: number,
	expectedTotal: number,
): Promise<BillPaymentResult> {
	const now = deps.clock.now();
	const wallet = { kind: "member_wallet" as const, tenantId: ctx.tenant.id, memberId: ctx.member.id };
	const outcome = await deps.db.transaction().execute(async (trx) => {
		const open = await lockOpenBillOfTable(trx, tableId);
		if (!open) return { settled: null, orderIds: [] as number[], balance: await accountBalance(trx, wallet) };
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
	if (!outcome.settled) return answerAlreadySettled(deps, ctx, tableId, expectedTotal, outcome.balance);
	for (const orderId of outcome.orderIds) await announceOrderChange(deps, orderId, "paid");
	return { bill: await presentBill(deps, outcome.settled, ctx), balance: outcome.balance };
}

/**
 * No open bill: if this payer has just settled it from their balance for this very amount
 * (a double tap, a retry after a lost answer), answer as the first payment did; it charged
 * once. Otherwise someone else settled it, or nothing was ordered.
 */
async function answerAlreadySettled(
	deps: AppDeps,
	ctx: SignedInContext,
	tableId: number,
	expectedTotal: number,
	balance: number,
): Promise<BillPaymentResult> {
	const latest = await recentlySettledBills(deps, tableId).limit(1).executeTakeFirst();
	if (!latest) throw new BusinessError(ErrorCode.NoOpenBill);
	const sameSettlement =
		latest.settled_by_member_id === ctx.member.id &&
		latest.settle_method === "balance" &&
		latest.paid_total === expectedTotal;
	if (!sameSettlement) throw new BusinessError(ErrorCode.BillSettled);
	return { bill: await presentBill(deps, latest, ctx), balance };
}

/** The rounds a diner is about to pay, locked; refused when they no longer add up to what the diner saw. */
async function lockRoundsToPay(trx: Transaction<DB>, bill: BillRow, expectedTotal: number) {
	const rounds = await lockUnpaidRounds(trx, bill.id);
	const due = dueOf(rounds);
	if (due !== expectedTotal) throw new BusinessError(ErrorCode.BillChanged);
	if (due === 0) throw new BusinessError(ErrorCode.BillNothingDue);
	return { rounds, due };
}

/** The shop's open bills, oldest first: tables that have eaten and not yet paid. */
export async function listOpenBills(deps: AppDeps, ctx: SignedInContext, shopId: number): Promise<TableBillView[]> {
	await requireStaff(deps, ctx, shopId);
	const bills = await deps.db
		.selectFrom("table_bill")
		.selectAll()
		.where("tenant_id", "=", ctx.tenant.id)
		.where("shop_id", "=", shopId)
		.where("status", "=", "open")
		.orderBy("opened_at")
		.execute();
	return presentBills(deps.db, bills, { lang: ctx.lang });
}

/**
 * The staff took the money at the counter (cash or card) and settle the bill; a bill whose
 * rounds were all cancelled is closed with nothing to pay. The staff confirm the total
 * they collected: a bill that changed meanwhile is refused.
 */
export async function settleBillAtCounter(
	deps: AppDeps,
	ctx: SignedInContext,
	input: { billId: number; expectedTotal: number },
): Promise<TableBillView> {
	const now = deps.clock.now();
	const known = await deps.db
		.selectFrom("table_bill")
		.select("shop_id")
		.where("tenant_id", "=", ctx.tenant.id)
		.where("id", "=", input.billId)
		.executeTakeFirst();
	if (!known) throw new BusinessError(ErrorCode.NotFound);
	await requireStaff(deps, ctx, known.shop_id);
	const orderIds = await deps.db.transaction().execute(async (trx) => {
		const bill = await lockBill(trx, ctx.tenant.id, input.billId);
		if (!bill) throw new BusinessError(ErrorCode.NotFound);
		if (bill.status !== "open") throw new BusinessError(ErrorCode.BillSettled);
		const rounds = await lockUnpaidRounds(trx, bill.id);
		if (dueOf(rounds) !== input.expectedTotal) throw new BusinessError(ErrorCode.BillChanged);
		return settleBill(trx, bill, rounds, {
			method: "counter",
			source: { kind: "external_funds", tenantId: bill.tenant_id },
			paidByMemberId: null,
			gatewayPaymentId: null,
			actor: "staff",
			actorMemberId: ctx.member.id,
			now,
		});
	});
	for (const orderId of orderIds) await announceOrderChange(deps, orderId, "paid");
	const settled = await deps.db
		.selectFrom("table_bill")
		.selectAll()
		.where("id", "=", input.billId)
		.executeTakeFirstOrThrow();
	return presentBill(deps, settled, { lang: ctx.lang });
}
