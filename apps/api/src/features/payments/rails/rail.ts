import type { RailSettingsByRail } from "@bayon/contract";
import type { RailName } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import type { PaymentGateway } from "../gateway.js";

/**
 * One real rail (decision 031): how to make its gateway for a tenant's settings. Pages a rail
 * serves on our server for every tenant (WeChat's sign-in return, under /pay/rails/<name>/)
 * are registered by payments/routes.ts, not here: they use the registry, which lists the rails.
 */
export interface Rail<R extends RailName> {
	readonly name: R;
	/** The ledger currencies it can take money in (WeChat Pay and Alipay: CNY; KHQR: USD or KHR). */
	readonly currencies: readonly string[];
	gateway(deps: AppDeps, tenantId: number, settings: RailSettingsByRail[R]): PaymentGateway;
	/** What may be shown back of its settings. */
	summary(settings: RailSettingsByRail[R]): Record<string, string | null>;
	/**
	 * A rail with no callback (KHQR) is asked on its own schedule by the reconciliation job
	 * (decision 005): first this soon after the payment starts, then when `nextCheckAt` says while
	 * the payer has not paid. Absent: the job's schedule for rails that call back.
	 */
	firstCheckSeconds?: number;
	nextCheckAt?(payment: { created_at: Date; rail_expires_at: Date | null }, now: Date): Date;
}
