import { AddressListQuery, IdParams, SaveAddressInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import * as addresses from "./service.js";

/** The member's delivery addresses (paths follow the anchor's client). */
export async function addressRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	const byId = { params: IdParams };

	r.get("/address/list", { schema: { querystring: AddressListQuery } }, async (request) =>
		ok(await addresses.listAddresses(deps, signedIn(request), request.query.shopId)),
	);
	r.get("/address/detail/:id", { schema: byId }, async (request) =>
		ok(await addresses.getOwnAddress(deps, signedIn(request), request.params.id)),
	);
	r.post("/address/addAndEdit", { schema: { body: SaveAddressInput } }, async (request) =>
		ok(await addresses.saveAddress(deps, signedIn(request), request.body)),
	);
	r.post("/address/default/set/:id", { schema: byId }, async (request) => {
		await addresses.setDefaultAddress(deps, signedIn(request), request.params.id);
		return ok(true);
	});
	r.post("/address/del/:id", { schema: byId }, async (request) => {
		await addresses.deleteAddress(deps, signedIn(request), request.params.id);
		return ok(true);
	});
}
