import { ErrorCode, formatMessage, type Localized } from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import {
	type AskedCoupon,
	type CartForCoupon,
	fitCoupon,
	misfitReason,
	type ReasonFormat,
	unknownCouponReason,
} from "./pricing.js";
import { findOwnCoupon, toPricing } from "./queries.js";

/**
 * Where ordering meets coupons (decision 022): the cart loads the coupon it asks for, checkout
 * re-checks it under its row lock and marks it used in the order's transaction, and a
 * cancelled unpaid order gives it back.
 */

/**
 * The coupon a cart asks for, loaded for pricing: only the member's own (another member's id
 * finds nothing, exactly like a missing one).
 */
export async function askedCoupon(
	db: Kysely<DB> | Transaction<DB>,
	args: { tenantId: number; memberId: number; couponId: number; shopId: number; now: Date },
): Promise<AskedCoupon> {
	const found = await findOwnCoupon(db, args);
	return { coupon: found ? toPricing(found.row, found.shopIds) : null, shopId: args.shopId, now: args.now };
}

/**
 * At checkout, inside the order's transaction: locks the coupon row and checks everything again
 * at the order's moment (the member's own, unused, in its dates, switched on, shop, order type,
 * threshold). Two orders racing for one coupon take turns on the lock; the second finds it used
 * and is refused CouponNotUsable, which rolls its whole transaction back. Answers the title to
 * keep on the order.
 */
export async function lockCouponForOrder(
	trx: Transaction<DB>,
	args: { tenantId: number; memberId: number; couponId: number; cart: CartForCoupon; format: ReasonFormat },
): Promise<{ title: Localized }> {
	const found = await findOwnCoupon(trx, {
		tenantId: args.tenantId,
		memberId: args.memberId,
		couponId: args.couponId,
		lock: true,
	});
	if (!found) throw new BusinessError(ErrorCode.CouponNotUsable, { reason: unknownCouponReason(args.format.lang) });
	const fit = fitCoupon(toPricing(found.row, found.shopIds), args.cart);
	if (!fit.fits) throw new BusinessError(ErrorCode.CouponNotUsable, { reason: misfitReason(fit, args.format) });
	return { title: found.row.title };
}

/**
 * The coupon now belongs to this order: used, with when (given back if the order is cancelled
 * unpaid). Only an unused coupon changes; under the lock taken by lockCouponForOrder that is
 * always the case, and should it ever not be, the order is refused rather than given a coupon
 * another order holds.
 */
export async function markCouponUsed(
	trx: Transaction<DB>,
	args: { couponId: number; orderId: number; now: Date; lang: string },
): Promise<void> {
	const result = await trx
		.updateTable("member_coupon")
		.set({ status: "used", order_id: args.orderId, used_at: args.now })
		.where("id", "=", args.couponId)
		.where("status", "=", "unused")
		.executeTakeFirstOrThrow();
	if (result.numUpdatedRows !== 1n)
		throw new BusinessError(ErrorCode.CouponNotUsable, { reason: formatMessage("couponUsed", args.lang) });
}

/**
 * Gives a cancelled order's coupon back (decision 022): only when the order was never paid
 * (cancelled unpaid, expired, a table round removed); a paid order that is refunded keeps it
 * used. Called by ordering in the transaction that cancels the order, under its row lock.
 */
export async function releaseCouponOfCancelledOrder(
	trx: Transaction<DB>,
	order: { id: number; payment_status: string },
): Promise<void> {
	if (order.payment_status !== "unpaid" && order.payment_status !== "paying") return;
	await trx
		.updateTable("member_coupon")
		.set({ status: "unused", order_id: null, used_at: null })
		.where("order_id", "=", order.id)
		.where("status", "=", "used")
		.execute();
}
