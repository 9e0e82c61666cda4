import { BillQuery } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import { getBill } from "./bill/bill.js";
import { issuePayCode } from "./counter/counter-codes.js";

/** The member's own stored value (issue 12): the balance bill and the counter payment code. */
export async function billRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	r.get("/member/user/getBill", { schema: { querystring: BillQuery } }, async (request) =>
		ok(await getBill(deps, signedIn(request), request.query)),
	);
	/** A fresh one-minute payment code; the older unused ones stop working. Never cached. */
	r.get("/member/user/pay-code", async (request, reply) => {
		reply.header("cache-control", "no-store");
		return ok(await issuePayCode(deps, signedIn(request)));
	});
}
