import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../http/deps.js";
import { gatewayFor, gateways } from "./registry.js";
import { applyGatewayReport } from "./reports.js";

/** The sandbox gateway's own pages (its checkout), served by this server. */
export async function sandboxGatewayRoutes(app: FastifyInstance, deps: AppDeps) {
	await app.register(async (scope) => {
		await scope.register(formbody);
		await gateways(deps).sandbox.routes(scope);
	});
}

/**
 * Gateway callbacks, server to server, outside the app's API. A callback is answered
 * "success" once applied or already known, so the gateway stops retrying; anything not
 * genuine gets 400 and changes nothing; one we could not record gets 503, so it comes again.
 */
export async function gatewayCallbackRoutes(app: FastifyInstance, deps: AppDeps) {
	await app.register(async (scope) => {
		// The signature covers the exact bytes sent: keep the body as text (instead of the
		// server's JSON parser, http/json-body.ts).
		scope.removeContentTypeParser("application/json");
		scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
		scope.post<{ Params: { provider: string } }>("/pay/notify/:provider", async (request, reply) => {
			const gateway = gatewayFor(deps, request.params.provider);
			const report = gateway?.verifyCallback(request.headers, typeof request.body === "string" ? request.body : "");
			if (!gateway || !report) return reply.code(400).type("text/plain").send("fail");
			// Not recorded (our database is away, say): anything but "success" makes the gateway
			// send it again later; the reconciliation job asks it anyway.
			const outcome = await applyGatewayReport(deps, gateway, report).catch((error: unknown) => {
				request.log.error({ err: error, paymentId: report.paymentId }, "gateway callback could not be recorded");
				return null;
			});
			if (!outcome) return reply.code(503).type("text/plain").send("fail");
			if (outcome === "amount_mismatch" || outcome === "unknown_payment") {
				request.log.warn({ report, outcome }, "gateway callback refused");
				return reply.code(400).type("text/plain").send("fail");
			}
			return reply.type("text/plain").send("success");
		});
	});
}
