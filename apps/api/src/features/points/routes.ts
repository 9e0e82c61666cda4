import {
	CancelRedemptionInput,
	HandOverRedemptionInput,
	MerchantRedemptionListQuery,
	PointsBillQuery,
	PointsItemIdQuery,
	PointsItemListQuery,
	queryIdField,
	RedeemPointsItemInput,
	RedemptionIdInput,
	RedemptionIdQuery,
	RedemptionListQuery,
	SavePointsItemInput,
	SavePointsRuleInput,
	ShipRedemptionInput,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { idempotencyKeyOf } from "../../http/idempotency-key.js";
import { signedIn } from "../../http/request-context.js";
import { getPointsBill, getSummary } from "./bill.js";
import { getMallItem, getMyRedemption, listMallItems, listMyRedemptions } from "./mall.js";
import {
	cancelShopRedemption,
	getMallAdmin,
	handOverRedemption,
	listShopRedemptions,
	saveMallItem,
	savePointsRule,
	shipRedemption,
} from "./merchant.js";
import { cancelOwnRedemption, confirmReceipt, redeemItem } from "./redeem.js";

const ShopQuery = z.object({ shopId: queryIdField });

/** Points and the points mall (issue 13, decision 022): the member's calls and the shop's. */
export async function pointsRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	r.get("/points/summary", async (request) => ok(await getSummary(deps, signedIn(request))));
	r.get("/points/bill", { schema: { querystring: PointsBillQuery } }, async (request) =>
		ok(await getPointsBill(deps, signedIn(request), request.query)),
	);

	/** Items on the shelf; a signed-in member also learns which they have redeemed. */
	r.get(
		"/score-product/list",
		{ config: { public: true }, schema: { querystring: PointsItemListQuery } },
		async (request) => ok(await listMallItems(deps, request.ctx, request.query.keyword)),
	);
	r.get(
		"/score-product/detail",
		{ config: { public: true }, schema: { querystring: PointsItemIdQuery } },
		async (request) => ok(await getMallItem(deps, request.ctx, request.query.id)),
	);
	/** Redeems an item; the Idempotency-Key header is required. */
	r.post("/score-order/submit", { schema: { body: RedeemPointsItemInput } }, async (request) =>
		ok(await redeemItem(deps, signedIn(request), request.body, idempotencyKeyOf(request))),
	);
	r.get("/score-order/list", { schema: { querystring: RedemptionListQuery } }, async (request) =>
		ok(await listMyRedemptions(deps, signedIn(request), request.query)),
	);
	r.get("/score-order/detail", { schema: { querystring: RedemptionIdQuery } }, async (request) =>
		ok(await getMyRedemption(deps, signedIn(request), request.query.id)),
	);
	r.post("/score-order/take", { schema: { body: RedemptionIdInput } }, async (request) =>
		ok(await confirmReceipt(deps, signedIn(request), request.body.id)),
	);
	r.post("/score-order/cancel", { schema: { body: RedemptionIdInput } }, async (request) =>
		ok(await cancelOwnRedemption(deps, signedIn(request), request.body.id)),
	);

	// Owner and manager (permission `promotions`).
	r.get("/merchant/points-mall", { schema: { querystring: ShopQuery } }, async (request) =>
		ok(await getMallAdmin(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/points-mall/items/save", { schema: { body: SavePointsItemInput } }, async (request) =>
		ok(await saveMallItem(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/points/rule", { schema: { body: SavePointsRuleInput } }, async (request) =>
		ok(await savePointsRule(deps, signedIn(request), request.body)),
	);

	// Every role (permission `redemptions`).
	r.get(
		"/merchant/points-mall/redemptions",
		{ schema: { querystring: MerchantRedemptionListQuery } },
		async (request) => ok(await listShopRedemptions(deps, signedIn(request), request.query)),
	);
	r.post(
		"/merchant/points-mall/redemptions/hand-over",
		{ schema: { body: HandOverRedemptionInput } },
		async (request) => ok(await handOverRedemption(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/points-mall/redemptions/ship", { schema: { body: ShipRedemptionInput } }, async (request) =>
		ok(await shipRedemption(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/points-mall/redemptions/cancel", { schema: { body: CancelRedemptionInput } }, async (request) =>
		ok(await cancelShopRedemption(deps, signedIn(request), request.body)),
	);
}
