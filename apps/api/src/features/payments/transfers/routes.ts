import { RecordRefundTransferInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../../http/deps.js";
import { ok } from "../../../http/envelope.js";
import { signedIn } from "../../../http/request-context.js";
import { listRefundTransfers, recordRefundTransfer } from "./service.js";

/**
 * KHQR refunds awaiting a transfer back, for platform operators only (everyone else:
 * NotPlatformOperator). Registered under /app-api with the app's other routes.
 */
export async function refundTransferRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	r.get("/platform/payments/refund-transfers", async (request) =>
		ok(await listRefundTransfers(deps, signedIn(request))),
	);
	r.post(
		"/platform/payments/refund-transfers/record",
		{ schema: { body: RecordRefundTransferInput } },
		async (request) => ok(await recordRefundTransfer(deps, signedIn(request), request.body)),
	);
}
