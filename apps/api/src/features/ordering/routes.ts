import { PriceCartInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { priceCartFor } from "./service.js";

export async function orderingRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	/** Prices a cart and lists its problems; visitors may call it (a saved address needs sign-in). */
	r.post("/cart/price", { config: { public: true }, schema: { body: PriceCartInput } }, async (request) =>
		ok(await priceCartFor(deps, request.ctx, request.body)),
	);
}
