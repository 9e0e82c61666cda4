import { MemberListQuery, RevealMemberMobileInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import { listMembers, revealMemberMobile } from "./members/members.js";

/** Owners' and managers' list of members with balances, cards and last visits (issue 12); an owner's look at one phone number (issue 27). */
export async function memberListRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	r.get("/merchant/members", { schema: { querystring: MemberListQuery } }, async (request) =>
		ok(await listMembers(deps, signedIn(request), request.query)),
	);
	r.post("/merchant/members/mobile", { schema: { body: RevealMemberMobileInput } }, async (request) =>
		ok(await revealMemberMobile(deps, signedIn(request), request.body)),
	);
}
