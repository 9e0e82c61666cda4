import { CreateBranchInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { idempotencyKeyOf } from "../../http/idempotency-key.js";
import { signedIn } from "../../http/request-context.js";
import { createBranch } from "./service.js";

/** The owner's calls for branches of the business (decision 018). */
export async function branchRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	/**
	 * Owner of the source branch only: a new branch with a copy of its menu and hours. The
	 * Idempotency-Key header is required: the same request twice opens one branch.
	 */
	r.post("/merchant/branch/create", { schema: { body: CreateBranchInput } }, async (request) =>
		ok(await createBranch(deps, signedIn(request), request.body, idempotencyKeyOf(request))),
	);
}
