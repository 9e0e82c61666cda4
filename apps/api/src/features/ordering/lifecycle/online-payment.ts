import { ErrorCode, type KhqrCurrency, type PaymentResult } from "@bayon/contract";
import type { Selectable, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { settlePendingPayments, startGatewayCheckout } from "../../payments/attempts/attempts.js";
import type { GatewayName } from "../../payments/gateway.js";
import { settlePaymentsOfExpired } from "../../payments/reconciliation/reconciliation.js";
import { isGatewayProvider, queueGatewayRefund } from "../../payments/refunds/refunds.js";
import * as orderQueries from "../queries.js";
import { isPayableOnItsOwn } from "./state-rules.js";

/**
 * An order paid through a hosted gateway (decision 028): ordering starts the payment and asks
 * after it; the payments capability records it, hears the gateway and hands the decision to the
 * order's purpose (payment-purposes.ts).
 */

type OrderRow = Selectable<DB["customer_order"]>;

/**
 * Starts paying an order through a hosted gateway: records a pending payment for the
 * order's total and sends the payer to the gateway's checkout page.
 */
export async function startGatewayPayment(
	deps: AppDeps,
	ctx: SignedInContext,
	args: { orderId: number; provider: GatewayName; origin: string; railCurrency?: KhqrCurrency | undefined },
): Promise<PaymentResult> {
	const started = await startGatewayCheckout(deps, ctx, {
		purpose: "order",
		provider: args.provider,
		origin: args.origin,
		railCurrency: args.railCurrency,
		hold: async (trx, { now }) => {
			const found = await orderQueries.lockOwnOrder(trx, {
				tenantId: ctx.tenant.id,
				memberId: ctx.member.id,
				orderId: args.orderId,
			});
			if (!found) throw new BusinessError(ErrorCode.NotFound);
			if (!isPayableOnItsOwn(found, now)) throw new BusinessError(ErrorCode.OrderNotPayable);
			return {
				pay: {
					order: found,
					purposeId: found.id,
					amount: found.total,
					expiresAt: found.expires_at ? new Date(found.expires_at) : undefined,
					description: `Bayon #${found.order_no}`,
					returnPath: `/pages/components/pages/orders/detail?id=${found.id}`,
				},
			};
		},
		paying: async (trx, { order }) => {
			await trx.updateTable("customer_order").set({ payment_status: "paying" }).where("id", "=", order.id).execute();
		},
	});
	const { held, redirectUrl } = started;
	const order = held.order;
	return { orderId: order.id, paymentStatus: "paying", redirectUrl };
}

/**
 * Where a payment stands, asking the gateway about pending payments whose callback has not
 * arrived (the payer may have closed the page, or our server was down).
 */
export async function refreshPaymentStatus(
	deps: AppDeps,
	ctx: SignedInContext,
	orderId: number,
): Promise<PaymentResult> {
	const order = await orderQueries.findOwnOrder(deps.db, { tenantId: ctx.tenant.id, memberId: ctx.member.id, orderId });
	if (!order) throw new BusinessError(ErrorCode.NotFound);
	await settlePendingPayments(deps, { purpose: "order", purposeId: order.id });
	const fresh = await orderQueries.findOwnOrder(deps.db, { tenantId: ctx.tenant.id, memberId: ctx.member.id, orderId });
	return { orderId, paymentStatus: fresh?.payment_status ?? order.payment_status };
}

/**
 * Queues the refund of an order paid through a gateway, against the payment that paid it;
 * nothing for orders paid another way. Call it in the transaction that books the order's
 * refund (ledger key `order:<id>:refund`), with the amount that refund moved.
 */
export async function queueOrderGatewayRefund(
	trx: Transaction<DB>,
	order: OrderRow,
	now: Date,
	/** What the payer paid of it, when a booking's deposit paid the rest (issue 11); the total otherwise. */
	amount = order.total,
): Promise<void> {
	if (!order.pay_method || !isGatewayProvider(order.pay_method) || amount === 0) return;
	// The payment that paid it: the order's own, or its table bill's (one payment, several
	// orders: each is refunded its own share). Payments that came too late were refunded on arrival.
	const payment = order.gateway_payment_id ? { id: order.gateway_payment_id } : null;
	if (!payment)
		throw new Error(`order ${order.id} was paid by ${order.pay_method} but no captured payment was found to refund`);
	await queueGatewayRefund(trx, {
		paymentId: payment.id,
		refundFor: { purpose: "order", purposeId: order.id },
		amount,
		refundKey: `order:${order.id}:refund`,
		reason: "order_refund",
		now,
	});
}

/**
 * Before orders whose payment window passed are cancelled: asks the gateway about their
 * payments still pending that have no "not decided yet" answer from after the window closed.
 * A paid one pays the order instead of letting it be cancelled.
 */
export async function settlePaymentsOfExpiredOrders(deps: AppDeps, now: Date, limit: number): Promise<void> {
	await settlePaymentsOfExpired(deps, {
		purpose: "order",
		limit,
		expired: (eb) =>
			eb.exists(
				eb
					.selectFrom("customer_order as o")
					.select("o.id")
					.whereRef("o.id", "=", "p.purpose_id")
					.where("o.status", "=", "unpaid")
					.where("o.expires_at", "<=", now)
					.where((inner) =>
						inner.or([inner("p.checked_at", "is", null), inner("p.checked_at", "<", inner.ref("o.expires_at"))]),
					),
			),
	});
}
