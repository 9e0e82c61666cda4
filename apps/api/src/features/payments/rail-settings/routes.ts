import { RailActionInput, RailAuditQuery, SaveRailSettingsInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../../http/deps.js";
import { ok } from "../../../http/envelope.js";
import { signedIn } from "../../../http/request-context.js";
import { requirePlatformOperator } from "../../merchant-wallet/platform/operator.js";
import { listRails, type Operator, railAudit, removeRail, saveRail, switchRail, testRail } from "./service.js";

/**
 * The platform operator's payment rails (issue 29 part 6): `/platform/payment-rails` under the
 * app API. Platform operators only (NotPlatformOperator for everyone else, before anything is
 * read); every answer is the summary, never a secret.
 */
export async function railSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	const operator = async (request: Parameters<typeof signedIn>[0]): Promise<Operator> => {
		const ctx = signedIn(request);
		await requirePlatformOperator(deps, ctx);
		return ctx;
	};

	r.get("/platform/payment-rails", async (request) => {
		const ctx = await operator(request);
		return ok(await listRails(deps, ctx.tenant.id));
	});
	r.post("/platform/payment-rails/save", { schema: { body: SaveRailSettingsInput } }, async (request) =>
		ok(await saveRail(deps, await operator(request), request.body)),
	);
	r.post("/platform/payment-rails/enable", { schema: { body: RailActionInput } }, async (request) =>
		ok(await switchRail(deps, await operator(request), request.body.rail, true)),
	);
	r.post("/platform/payment-rails/disable", { schema: { body: RailActionInput } }, async (request) =>
		ok(await switchRail(deps, await operator(request), request.body.rail, false)),
	);
	r.post("/platform/payment-rails/remove", { schema: { body: RailActionInput } }, async (request) =>
		ok(await removeRail(deps, await operator(request), request.body.rail)),
	);
	r.post("/platform/payment-rails/test", { schema: { body: RailActionInput } }, async (request) =>
		ok(await testRail(deps, await operator(request), request.body.rail)),
	);
	r.get("/platform/payment-rails/audit", { schema: { querystring: RailAuditQuery } }, async (request) => {
		const ctx = await operator(request);
		return ok(await railAudit(deps, ctx.tenant.id, request.query.rail));
	});
}
