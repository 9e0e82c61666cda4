import {
	DeliveryCheckQuery,
	DineInPaymentInput,
	DisplayCurrencyInput,
	ShopIdQuery,
	ShopQuery,
	StoreListQuery,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { publicOrigin } from "../../http/origin.js";
import { signedIn } from "../../http/request-context.js";
import { followShopChanges } from "./shops/ordering-terms.js";
import { checkDelivery, getShopDetail, listShops } from "./shops/shop-pages.js";
import { setDineInPayment, setDisplayCurrency } from "./shops/shop-settings.js";
import { listMerchantTables } from "./tables/tables.js";

/** Shops and delivery checks (customer), and the shop's tables and their codes (staff). */
export async function venueRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	const open = { public: true };
	const stopFollowing = followShopChanges(deps);
	app.addHook("onClose", async () => stopFollowing());

	r.get("/store/list", { config: open, schema: { querystring: StoreListQuery } }, async (request) =>
		ok(await listShops(deps, request.ctx, request.query)),
	);
	r.get("/store/nearby", { config: open, schema: { querystring: StoreListQuery } }, async (request) =>
		ok((await listShops(deps, request.ctx, request.query))[0] ?? null),
	);
	r.get("/store/getShop", { config: open, schema: { querystring: ShopIdQuery } }, async (request) =>
		ok(await getShopDetail(deps, request.ctx, request.query.shop_id)),
	);
	r.get("/store/delivery-check", { config: open, schema: { querystring: DeliveryCheckQuery } }, async (request) => {
		const { shopId, lat, lng } = request.query;
		return ok(await checkDelivery(deps, request.ctx, { shopId, point: { latitude: lat, longitude: lng } }));
	});
	// GET /table/resolve (scanning a table's code) opens the table's seating: it lives with
	// the bills in ordering (decision 009).

	r.get("/merchant/tables", { schema: { querystring: ShopQuery } }, async (request) => {
		const ctx = signedIn(request);
		return ok(
			await listMerchantTables(deps, ctx, { shopId: request.query.shopId, origin: publicOrigin(deps, request) }),
		);
	});
	// POST /merchant/table/reprint (a new QR code for a table) lives with the tables (decision 016).
	/** Owner only: dine-in paid up front, or the table's bill after the meal. */
	r.post("/merchant/shop/dine-in-payment", { schema: { body: DineInPaymentInput } }, async (request) =>
		ok(await setDineInPayment(deps, signedIn(request), request.body)),
	);
	/** Owner only: a second display currency beside the shop's, or none (decision 011). */
	r.post("/merchant/shop/display-currency", { schema: { body: DisplayCurrencyInput } }, async (request) =>
		ok(await setDisplayCurrency(deps, signedIn(request), request.body)),
	);
}
