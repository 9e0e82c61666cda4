import { randomUUID } from "node:crypto";
import { ErrorCode, type PaymentResult } from "@bayon/contract";
import type { Selectable, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { RequestContext } from "../../http/request-context.js";
import type { GatewayPaymentReport, PaymentGateway } from "../payments/gateway.js";
import { gateways } from "../payments/registry.js";
import { postLedgerTxn } from "../wallet/ledger.js";
import { announceOrderChange } from "./events.js";
import { deliverGatewayRefundsSoon, queueGatewayRefund } from "./gateway-refunds.js";
import * as orderQueries from "./queries.js";

type SignedInContext = RequestContext & { member: { id: number } };
type OrderRow = Selectable<DB["customer_order"]>;

/**
 * Starts paying an order through a hosted gateway: records a pending payment for the
 * order's total and sends the payer to the gateway's checkout page.
 */
export async function startGatewayPayment(
	deps: AppDeps,
	ctx: SignedInContext,
	args: { orderId: number; provider: "sandbox" | "wechat" | "alipay"; origin: string },
): Promise<PaymentResult> {
	const gateway = args.provider === "sandbox" ? gateways(deps).sandbox : gateways(deps)[args.provider];
	if (!gateway?.isAvailable()) throw new BusinessError(ErrorCode.PayMethodUnavailable);
	const now = deps.clock.now();
	const paymentId = randomUUID();
	const order = await deps.db.transaction().execute(async (trx) => {
		const found = await orderQueries.lockOwnOrder(trx, {
			tenantId: ctx.tenant.id,
			memberId: ctx.member.id,
			orderId: args.orderId,
		});
		if (!found) throw new BusinessError(ErrorCode.NotFound);
		if (found.status !== "unpaid" || new Date(found.expires_at) <= now)
			throw new BusinessError(ErrorCode.OrderNotPayable);
		await trx
			.insertInto("gateway_payment")
			.values({
				id: paymentId,
				tenant_id: ctx.tenant.id,
				order_id: found.id,
				provider: gateway.name,
				amount: found.total,
				status: "pending",
				provider_txn_id: null,
				created_at: now,
				updated_at: now,
			})
			.execute();
		await trx.updateTable("customer_order").set({ payment_status: "paying" }).where("id", "=", found.id).execute();
		return found;
	});
	const { redirectUrl } = await gateway.startCheckout({
		paymentId,
		amount: order.total,
		currency: ctx.tenant.currency.code,
		description: `Bayon #${order.order_no}`,
		notifyUrl: `${args.origin}/pay/notify/${gateway.name}`,
		returnUrl: `${args.origin}/pages/components/pages/orders/detail?id=${order.id}`,
	});
	return { orderId: order.id, paymentStatus: "paying", redirectUrl };
}

export type ApplyOutcome =
	| "applied"
	| "already_applied"
	| "declined"
	| "refunded_late"
	| "unknown_payment"
	| "amount_mismatch";

/**
 * Applies what a gateway reports, whether it came by callback (maybe five times at once) or
 * by a status query. Under the payment's row lock it is applied once: the first report
 * records the provider's transaction id (unique per provider) and pays the order; later
 * ones find it done. The amount must match what we asked for. Money for an order that can
 * no longer be paid (expired, or paid another way meanwhile) is recorded and refunded at
 * once, so it is never lost.
 */
export async function applyGatewayReport(
	deps: AppDeps,
	gateway: PaymentGateway,
	report: GatewayPaymentReport,
): Promise<ApplyOutcome> {
	const now = deps.clock.now();
	const result = await deps.db.transaction().execute(async (trx) => {
		const payment = await trx
			.selectFrom("gateway_payment")
			.selectAll()
			.where("id", "=", report.paymentId)
			.where("provider", "=", gateway.name)
			.forUpdate()
			.executeTakeFirst();
		if (!payment) return { outcome: "unknown_payment" as const };
		if (payment.status !== "pending") return { outcome: "already_applied" as const };
		if (payment.amount !== report.amount) return { outcome: "amount_mismatch" as const };
		const order = await trx
			.selectFrom("customer_order")
			.selectAll()
			.where("id", "=", payment.order_id)
			.forUpdate()
			.executeTakeFirstOrThrow();
		await trx
			.updateTable("gateway_payment")
			.set({
				status: report.status === "succeeded" ? "succeeded" : "declined",
				provider_txn_id: report.providerTxnId,
				updated_at: now,
			})
			.where("id", "=", payment.id)
			.execute();
		if (report.status === "declined") {
			if (order.status === "unpaid")
				await trx.updateTable("customer_order").set({ payment_status: "unpaid" }).where("id", "=", order.id).execute();
			return { outcome: "declined" as const, orderId: order.id };
		}
		if (order.status === "unpaid") {
			await capture(trx, order, gateway.name, now);
			return { outcome: "applied" as const, orderId: order.id };
		}
		await refundLatePayment(trx, order, payment.id, payment.amount, now);
		return { outcome: "refunded_late" as const, orderId: order.id };
	});
	if (result.outcome === "refunded_late") deliverGatewayRefundsSoon(deps, { paymentId: report.paymentId });
	if ("orderId" in result && result.orderId !== undefined)
		await announceOrderChange(deps, result.orderId, result.outcome === "applied" ? "paid" : result.outcome);
	return result.outcome;
}

async function capture(trx: Transaction<DB>, order: OrderRow, method: "sandbox" | "wechat" | "alipay", now: Date) {
	await postLedgerTxn(trx, {
		tenantId: order.tenant_id,
		kind: "order_payment",
		idempotencyKey: `order:${order.id}:payment`,
		orderId: order.id,
		now,
		moves: [
			{ account: { kind: "external_funds", tenantId: order.tenant_id }, amount: -order.total },
			{ account: { kind: "shop_revenue", tenantId: order.tenant_id, shopId: order.shop_id }, amount: order.total },
		],
	});
	await trx
		.updateTable("customer_order")
		.set({ status: "new", payment_status: "paid", pay_method: method, paid_at: now })
		.where("id", "=", order.id)
		.execute();
	await orderQueries.recordEvent(trx, {
		orderId: order.id,
		at: now,
		actor: "system",
		actorMemberId: null,
		from: "unpaid",
		to: "new",
		note: `paid:${method}`,
	});
}

/** The money arrived but the order cannot take it: book it in and straight back out. */
async function refundLatePayment(trx: Transaction<DB>, order: OrderRow, paymentId: string, amount: number, now: Date) {
	const external = { kind: "external_funds" as const, tenantId: order.tenant_id };
	const shop = { kind: "shop_revenue" as const, tenantId: order.tenant_id, shopId: order.shop_id };
	await postLedgerTxn(trx, {
		tenantId: order.tenant_id,
		kind: "order_payment",
		idempotencyKey: `gateway:${paymentId}:capture`,
		orderId: order.id,
		now,
		moves: [
			{ account: external, amount: -amount },
			{ account: shop, amount },
		],
	});
	await postLedgerTxn(trx, {
		tenantId: order.tenant_id,
		kind: "order_refund",
		idempotencyKey: `gateway:${paymentId}:refund`,
		orderId: order.id,
		now,
		moves: [
			{ account: shop, amount: -amount },
			{ account: external, amount },
		],
	});
	await queueGatewayRefund(trx, {
		paymentId,
		orderId: order.id,
		amount,
		refundKey: `gateway:${paymentId}:refund`,
		reason: "late_payment",
		now,
	});
	await orderQueries.recordEvent(trx, {
		orderId: order.id,
		at: now,
		actor: "system",
		actorMemberId: null,
		from: order.status,
		to: order.status,
		note: `late_payment_refunded:${paymentId}`,
	});
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
	const pending = await deps.db
		.selectFrom("gateway_payment")
		.select(["id", "provider"])
		.where("order_id", "=", order.id)
		.where("status", "=", "pending")
		.execute();
	for (const payment of pending) {
		const gateway = payment.provider === "sandbox" ? gateways(deps).sandbox : gateways(deps)[payment.provider];
		const report = gateway ? await gateway.queryPayment(payment.id) : null;
		if (gateway && report) await applyGatewayReport(deps, gateway, report);
	}
	const fresh = await orderQueries.findOwnOrder(deps.db, { tenantId: ctx.tenant.id, memberId: ctx.member.id, orderId });
	return { orderId, paymentStatus: fresh?.payment_status ?? order.payment_status };
}
