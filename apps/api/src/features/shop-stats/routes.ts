import { ShopTodayQuery } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import { shopToday } from "./service.js";

/** The merchant home's figures (everyone on the board; money for owners and managers). */
export async function shopStatsRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	r.get("/merchant/stats/today", { schema: { querystring: ShopTodayQuery } }, async (request) =>
		ok(await shopToday(deps, signedIn(request), request.query.shopId)),
	);
}
