import { ShopChangesQuery } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import { pageShopChanges } from "./service.js";

/** The record of who changed what in the merchant area (owners and managers). */
export async function shopChangeRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	r.get("/merchant/changes/page", { schema: { querystring: ShopChangesQuery } }, async (request) =>
		ok(await pageShopChanges(deps, signedIn(request), request.query)),
	);
}
