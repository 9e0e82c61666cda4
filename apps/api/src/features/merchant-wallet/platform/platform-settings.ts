import type { PlatformSettings, SavePlatformSettingsInput } from "@bayon/contract";
import type { z } from "zod";
import type { AppDeps } from "../../../http/deps.js";
import type { CallerContext } from "../../identity/service.js";
import * as venueQueries from "../../venues/queries.js";
import { publishWalletChanged } from "../events.js";
import { tenantTerms } from "../wallet/wallet.js";
import { requirePlatformOperator } from "./operator.js";

type SignedIn = CallerContext & { member: { id: number } };

/** `GET /platform/settings`: the platform's terms for every shop of the operator's tenant. */
export async function getPlatformSettings(deps: AppDeps, ctx: SignedIn): Promise<PlatformSettings> {
	await requirePlatformOperator(deps, ctx);
	return tenantTerms(deps, ctx.tenant.id);
}

/**
 * `POST /platform/settings`: changes the tenant's terms. They apply from now on (decision 023):
 * the commission to earnings recorded later, the hold to orders completed later; money already
 * earned keeps the terms it was earned under. The owners' wallet pages show the terms, so they
 * are told to refetch.
 */
export async function savePlatformSettings(
	deps: AppDeps,
	ctx: SignedIn,
	input: z.output<typeof SavePlatformSettingsInput>,
): Promise<PlatformSettings> {
	await requirePlatformOperator(deps, ctx);
	await deps.db
		.updateTable("tenant")
		.set({
			commission_bps: input.commissionBps,
			settlement_hold_hours: input.holdHours,
			minimum_withdrawal: input.minimumWithdrawal,
		})
		.where("id", "=", ctx.tenant.id)
		.execute();
	deps.log.info(
		{ tenantId: ctx.tenant.id, memberId: ctx.member.id, settings: input },
		"platform settings changed by an operator",
	);
	const shops = await venueQueries.listShops(deps.db, ctx.tenant.id);
	await Promise.all(
		shops.map((shop) =>
			publishWalletChanged(deps, {
				tenantId: ctx.tenant.id,
				shopId: shop.id,
				reason: "termsChanged",
				withdrawalId: null,
				withdrawalStatus: null,
			}),
		),
	);
	return tenantTerms(deps, ctx.tenant.id);
}
