import { type CouponsForCart, CouponsForCartInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { AppDeps } from "../../../http/deps.js";
import { ok } from "../../../http/envelope.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { signedIn } from "../../../http/request-context.js";
import { couponsMeasuredAgainst } from "../../coupons/service.js";
import { evaluateCart } from "./pricing.js";

/**
 * `POST /coupon/for-cart`: the member's coupons measured against this cart, priced by the same
 * evaluation as `/cart/price` (the VIP card first). Ordering prices the cart; coupons measures
 * its coupons against it, knowing nothing of carts (decision 030).
 */
export async function couponsForCart(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof CouponsForCartInput>,
): Promise<CouponsForCart> {
	const now = deps.clock.now();
	const { priced, terms } = await evaluateCart(deps, ctx, input);
	const cart = {
		shopId: input.shopId,
		orderType: input.orderType,
		goods: priced.subtotal,
		cardDiscount: priced.discounts
			.filter((discount) => discount.kind === "memberCard")
			.reduce((sum, discount) => sum + discount.amount, 0),
		deliveryFee: priced.deliveryFee,
		now,
	};
	return couponsMeasuredAgainst(deps, ctx, cart, terms.timezone);
}

/** The pay page's list: the member's coupons measured against this cart, best first. */
export async function cartCouponRoutes(app: FastifyInstance, deps: AppDeps) {
	app
		.withTypeProvider<ZodTypeProvider>()
		.post("/coupon/for-cart", { schema: { body: CouponsForCartInput } }, async (request) =>
			ok(await couponsForCart(deps, signedIn(request), request.body)),
		);
}
