import { SavePlatformSettingsInput, ShopQuery, WalletExportQuery, WalletStatementQuery } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import { getPlatformSettings, savePlatformSettings } from "./platform/platform-settings.js";
import { statementPage } from "./wallet/statement.js";
import { exportStatement } from "./wallet/statement-csv.js";
import { dailyEarnings, operatorShop, ownerShop, platformShopWallets, walletSummary } from "./wallet/wallet.js";

/**
 * The wallet's read side (issue 14, decision 023): the owner's wallet, statement, chart and
 * CSV export, and the platform operators' view of every shop's wallet and of the platform's
 * terms.
 */
export async function walletRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();

	// The shop's owner only.
	r.get("/merchant/wallet", { schema: { querystring: ShopQuery } }, async (request) => {
		const ctx = signedIn(request);
		return ok(await walletSummary(deps, await ownerShop(deps, ctx, request.query.shopId)));
	});
	r.get("/merchant/wallet/statement", { schema: { querystring: WalletStatementQuery } }, async (request) => {
		const ctx = signedIn(request);
		return ok(await statementPage(deps, await ownerShop(deps, ctx, request.query.shopId), request.query));
	});
	r.get("/merchant/wallet/daily", { schema: { querystring: ShopQuery } }, async (request) => {
		const ctx = signedIn(request);
		return ok(await dailyEarnings(deps, await ownerShop(deps, ctx, request.query.shopId)));
	});
	/** A file, not the envelope; a refusal or bad input is still answered with the envelope. */
	r.get("/merchant/wallet/export", { schema: { querystring: WalletExportQuery } }, async (request, reply) => {
		const ctx = signedIn(request);
		const shop = await ownerShop(deps, ctx, request.query.shopId);
		const file = await exportStatement(deps, shop, {
			query: request.query,
			lang: ctx.lang,
			currency: ctx.tenant.currency,
		});
		return reply
			.header("content-type", "text/csv; charset=utf-8")
			.header("content-disposition", `attachment; filename="${file.fileName}"`)
			.header("cache-control", "no-store")
			.header("x-statement-lines", String(file.lines))
			.header("x-statement-truncated", String(file.truncated))
			.send(file.body);
	});

	// Platform operators only (NotPlatformOperator for everyone else), their own tenant's shops.
	r.get("/platform/shops", async (request) => ok(await platformShopWallets(deps, signedIn(request))));
	r.get("/platform/wallet", { schema: { querystring: ShopQuery } }, async (request) => {
		const ctx = signedIn(request);
		return ok(await walletSummary(deps, await operatorShop(deps, ctx, request.query.shopId)));
	});
	r.get("/platform/wallet/statement", { schema: { querystring: WalletStatementQuery } }, async (request) => {
		const ctx = signedIn(request);
		return ok(await statementPage(deps, await operatorShop(deps, ctx, request.query.shopId), request.query));
	});
	r.get("/platform/settings", async (request) => ok(await getPlatformSettings(deps, signedIn(request))));
	r.post("/platform/settings", { schema: { body: SavePlatformSettingsInput } }, async (request) =>
		ok(await savePlatformSettings(deps, signedIn(request), request.body)),
	);
}
