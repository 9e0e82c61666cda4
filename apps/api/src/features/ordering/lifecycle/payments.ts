import { ErrorCode, type KhqrCurrency, type PayMethod, type PaymentResult } from "@bayon/contract";
import { type Kysely, type OperationNodeSource, type Selectable, sql, type Transaction } from "kysely";
import { executePrepared } from "../../../db/prepared.js";
import type { DB } from "../../../db/schema.js";
import { writeTogether } from "../../../db/write-together.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { noEarningsToReverse, reverseEarnings } from "../../merchant-wallet/earnings/earnings.js";
import { orderNewsInsert, orderNoticesFor } from "../../notifications/outbox/order-notices.js";
import { reversePointsForOrder } from "../../points/order-points.js";
import { bonusSpentIn, creditWallet } from "../../wallet/bonus.js";
import { accountBalance, LedgerGuardFailed, postLedgerTxn } from "../../wallet/ledger.js";
import { creditShareOfOrder } from "../bills/seating-hooks.js";
import { type AnnouncedOrder, announceOrderChange } from "../events.js";
import * as queries from "../queries.js";
import { queueOrderGatewayRefund, startGatewayPayment } from "./online-payment.js";
import { bookOrderPayment } from "./order-ledger.js";
import { isPayableOnItsOwn } from "./state-rules.js";

/** Pays an unpaid order from the stored balance, or starts a hosted gateway's checkout. */
export async function payOrder(
	deps: AppDeps,
	ctx: SignedInContext,
	args: { orderId: number; payMethod: PayMethod; origin: string; railCurrency?: KhqrCurrency | undefined },
): Promise<PaymentResult> {
	if (args.payMethod === "balance") return payWithBalance(deps, ctx, args.orderId);
	return startGatewayPayment(deps, ctx, {
		orderId: args.orderId,
		provider: args.payMethod,
		origin: args.origin,
		railCurrency: args.railCurrency,
	});
}

/**
 * Pays from the stored balance: in one transaction, with the order row locked, the wallet is
 * debited by a conditional update (never below zero) together with its ledger entries, and
 * the order is marked paid. Paying an order that is already paid charges nothing and
 * answers as the first payment did; the ledger key `order:<id>:payment` makes a second
 * charge impossible even if the status check were bypassed.
 */
export async function payWithBalance(deps: AppDeps, ctx: SignedInContext, orderId: number): Promise<PaymentResult> {
	const { result, order } = await payWithBalanceOnce(deps, ctx, orderId);
	await announceOrderChange(deps, orderId, "paid", order);
	return result;
}

async function payWithBalanceOnce(
	deps: AppDeps,
	ctx: SignedInContext,
	orderId: number,
): Promise<{ result: PaymentResult; order: AnnouncedOrder }> {
	const now = deps.clock.now();
	const paidAlone = await payInOneStatement(deps, ctx, orderId, now);
	if (paidAlone) return paidAlone;
	// Anything else (already paid, not payable, free, changed meanwhile) is answered with the
	// order locked in a transaction.
	return deps.db.transaction().execute(async (trx) => {
		const order = await queries.lockOwnOrder(trx, { tenantId: ctx.tenant.id, memberId: ctx.member.id, orderId });
		if (!order) throw new BusinessError(ErrorCode.NotFound);
		const wallet = { kind: "member_wallet" as const, tenantId: ctx.tenant.id, memberId: ctx.member.id };
		if (order.payment_status === "paid" && order.pay_method === "balance") {
			return { result: { orderId, paymentStatus: "paid", balance: await accountBalance(trx, wallet) }, order };
		}
		if (!isPayableOnItsOwn(order, now)) throw new BusinessError(ErrorCode.OrderNotPayable);
		// The order's change, its event and the bot's news go in the payment's own statement:
		// the shop's revenue account is every payment's hot row, locked from its update until
		// commit (decision 025). Refused for want of balance, the whole transaction rolls back,
		// the order's change with it. A free order moves no money: its change goes alone.
		const paid = paidWrites(trx, order, "balance", now, ctx.member.id);
		const posted =
			order.total > 0
				? await bookOrderPayment(trx, { ...order, knownStatus: "new" }, wallet, now, undefined, paid)
				: undefined;
		if (order.total === 0) await writeTogether(trx, paid);
		const balance = posted ?? (await accountBalance(trx, wallet));
		return {
			result: { orderId, paymentStatus: "paid", balance },
			order: { ...order, status: "new", payment_status: "paid" },
		};
	});
}

/**
 * The usual payment, an unpaid order with something to pay, as one statement with no
 * transaction around it (decision 025): the shop's revenue account, every payment's hot row,
 * is then locked for that statement alone, not until a COMMIT sent after the server's next
 * turn. The order is read first; the statement locks it again first thing and writes nothing
 * unless it is still unpaid and not expired (`onlyIf`). Null when the order is not such an
 * order, or no longer was, or this payment was booked before: the caller answers those.
 * Refused for want of balance, the statement undoes itself.
 */
async function payInOneStatement(
	deps: AppDeps,
	ctx: SignedInContext,
	orderId: number,
	now: Date,
): Promise<{ result: PaymentResult; order: AnnouncedOrder } | null> {
	// The wallet's parts come with the order (one round trip): the payment splits its bonus part
	// off by them, and the statement refuses itself if they changed so that it no longer fits.
	const [found] = await executePrepared(
		deps.db,
		deps.db
			.selectFrom("customer_order")
			.selectAll()
			.select((eb) => [
				eb
					.selectFrom("ledger_account")
					.select("balance")
					.where("tenant_id", "=", ctx.tenant.id)
					.where("kind", "=", "member_wallet")
					.where("member_id", "=", ctx.member.id)
					.as("wallet_balance"),
				eb
					.selectFrom("ledger_account")
					.select("bonus")
					.where("tenant_id", "=", ctx.tenant.id)
					.where("kind", "=", "member_wallet")
					.where("member_id", "=", ctx.member.id)
					.as("wallet_bonus"),
			])
			.where("tenant_id", "=", ctx.tenant.id)
			.where("member_id", "=", ctx.member.id)
			.where("id", "=", orderId),
	);
	if (!found) return null;
	const { wallet_balance, wallet_bonus, ...order } = found;
	if (order.total === 0 || order.payment_status !== "unpaid" || !isPayableOnItsOwn(order, now)) return null;
	const wallet = { kind: "member_wallet" as const, tenantId: ctx.tenant.id, memberId: ctx.member.id };
	const walletSeen = { balance: Number(wallet_balance ?? 0), bonus: Number(wallet_bonus ?? 0) };
	const stillPayable = sql`SELECT id FROM customer_order WHERE id = ${order.id}::bigint AND status = 'unpaid' AND payment_status = 'unpaid' AND expires_at > ${now}::timestamptz FOR UPDATE`;
	try {
		const balance = await bookOrderPayment(
			deps.db,
			{ ...order, knownStatus: "new" },
			wallet,
			now,
			undefined,
			paidWrites(deps.db, order, "balance", now, ctx.member.id),
			stillPayable,
			walletSeen,
		);
		if (balance === undefined) return null;
		return {
			result: { orderId, paymentStatus: "paid", balance },
			order: { ...order, status: "new", payment_status: "paid" },
		};
	} catch (error) {
		if (error instanceof LedgerGuardFailed) return null;
		// Too little, or the wallet changed since it was read: the locked way splits it exactly
		// and says whether the balance really is short.
		if (error instanceof BusinessError && error.code === ErrorCode.InsufficientBalance) return null;
		throw error;
	}
}

/** An unpaid order becoming paid: its change, its event and the bot's news (decision 024), unsent. */
function paidWrites(
	trx: Kysely<DB> | Transaction<DB>,
	order: Selectable<DB["customer_order"]>,
	method: PayMethod,
	now: Date,
	memberId: number,
): OperationNodeSource[] {
	const news = orderNewsInsert(
		order,
		orderNoticesFor(
			{ status: "unpaid", orderType: order.order_type },
			{ status: "new", paymentStatus: "paid" },
			"customer",
		),
		now,
	);
	return [
		trx
			.updateTable("customer_order")
			.set({ status: "new", payment_status: "paid", pay_method: method, paid_at: now })
			.where("id", "=", order.id)
			.where("status", "=", "unpaid"),
		trx.insertInto("order_event").values(
			queries.orderEventValues({
				orderId: order.id,
				at: now,
				actor: "customer",
				actorMemberId: memberId,
				from: "unpaid",
				to: "new",
				note: `paid:${method}`,
			}),
		),
		...(news ? [news] : []),
	];
}

/**
 * Gives a paid order's money back the way it came, once (ledger key `order:<id>:refund`).
 * Money taken at the counter goes back to the outside world: the staff hand it back there.
 * A round of a table bill that a booking's deposit paid part of (issue 11) gives that part
 * back to where the deposit came from, and only the rest to the round's payer.
 */
export async function refundPayment(
	trx: Transaction<DB>,
	order: Selectable<DB["customer_order"]>,
	now: Date,
): Promise<void> {
	if (order.payment_status !== "paid" || order.total === 0) return;
	// Points the order earned go back with its money (decision 022).
	await reversePointsForOrder(trx, order.id, now);
	const destination =
		order.pay_method === "balance"
			? // Back to the wallet it came from: a friend may have paid the table's bill.
				{
					kind: "member_wallet" as const,
					tenantId: order.tenant_id,
					memberId: order.paid_by_member_id ?? order.member_id,
				}
			: { kind: "external_funds" as const, tenantId: order.tenant_id };
	const deposit = await creditShareOfOrder(trx, order.id);
	const toPayer = order.total - (deposit?.amount ?? 0);
	// The bonus part the balance paid goes back as bonus, from the tenant's bonus account; the
	// shop gives back what it earned, the rest (decision 027).
	const bonus =
		destination.kind === "member_wallet" ? await bonusSpentIn(trx, `order:${order.id}:payment`, destination) : 0;
	const earned = order.total - bonus;
	// Out of the shop's pending money, or its available money for earnings already settled (decision 023).
	const reversal =
		earned > 0
			? await reverseEarnings(trx, {
					tenantId: order.tenant_id,
					shopId: order.shop_id,
					of: { orderId: order.id },
					amount: earned,
				})
			: noEarningsToReverse;
	const posted = await postLedgerTxn(trx, {
		tenantId: order.tenant_id,
		kind: "order_refund",
		idempotencyKey: `order:${order.id}:refund`,
		orderId: order.id,
		now,
		moves: [
			...reversal.moves,
			...(toPayer > 0
				? destination.kind === "member_wallet"
					? creditWallet(destination, toPayer, bonus)
					: [{ account: destination, amount: toPayer }]
				: []),
			...(deposit ? [{ account: deposit.destination, amount: deposit.amount }] : []),
		],
	});
	await reversal.afterRefund(posted, now);
	await queueOrderGatewayRefund(trx, order, now, toPayer);
	if (posted && deposit) await deposit.refunded(trx, now);
	await trx.updateTable("customer_order").set({ payment_status: "refunded" }).where("id", "=", order.id).execute();
}
