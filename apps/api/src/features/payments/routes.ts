import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../http/deps.js";
import { gateways } from "./registry.js";

/** The sandbox gateway's own pages (its checkout), served by this server. */
export async function sandboxGatewayRoutes(app: FastifyInstance, deps: AppDeps) {
	await app.register(async (scope) => {
		await scope.register(formbody);
		await gateways(deps).sandbox.routes(scope);
	});
}
