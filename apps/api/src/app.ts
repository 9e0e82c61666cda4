/**
 * The composition root: the one file that knows every feature. It puts the generic HTTP server
 * (http/) together with each feature's routes, hands the lower layers what they must call without
 * importing it (who a caller is, the clock's after-move step, the first screen's page), and is
 * the place where features register their reactions to each other (decision 030). server.ts
 * starts it with its database, bus and jobs; the tests start it through server.ts too.
 */

import type { FastifyInstance } from "fastify";
import { addressRoutes } from "./features/addresses/routes.js";
import { branchRoutes } from "./features/branches/routes.js";
import { contentRoutes } from "./features/content/routes.js";
import { tillRoutes } from "./features/counter/routes.js";
import { couponRoutes } from "./features/coupons/routes.js";
import { fileRoutes } from "./features/files/routes.js";
import { serveUploads } from "./features/files/serve.js";
import { identityRoutes, telegramRoutes } from "./features/identity/routes.js";
import { authenticate } from "./features/identity/service.js";
import { registerCardPaymentPurpose } from "./features/membership/purchase.js";
import { membershipRoutes } from "./features/membership/routes.js";
import { menuRoutes } from "./features/menu/routes.js";
import { menuAdminRoutes } from "./features/menu-admin/routes.js";
import { settleDueEarnings } from "./features/merchant-wallet/earnings/settlement.js";
import { merchantMoneyRoutes } from "./features/merchant-wallet/money-routes.js";
import { walletRoutes } from "./features/merchant-wallet/wallet-routes.js";
import { oldestUndeliveredBotMessageSeconds } from "./features/notifications/outbox/backlog.js";
import { noticeSettingsRoutes } from "./features/notifications/outbox/settings-routes.js";
import { telegramGroupRoutes } from "./features/notifications/webhook/group-routes.js";
import { telegramWebhookRoutes } from "./features/notifications/webhook/webhook-routes.js";
import { cartCouponRoutes } from "./features/ordering/checkout/cart-coupons.js";
import { registerOrderingPaymentPurposes } from "./features/ordering/lifecycle/payment-purposes.js";
import { orderingRoutes, paymentStatusRoutes } from "./features/ordering/routes.js";
import { countPaymentsInDoubt, oldestUndeliveredRefundSeconds } from "./features/payments/attempts/backlog.js";
import { checkoutRoutes } from "./features/payments/checkout/routes.js";
import { railSettingsRoutes } from "./features/payments/rail-settings/routes.js";
import { gatewayCallbackRoutes, sandboxGatewayRoutes } from "./features/payments/routes.js";
import { statementRoutes } from "./features/payments/statements/routes.js";
import { refundTransferRoutes } from "./features/payments/transfers/routes.js";
import { pointsRoutes } from "./features/points/routes.js";
import { registerBookingPaymentPurpose } from "./features/reservations/money/payments.js";
import { reservationMoneyRoutes } from "./features/reservations/money-routes.js";
import { reservationRoutes } from "./features/reservations/routes.js";
import { shopChangeRoutes } from "./features/shop-changes/routes.js";
import { shopSettingsRoutes } from "./features/shop-settings/routes.js";
import { shopStaffRoutes } from "./features/shop-staff/routes.js";
import { shopStatsRoutes } from "./features/shop-stats/routes.js";
import { billRoutes } from "./features/stored-value/bill-routes.js";
import { counterRoutes } from "./features/stored-value/counter-routes.js";
import { memberListRoutes } from "./features/stored-value/members-routes.js";
import { registerRechargePaymentPurpose } from "./features/stored-value/recharge/recharge.js";
import { rechargeRoutes } from "./features/stored-value/recharge-routes.js";
import { tableRoutes } from "./features/tables/routes.js";
import { findTenant } from "./features/tenancy/service.js";
import { venueRoutes } from "./features/venues/routes.js";
import { FIRST_SCREEN_PATHS, firstScreenPages } from "./features/venues/shops/first-screen.js";
import { registerShopFeed } from "./features/venues/shops/shop-feed.js";
import type { AppDeps } from "./http/deps.js";
import { apiScope, type BuildAppOptions, createFastifyApp } from "./http/fastify-app.js";
import type { CallerLookup } from "./http/request-context.js";
import { testClockRoutes } from "./http/test-clock.js";
import { serveWebApp } from "./http/web-app.js";
import { isMovable } from "./lib/clock.js";
import { setScrapeReader } from "./lib/metrics.js";
import { registerReactions } from "./reactions.js";
import { registerWebsocket, websocketTicketRoute } from "./realtime/websocket.js";

export type { BuildAppOptions };

/** Who is calling: tenancy finds the tenant, identity the member behind the access token. */
const callers: CallerLookup = { tenant: findTenant, member: authenticate };

/** Assembles the whole server: the two API scopes, uploads, health check and the web app. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
	const app = createFastifyApp(deps, options);
	// What features do for each other against their layering: hooks of the lower, filled here (decision 030).
	registerReactions();
	// What /metrics reads from the features' tables when scraped (decision 035): lib/ may not import them.
	setScrapeReader(deps.metrics, "paymentsInDoubt", () => countPaymentsInDoubt(deps));
	setScrapeReader(deps.metrics, "oldestUndeliveredRefundSeconds", () => oldestUndeliveredRefundSeconds(deps));
	setScrapeReader(deps.metrics, "oldestUndeliveredBotMessageSeconds", () => oldestUndeliveredBotMessageSeconds(deps));
	// What each purpose does when its payment is decided (decision 028): payments knows them by kind only.
	registerOrderingPaymentPurposes();
	registerBookingPaymentPurpose();
	registerRechargePaymentPurpose();
	registerCardPaymentPurpose();

	// App calls (spec §7 base `app-api`) and the Telegram calls under the bare host.
	await app.register(
		async (scope) => {
			apiScope(scope, deps, callers);
			await identityRoutes(scope, deps);
			await contentRoutes(scope, deps);
			await fileRoutes(scope, deps);
			await venueRoutes(scope, deps);
			await shopSettingsRoutes(scope, deps);
			await menuRoutes(scope, deps);
			await tableRoutes(scope, deps);
			await menuAdminRoutes(scope, deps);
			await orderingRoutes(scope, deps);
			await reservationMoneyRoutes(scope, deps);
			await addressRoutes(scope, deps);
			await branchRoutes(scope, deps);
			await websocketTicketRoute(scope, deps);
			await paymentStatusRoutes(scope, deps);
			await checkoutRoutes(scope, deps);
			await shopStaffRoutes(scope, deps);
			await shopChangeRoutes(scope, deps);
			await shopStatsRoutes(scope, deps);
			await reservationRoutes(scope, deps);
			await rechargeRoutes(scope, deps);
			await billRoutes(scope, deps);
			await counterRoutes(scope, deps);
			await tillRoutes(scope, deps);
			await memberListRoutes(scope, deps);
			await membershipRoutes(scope, deps);
			await pointsRoutes(scope, deps);
			await couponRoutes(scope, deps);
			await cartCouponRoutes(scope, deps);
			await merchantMoneyRoutes(scope, deps);
			await walletRoutes(scope, deps);
			await railSettingsRoutes(scope, deps);
			await statementRoutes(scope, deps);
			await refundTransferRoutes(scope, deps);
			await noticeSettingsRoutes(scope, deps);
			await telegramGroupRoutes(scope, deps);
			// Tests on a fake clock (FAKE_NOW, never in production) may move it: see test-clock.ts.
			if (deps.config.fakeNow && isMovable(deps.clock))
				await testClockRoutes(scope, deps.clock, () => settleDueEarnings(deps));
		},
		{ prefix: "/app-api" },
	);
	await app.register(
		async (scope) => {
			apiScope(scope, deps, callers);
			await telegramRoutes(scope, deps);
		},
		{ prefix: "/api/v1" },
	);
	// Telegram's updates for the bot: answered to Telegram in plain HTTP, outside the app's envelope.
	await telegramWebhookRoutes(app, deps);

	await registerWebsocket(app, deps, callers);
	await registerShopFeed(app, deps);
	await gatewayCallbackRoutes(app, deps);
	await sandboxGatewayRoutes(app, deps);

	await serveUploads(app, deps);
	await serveWebApp(app, deps, (indexFile) => ({ paths: FIRST_SCREEN_PATHS, ...firstScreenPages(deps, indexFile) }));
	return app;
}
