import {
	ErrorCode,
	IdParams,
	localize,
	type NewsDetail,
	type NewsSummary,
	PageQuery,
	type PageResult,
	ServiceContentQuery,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { presentAppConfig } from "../tenancy/service.js";
import * as queries from "./queries.js";

/** Public content: languages, app configuration, "my services" pages and news. */
export async function contentRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	const open = { public: true };

	// Spec §7: the response is a list of {code, name}.
	r.get("/system/language/page", { config: open }, async () => ok(await queries.listLanguages(deps.db)));

	r.get("/system/config", { config: open }, async (request) => ok(presentAppConfig(deps, request.ctx.tenant)));

	r.get("/service/list", { config: open }, async (request) => {
		const rows = await queries.listServicePages(deps.db, request.ctx.tenant.id);
		return ok(
			rows.map((row) => ({ id: row.id, slug: row.slug, icon: row.icon, name: localize(row.name, request.ctx.lang) })),
		);
	});

	r.get("/service/content", { config: open, schema: { querystring: ServiceContentQuery } }, async (request) => {
		const row = await queries.findServicePage(deps.db, request.ctx.tenant.id, request.query);
		if (!row) throw new BusinessError(ErrorCode.NotFound);
		const { lang } = request.ctx;
		return ok({
			id: row.id,
			slug: row.slug,
			name: localize(row.name, lang),
			content: localize(row.content, lang),
			updatedAt: new Date(row.updated_at).toISOString(),
		});
	});

	r.get("/news/list", { config: open, schema: { querystring: PageQuery } }, async (request) => {
		const { page, pageSize } = request.query;
		const { lang } = request.ctx;
		const { rows, total } = await queries.listNews(deps.db, {
			tenantId: request.ctx.tenant.id,
			now: deps.clock.now(),
			offset: (page - 1) * pageSize,
			limit: pageSize,
		});
		const result: PageResult<NewsSummary> = {
			list: rows.map((row) => ({
				id: row.id,
				title: localize(row.title, lang),
				summary: localize(row.summary, lang),
				publishedAt: new Date(row.published_at).toISOString(),
			})),
			total,
		};
		return ok(result);
	});

	r.get("/news/detail/:id", { config: open, schema: { params: IdParams } }, async (request) => {
		const row = await queries.findNews(deps.db, {
			tenantId: request.ctx.tenant.id,
			id: request.params.id,
			now: deps.clock.now(),
		});
		if (!row) throw new BusinessError(ErrorCode.NotFound);
		const { lang } = request.ctx;
		const detail: NewsDetail = {
			id: row.id,
			title: localize(row.title, lang),
			summary: localize(row.summary, lang),
			content: localize(row.content, lang),
			publishedAt: new Date(row.published_at).toISOString(),
		};
		return ok(detail);
	});
}
