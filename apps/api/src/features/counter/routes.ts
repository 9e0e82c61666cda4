import { CashRefundInput, CloseShiftInput, OpenShiftInput, TakePaymentInput, TillQuery } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { idempotencyKeyOf } from "../../http/idempotency-key.js";
import { publicOrigin } from "../../http/origin.js";
import { signedIn } from "../../http/request-context.js";
import { checkScanToPay, ScanToPayCheckInput, ScanToPayInput, startScanToPay } from "./scan-to-pay.js";
import { closeShift, openShift, readTill } from "./shifts.js";
import { cashRefund, takePayment } from "./takings.js";

/** The counter and its till (issue 28, decision 029): staff take payment, hand cash back, open and close shifts. */
export async function tillRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	/** The Idempotency-Key header, when sent, makes a retried taking answer the first one. */
	r.post("/merchant/counter/take", { schema: { body: TakePaymentInput } }, async (request) =>
		ok(await takePayment(deps, signedIn(request), request.body, idempotencyKeyOf(request))),
	);
	r.post("/merchant/counter/cash-refund", { schema: { body: CashRefundInput } }, async (request) =>
		ok(await cashRefund(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/counter/shift/open", { schema: { body: OpenShiftInput } }, async (request) =>
		ok(await openShift(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/counter/shift/close", { schema: { body: CloseShiftInput } }, async (request) =>
		ok(await closeShift(deps, signedIn(request), request.body)),
	);
	/** The customer scans a rail's code on the staff's screen (issue 29): started, then watched. */
	r.post("/merchant/counter/scan-to-pay", { schema: { body: ScanToPayInput } }, async (request) =>
		ok(await startScanToPay(deps, signedIn(request), request.body, publicOrigin(deps, request))),
	);
	r.post("/merchant/counter/scan-to-pay/check", { schema: { body: ScanToPayCheckInput } }, async (request) =>
		ok(await checkScanToPay(deps, signedIn(request), request.body)),
	);
	r.get("/merchant/counter/till", { schema: { querystring: TillQuery } }, async (request) =>
		ok(await readTill(deps, signedIn(request), request.query.shopId)),
	);
}
