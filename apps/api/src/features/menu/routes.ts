import { IdParams, ShopQuery } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import * as menu from "./service.js";

export async function menuRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	const open = { public: true };
	const stopFollowing = menu.followMenuChanges(deps);
	app.addHook("onClose", async () => stopFollowing());

	/**
	 * The shop's menu by category. Answered from a short cache, gzipped when the client
	 * accepts it, with an ETag so a browser revalidating its copy gets 304 and no body.
	 */
	r.get("/product/products", { config: open, schema: { querystring: ShopQuery } }, async (request, reply) => {
		const cached = await menu.getShopMenuCached(deps, request.ctx, request.query.shopId);
		reply
			.header("etag", cached.etag)
			.header("cache-control", "private, no-cache")
			.header("vary", "accept-language, x-lang, accept-encoding");
		if (request.headers["if-none-match"] === cached.etag) return reply.code(304).send();
		reply.type("application/json; charset=utf-8");
		if (/\bgzip\b/.test(request.headers["accept-encoding"] ?? ""))
			return reply.header("content-encoding", "gzip").send(cached.gzip);
		return reply.send(cached.json);
	});

	r.get("/product/detail/:id", { config: open, schema: { params: IdParams } }, async (request) =>
		ok(await menu.getMenuItem(deps, request.ctx, request.params.id)),
	);
}
