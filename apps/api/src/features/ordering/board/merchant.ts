import {
	ErrorCode,
	type OrderView,
	type PageResult,
	type PlaceOrderInput,
	STAFF_STEP_TARGET,
	type StaffStep,
} from "@bayon/contract";
import type { Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { releaseCouponOfCancelledOrder } from "../../coupons/order-coupons.js";
import { findActiveMemberIdByMobile, memberContacts } from "../../identity/service.js";
import { releaseOrderEarnings } from "../../merchant-wallet/earnings/earnings.js";
import { deliverGatewayRefundsSoon } from "../../payments/refunds/refunds.js";
import { awardPointsForOrder } from "../../points/order-points.js";
import { requireStaff, requireStaffSomewhere, staffRoleAt } from "../../venues/staff/staff-access.js";
import { isSeatingToken } from "../../venues/tables/tables.js";
import { scanTable } from "../bills/table-seatings.js";
import { placeOrder } from "../checkout/checkout.js";
import { announceOrderChange } from "../events.js";
import { refundPayment } from "../lifecycle/payments.js";
import { requireStaffAction } from "../lifecycle/state-rules.js";
import { presentOrders } from "../present.js";
import * as queries from "../queries.js";

type OrderRow = Selectable<DB["customer_order"]>;

const ACTIVE = ["new", "in_production", "ready", "delivering"] as const;

/** The shop's orders for its staff: by default what needs attention now. */
export async function listShopOrders(
	deps: AppDeps,
	ctx: SignedInContext,
	query: { shopId: number; scope: "active" | "all"; page: number; pageSize: number },
): Promise<PageResult<OrderView>> {
	await requireStaff(deps, ctx, query.shopId);
	let base = deps.db
		.selectFrom("customer_order")
		.where("tenant_id", "=", ctx.tenant.id)
		.where("shop_id", "=", query.shopId);
	if (query.scope === "active")
		base = base.where((eb) => eb.or([eb("status", "in", ACTIVE), eb("refund_status", "=", "requested")]));
	const [rows, total] = await Promise.all([
		base
			.selectAll()
			.orderBy("created_at", "desc")
			.orderBy("id", "desc")
			.offset((query.page - 1) * query.pageSize)
			.limit(query.pageSize)
			.execute(),
		base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
	]);
	return { list: await presentForStaff(deps, ctx, rows), total: Number(total.n) };
}

/** One order of a shop the caller works at; any other order answers not-found. */
export async function getShopOrder(deps: AppDeps, ctx: SignedInContext, orderId: number): Promise<OrderView> {
	const row = await findOrderForStaff(deps, ctx, orderId);
	const [view] = await presentForStaff(deps, ctx, [row]);
	return view as OrderView;
}

async function presentForStaff(deps: AppDeps, ctx: SignedInContext, rows: OrderRow[]): Promise<OrderView[]> {
	const views = await presentOrders(deps.db, rows, ctx.lang, { kind: "staff" });
	const contacts = await memberContacts(deps, ctx.tenant.id, [...new Set(rows.map((row) => row.member_id))]);
	return views.map((view, index) => {
		const customer = contacts.get(rows[index]?.member_id ?? 0);
		return customer ? { ...view, customer } : view;
	});
}

/**
 * An order of a shop the caller works at. Customers are refused before the order is looked
 * up and staff of another shop are told it does not exist, so nobody learns which ids exist.
 */
async function findOrderForStaff(deps: AppDeps, ctx: SignedInContext, orderId: number): Promise<OrderRow> {
	await requireStaffSomewhere(deps, ctx);
	const order = await deps.db
		.selectFrom("customer_order")
		.selectAll()
		.where("tenant_id", "=", ctx.tenant.id)
		.where("id", "=", orderId)
		.executeTakeFirst();
	if (!order || !(await staffRoleAt(deps, ctx, order.shop_id))) throw new BusinessError(ErrorCode.NotFound);
	return order;
}

/**
 * Checks that the caller works at the order's shop (an order never changes shop, so this
 * can happen before the transaction), then the caller locks the order inside it. Everything
 * inside a transaction must go through `trx`: PGlite has a single connection, so a query on
 * deps.db there would wait for the transaction forever.
 */
async function authorizeStaffFor(deps: AppDeps, ctx: SignedInContext, orderId: number): Promise<void> {
	await findOrderForStaff(deps, ctx, orderId);
}

async function lockOrder(trx: Transaction<DB>, tenantId: number, orderId: number): Promise<OrderRow> {
	const order = await trx
		.selectFrom("customer_order")
		.selectAll()
		.where("tenant_id", "=", tenantId)
		.where("id", "=", orderId)
		.forUpdate()
		.executeTakeFirst();
	if (!order) throw new BusinessError(ErrorCode.NotFound);
	return order;
}

/**
 * Accept, ready, dispatch, complete or reject, one tap each. The row is locked and the step
 * checked against the state machine, so two staff tapping at once move it one step only;
 * the second is told the order changed. Rejecting refunds the payment and returns stock.
 */
export async function actOnOrder(
	deps: AppDeps,
	ctx: SignedInContext,
	input: { orderId: number; action: StaffStep; reason?: string | undefined },
): Promise<OrderView> {
	const now = deps.clock.now();
	if (input.action === "reject" && !input.reason) {
		throw BusinessError.invalidField("reason", "enterReason");
	}
	await authorizeStaffFor(deps, ctx, input.orderId);
	await deps.db.transaction().execute(async (trx) => {
		const current = await lockOrder(trx, ctx.tenant.id, input.orderId);
		requireStaffAction(current, input.action);
		const next = STAFF_STEP_TARGET[input.action];
		if (input.action === "reject") {
			await refundPayment(trx, current, now);
			await queries.returnStock(trx, current.id);
			// A table's round is rejected unpaid: its coupon goes back (a paid order's does not).
			await releaseCouponOfCancelledOrder(trx, current);
		}
		await queries.changeOrder(
			trx,
			current,
			{
				status: next,
				...(input.action === "accept" ? { accepted_at: now } : {}),
				...(next === "completed" || next === "rejected"
					? { closed_at: now, close_reason: input.reason ?? input.action }
					: {}),
			},
			{ at: now, actor: "staff", actorMemberId: ctx.member.id, note: input.reason },
		);
		if (next === "completed") {
			await awardPointsForOrder(trx, current.id, now);
			await releaseOrderEarnings(trx, current.id, now);
		}
	});
	if (input.action === "reject") deliverGatewayRefundsSoon(deps, { purpose: "order", purposeId: input.orderId });
	await announceOrderChange(deps, input.orderId, input.action);
	return getShopOrder(deps, ctx, input.orderId);
}

/**
 * The shop approves (money back the way it came, stock returned, the order closed as
 * refunded) or rejects (with a note; the order goes on where it was) a refund request. Only a
 * request still pending can be decided, under the row lock, and the ledger key makes the
 * refund itself happen at most once.
 */
export async function decideRefund(
	deps: AppDeps,
	ctx: SignedInContext,
	input: { orderId: number; approve: boolean; note?: string | undefined },
): Promise<OrderView> {
	const now = deps.clock.now();
	if (!input.approve && !input.note) {
		throw BusinessError.invalidField("note", "enterReason");
	}
	await authorizeStaffFor(deps, ctx, input.orderId);
	await deps.db.transaction().execute(async (trx) => {
		const current = await lockOrder(trx, ctx.tenant.id, input.orderId);
		requireStaffAction(current, input.approve ? "approveRefund" : "refuseRefund");
		if (input.approve) {
			await refundPayment(trx, current, now);
			await queries.returnStock(trx, current.id);
		}
		await queries.changeOrder(
			trx,
			current,
			{
				refund_status: input.approve ? "approved" : "rejected",
				refund_decision_note: input.note ?? null,
				refund_decided_at: now,
				...(input.approve ? { status: "refunded", closed_at: now, close_reason: "refunded" } : {}),
			},
			{
				at: now,
				actor: "staff",
				actorMemberId: ctx.member.id,
				note: `refund_${input.approve ? "approved" : "rejected"}${input.note ? `: ${input.note}` : ""}`,
			},
		);
	});
	if (input.approve) deliverGatewayRefundsSoon(deps, { purpose: "order", purposeId: input.orderId });
	await announceOrderChange(deps, input.orderId, input.approve ? "refund_approved" : "refund_rejected");
	return getShopOrder(deps, ctx, input.orderId);
}

/** Staff order for a customer found by phone: labelled "employee help", paid by the customer. */
export async function placeOrderForCustomer(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof PlaceOrderInput> & { customerMobile: string },
	idempotencyKey: string | undefined,
): Promise<OrderView> {
	await requireStaff(deps, ctx, input.shopId);
	const customerId = await findActiveMemberIdByMobile(deps, ctx.tenant.id, input.customerMobile);
	if (customerId === null) throw new BusinessError(ErrorCode.CustomerNotFound);
	const { customerMobile: _, ...order } = input;
	// A waiter standing at the table takes the round with the table's printed code: it joins
	// the table's current seating like a diner's scan would (decision 009).
	if (order.tableToken && !isSeatingToken(order.tableToken)) {
		order.tableToken = (await scanTable(deps, ctx, order.tableToken)).token;
	}
	return placeOrder(deps, { ...ctx, member: { id: customerId, sessionFamilyId: "" } }, order, idempotencyKey, {
		placedBy: ctx.member.id,
	});
}
