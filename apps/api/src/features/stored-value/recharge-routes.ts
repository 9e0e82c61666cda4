import {
	RechargeIdQuery,
	RechargeInput,
	SaveRechargePackageInput,
	SaveStoredValueAgreementInput,
	ShopQuery,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { idempotencyKeyOf } from "../../http/idempotency-key.js";
import { publicOrigin } from "../../http/origin.js";
import { signedIn } from "../../http/request-context.js";
import { getOwnRecharge, startRecharge } from "./recharge/recharge.js";
import {
	getRechargeMenu,
	getStoredValueAdmin,
	saveRechargePackage,
	saveStoredValueAgreement,
} from "./recharge/recharge-packages.js";

/** Recharging the stored balance and the owner's packages and agreement (issue 12, decision 021). */
export async function rechargeRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	/** The packages on sale and the agreement; visitors may look (their balance is null). */
	r.get("/recharge/getMoneyList", { config: { public: true } }, async (request) =>
		ok(await getRechargeMenu(deps, request.ctx)),
	);
	/** Starts a recharge at a gateway; the Idempotency-Key header (required) makes a double tap start one. */
	r.post("/member/user/recharge", { schema: { body: RechargeInput } }, async (request) =>
		ok(
			await startRecharge(
				deps,
				signedIn(request),
				request.body,
				idempotencyKeyOf(request),
				publicOrigin(deps, request),
			),
		),
	);
	/** One's own recharge, asking the gateway first while it is pending (the page the gateway returns to). */
	r.get("/recharge/detail", { schema: { querystring: RechargeIdQuery } }, async (request) =>
		ok(await getOwnRecharge(deps, signedIn(request), request.query.id)),
	);

	// Owners and managers (permission "members"); staff and customers are refused.
	r.get("/merchant/stored-value", { schema: { querystring: ShopQuery } }, async (request) =>
		ok(await getStoredValueAdmin(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/stored-value/package", { schema: { body: SaveRechargePackageInput } }, async (request) =>
		ok(await saveRechargePackage(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/stored-value/agreement", { schema: { body: SaveStoredValueAgreementInput } }, async (request) =>
		ok(await saveStoredValueAgreement(deps, signedIn(request), request.body)),
	);
}
