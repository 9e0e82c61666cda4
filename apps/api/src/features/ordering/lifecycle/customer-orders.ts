import { ErrorCode, type OrderStatus, type OrderView, type PageResult } from "@bayon/contract";
import type { Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { releaseCouponOfCancelledOrder } from "../../coupons/order-coupons.js";
import { releaseOrderEarnings } from "../../merchant-wallet/earnings/earnings.js";
import { deliverGatewayRefundsSoon } from "../../payments/refunds/refunds.js";
import { awardPointsForOrder } from "../../points/order-points.js";
import { announceOrderChange } from "../events.js";
import { presentOrders } from "../present.js";
import * as queries from "../queries.js";
import { refundPayment } from "./payments.js";
import { requireCustomerAction } from "./state-rules.js";

/** One of the customer's own orders; another member's id answers not-found, like a missing one. */
export async function getOwnOrder(deps: AppDeps, ctx: SignedInContext, orderId: number): Promise<OrderView> {
	const row = await queries.findOwnOrder(deps.db, { tenantId: ctx.tenant.id, memberId: ctx.member.id, orderId });
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	const viewer = { kind: "customer", now: deps.clock.now() } as const;
	const [view] = await withQueuePositions(deps, await presentOrders(deps.db, [row], ctx.lang, viewer));
	if (!view) throw new BusinessError(ErrorCode.NotFound);
	return view;
}

/** "N orders ahead of you": for orders waiting for or in the kitchen, the earlier ones of that shop and day. */
async function withQueuePositions(deps: AppDeps, views: OrderView[]): Promise<OrderView[]> {
	const waiting = views.filter((view) => view.status === "new" || view.status === "in_production");
	const ahead = await queries.countOrdersAhead(
		deps.db,
		waiting.map((view) => view.id),
	);
	return views.map((view) => {
		const count = ahead.get(view.id);
		return count === undefined ? view : { ...view, ordersAhead: count };
	});
}

export async function listOwnOrders(
	deps: AppDeps,
	ctx: SignedInContext,
	query: { type: number; page: number; pageSize: number },
): Promise<PageResult<OrderView>> {
	const { rows, total } = await queries.listMemberOrders(deps.db, {
		tenantId: ctx.tenant.id,
		memberId: ctx.member.id,
		filter: query.type,
		offset: (query.page - 1) * query.pageSize,
		limit: query.pageSize,
	});
	const viewer = { kind: "customer", now: deps.clock.now() } as const;
	return { list: await withQueuePositions(deps, await presentOrders(deps.db, rows, ctx.lang, viewer)), total };
}

/**
 * The customer cancels before the shop accepts: an unpaid order simply closes, a paid one
 * is refunded the way it was paid. Either way its stock goes back, exactly once.
 */
export async function cancelOwnOrder(deps: AppDeps, ctx: SignedInContext, orderId: number): Promise<OrderView> {
	const now = deps.clock.now();
	await deps.db.transaction().execute(async (trx) => {
		const order = await queries.lockOwnOrder(trx, { tenantId: ctx.tenant.id, memberId: ctx.member.id, orderId });
		if (!order) throw new BusinessError(ErrorCode.NotFound);
		if (order.status === "cancelled") return;
		requireCustomerAction(order, "cancel", now);
		await refundPayment(trx, order, now);
		await closeAsCancelled(trx, order, now, { actor: "customer", actorMemberId: ctx.member.id, reason: "customer" });
	});
	deliverGatewayRefundsSoon(deps, { purpose: "order", purposeId: orderId });
	await announceOrderChange(deps, orderId, "cancelled");
	return getOwnOrder(deps, ctx, orderId);
}

/** The customer confirms they have their food. */
export async function confirmReceived(deps: AppDeps, ctx: SignedInContext, orderId: number): Promise<void> {
	const now = deps.clock.now();
	await deps.db.transaction().execute(async (trx) => {
		const order = await queries.lockOwnOrder(trx, { tenantId: ctx.tenant.id, memberId: ctx.member.id, orderId });
		if (!order) throw new BusinessError(ErrorCode.NotFound);
		if (order.status === "completed") return;
		requireCustomerAction(order, "confirmReceipt", now);
		await queries.changeOrder(
			trx,
			order,
			{ status: "completed", closed_at: now, close_reason: "received" },
			{ at: now, actor: "customer", actorMemberId: ctx.member.id, note: "received" },
		);
		await awardPointsForOrder(trx, order.id, now);
		await releaseOrderEarnings(trx, order.id, now);
	});
	await announceOrderChange(deps, orderId, "received");
}

/** The customer asks for their money back, with a reason; the shop decides. */
export async function requestRefund(
	deps: AppDeps,
	ctx: SignedInContext,
	input: { orderId: number; reason: string },
): Promise<void> {
	const now = deps.clock.now();
	await deps.db.transaction().execute(async (trx) => {
		const order = await queries.lockOwnOrder(trx, {
			tenantId: ctx.tenant.id,
			memberId: ctx.member.id,
			orderId: input.orderId,
		});
		if (!order) throw new BusinessError(ErrorCode.NotFound);
		requireCustomerAction(order, "requestRefund", now);
		await queries.changeOrder(
			trx,
			order,
			{
				refund_status: "requested",
				refund_reason: input.reason,
				refund_requested_at: now,
				refund_decision_note: null,
				refund_decided_at: null,
			},
			{ at: now, actor: "customer", actorMemberId: ctx.member.id, note: `refund_requested: ${input.reason}` },
		);
	});
	await announceOrderChange(deps, input.orderId, "refund_requested");
}

/** Cancels an order and returns its stock, with the event saying who and why. */
export async function closeAsCancelled(
	trx: Transaction<DB>,
	order: { id: number; status: OrderStatus; payment_status: string },
	now: Date,
	who: { actor: "customer" | "system"; actorMemberId: number | null; reason: string },
) {
	await queries.changeOrder(
		trx,
		order,
		{
			status: "cancelled",
			closed_at: now,
			close_reason: who.reason,
			// A payment still open at a gateway did not go through (or is refunded when it does):
			// the cancelled order was not paid, whatever the payer is still doing at the gateway.
			...(order.payment_status === "paying" ? { payment_status: "unpaid" as const } : {}),
		},
		{ at: now, actor: who.actor, actorMemberId: who.actorMemberId, note: who.reason },
	);
	await queries.returnStock(trx, order.id);
	await releaseCouponOfCancelledOrder(trx, order);
}
