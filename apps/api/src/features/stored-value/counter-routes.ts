import { CounterChargeInput, CounterPaymentsQuery, CounterRefundInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { idempotencyKeyOf } from "../../http/idempotency-key.js";
import { signedIn } from "../../http/request-context.js";
import { chargeAtCounter, listTodaysCounterPayments, refundAtCounter } from "./counter/counter.js";

/** The shop's counter (issue 12): staff charge a member's payment code and refund it the same day. */
export async function counterRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	/** The Idempotency-Key header, when sent, makes a retried charge answer the first one. */
	r.post("/merchant/counter/charge", { schema: { body: CounterChargeInput } }, async (request) =>
		ok(await chargeAtCounter(deps, signedIn(request), request.body, idempotencyKeyOf(request))),
	);
	r.post("/merchant/counter/refund", { schema: { body: CounterRefundInput } }, async (request) =>
		ok(await refundAtCounter(deps, signedIn(request), request.body)),
	);
	r.get("/merchant/counter/payments", { schema: { querystring: CounterPaymentsQuery } }, async (request) =>
		ok(await listTodaysCounterPayments(deps, signedIn(request), request.query.shopId)),
	);
}
