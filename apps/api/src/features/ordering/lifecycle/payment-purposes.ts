import type { Selectable, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { bookGatewayCapture, refundGatewayCapture } from "../../payments/attempts/ledger.js";
import { type PaymentPurpose, type PaymentRow, registerPaymentPurpose } from "../../payments/purposes.js";
import { billDue, lockBill, lockUnpaidRounds, settleBill } from "../bills/bill-settlement.js";
import { announceBillChange, announceOrderChange } from "../events.js";
import * as orderQueries from "../queries.js";
import { bookOrderPayment } from "./order-ledger.js";

type OrderRow = Selectable<DB["customer_order"]>;

/**
 * What a payment does for ordering (decision 028): an order paid on its own, or a whole table
 * bill paid at once. Registered with payments at start-up; payments knows them only by kind.
 */
export function registerOrderingPaymentPurposes(): void {
	registerPaymentPurpose(orderPurpose);
	registerPaymentPurpose(tableBillPurpose);
}

const orderPurpose: PaymentPurpose = {
	kind: "order",
	async settle(trx, payment, report, now) {
		const order = await trx
			.selectFrom("customer_order")
			.selectAll()
			.where("id", "=", payment.purpose_id)
			.forUpdate()
			.executeTakeFirstOrThrow();
		if (report.status === "declined") {
			if (order.payment_status === "paying")
				await trx.updateTable("customer_order").set({ payment_status: "unpaid" }).where("id", "=", order.id).execute();
			return "declined";
		}
		if (order.status === "unpaid") {
			await capture(trx, order, payment, now);
			return "applied";
		}
		await refundLatePayment(
			trx,
			{ tenantId: order.tenant_id, shopId: order.shop_id, order },
			payment.id,
			payment.amount,
			now,
		);
		return "refunded_late";
	},
	async announce(deps, payment, outcome) {
		await announceOrderChange(deps, payment.purpose_id, outcome === "applied" ? "paid" : outcome);
	},
	async refundDelivered(deps, refund) {
		await announceOrderChange(
			deps,
			refund.purposeId,
			refund.outcome === "succeeded" ? "refund_delivered" : "refund_failed",
		);
	},
};

/**
 * A payment for a whole table bill: it settles the bill when the bill still owes exactly
 * the amount paid. If a round was added or cancelled while the payer was at the gateway,
 * or someone settled the bill meanwhile, the money goes straight back (never a partial or
 * silent over-payment) and the table pays again.
 */
const tableBillPurpose: PaymentPurpose = {
	kind: "table_bill",
	async settle(trx, payment, report, now) {
		const bill = await lockBill(trx, payment.tenant_id, payment.purpose_id);
		if (!bill) throw new Error(`payment ${payment.id} names a missing bill`);
		if (report.status === "declined") return "declined";
		const rounds = bill.status === "open" ? await lockUnpaidRounds(trx, bill.id) : [];
		if (rounds.length > 0 && billDue(bill, rounds) === payment.amount) {
			await settleBill(trx, bill, rounds, {
				method: paidWith(payment.provider),
				source: { kind: "external_funds", tenantId: bill.tenant_id },
				paidByMemberId: payment.payer_member_id ?? null,
				gatewayPaymentId: payment.id,
				actor: "system",
				actorMemberId: payment.payer_member_id ?? null,
				now,
			});
			return "applied";
		}
		await refundLatePayment(
			trx,
			{ tenantId: bill.tenant_id, shopId: bill.shop_id, order: null },
			payment.id,
			payment.amount,
			now,
		);
		return "refunded_late";
	},
	async announce(deps, payment, outcome) {
		if (outcome !== "applied") return;
		// The rounds this payment paid carry its id (settleBill): each is news to its watchers.
		const paid = await deps.db
			.selectFrom("customer_order")
			.select("id")
			.where("gateway_payment_id", "=", payment.id)
			.execute();
		for (const round of paid) await announceOrderChange(deps, round.id, "paid");
		await announceBillChange(deps, payment.purpose_id, "settled");
	},
};

/** How an order reads paid: by its gateway, or "counter" for money staff took there. */
function paidWith(provider: PaymentRow["provider"]): NonNullable<OrderRow["pay_method"]> {
	return provider === "cash" || provider === "card_terminal" ? "counter" : provider;
}

async function capture(trx: Transaction<DB>, order: OrderRow, payment: PaymentRow, now: Date) {
	await bookOrderPayment(trx, order, { kind: "external_funds", tenantId: order.tenant_id }, now);
	await orderQueries.changeOrder(
		trx,
		order,
		{
			status: "new",
			payment_status: "paid",
			pay_method: paidWith(payment.provider),
			paid_at: now,
			gateway_payment_id: payment.id,
		},
		{ at: now, actor: "system", actorMemberId: null, note: `paid:${payment.provider}` },
	);
}

/** The money arrived but the order (or bill) cannot take it: book it in and straight back out. */
async function refundLatePayment(
	trx: Transaction<DB>,
	payee: { tenantId: number; shopId: number; order: OrderRow | null },
	paymentId: string,
	amount: number,
	now: Date,
) {
	const { order } = payee;
	const shop = { kind: "shop_revenue" as const, tenantId: payee.tenantId, shopId: payee.shopId };
	const money = { tenantId: payee.tenantId, paymentId, amount, link: { orderId: order?.id ?? null }, now };
	await bookGatewayCapture(trx, { ...money, kind: "order_payment", into: shop });
	await refundGatewayCapture(trx, { ...money, kind: "order_refund", from: shop, reason: "late_payment" });
	if (!order) return;
	// An order that was never paid otherwise (it expired or was cancelled while the payer
	// was at the gateway) now truly reads refunded: the money came and is going back.
	const by = { at: now, actor: "system" as const, actorMemberId: null, note: `late_payment_refunded:${paymentId}` };
	if (order.payment_status === "unpaid" || order.payment_status === "paying")
		await orderQueries.changeOrder(trx, order, { payment_status: "refunded" }, by);
	else
		await orderQueries.recordEvent(trx, {
			orderId: order.id,
			at: by.at,
			actor: by.actor,
			actorMemberId: by.actorMemberId,
			from: order.status,
			to: order.status,
			note: by.note,
		});
}
