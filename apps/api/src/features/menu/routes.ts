import { IdParams, ShopQuery } from "@bayon/contract";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import * as menu from "./service.js";

/** Compressed menus the client may take, best first; anything else gets plain JSON. */
const COMPRESSED: Array<Exclude<menu.MenuEncoding, "identity">> = ["br", "gzip"];

export async function menuRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	const open = { public: true };
	const stopFollowing = menu.followMenuChanges(deps);
	app.addHook("onClose", async () => stopFollowing());

	/**
	 * The shop's menu by category, in the caller's language, compact (`ShopMenuWire`). Answered
	 * from a short cache that holds it already compressed: brotli when the client accepts it,
	 * else gzip, else plain. With an ETag per language, so a browser revalidating its copy gets
	 * 304 and no body.
	 */
	r.get("/product/products", { config: open, schema: { querystring: ShopQuery } }, async (request, reply) => {
		const cached = await menu.getShopMenuCached(deps, request.ctx, request.query.shopId);
		reply
			.header("etag", cached.etag)
			.header("cache-control", "private, no-cache")
			// What picks the answer: the tenant (whose shop), the language, the encoding.
			.header("vary", "tenant-id, accept-language, x-lang, accept-encoding");
		if (matchesEtag(request.headers["if-none-match"], cached.etag)) return reply.code(304).send();
		const encoding = negotiate(request.headers["accept-encoding"] ?? "", COMPRESSED) ?? "identity";
		if (encoding !== "identity") reply.header("content-encoding", encoding);
		return reply.type("application/json; charset=utf-8").send(cached.body[encoding]);
	});

	r.get("/product/detail/:id", { config: open, schema: { params: IdParams } }, async (request) =>
		ok(await menu.getMenuItem(deps, request.ctx, request.params.id)),
	);
}

/** If-None-Match holds this ETag (in a list, or weak: a GET compares weakly), or is `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
	if (!header) return false;
	return header.split(",").some((candidate) => {
		const tag = candidate.trim();
		return tag === "*" || tag === etag || tag === `W/${etag}`;
	});
}
