import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { ErrorCode, formatMessage } from "@bayon/contract";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { addressRoutes } from "../features/addresses/routes.js";
import { branchRoutes } from "../features/branches/routes.js";
import { contentRoutes } from "../features/content/routes.js";
import { couponRoutes } from "../features/coupons/routes.js";
import { fileRoutes } from "../features/files/routes.js";
import { identityRoutes, telegramRoutes } from "../features/identity/routes.js";
import { membershipRoutes } from "../features/membership/routes.js";
import { menuRoutes } from "../features/menu/routes.js";
import { menuAdminRoutes } from "../features/menu-admin/routes.js";
import { merchantMoneyRoutes } from "../features/merchant-wallet/money-routes.js";
import { walletRoutes } from "../features/merchant-wallet/wallet-routes.js";
import { telegramGroupRoutes } from "../features/notifications/group-routes.js";
import { noticeSettingsRoutes } from "../features/notifications/settings-routes.js";
import { telegramWebhookRoutes } from "../features/notifications/webhook-routes.js";
import { gatewayCallbackRoutes, orderingRoutes, paymentStatusRoutes } from "../features/ordering/routes.js";
import { sandboxGatewayRoutes } from "../features/payments/routes.js";
import { pointsRoutes } from "../features/points/routes.js";
import { reservationMoneyRoutes } from "../features/reservations/money-routes.js";
import { reservationRoutes } from "../features/reservations/routes.js";
import { shopChangeRoutes } from "../features/shop-changes/routes.js";
import { shopSettingsRoutes } from "../features/shop-settings/routes.js";
import { shopStaffRoutes } from "../features/shop-staff/routes.js";
import { shopStatsRoutes } from "../features/shop-stats/routes.js";
import { billRoutes } from "../features/stored-value/bill-routes.js";
import { counterRoutes } from "../features/stored-value/counter-routes.js";
import { memberListRoutes } from "../features/stored-value/members-routes.js";
import { rechargeRoutes } from "../features/stored-value/recharge-routes.js";
import { tableRoutes } from "../features/tables/routes.js";
import { FIRST_SCREEN_PATHS, firstScreenPages } from "../features/venues/first-screen.js";
import { venueRoutes } from "../features/venues/routes.js";
import { isMovable } from "../lib/clock.js";
import { registerShopFeed } from "../realtime/shop-feed.js";
import { registerWebsocket, websocketTicketRoute } from "../realtime/websocket.js";
import type { AppDeps } from "./deps.js";
import { failure } from "./envelope.js";
import { handleApiError, handleFrameworkError } from "./error-handler.js";
import { readJsonQuietly } from "./json-body.js";
import { languageOf } from "./language.js";
import { installRequestContext } from "./request-context.js";
import { testClockRoutes } from "./test-clock.js";

export interface BuildAppOptions {
	logger?: FastifyServerOptions["logger"];
}

/** Assembles the whole server: the two API scopes, uploads, health check and the web app. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
	const app = Fastify({
		logger: options.logger ?? { level: deps.config.logLevel },
		genReqId: () => randomUUID(),
		requestIdHeader: false,
		bodyLimit: 256 * 1024,
		trustProxy: deps.config.trustProxy,
		// Bad URLs and over-long path parameters are answered before any scope's error handler.
		frameworkErrors: handleFrameworkError,
		// Slow or stalled requests are cut off (HTTP 408) instead of holding their connection
		// until the client leaves. Node checks the deadlines every connectionsCheckingInterval.
		requestTimeout: deps.config.http.requestTimeoutMs,
		http: {
			headersTimeout: deps.config.http.headersTimeoutMs,
			connectionsCheckingInterval: Math.min(5000, Math.max(100, deps.config.http.headersTimeoutMs / 4)),
		},
	});
	// A body that is not JSON is refused without a word of it in the log or the answer.
	readJsonQuietly(app);
	app.setValidatorCompiler(validatorCompiler);
	app.setSerializerCompiler(serializerCompiler);
	app.addHook("onSend", async (request, reply) => {
		reply.header("x-request-id", request.id);
		reply.header("x-content-type-options", "nosniff");
		reply.header("referrer-policy", "strict-origin-when-cross-origin");
	});

	// Liveness: the process answers (no dependencies). Readiness: /healthz answers 503 while the
	// database does not answer or the event bus is reconnecting (live updates would be lost).
	app.get("/livez", async () => ({ status: "ok" }));
	app.get("/healthz", async (_request, reply) => {
		const { state, since } = deps.events.health();
		const bus = { state, since: since.toISOString() };
		const databaseUp = await deps.database.db
			.selectFrom("tenant")
			.select("id")
			.limit(1)
			.execute()
			.then(
				() => true,
				() => false,
			);
		if (databaseUp && state === "connected") return { status: "ok", database: deps.database.kind, bus };
		return reply.code(503).send({ status: "unavailable", database: deps.database.kind, bus });
	});

	// App calls (spec §7 base `app-api`) and the Telegram calls under the bare host.
	await app.register(
		async (scope) => {
			apiScope(scope, deps);
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
			await shopStaffRoutes(scope, deps);
			await shopChangeRoutes(scope, deps);
			await shopStatsRoutes(scope, deps);
			await reservationRoutes(scope, deps);
			await rechargeRoutes(scope, deps);
			await billRoutes(scope, deps);
			await counterRoutes(scope, deps);
			await memberListRoutes(scope, deps);
			await membershipRoutes(scope, deps);
			await pointsRoutes(scope, deps);
			await couponRoutes(scope, deps);
			await merchantMoneyRoutes(scope, deps);
			await walletRoutes(scope, deps);
			await noticeSettingsRoutes(scope, deps);
			await telegramGroupRoutes(scope, deps);
			// Tests on a fake clock (FAKE_NOW, never in production) may move it: see test-clock.ts.
			if (deps.config.fakeNow && isMovable(deps.clock)) await testClockRoutes(scope, deps, deps.clock);
		},
		{ prefix: "/app-api" },
	);
	await app.register(
		async (scope) => {
			apiScope(scope, deps);
			await telegramRoutes(scope, deps);
		},
		{ prefix: "/api/v1" },
	);
	// Telegram's updates for the bot: answered to Telegram in plain HTTP, outside the app's envelope.
	await telegramWebhookRoutes(app, deps);

	await registerWebsocket(app, deps);
	await registerShopFeed(app, deps);
	await gatewayCallbackRoutes(app, deps);
	await sandboxGatewayRoutes(app, deps);

	const uploadsDir = path.join(deps.config.dataDir, "uploads");
	mkdirSync(uploadsDir, { recursive: true });
	await app.register(fastifyStatic, {
		root: uploadsDir,
		prefix: "/uploads/",
		decorateReply: false,
		index: false,
		immutable: true,
		maxAge: "365d",
	});

	await serveWebApp(app, deps);
	return app;
}

function apiScope(scope: FastifyInstance, deps: AppDeps) {
	installRequestContext(scope, deps);
	scope.setErrorHandler(handleApiError);
	scope.setNotFoundHandler((request, reply) =>
		reply.code(200).send(failure(ErrorCode.NotFound, formatMessage("notFound", languageOf(request)))),
	);
}

/**
 * The built SPA from the same origin. History routing means any unknown GET that asks
 * for a page gets index.html; the app itself shows its not-found page.
 */
async function serveWebApp(app: FastifyInstance, deps: AppDeps) {
	const distDir = deps.config.webDistDir;
	const indexFile = path.join(distDir, "index.html");
	const built = existsSync(indexFile);
	const firstScreen = firstScreenPages(deps, indexFile);
	app.addHook("onClose", async () => firstScreen.stop());
	if (built) {
		await app.register(fastifyStatic, {
			root: distDir,
			// Routes for the files built so far; files of a later rebuild are found by the
			// not-found handler below. (A `/*` wildcard would swallow unknown API paths.)
			wildcard: false,
			index: false,
			// The build writes each text file also as .br and .gz (apps/web/vite.config.ts): send
			// the one the browser accepts, with `Vary: Accept-Encoding` (decision 010). The
			// compressed copies get no routes of their own.
			preCompressed: true,
			globIgnore: ["**/*.br", "**/*.gz"],
			setHeaders(res, filePath) {
				const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
				res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
			},
		});
	} else {
		app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
	}
	app.setNotFoundHandler(async (request, reply) => {
		const urlPath = decodeURIComponentSafe(request.url.split("?")[0] ?? "");
		const rebuiltFile = built && request.method === "GET" ? fileInside(distDir, urlPath) : null;
		if (rebuiltFile) return reply.sendFile(rebuiltFile, distDir);
		const wantsPage = request.method === "GET" && !path.extname(urlPath);
		if (!wantsPage)
			return reply.code(404).send(failure(ErrorCode.NotFound, formatMessage("notFound", languageOf(request))));
		if (!built) return reply.code(503).type("text/plain").send('The web app is not built yet: run "npm run build".');
		if (FIRST_SCREEN_PATHS.has(urlPath.replace(/(.)\/+$/, "$1")) && (await firstScreen.send(request, reply)))
			return reply;
		return reply.header("cache-control", "no-cache").sendFile("index.html", distDir);
	});
}

/** The path of an existing file below `root` for a URL path, refusing anything that escapes it. */
function fileInside(root: string, urlPath: string): string | null {
	if (!path.extname(urlPath)) return null;
	const full = path.resolve(root, `.${path.posix.normalize(urlPath)}`);
	if (!full.startsWith(`${path.resolve(root)}${path.sep}`) || !existsSync(full) || !statSync(full).isFile())
		return null;
	return path.relative(root, full);
}

function decodeURIComponentSafe(value: string): string {
	try {
		return decodeURIComponent(value);
	} catch {
		return value;
	}
}
