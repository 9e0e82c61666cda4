import {
	type CounterChargeInput,
	type CounterPaymentView,
	type CounterRefundInput,
	ErrorCode,
	type Localized,
} from "@bayon/contract";
import type { Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { optionalIdempotencyKey } from "../../../http/idempotency-key.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { noEarningsToReverse, recordShopEarning, reverseEarnings } from "../../merchant-wallet/earnings/earnings.js";
import { addDays, fromLocalMoment, toLocalMoment } from "../../venues/hours.js";
import { counterShop } from "../../venues/staff/staff-access.js";
import { bonusSpentIn, creditWallet, debitWallet, lockWalletParts, splitSpend } from "../../wallet/bonus.js";
import { postLedgerTxn } from "../../wallet/ledger.js";
import { findWallet } from "../../wallet/queries.js";
import { listShopCounterPayments, presentCounterPayments, sameLocalDay } from "./counter-present.js";

type ChargeFields = z.output<typeof CounterChargeInput>;
type CounterPaymentRow = Selectable<DB["counter_payment"]>;

/** Thrown inside the charge's transaction when the same key won a parallel race: answered after rollback. */
class KeyTakenMeanwhile extends Error {}

/** The shop a counter call works at, once the caller is allowed the counter there (else Forbidden). */
async function present(deps: AppDeps, row: CounterPaymentRow, timeZone: string): Promise<CounterPaymentView> {
	const [view] = await presentCounterPayments(deps.db, { rows: [row], now: deps.clock.now(), timeZone });
	return view as CounterPaymentView;
}

/**
 * The charge a staff member already made with this Idempotency-Key: the same request answers
 * it again (a retried tap charges once); a different one reusing the key is refused.
 */
async function replayOf(
	deps: AppDeps,
	ctx: SignedInContext,
	key: string,
	fields: ChargeFields,
): Promise<CounterPaymentRow | null> {
	const row = await deps.db
		.selectFrom("counter_payment as p")
		.innerJoin("pay_code as c", "c.id", "p.pay_code_id")
		.selectAll("p")
		.select("c.code")
		.where("p.taken_by_member_id", "=", ctx.member.id)
		.where("p.idempotency_key", "=", key)
		.executeTakeFirst();
	if (!row) return null;
	const { code, ...payment } = row;
	const same =
		payment.tenant_id === ctx.tenant.id &&
		payment.shop_id === fields.shopId &&
		payment.amount === fields.amount &&
		payment.note === fields.note &&
		code === fields.code;
	if (!same) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
	return payment;
}

async function announce(
	deps: AppDeps,
	args: {
		tenantId: number;
		payment: CounterPaymentRow;
		shopName: Localized;
		reason: "counterPaid" | "counterRefunded";
	},
) {
	const { payment } = args;
	const wallet = await findWallet(deps.db, { tenantId: args.tenantId, memberId: payment.member_id });
	await deps.events
		.publish({
			type: "balance.changed",
			tenantId: args.tenantId,
			memberId: payment.member_id,
			reason: args.reason,
			balance: wallet?.balance ?? 0,
			counter: { paymentId: payment.id, shopName: args.shopName, amount: payment.amount, status: payment.status },
		})
		.catch(() => {});
}

/**
 * `POST /merchant/counter/charge`: takes `amount` from the balance of the member whose payment
 * code staff scanned or typed. In one transaction: the code's row is locked and must be unused,
 * not retired, unexpired and of the caller's tenant (every failure reads PayCodeInvalid, so
 * codes cannot be probed); the code is used, the payment row written, and the ledger moves the
 * money from the member's wallet to the shop's revenue. Too little balance rolls it all back:
 * the code stays usable for a smaller amount.
 */
export async function chargeAtCounter(
	deps: AppDeps,
	ctx: SignedInContext,
	fields: ChargeFields,
	idempotencyKey: string | undefined,
): Promise<CounterPaymentView> {
	const shop = await counterShop(deps, ctx, fields.shopId);
	const key = optionalIdempotencyKey(idempotencyKey);
	if (key) {
		const replay = await replayOf(deps, ctx, key, fields);
		if (replay) return present(deps, replay, shop.timezone);
	}
	let payment: CounterPaymentRow;
	try {
		payment = await deps.db.transaction().execute(async (trx) => {
			const now = deps.clock.now();
			const code = await trx
				.selectFrom("pay_code")
				.selectAll()
				.where("code", "=", fields.code)
				.forUpdate()
				.executeTakeFirst();
			const usable =
				code !== undefined &&
				code.tenant_id === ctx.tenant.id &&
				code.used_at === null &&
				code.retired_at === null &&
				code.expires_at.getTime() > now.getTime();
			if (!usable) {
				// The same retried tap may have waited here for its twin, which used the code.
				if (key && code?.used_at) throw new KeyTakenMeanwhile();
				throw new BusinessError(ErrorCode.PayCodeInvalid);
			}
			// Someone on this shop's staff paying here with their own balance would move money
			// between their own pockets through the shop's withdrawable account (decision 027):
			// refused, before anything is written. They pay as any guest does, at another shop.
			if (await worksAtShop(trx, shop.id, code.member_id)) throw new BusinessError(ErrorCode.PayCodeOwnShop);
			await trx.updateTable("pay_code").set({ used_at: now }).where("id", "=", code.id).execute();
			const inserted = await trx
				.insertInto("counter_payment")
				.values({
					tenant_id: ctx.tenant.id,
					shop_id: shop.id,
					member_id: code.member_id,
					pay_code_id: code.id,
					amount: fields.amount,
					note: fields.note,
					status: "paid",
					taken_by_member_id: ctx.member.id,
					idempotency_key: key,
					created_at: now,
				})
				.onConflict((oc) => oc.columns(["taken_by_member_id", "idempotency_key"]).doNothing())
				.returningAll()
				.executeTakeFirst();
			if (!inserted) throw new KeyTakenMeanwhile();
			// The shop earns the part the member paid in; the bonus part goes back to the tenant (decision 027).
			const wallet = { kind: "member_wallet" as const, tenantId: ctx.tenant.id, memberId: code.member_id };
			const split = splitSpend(await lockWalletParts(trx, wallet), fields.amount);
			const posted = await postLedgerTxn(trx, {
				tenantId: ctx.tenant.id,
				kind: "counter_payment",
				idempotencyKey: `counter:${inserted.id}:payment`,
				orderId: null,
				counterPaymentId: inserted.id,
				now,
				moves: [
					...debitWallet(wallet, split),
					...(split.paid > 0
						? [
								{
									account: { kind: "shop_revenue" as const, tenantId: ctx.tenant.id, shopId: shop.id },
									amount: split.paid,
								},
							]
						: []),
				],
			});
			// Counter money is final when taken: the shop's earning settles after the hold (decision 023).
			if (split.paid > 0)
				await recordShopEarning(trx, {
					source: "counter_payment",
					counterPaymentId: inserted.id,
					tenantId: ctx.tenant.id,
					shopId: shop.id,
					ledgerTxnId: posted,
					gross: split.paid,
					now,
				});
			return inserted;
		});
	} catch (error) {
		if (!(error instanceof KeyTakenMeanwhile) || !key) throw error;
		const replay = await replayOf(deps, ctx, key, fields);
		if (!replay) throw new BusinessError(ErrorCode.PayCodeInvalid);
		return present(deps, replay, shop.timezone);
	}
	await announce(deps, {
		tenantId: ctx.tenant.id,
		payment,
		shopName: shop.name,
		reason: "counterPaid",
	});
	return present(deps, payment, shop.timezone);
}

/**
 * `POST /merchant/counter/refund`: gives a counter payment back to the member's balance, once,
 * at the shop that took it, on the shop's local day it was taken. The payment's row lock makes
 * concurrent refunds wait for each other: the first refunds, the others find it refunded.
 */
export async function refundAtCounter(
	deps: AppDeps,
	ctx: SignedInContext,
	fields: z.output<typeof CounterRefundInput>,
): Promise<CounterPaymentView> {
	const shop = await counterShop(deps, ctx, fields.shopId);
	const payment = await deps.db.transaction().execute(async (trx) => {
		const now = deps.clock.now();
		const row = await trx
			.selectFrom("counter_payment")
			.selectAll()
			.where("id", "=", fields.paymentId)
			.where("tenant_id", "=", ctx.tenant.id)
			.forUpdate()
			.executeTakeFirst();
		if (!row || row.shop_id !== shop.id || row.status !== "paid" || !sameLocalDay(row.created_at, now, shop.timezone))
			throw new BusinessError(ErrorCode.CounterRefundNotAllowed);
		const refunded = await trx
			.updateTable("counter_payment")
			.set({ status: "refunded", refunded_at: now, refunded_by_member_id: ctx.member.id })
			.where("id", "=", row.id)
			.returningAll()
			.executeTakeFirstOrThrow();
		// The bonus part goes back as bonus; the shop gives back what it earned, out of its pending
		// money, or its available money when the earning already settled.
		const wallet = { kind: "member_wallet" as const, tenantId: ctx.tenant.id, memberId: row.member_id };
		const bonus = await bonusSpentIn(trx, `counter:${row.id}:payment`, wallet);
		const reversal =
			row.amount > bonus
				? await reverseEarnings(trx, {
						tenantId: ctx.tenant.id,
						shopId: shop.id,
						of: { counterPaymentId: row.id },
						amount: row.amount - bonus,
					})
				: noEarningsToReverse;
		const posted = await postLedgerTxn(trx, {
			tenantId: ctx.tenant.id,
			kind: "counter_refund",
			idempotencyKey: `counter:${row.id}:refund`,
			orderId: null,
			counterPaymentId: row.id,
			now,
			moves: [...reversal.moves, ...creditWallet(wallet, row.amount, bonus)],
		});
		await reversal.afterRefund(posted, now);
		return refunded;
	});
	await announce(deps, {
		tenantId: ctx.tenant.id,
		payment,
		shopName: shop.name,
		reason: "counterRefunded",
	});
	return present(deps, payment, shop.timezone);
}

/** `GET /merchant/counter/payments?shopId=`: the shop's counter payments of its local today, newest first. */
export async function listTodaysCounterPayments(
	deps: AppDeps,
	ctx: SignedInContext,
	shopId: number,
): Promise<CounterPaymentView[]> {
	const shop = await counterShop(deps, ctx, shopId);
	const now = deps.clock.now();
	const today = toLocalMoment(now, shop.timezone).date;
	const rows = await listShopCounterPayments(deps.db, {
		shopId,
		from: fromLocalMoment(today, 0, shop.timezone),
		to: fromLocalMoment(addDays(today, 1), 0, shop.timezone),
	});
	return presentCounterPayments(deps.db, { rows, now, timeZone: shop.timezone });
}

/** Whether the member is on the shop's staff, in any role. */
async function worksAtShop(trx: Transaction<DB>, shopId: number, memberId: number): Promise<boolean> {
	const row = await trx
		.selectFrom("shop_staff")
		.select("member_id")
		.where("shop_id", "=", shopId)
		.where("member_id", "=", memberId)
		.executeTakeFirst();
	return row !== undefined;
}
