import { BuyCardInput, CardPurchaseIdQuery, queryIdField, SaveVipCardInput, VipCardIdQuery } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { idempotencyKeyOf } from "../../http/idempotency-key.js";
import { publicOrigin } from "../../http/origin.js";
import { signedIn } from "../../http/request-context.js";
import { listCardTypesForOwner, saveCardType } from "./merchant.js";
import { buyCard } from "./purchase.js";
import { getCardDetail, getCardList, getOwnPurchase } from "./service.js";

const ShopQuery = z.object({ shopId: queryIdField });

/** VIP cards (issue 12, decision 021): the member's calls and the owner's. */
export async function membershipRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	/** Card types on sale; a signed-in member also gets their card and balance. */
	r.get("/vip/getList", { config: { public: true } }, async (request) => ok(await getCardList(deps, request.ctx)));
	r.get("/vip/getDetail", { config: { public: true }, schema: { querystring: VipCardIdQuery } }, async (request) =>
		ok(await getCardDetail(deps, request.ctx, request.query.id)),
	);
	/** Buys a card from the balance or through a gateway; the Idempotency-Key header is required. */
	r.post("/member/user/buyCard", { schema: { body: BuyCardInput } }, async (request) =>
		ok(await buyCard(deps, signedIn(request), request.body, idempotencyKeyOf(request), publicOrigin(deps, request))),
	);
	/** One's own purchase: the page the gateway returns to polls it. */
	r.get("/vip/purchase", { schema: { querystring: CardPurchaseIdQuery } }, async (request) =>
		ok(await getOwnPurchase(deps, signedIn(request), request.query.id)),
	);

	// Owner and manager (permission `members`).
	r.get("/merchant/vip-cards", { schema: { querystring: ShopQuery } }, async (request) =>
		ok(await listCardTypesForOwner(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/vip-cards/save", { schema: { body: SaveVipCardInput } }, async (request) =>
		ok(await saveCardType(deps, signedIn(request), request.body)),
	);
}
