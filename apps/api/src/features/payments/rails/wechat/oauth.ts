import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppDeps } from "../../../../http/deps.js";
import { publicOrigin } from "../../../../http/origin.js";
import { CHECKOUT_MINUTES, checkoutPagePath } from "../../attempts/attempts.js";
import { gatewayFor } from "../../registry.js";
import type { WechatGateway } from "./gateway.js";
import { OAUTH_RETURN_PATH } from "./signin.js";

/**
 * JSAPI needs the payer's openid on the platform's official account. A payer inside WeChat
 * whose openid we do not know yet is sent through WeChat's web sign-in (snsapi_base: silent,
 * no consent screen) and comes back here with a code; we learn and keep the openid, create
 * the JSAPI order for the payment waiting, and send the payer to our checkout page, which
 * opens WeChat's payment sheet. The payment id travels as `state`; nothing else is believed
 * from the way back: amount and description come from the payment row.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The sign-in return page (every tenant's; the payment names its tenant). */
export async function wechatOAuthRoutes(app: FastifyInstance, deps: AppDeps) {
	app.get<{ Querystring: { code?: string; state?: string } }>(OAUTH_RETURN_PATH, async (request, reply) => {
		const paymentId = request.query.state ?? "";
		const code = request.query.code ?? "";
		if (!UUID.test(paymentId)) return reply.code(400).type("text/plain").send("Unknown payment");
		const payment = await deps.db
			.selectFrom("payment")
			.innerJoin("tenant", "tenant.id", "payment.tenant_id")
			.select([
				"payment.id",
				"payment.tenant_id",
				"payment.payer_member_id",
				"payment.provider",
				"payment.status",
				"payment.amount",
				"payment.rail_amount",
				"payment.rail_expires_at",
				"payment.rail_ref",
				"tenant.name as tenant_name",
			])
			.where("payment.id", "=", paymentId)
			.executeTakeFirst();
		if (payment?.provider !== "wechat") return reply.code(404).type("text/plain").send("Unknown payment");
		const checkoutPage = checkoutPagePath(payment.id);
		// Decided meanwhile, or the payer refused the sign-in (no code): the checkout page says how it stands.
		// The JSAPI order made already (the payer came back here again): nothing more to do.
		if (payment.status !== "pending" || payment.rail_ref || !/^[A-Za-z0-9_-]{1,256}$/.test(code))
			return reply.redirect(checkoutPage, 302);
		const now = deps.clock.now();
		const expiresAt = payment.rail_expires_at
			? new Date(payment.rail_expires_at)
			: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000);
		if (expiresAt <= now) return reply.redirect(checkoutPage, 302);

		const gateway = (await gatewayFor(deps, payment.tenant_id, "wechat")) as WechatGateway | undefined;
		if (!gateway?.jsapiCheckout) return unavailable(reply, "WeChat Pay is not set up");
		let openid: string;
		try {
			openid = await gateway.openidOf(code);
		} catch (error) {
			request.log.warn({ err: error, paymentId }, "wechat pay: sign-in code exchange failed");
			return unavailable(reply, "WeChat sign-in failed, please try again");
		}
		if (payment.payer_member_id !== null)
			await deps.db
				.insertInto("wechat_payer")
				.values({
					tenant_id: payment.tenant_id,
					member_id: payment.payer_member_id,
					app_id: gateway.appId,
					openid,
					created_at: now,
				})
				.onConflict((oc) => oc.columns(["tenant_id", "member_id", "app_id"]).doUpdateSet({ openid }))
				.execute();

		let started: Awaited<ReturnType<WechatGateway["jsapiCheckout"]>>;
		try {
			started = await gateway.jsapiCheckout({
				paymentId: payment.id,
				amount: payment.rail_amount ?? payment.amount,
				description: `Bayon · ${payment.tenant_name}`,
				notifyUrl: `${publicOrigin(deps, request)}/pay/notify/wechat/${payment.tenant_id}`,
				openid,
				expiresAt,
			});
		} catch (error) {
			// The payment stays pending: the reconciliation job asks WeChat Pay about it later.
			request.log.warn({ err: error, paymentId }, "wechat pay: JSAPI order after sign-in failed");
			return unavailable(reply, "WeChat Pay cannot be reached, please try again");
		}
		const written = await deps.db
			.updateTable("payment")
			.set({
				channel: "jsapi",
				rail_ref: started.prepayId,
				checkout: JSON.stringify(started.presentation),
				rail_expires_at: expiresAt,
			})
			.where("id", "=", payment.id)
			.where("status", "=", "pending")
			.executeTakeFirst();
		if (Number(written.numUpdatedRows) === 0) {
			// Decided while we were at WeChat Pay (the payer cancelled): the new order must not be payable.
			await gateway.closePayment?.(payment.id).catch((error: unknown) => {
				request.log.warn(
					{ err: error, paymentId },
					"wechat pay: could not close the order of a payment decided meanwhile",
				);
			});
		}
		return reply.redirect(checkoutPage, 302);
	});
}

function unavailable(reply: FastifyReply, text: string) {
	return reply.code(503).header("retry-after", "5").type("text/plain; charset=utf-8").send(text);
}
