import {
	PauseShopInput,
	PreviewShopRulesInput,
	SaveShopSettingsInput,
	SetAcceptingOrdersInput,
	ShopQuery,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import * as shopSettings from "./service.js";

/** The owner's shop settings (`merchant/shopInfo`), the pause switch and the rules preview. */
export async function shopSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	r.get("/merchant/shop/settings", { schema: { querystring: ShopQuery } }, async (request) =>
		ok(await shopSettings.getShopSettings(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/shop/settings", { schema: { body: SaveShopSettingsInput } }, async (request) =>
		ok(await shopSettings.saveShopSettings(deps, signedIn(request), request.body)),
	);
	/** Staff too: a busy kitchen pauses new orders for 15, 30 or 60 minutes (0 resumes). */
	r.post("/merchant/shop/pause", { schema: { body: PauseShopInput } }, async (request) =>
		ok(await shopSettings.pauseShop(deps, signedIn(request), request.body)),
	);
	/** Owner and managers: open the shop for orders, or close it until opened again (a new branch starts closed). */
	r.post("/merchant/shop/accepting-orders", { schema: { body: SetAcceptingOrdersInput } }, async (request) =>
		ok(await shopSettings.setAcceptingOrders(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/shop/rules-preview", { schema: { body: PreviewShopRulesInput } }, async (request) =>
		ok(await shopSettings.previewShopRules(deps, signedIn(request), request.body)),
	);
}
