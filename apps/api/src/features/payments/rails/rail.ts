import type { RailSettingsByRail } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { RailName } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import type { PaymentGateway } from "../gateway.js";

/**
 * One real rail (decision 031): how to make its gateway for a tenant's settings, and the
 * pages it serves on our server for every tenant (WeChat's sign-in return), under
 * /pay/rails/<name>/.
 */
export interface Rail<R extends RailName> {
	readonly name: R;
	/** The ledger currencies it can take money in (WeChat Pay and Alipay: CNY; KHQR: USD or KHR). */
	readonly currencies: readonly string[];
	gateway(deps: AppDeps, tenantId: number, settings: RailSettingsByRail[R]): PaymentGateway;
	routes?(app: FastifyInstance, deps: AppDeps): Promise<void>;
	/** Background work of its own (KHQR's polls happen through the reconciliation job instead). */
	summary(settings: RailSettingsByRail[R]): Record<string, string | null>;
}
