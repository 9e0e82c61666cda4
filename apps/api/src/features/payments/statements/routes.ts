import { DiscrepancyExportQuery, DiscrepancyListQuery, ResolveDiscrepancyInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../../http/deps.js";
import { ok } from "../../../http/envelope.js";
import { signedIn } from "../../../http/request-context.js";
import { requirePlatformOperator } from "../../merchant-wallet/platform/operator.js";
import { exportDiscrepancies } from "./csv.js";
import { listDiscrepancies, resolveDiscrepancy, statementRuns } from "./queries.js";

/**
 * The platform operator's list of payment differences (issue 29 items 7 and 8) and the daily
 * reconciliation's runs, for platform operators of the caller's tenant only (everyone else:
 * NotPlatformOperator). Registered under /app-api.
 */
export async function statementRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	r.get("/platform/payments/discrepancies", { schema: { querystring: DiscrepancyListQuery } }, async (request) => {
		const ctx = signedIn(request);
		await requirePlatformOperator(deps, ctx);
		return ok(await listDiscrepancies(deps, ctx.tenant.id, request.query));
	});
	r.post("/platform/payments/discrepancies/resolve", { schema: { body: ResolveDiscrepancyInput } }, async (request) => {
		const ctx = signedIn(request);
		await requirePlatformOperator(deps, ctx);
		return ok(
			await resolveDiscrepancy(deps, { tenantId: ctx.tenant.id, memberId: ctx.member.id, input: request.body }),
		);
	});
	/** A file, not the envelope; a refusal or bad input is still answered with the envelope. */
	r.get(
		"/platform/payments/discrepancies.csv",
		{ schema: { querystring: DiscrepancyExportQuery } },
		async (request, reply) => {
			const ctx = signedIn(request);
			await requirePlatformOperator(deps, ctx);
			const file = await exportDiscrepancies(deps, {
				tenantId: ctx.tenant.id,
				rail: request.query.rail,
				lang: ctx.lang,
			});
			return reply
				.header("content-type", "text/csv; charset=utf-8")
				.header("content-disposition", `attachment; filename="${file.fileName}"`)
				.header("cache-control", "no-store")
				.header("x-export-rows", String(file.rows))
				.header("x-export-truncated", String(file.truncated))
				.send(file.body);
		},
	);
	r.get("/platform/payments/statement-runs", async (request) => {
		const ctx = signedIn(request);
		await requirePlatformOperator(deps, ctx);
		return ok(await statementRuns(deps, ctx.tenant.id));
	});
}
