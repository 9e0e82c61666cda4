import {
	ClaimCouponInput,
	CouponCenterQuery,
	MyCouponsQuery,
	queryIdField,
	SaveCouponTemplateInput,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { idempotencyKeyOf } from "../../http/idempotency-key.js";
import { signedIn } from "../../http/request-context.js";
import { listTemplatesForOwner, saveCouponTemplate } from "./merchant.js";
import { claimCoupon, countUsableCoupons, couponCenter, listMyCoupons } from "./service.js";

const ShopQuery = z.object({ shopId: queryIdField });

/** Coupons (issue 13, decision 022): the member's calls and the owner's. */
export async function couponRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	/** The templates one can claim now; a signed-in member also learns what they may still claim. */
	r.get("/coupon/center", { config: { public: true }, schema: { querystring: CouponCenterQuery } }, async (request) =>
		ok(await couponCenter(deps, request.ctx, request.query.shopId)),
	);
	/** Claims a template or redeems an exchange code; the Idempotency-Key header is required. */
	r.post("/coupon/receive", { schema: { body: ClaimCouponInput } }, async (request) =>
		ok(await claimCoupon(deps, signedIn(request), request.body, idempotencyKeyOf(request))),
	);
	r.get("/coupon/my", { schema: { querystring: MyCouponsQuery } }, async (request) =>
		ok(await listMyCoupons(deps, signedIn(request), request.query)),
	);
	r.get("/coupon/count", async (request) => ok(await countUsableCoupons(deps, signedIn(request))));
	// POST /coupon/for-cart (the pay page's list) is ordering's: it prices the cart (ordering/checkout/cart-coupons.ts).

	// Owner and manager (permission `promotions`).
	r.get("/merchant/coupons", { schema: { querystring: ShopQuery } }, async (request) =>
		ok(await listTemplatesForOwner(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/coupons/save", { schema: { body: SaveCouponTemplateInput } }, async (request) =>
		ok(await saveCouponTemplate(deps, signedIn(request), request.body)),
	);
}
