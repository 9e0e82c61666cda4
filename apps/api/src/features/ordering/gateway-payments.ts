import { randomUUID } from "node:crypto";
import { ErrorCode, type PaymentResult } from "@bayon/contract";
import type { Selectable, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { RequestContext } from "../../http/request-context.js";
import { addSeconds } from "../../lib/clock.js";
import { announceCardChange } from "../membership/events.js";
import { applyCardGatewayReport } from "../membership/purchase.js";
import type { GatewayName, GatewayPaymentReport, PaymentGateway } from "../payments/gateway.js";
import { gatewayFor } from "../payments/registry.js";
import { applyReservationGatewayReport } from "../reservations/payments.js";
import { announceReservationChange } from "../reservations/records.js";
import { announceRecharge, applyRechargeGatewayReport } from "../stored-value/recharge.js";
import { billDue, lockBill, lockUnpaidRounds, settleBill } from "./bill-settlement.js";
import { announceBillChange, announceOrderChange } from "./events.js";
import { bookGatewayCapture, refundGatewayCapture } from "./gateway-ledger.js";
import { deliverGatewayRefundsSoon } from "./gateway-refunds.js";
import { bookOrderPayment } from "./order-ledger.js";
import * as orderQueries from "./queries.js";
import { isPayableOnItsOwn } from "./state-rules.js";

type SignedInContext = RequestContext & { member: { id: number } };
type OrderRow = Selectable<DB["customer_order"]>;

/**
 * A payment's callback normally arrives within seconds; if none has after this, the
 * reconciliation job asks the gateway (decision 005).
 */
export const FIRST_CHECK_AFTER_SECONDS = 120;
/** How long one question to a gateway may take before it counts as unanswered. */
const GATEWAY_QUERY_TIMEOUT_MS = 15_000;
/** Waits after the gateway could not be asked: 1st, 2nd, … failure; the last repeats. */
const UNANSWERED_DELAYS_SECONDS = [30, 60, 5 * 60, 15 * 60, 30 * 60, 3600];
/** From this many unanswered questions in a row (about 2 hours), every further one is logged as an error. */
const ALERT_AFTER_FAILURES = 6;
/** A payer who has not decided after a day never will: stop asking (a late callback is still taken). */
const ABANDON_AFTER_SECONDS = 24 * 3600;

/**
 * Starts paying an order through a hosted gateway: records a pending payment for the
 * order's total and sends the payer to the gateway's checkout page.
 */
export async function startGatewayPayment(
	deps: AppDeps,
	ctx: SignedInContext,
	args: { orderId: number; provider: GatewayName; origin: string },
): Promise<PaymentResult> {
	const gateway = availableGateway(deps, args.provider);
	const now = deps.clock.now();
	const paymentId = randomUUID();
	const order = await deps.db.transaction().execute(async (trx) => {
		const found = await orderQueries.lockOwnOrder(trx, {
			tenantId: ctx.tenant.id,
			memberId: ctx.member.id,
			orderId: args.orderId,
		});
		if (!found) throw new BusinessError(ErrorCode.NotFound);
		if (!isPayableOnItsOwn(found, now)) throw new BusinessError(ErrorCode.OrderNotPayable);
		await recordPendingPayment(trx, {
			id: paymentId,
			tenantId: ctx.tenant.id,
			payerMemberId: ctx.member.id,
			pays: { orderId: found.id },
			provider: gateway.name,
			amount: found.total,
			now,
		});
		await trx.updateTable("customer_order").set({ payment_status: "paying" }).where("id", "=", found.id).execute();
		return found;
	});
	const { redirectUrl } = await openCheckout(gateway, ctx, {
		paymentId,
		amount: order.total,
		description: `Bayon #${order.order_no}`,
		origin: args.origin,
		returnPath: `/pages/components/pages/orders/detail?id=${order.id}`,
	});
	return { orderId: order.id, paymentStatus: "paying", redirectUrl };
}

/**
 * Sends the payer to the gateway's checkout page for a payment just recorded as pending: in the
 * tenant's currency and the payer's language, with our callback URL for the gateway and the
 * app page (`returnPath`, on this origin) the payer comes back to.
 */
export function openCheckout(
	gateway: PaymentGateway,
	ctx: RequestContext,
	args: { paymentId: string; amount: number; description: string; origin: string; returnPath: string },
): Promise<{ redirectUrl: string }> {
	return gateway.startCheckout({
		paymentId: args.paymentId,
		amount: args.amount,
		currency: ctx.tenant.currency.code,
		language: ctx.lang,
		description: args.description,
		notifyUrl: `${args.origin}/pay/notify/${gateway.name}`,
		returnUrl: `${args.origin}${args.returnPath}`,
	});
}

/** The gateway, or "not available" (WeChat Pay and Alipay until configured; the sandbox in production). */
export function availableGateway(deps: AppDeps, provider: GatewayName): PaymentGateway {
	const gateway = gatewayFor(deps, provider);
	if (!gateway?.isAvailable()) throw new BusinessError(ErrorCode.PayMethodUnavailable);
	return gateway;
}

/**
 * A payment the payer is about to make at the gateway, for one order, a whole table bill, a
 * booking's deposit and pre-order, a recharge, or a VIP card (issue 12).
 */
export async function recordPendingPayment(
	trx: Transaction<DB>,
	args: {
		id: string;
		tenantId: number;
		payerMemberId: number;
		pays:
			| { orderId: number }
			| { billId: number }
			| { reservationId: number }
			| { rechargeId: number }
			| { cardPurchaseId: number };
		provider: GatewayName;
		amount: number;
		now: Date;
	},
): Promise<void> {
	await trx
		.insertInto("gateway_payment")
		.values({
			id: args.id,
			tenant_id: args.tenantId,
			order_id: "orderId" in args.pays ? args.pays.orderId : null,
			bill_id: "billId" in args.pays ? args.pays.billId : null,
			reservation_id: "reservationId" in args.pays ? args.pays.reservationId : null,
			recharge_id: "rechargeId" in args.pays ? args.pays.rechargeId : null,
			card_purchase_id: "cardPurchaseId" in args.pays ? args.pays.cardPurchaseId : null,
			payer_member_id: args.payerMemberId,
			provider: args.provider,
			amount: args.amount,
			status: "pending",
			provider_txn_id: null,
			created_at: args.now,
			updated_at: args.now,
			next_check_at: addSeconds(args.now, FIRST_CHECK_AFTER_SECONDS),
		})
		.execute();
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
		if (!payment) return { outcome: "unknown_payment" as const, orderIds: [] as number[] };
		// An abandoned payment is one we stopped asking about; money that arrives for it anyway is taken (and refunded).
		if (payment.status !== "pending" && payment.status !== "abandoned")
			return { outcome: "already_applied" as const, orderIds: [] };
		if (payment.amount !== report.amount) return { outcome: "amount_mismatch" as const, orderIds: [] };
		await trx
			.updateTable("gateway_payment")
			.set({
				status: report.status === "succeeded" ? "succeeded" : "declined",
				provider_txn_id: report.providerTxnId,
				updated_at: now,
				next_check_at: null,
				claimed_until: null,
			})
			.where("id", "=", payment.id)
			.execute();
		if (payment.bill_id !== null)
			return applyToBill(trx, gateway.name, { ...payment, bill_id: payment.bill_id }, report, now);
		if (payment.reservation_id !== null) {
			const outcome = await applyReservationGatewayReport(
				trx,
				gateway.name,
				{ ...payment, reservation_id: payment.reservation_id },
				report,
				now,
			);
			return { outcome, orderIds: [], reservationId: payment.reservation_id };
		}
		if (payment.recharge_id !== null) {
			const outcome = await applyRechargeGatewayReport(
				trx,
				{ ...payment, recharge_id: payment.recharge_id },
				report,
				now,
			);
			return { outcome, orderIds: [], rechargeId: payment.recharge_id };
		}
		if (payment.card_purchase_id !== null) {
			const card = await applyCardGatewayReport(
				trx,
				{ ...payment, card_purchase_id: payment.card_purchase_id },
				report,
				now,
			);
			return { outcome: card.outcome, orderIds: [], cardMember: card.member };
		}
		const order = await trx
			.selectFrom("customer_order")
			.selectAll()
			.where("id", "=", payment.order_id)
			.forUpdate()
			.executeTakeFirstOrThrow();
		if (report.status === "declined") {
			if (order.payment_status === "paying")
				await trx.updateTable("customer_order").set({ payment_status: "unpaid" }).where("id", "=", order.id).execute();
			return { outcome: "declined" as const, orderIds: [order.id] };
		}
		if (order.status === "unpaid") {
			await capture(trx, order, gateway.name, payment.id, now);
			return { outcome: "applied" as const, orderIds: [order.id] };
		}
		await refundLatePayment(
			trx,
			{ tenantId: order.tenant_id, shopId: order.shop_id, order },
			payment.id,
			payment.amount,
			now,
		);
		return { outcome: "refunded_late" as const, orderIds: [order.id] };
	});
	if (result.outcome === "refunded_late") deliverGatewayRefundsSoon(deps, { paymentId: report.paymentId });
	for (const orderId of result.orderIds)
		await announceOrderChange(deps, orderId, result.outcome === "applied" ? "paid" : result.outcome);
	if ("settledBillId" in result) await announceBillChange(deps, result.settledBillId, "settled");
	if (
		"cardMember" in result &&
		result.cardMember &&
		(result.outcome === "applied" || result.outcome === "refunded_late")
	)
		await announceCardChange(deps, result.cardMember, result.outcome === "applied" ? "cardBought" : "cardRefunded");
	if ("reservationId" in result && result.reservationId !== undefined && result.outcome !== "already_applied")
		await announceReservationChange(
			deps,
			result.reservationId,
			result.outcome === "applied" ? "paid" : result.outcome === "declined" ? "paymentDeclined" : "paymentRefunded",
		);
	if ("rechargeId" in result && result.rechargeId !== undefined && result.outcome === "applied")
		await announceRecharge(deps, result.rechargeId);
	return result.outcome;
}

/**
 * A payment for a whole table bill: it settles the bill when the bill still owes exactly
 * the amount paid. If a round was added or cancelled while the payer was at the gateway,
 * or someone settled the bill meanwhile, the money goes straight back (never a partial or
 * silent over-payment) and the table pays again.
 */
async function applyToBill(
	trx: Transaction<DB>,
	method: GatewayName,
	payment: Selectable<DB["gateway_payment"]> & { bill_id: number },
	report: GatewayPaymentReport,
	now: Date,
): Promise<{ outcome: ApplyOutcome; orderIds: number[]; settledBillId?: number }> {
	const bill = await lockBill(trx, payment.tenant_id, payment.bill_id);
	if (!bill) throw new Error(`gateway payment ${payment.id} names a missing bill`);
	if (report.status === "declined") return { outcome: "declined", orderIds: [] };
	const rounds = bill.status === "open" ? await lockUnpaidRounds(trx, bill.id) : [];
	if (rounds.length > 0 && billDue(bill, rounds) === payment.amount) {
		const orderIds = await settleBill(trx, bill, rounds, {
			method,
			source: { kind: "external_funds", tenantId: bill.tenant_id },
			paidByMemberId: payment.payer_member_id,
			gatewayPaymentId: payment.id,
			actor: "system",
			actorMemberId: payment.payer_member_id,
			now,
		});
		return { outcome: "applied", orderIds, settledBillId: bill.id };
	}
	await refundLatePayment(
		trx,
		{ tenantId: bill.tenant_id, shopId: bill.shop_id, order: null },
		payment.id,
		payment.amount,
		now,
	);
	return { outcome: "refunded_late", orderIds: [] };
}

async function capture(trx: Transaction<DB>, order: OrderRow, method: GatewayName, paymentId: string, now: Date) {
	await bookOrderPayment(trx, order, { kind: "external_funds", tenantId: order.tenant_id }, now);
	await orderQueries.changeOrder(
		trx,
		order,
		{ status: "new", payment_status: "paid", pay_method: method, paid_at: now, gateway_payment_id: paymentId },
		{ at: now, actor: "system", actorMemberId: null, note: `paid:${method}` },
	);
}

/** The money arrived but the order (or bill) cannot take it: book it in and straight back out. */
export async function refundLatePayment(
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
	await settlePendingPayments(deps, { orderId: order.id });
	const fresh = await orderQueries.findOwnOrder(deps.db, { tenantId: ctx.tenant.id, memberId: ctx.member.id, orderId });
	return { orderId, paymentStatus: fresh?.payment_status ?? order.payment_status };
}

/**
 * Asks the gateways about payments still pending for an order, a bill, a booking or a
 * recharge, and applies what they say. A gateway that cannot answer leaves the payment
 * pending for the reconciliation job.
 */
export async function settlePendingPayments(
	deps: AppDeps,
	of:
		| { orderId: number }
		| { billId: number }
		| { reservationId: number }
		| { rechargeId: number }
		| { cardPurchaseId: number },
): Promise<void> {
	const [column, id] =
		"orderId" in of
			? (["order_id", of.orderId] as const)
			: "billId" in of
				? (["bill_id", of.billId] as const)
				: "reservationId" in of
					? (["reservation_id", of.reservationId] as const)
					: "rechargeId" in of
						? (["recharge_id", of.rechargeId] as const)
						: (["card_purchase_id", of.cardPurchaseId] as const);
	const pending = await deps.db
		.selectFrom("gateway_payment")
		.select(PAYMENT_IN_DOUBT_COLUMNS)
		.where(column, "=", id)
		.where("status", "=", "pending")
		.execute();
	for (const payment of pending) await askGatewayAbout(deps, payment);
}

export const PAYMENT_IN_DOUBT_COLUMNS = [
	"id",
	"provider",
	"order_id",
	"bill_id",
	"reservation_id",
	"recharge_id",
	"card_purchase_id",
	"amount",
	"created_at",
	"check_failures",
] as const;
export type PaymentInDoubt = Pick<Selectable<DB["gateway_payment"]>, (typeof PAYMENT_IN_DOUBT_COLUMNS)[number]>;

/** What asking the gateway about a pending payment came to. */
export type CheckOutcome =
	| ApplyOutcome
	/** The payer has not decided yet (asked again later). */
	| "undecided"
	/** Not decided after a day: no longer asked about. */
	| "abandoned"
	/** The gateway could not be asked, or did not answer in time (asked again later, with backoff). */
	| "unanswered";

/**
 * Asks the gateway how a pending payment stands, with no transaction open, and acts on the
 * answer: a decision is applied like a callback (booked once, or booked and refunded when
 * the order can no longer take it); "not decided yet" is remembered (the expiry of an order
 * trusts only such an answer given after its window closed); no answer is retried with
 * growing delays and logged, as an error once it has lasted hours.
 */
export async function askGatewayAbout(deps: AppDeps, payment: PaymentInDoubt): Promise<CheckOutcome> {
	const gateway = gatewayFor(deps, payment.provider);
	let report: GatewayPaymentReport | null;
	try {
		if (!gateway) throw new Error(`no ${payment.provider} gateway is configured on this server`);
		report = await withTimeout(gateway.queryPayment(payment.id), GATEWAY_QUERY_TIMEOUT_MS);
	} catch (error) {
		await recordUnanswered(deps, payment, error instanceof Error ? error.message : String(error));
		return "unanswered";
	}
	const about = aboutPayment(payment);
	if (report) {
		const outcome = await applyGatewayReport(deps, gateway, report);
		if (outcome === "amount_mismatch" || outcome === "unknown_payment") {
			// The gateway took a different amount than we asked for: a person must look at it.
			deps.log.error({ ...about, report, outcome }, "gateway reports a payment we cannot apply; settle it by hand");
			await recordUnanswered(deps, payment, `gateway report not applied: ${outcome}`);
		}
		return outcome;
	}
	const now = deps.clock.now();
	const ageSeconds = (now.getTime() - new Date(payment.created_at).getTime()) / 1000;
	const abandoned = ageSeconds >= ABANDON_AFTER_SECONDS;
	await deps.db
		.updateTable("gateway_payment")
		.set(
			abandoned
				? { status: "abandoned", next_check_at: null, claimed_until: null, updated_at: now }
				: {
						checked_at: now,
						// Asked again after half its age so far: often while the payer may still be at
						// the checkout page, rarely once it has been left alone for hours.
						next_check_at: addSeconds(now, Math.min(3600, Math.max(60, ageSeconds / 2))),
						claimed_until: null,
						check_failures: 0,
						last_check_error: null,
					},
		)
		.where("id", "=", payment.id)
		.where("status", "=", "pending")
		.execute();
	if (abandoned) deps.log.info(about, "gateway payment abandoned: the payer never decided");
	return abandoned ? "abandoned" : "undecided";
}

/** A payment in doubt as the log names it: its id and what it pays for. */
export function aboutPayment(payment: PaymentInDoubt) {
	return {
		paymentId: payment.id,
		orderId: payment.order_id,
		billId: payment.bill_id,
		reservationId: payment.reservation_id,
		rechargeId: payment.recharge_id,
		cardPurchaseId: payment.card_purchase_id,
	};
}

async function recordUnanswered(deps: AppDeps, payment: PaymentInDoubt, error: string): Promise<void> {
	const now = deps.clock.now();
	const failures = payment.check_failures + 1;
	const retryInSeconds = UNANSWERED_DELAYS_SECONDS[Math.min(failures, UNANSWERED_DELAYS_SECONDS.length) - 1] ?? 3600;
	await deps.db
		.updateTable("gateway_payment")
		.set({
			check_failures: failures,
			last_check_error: error,
			next_check_at: addSeconds(now, retryInSeconds),
			claimed_until: null,
		})
		.where("id", "=", payment.id)
		.where("status", "=", "pending")
		.execute();
	const about = { ...aboutPayment(payment), failures, error };
	if (failures >= ALERT_AFTER_FAILURES)
		deps.log.error(
			about,
			"gateway payment still in doubt: the gateway cannot be asked; check it by hand if this goes on",
		);
	else
		deps.log.warn({ ...about, retryInSeconds }, "gateway payment in doubt: the gateway did not answer, will ask again");
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timeout = new Promise<never>((_resolve, reject) => {
		timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
	});
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
