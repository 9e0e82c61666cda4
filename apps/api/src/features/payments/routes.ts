import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppDeps } from "../../http/deps.js";
import { applyGatewayReport } from "./attempts/reports.js";
import { wechatOAuthRoutes } from "./rails/wechat/oauth.js";
import { applyRefundReport } from "./refunds/refunds.js";
import { gatewayFor, gateways } from "./registry.js";
import { flagDiscrepancy } from "./statements/flags.js";

/** The sandbox gateway's own pages (its checkout), and each rail's pages on our server (WeChat's sign-in return). */
export async function sandboxGatewayRoutes(app: FastifyInstance, deps: AppDeps) {
	await app.register(async (scope) => {
		await scope.register(formbody);
		await gateways(deps).sandbox.routes(scope);
	});
	await wechatOAuthRoutes(app, deps);
}

/**
 * Gateway callbacks, server to server, outside the app's API: `/pay/notify/<gateway>/<tenant>`
 * (the sandbox's also without the tenant). A callback is answered as its rail expects once
 * applied or already known, so the rail stops retrying; anything not genuine, or genuine but
 * naming another merchant or amount, is refused (the latter flagged for the operator) and
 * changes nothing; one we could not record is answered so that it comes again.
 */
export async function gatewayCallbackRoutes(app: FastifyInstance, deps: AppDeps) {
	await app.register(async (scope) => {
		// The signature covers the exact bytes sent: keep the body as text (instead of the
		// server's JSON and form parsers), whatever the rail sends (JSON for WeChat, a form for Alipay).
		scope.removeAllContentTypeParsers();
		scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: 64 * 1024 }, (_request, body, done) =>
			done(null, body),
		);
		const handle = async (
			request: { headers: Record<string, string | string[] | undefined>; body: unknown; log: FastifyInstance["log"] },
			reply: FastifyReply,
			provider: string,
			tenantId: number,
		) => {
			const gateway = Number.isSafeInteger(tenantId)
				? await gatewayFor(deps, tenantId, provider).catch(() => null)
				: null;
			if (!gateway)
				return reply
					.code(gateway === null ? 503 : 404)
					.type("text/plain")
					.send("fail");
			const answer = (accepted: boolean, status = accepted ? 200 : 400) => {
				const shaped = gateway.callbackAnswer?.(accepted);
				if (shaped) return reply.code(shaped.status).type(shaped.contentType).send(shaped.body);
				return reply
					.code(status)
					.type("text/plain")
					.send(accepted ? "success" : "fail");
			};
			const callback = gateway.verifyCallback(request.headers, typeof request.body === "string" ? request.body : "");
			if (!callback) return answer(false);
			if (callback.type === "foreign") {
				request.log.warn({ provider, tenantId, callback }, "gateway callback for another merchant refused");
				await flagDiscrepancy(deps.db, {
					tenantId,
					rail: gateway.name,
					kind: "merchant_mismatch",
					paymentId: callback.paymentId,
					detail: callback.detail,
					at: deps.clock.now(),
				}).catch((error: unknown) => request.log.error({ err: error }, "refused callback could not be flagged"));
				return answer(false);
			}
			// Not recorded (our database is away, say): anything but "accepted" makes the gateway
			// send it again later; the reconciliation job asks it anyway.
			const recorded =
				callback.type === "refund"
					? await applyRefundReport(deps, gateway, callback.report).catch((error: unknown) => {
							request.log.error(
								{ err: error, refundId: callback.report.refundId },
								"refund callback could not be recorded",
							);
							return null;
						})
					: await applyGatewayReport(deps, gateway, callback.report).catch((error: unknown) => {
							request.log.error(
								{ err: error, paymentId: callback.report.paymentId },
								"gateway callback could not be recorded",
							);
							return null;
						});
			if (!recorded) return answer(false, 503);
			if (recorded === "amount_mismatch" || recorded === "currency_mismatch" || recorded === "unknown_payment") {
				request.log.warn({ callback, outcome: recorded }, "gateway callback refused");
				return answer(false);
			}
			return answer(true);
		};
		scope.post<{ Params: { provider: string } }>("/pay/notify/:provider", (request, reply) =>
			request.params.provider === "sandbox"
				? handleSandbox(request, reply)
				: reply.code(404).type("text/plain").send("fail"),
		);
		const handleSandbox = (request: Parameters<typeof handle>[0], reply: FastifyReply) =>
			handle(request, reply, "sandbox", 0);
		scope.post<{ Params: { provider: string; tenantId: string } }>(
			"/pay/notify/:provider/:tenantId",
			(request, reply) =>
				handle(
					request,
					reply,
					request.params.provider,
					/^\d{1,15}$/.test(request.params.tenantId) ? Number(request.params.tenantId) : Number.NaN,
				),
		);
	});
}
