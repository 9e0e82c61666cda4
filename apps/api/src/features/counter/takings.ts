import { randomUUID } from "node:crypto";
import {
	type CashRefundInput,
	type CounterTakeView,
	cashChange,
	ErrorCode,
	type TakePaymentInput,
} from "@bayon/contract";
import type { Selectable, Transaction } from "kysely";
import { sql } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { optionalIdempotencyKey } from "../../http/idempotency-key.js";
import type { SignedInContext } from "../../http/request-context.js";
import { reverseEarnings } from "../merchant-wallet/earnings/earnings.js";
import { billDue, lockBill, lockUnpaidRounds, settleBill } from "../ordering/bills/bill-settlement.js";
import { announceBillChange, announceOrderChange } from "../ordering/events.js";
import { bookOrderPayment } from "../ordering/lifecycle/order-ledger.js";
import { changeOrder } from "../ordering/queries.js";
import { type PaymentRow, paymentPurpose } from "../payments/purposes.js";
import { reversePointsForOrder } from "../points/order-points.js";
import { toLocalMoment } from "../venues/hours.js";
import { counterShop } from "../venues/staff/staff-access.js";
import { postLedgerTxn } from "../wallet/ledger.js";
import { earningIdsOf, keepAtCounter } from "./kept-money.js";
import { presentTakes, type TakeRow } from "./present.js";

type TakeFields = z.output<typeof TakePaymentInput>;
type Trx = Transaction<DB>;
type OrderRow = Selectable<DB["customer_order"]>;

/** The same key won a parallel race (a double tap): answered after the rollback with its taking. */
class KeyTakenMeanwhile extends Error {}

/** The caller's open shift at the shop, locked: takings and the close meet on it. */
export function lockOpenShift(trx: Trx, shopId: number, memberId: number) {
	return trx
		.selectFrom("counter_shift")
		.selectAll()
		.where("shop_id", "=", shopId)
		.where("staff_member_id", "=", memberId)
		.where("status", "=", "open")
		.forUpdate()
		.executeTakeFirst();
}

/** What is being paid: the order alone, or a table bill's unpaid rounds; locked, with what is due. */
interface Payable {
	orders: OrderRow[];
	due: number;
	bill: Selectable<DB["table_bill"]> | null;
}

export async function lockPayable(
	trx: Trx,
	ctx: SignedInContext,
	fields: Pick<TakeFields, "shopId" | "purpose" | "purposeId">,
	now: Date,
): Promise<Payable> {
	if (fields.purpose === "order") {
		const order = await trx
			.selectFrom("customer_order")
			.selectAll()
			.where("tenant_id", "=", ctx.tenant.id)
			.where("shop_id", "=", fields.shopId)
			.where("id", "=", fields.purposeId)
			.forUpdate()
			.executeTakeFirst();
		if (!order) throw new BusinessError(ErrorCode.NotFound);
		if (order.payment_status === "paid" || order.payment_status === "refunded")
			throw new BusinessError(ErrorCode.AlreadyPaidAtCounter);
		// A round of a table's bill is paid with its bill; a closed order no longer takes money.
		if (order.bill_id || order.status !== "unpaid") throw new BusinessError(ErrorCode.NotPayableAtCounter);
		// Past its payment window the order is about to be cancelled (stock back): not taken.
		if (order.expires_at && new Date(order.expires_at) <= now) throw new BusinessError(ErrorCode.NotPayableAtCounter);
		return { orders: [order], due: order.total, bill: null };
	}
	const bill = await lockBill(trx, ctx.tenant.id, fields.purposeId);
	if (!bill || bill.shop_id !== fields.shopId) throw new BusinessError(ErrorCode.NotFound);
	if (bill.status !== "open") throw new BusinessError(ErrorCode.AlreadyPaidAtCounter);
	const rounds = await lockUnpaidRounds(trx, bill.id);
	return { orders: rounds, due: billDue(bill, rounds), bill };
}

/** The shop's next receipt number of its local day: "20261206-0007". */
async function nextReceiptNo(trx: Trx, shop: { id: number; timezone: string }, now: Date): Promise<string> {
	const day = toLocalMoment(now, shop.timezone).date;
	const row = await trx
		.insertInto("counter_receipt_day")
		.values({ shop_id: shop.id, day, last_number: 1 })
		.onConflict((oc) =>
			oc.columns(["shop_id", "day"]).doUpdateSet({ last_number: sql<number>`counter_receipt_day.last_number + 1` }),
		)
		.returning("last_number")
		.executeTakeFirstOrThrow();
	return `${day.replaceAll("-", "")}-${String(row.last_number).padStart(4, "0")}`;
}

/** The taking a staff member already made with this key: the same request again answers it; another is refused. */
async function replayOf(deps: AppDeps, ctx: SignedInContext, key: string, fields: TakeFields): Promise<TakeRow | null> {
	const row = await deps.db
		.selectFrom("counter_take")
		.selectAll()
		.where("staff_member_id", "=", ctx.member.id)
		.where("idempotency_key", "=", key)
		.executeTakeFirst();
	if (!row) return null;
	const same =
		row.tenant_id === ctx.tenant.id &&
		row.shop_id === fields.shopId &&
		row.purpose === fields.purpose &&
		row.purpose_id === fields.purposeId &&
		row.method === fields.method &&
		row.amount === fields.amount;
	if (!same) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
	return row;
}

async function present(deps: AppDeps, row: TakeRow): Promise<CounterTakeView> {
	const [view] = await presentTakes(deps.db, [row]);
	if (!view) throw new Error(`counter take ${row.id} could not be presented`);
	return view;
}

/**
 * `POST /merchant/counter/take`: staff take payment for an order or a table bill at the counter.
 * One transaction: the caller's open shift is locked (none: ShiftNotOpen), then the order, or the
 * bill and its unpaid rounds; it must still be unpaid (else AlreadyPaidAtCounter: a colleague
 * took it first) and owe what the sheet showed (else CounterAmountChanged). Cash and card become
 * a `payment` row applied through the payments capability's purpose, their earning kept at the
 * counter (kept-money.ts); a balance is a wallet debit with the member's one-use pay code. The
 * taking row with its receipt number goes in last.
 */
export async function takePayment(
	deps: AppDeps,
	ctx: SignedInContext,
	fields: TakeFields,
	idempotencyKey: string | undefined,
): Promise<CounterTakeView> {
	const shop = await counterShop(deps, ctx, fields.shopId);
	const key = optionalIdempotencyKey(idempotencyKey);
	if (key) {
		const replay = await replayOf(deps, ctx, key, fields);
		if (replay) return present(deps, replay);
	}
	let done: { take: TakeRow; payment: PaymentRow | null; orders: OrderRow[]; billId: number | null };
	try {
		done = await deps.db.transaction().execute(async (trx) => {
			const now = deps.clock.now();
			const shift = await lockOpenShift(trx, shop.id, ctx.member.id);
			if (!shift) throw new BusinessError(ErrorCode.ShiftNotOpen);
			const payable = await lockPayable(trx, ctx, fields, now);
			if (payable.due === 0) throw new BusinessError(ErrorCode.NothingDueAtCounter);
			if (payable.due !== fields.amount) throw new BusinessError(ErrorCode.CounterAmountChanged);
			const orderIds = payable.orders.map((order) => order.id);
			const cash =
				fields.method === "cash"
					? cashChange(
							payable.due,
							{ tendered: fields.tendered, tenderedSecond: fields.tenderedSecond },
							ctx.tenant.currency,
						)
					: null;
			if (cash?.short) throw new BusinessError(ErrorCode.CashTenderShort);
			let payment: PaymentRow | null = null;
			let payerMemberId: number | null = null;
			const earningsBefore = await earningIdsOf(trx, orderIds);
			if (fields.method === "balance") {
				payerMemberId = await useBalance(trx, ctx, shop.id, fields.code, payable, now);
			} else {
				payment = await trx
					.insertInto("payment")
					.values({
						id: randomUUID(),
						tenant_id: ctx.tenant.id,
						purpose: fields.purpose,
						purpose_id: fields.purposeId,
						payer_member_id: null,
						provider: fields.method,
						amount: payable.due,
						status: "succeeded",
						provider_txn_id: fields.method === "card_terminal" ? fields.reference : null,
						created_at: now,
						updated_at: now,
						next_check_at: null,
					})
					.returningAll()
					.executeTakeFirstOrThrow();
				const outcome = await paymentPurpose(fields.purpose).settle(trx, payment, { status: "succeeded" }, now);
				// The purpose could not take it (closed meanwhile): nothing is kept, all rolls back.
				if (outcome !== "applied") throw new BusinessError(ErrorCode.NotPayableAtCounter);
			}
			const inserted = await trx
				.insertInto("counter_take")
				.values({
					tenant_id: ctx.tenant.id,
					shop_id: shop.id,
					shift_id: shift.id,
					staff_member_id: ctx.member.id,
					receipt_no: await nextReceiptNo(trx, shop, now),
					purpose: fields.purpose,
					purpose_id: fields.purposeId,
					method: fields.method,
					amount: payable.due,
					payment_id: payment?.id ?? null,
					payer_member_id: payerMemberId,
					tendered: fields.method === "cash" ? fields.tendered : null,
					tendered_second: fields.method === "cash" ? fields.tenderedSecond : null,
					change_given: cash?.change ?? null,
					change_given_second: cash?.changeSecond ?? null,
					terminal_reference: fields.method === "card_terminal" ? fields.reference : null,
					idempotency_key: key,
					created_at: now,
				})
				.onConflict((oc) =>
					oc.columns(["staff_member_id", "idempotency_key"]).where("idempotency_key", "is not", null).doNothing(),
				)
				.returningAll()
				.executeTakeFirst();
			if (!inserted) throw new KeyTakenMeanwhile();
			if (payment)
				await keepAtCounter(trx, {
					tenantId: ctx.tenant.id,
					shopId: shop.id,
					takeId: inserted.id,
					amount: payable.due,
					orderIds,
					earningsBefore,
					now,
				});
			return { take: inserted, payment, orders: payable.orders, billId: payable.bill?.id ?? null };
		});
	} catch (error) {
		// The same tap sent twice at once: the twin waited on the shift's lock and then found the
		// order paid (or the key taken). It answers with the taking its twin made.
		const replay = key ? await replayOf(deps, ctx, key, fields) : null;
		if (replay) return present(deps, replay);
		if (error instanceof KeyTakenMeanwhile) throw new BusinessError(ErrorCode.AlreadyPaidAtCounter);
		throw error;
	}
	if (done.payment) await paymentPurpose(fields.purpose).announce?.(deps, done.payment, "applied");
	else {
		for (const order of done.orders) await announceOrderChange(deps, order.id, "paid");
		if (done.billId) await announceBillChange(deps, done.billId, "settled");
	}
	return present(deps, done.take);
}

/**
 * The member's balance pays, by the one-minute pay code they show (stored-value's code): the code
 * is locked and must be unused, unexpired and of this tenant (every failure reads PayCodeInvalid);
 * a code of someone on this shop's staff is refused (decision 027). The order or bill is then
 * paid from their wallet exactly as a balance payment is, in this transaction. Answers the payer.
 */
async function useBalance(
	trx: Trx,
	ctx: SignedInContext,
	shopId: number,
	codeText: string,
	payable: Payable,
	now: Date,
): Promise<number> {
	const code = await trx.selectFrom("pay_code").selectAll().where("code", "=", codeText).forUpdate().executeTakeFirst();
	const usable =
		code !== undefined &&
		code.tenant_id === ctx.tenant.id &&
		code.used_at === null &&
		code.retired_at === null &&
		code.expires_at.getTime() > now.getTime();
	if (!usable) throw new BusinessError(ErrorCode.PayCodeInvalid);
	const colleague = await trx
		.selectFrom("shop_staff")
		.select("member_id")
		.where("shop_id", "=", shopId)
		.where("member_id", "=", code.member_id)
		.executeTakeFirst();
	if (colleague) throw new BusinessError(ErrorCode.PayCodeOwnShop);
	await trx.updateTable("pay_code").set({ used_at: now }).where("id", "=", code.id).execute();
	const wallet = { kind: "member_wallet" as const, tenantId: ctx.tenant.id, memberId: code.member_id };
	if (payable.bill) {
		await settleBill(trx, payable.bill, payable.orders, {
			method: "balance",
			source: wallet,
			paidByMemberId: code.member_id,
			gatewayPaymentId: null,
			actor: "staff",
			actorMemberId: ctx.member.id,
			now,
		});
		return code.member_id;
	}
	const [order] = payable.orders;
	if (!order) throw new Error("a counter payment for no order");
	await bookOrderPayment(trx, { ...order, knownStatus: "new" }, wallet, now);
	await changeOrder(
		trx,
		order,
		{ status: "new", payment_status: "paid", pay_method: "balance", paid_at: now, paid_by_member_id: code.member_id },
		{ at: now, actor: "staff", actorMemberId: ctx.member.id, note: "paid:balance counter" },
	);
	return code.member_id;
}

/**
 * `POST /merchant/counter/cash-refund`: the staff member hands a cash (or card-terminal) taking
 * back, recorded on their own open shift (the cash leaves their drawer). The order (or each
 * round of the bill) is refunded the ordinary way, once (ledger key `order:<id>:refund`): its
 * earnings kept at the counter come back out of what was paid out to the shop, the platform's
 * commission on them is returned, its points go back. Refused for a balance taking (refund the
 * order: the money goes back to the wallet), for one handed back already, and for a bill a
 * booking's deposit paid part of (its rounds are refunded from the board).
 */
export async function cashRefund(
	deps: AppDeps,
	ctx: SignedInContext,
	fields: z.output<typeof CashRefundInput>,
): Promise<CounterTakeView> {
	const shop = await counterShop(deps, ctx, fields.shopId);
	const done = await deps.db.transaction().execute(async (trx) => {
		const now = deps.clock.now();
		const shift = await lockOpenShift(trx, shop.id, ctx.member.id);
		if (!shift) throw new BusinessError(ErrorCode.ShiftNotOpen);
		const take = await trx
			.selectFrom("counter_take")
			.selectAll()
			.where("id", "=", fields.takeId)
			.where("tenant_id", "=", ctx.tenant.id)
			.forUpdate()
			.executeTakeFirst();
		if (!take || take.shop_id !== shop.id || take.status !== "paid" || take.method === "balance")
			throw new BusinessError(ErrorCode.CounterRefundRefused);
		let orders: OrderRow[];
		if (take.purpose === "order") {
			orders = await trx
				.selectFrom("customer_order")
				.selectAll()
				.where("id", "=", take.purpose_id)
				.forUpdate()
				.execute();
		} else {
			const bill = await lockBill(trx, ctx.tenant.id, take.purpose_id);
			if (!bill || bill.credit > 0) throw new BusinessError(ErrorCode.CounterRefundRefused);
			orders = await trx
				.selectFrom("customer_order")
				.selectAll()
				.where("bill_id", "=", bill.id)
				.where("payment_status", "=", "paid")
				.orderBy("id")
				.forUpdate()
				.execute();
		}
		const kept = await trx
			.selectFrom("shop_earning")
			.select(["order_id"])
			.where("counter_take_id", "=", take.id)
			.where("status", "=", "settled")
			.execute();
		const keptOrders = new Set(kept.map((earning) => earning.order_id));
		const refunding = orders.filter((order) => order.payment_status === "paid" && keptOrders.has(order.id));
		if (refunding.length === 0) throw new BusinessError(ErrorCode.CounterRefundRefused);
		for (const order of refunding) {
			await reversePointsForOrder(trx, order.id, now);
			const reversal = await reverseEarnings(trx, {
				tenantId: order.tenant_id,
				shopId: order.shop_id,
				of: { orderId: order.id },
				amount: order.total,
			});
			const posted = await postLedgerTxn(trx, {
				tenantId: order.tenant_id,
				kind: "order_refund",
				idempotencyKey: `order:${order.id}:refund`,
				orderId: order.id,
				now,
				moves: [
					...reversal.moves,
					{ account: { kind: "external_funds", tenantId: order.tenant_id }, amount: order.total },
				],
			});
			if (posted === null) throw new BusinessError(ErrorCode.CounterRefundRefused);
			await reversal.afterRefund(posted, now);
			await changeOrder(
				trx,
				order,
				{ status: "refunded", payment_status: "refunded", closed_at: now, close_reason: "counter_refund" },
				{ at: now, actor: "staff", actorMemberId: ctx.member.id, note: `counter_refund take:${take.id}` },
			);
		}
		const refunded = await trx
			.updateTable("counter_take")
			.set({ status: "refunded", refunded_at: now, refunded_by_member_id: ctx.member.id, refund_shift_id: shift.id })
			.where("id", "=", take.id)
			.returningAll()
			.executeTakeFirstOrThrow();
		return { take: refunded, orderIds: refunding.map((order) => order.id) };
	});
	for (const orderId of done.orderIds) await announceOrderChange(deps, orderId, "refunded");
	return present(deps, done.take);
}
