import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type BuildAppOptions, buildApp } from "./app.js";
import { type Database, openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { expireCardPurchases } from "./features/membership/jobs.js";
import { settleDueEarnings } from "./features/merchant-wallet/settlement.js";
import { startBotDeliveryLoop } from "./features/notifications/delivery.js";
import { queueDueReminders } from "./features/notifications/reminders.js";
import { registerWebhookInBackground } from "./features/notifications/webhook-registration.js";
import { expireUnpaidOrders } from "./features/ordering/lifecycle.js";
import { warnOfExpiringRailTokens } from "./features/payments/rail-settings/service.js";
import { reconcileGatewayPayments } from "./features/payments/reconciliation.js";
import { deliverGatewayRefunds, settleGatewayRefundDeliveries } from "./features/payments/refunds.js";
import { gateways } from "./features/payments/registry.js";
import { reconcileRailStatements } from "./features/payments/statements/job.js";
import { markNoShows } from "./features/reservations/jobs.js";
import { expireUnpaidReservations } from "./features/reservations/payments.js";
import { deleteStalePayCodes } from "./features/stored-value/counter-codes.js";
import { expireUnpaidRecharges } from "./features/stored-value/recharge-jobs.js";
import type { AppDeps } from "./http/deps.js";
import { type Clock, clockStartingAt, systemClock } from "./lib/clock.js";
import type { Config } from "./lib/config.js";
import { createMetrics } from "./lib/metrics.js";
import { createOutboxSmsProvider } from "./lib/sms/outbox.js";
import type { SmsProvider } from "./lib/sms/provider.js";
import { createTelegramBot } from "./lib/telegram-bot.js";
import {
	createLocalBus,
	createPostgresBus,
	createRedisBus,
	type DomainEvent,
	EVENT_CHANNEL,
	type RemoteBusOptions,
} from "./realtime/bus.js";
import type { BackoffOptions } from "./realtime/bus-status.js";
import { isDatabaseEmpty, seedDemo } from "./seed/seed.js";

export interface StartedServer {
	app: FastifyInstance;
	deps: AppDeps;
	url: string;
	close(): Promise<void>;
}

/**
 * Opens the database (PostgreSQL from DATABASE_URL, else PGlite in DATA_DIR/pg), applies
 * migrations, seeds the demo on an empty database, and listens. Used by main.ts and by
 * the tests, which pass their own database and clock.
 */
export async function startServer(
	config: Config,
	overrides: {
		database?: Database;
		clock?: Clock;
		sms?: SmsProvider;
		jobs?: boolean;
		/** Waits between the event bus's reconnection attempts (tests shorten them). */
		busBackoff?: BackoffOptions;
	} & BuildAppOptions = {},
): Promise<StartedServer> {
	const database =
		overrides.database ?? (await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, "pg") }));
	await migrate(database);
	if (config.seedDemo && (await isDatabaseEmpty(database.db))) await seedDemo(database.db, { dataDir: config.dataDir });
	// Several servers share Redis (when configured) or PostgreSQL, so events travel through
	// it; PGlite is one process. The bus logs through deps.log, which becomes the server's
	// logger once the app is built.
	const busOptions: RemoteBusOptions = {
		log: {
			info: (details, message) => deps.log.info(details, message),
			warn: (details, message) => deps.log.warn(details, message),
			error: (details, message) => deps.log.error(details, message),
		},
		...(overrides.busBackoff ? { backoff: overrides.busBackoff } : {}),
	};
	const events = config.redisUrl
		? await createRedisBus(config.redisUrl, busOptions)
		: database.url
			? await createPostgresBus(database.url, busOptions)
			: createLocalBus();
	// On PGlite the database's own announcements (migration 0030: a member's rights changed)
	// reach the in-process bus here; PostgreSQL's reach the bus's LISTEN connection.
	if (!config.redisUrl && database.listen)
		await database.listen(EVENT_CHANNEL, (payload) => void events.publish(JSON.parse(payload) as DomainEvent));
	const deps: AppDeps = {
		config,
		database,
		db: database.db,
		events,
		telegram: createTelegramBot(config),
		clock: overrides.clock ?? (config.fakeNow ? clockStartingAt(config.fakeNow) : systemClock),
		sms: overrides.sms ?? createOutboxSmsProvider(config.dataDir),
		log: console,
		lifecycle: { draining: false },
		metrics: createMetrics(),
	};
	const app = await buildApp(deps, overrides.logger === undefined ? {} : { logger: overrides.logger });
	// Fastify builds the logger; work outside requests should log to the same place.
	deps.log = app.log;
	if (!deps.telegram)
		app.log.info("Telegram bot off: TELEGRAM_BOT_TOKEN is not set (no Mini App sign-in, no chat messages)");
	await app.listen({ port: config.port, host: config.host });
	const stopJobs = overrides.jobs === false ? async () => {} : startJobs(deps, app.log);
	const address = app.server.address();
	const port = typeof address === "object" && address ? address.port : config.port;
	return {
		app,
		deps,
		url: `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`,
		async close() {
			await stopJobs();
			await app.close();
			gateways(deps).sandbox.stop();
			// Refund deliveries started by the last requests still need the database.
			await settleGatewayRefundDeliveries(deps);
			await events.close();
			await database.close();
		},
	};
}

const JOB_INTERVAL_MS = 30_000;

/**
 * Background work of every server: cancelling unpaid orders whose payment window passed
 * (asking the gateway first about payments still open), likewise releasing unpaid booking holds
 * and giving up unpaid recharges, settling gateway payments left in
 * doubt by asking the gateway, telling gateways about refunds that are due (new ones the
 * after-commit delivery missed, and retries), and settling shops' earnings whose hold passed.
 * Several servers may run them at once: all claim rows with SKIP LOCKED.
 */
function startJobs(deps: AppDeps, log: FastifyInstance["log"]): () => Promise<void> {
	const jobs = [
		repeat("order expiry", async () => {
			const count = await expireUnpaidOrders(deps);
			if (count > 0) log.info({ count }, "expired unpaid orders");
		}),
		repeat("reservation hold expiry", async () => {
			const count = await expireUnpaidReservations(deps);
			if (count > 0) log.info({ count }, "released unpaid booking holds");
		}),
		repeat("recharge expiry", async () => {
			const count = await expireUnpaidRecharges(deps);
			if (count > 0) log.info({ count }, "expired unpaid recharges");
		}),
		repeat("VIP card purchase expiry", async () => {
			const count = await expireCardPurchases(deps);
			if (count > 0) log.info({ count }, "expired unpaid VIP card purchases");
		}),
		repeat("gateway payment reconciliation", async () => {
			const tally = await reconcileGatewayPayments(deps);
			if (Object.keys(tally).length > 0) log.info(tally, "gateway payments in doubt checked");
		}),
		repeat("gateway refund delivery", async () => {
			const tally = await deliverGatewayRefunds(deps);
			if (tally.succeeded + tally.retrying + tally.failed > 0) log.info(tally, "gateway refunds delivered");
		}),
		repeat("rail statement reconciliation", async () => {
			const tally = await reconcileRailStatements(deps, { now: deps.clock.now() });
			if (tally.done + tally.failed > 0) log.info(tally, "rail statements reconciled");
		}),
		repeat("stale payment codes", async () => {
			const count = await deleteStalePayCodes(deps);
			if (count > 0) log.info({ count }, "deleted payment codes that expired unused");
		}),
		repeat("shop earnings settlement", async () => {
			const count = await settleDueEarnings(deps);
			if (count > 0) log.info({ count }, "settled shop earnings");
		}),
		repeat("reservation no-shows", async () => {
			const count = await markNoShows(deps);
			if (count > 0) log.info({ count }, "bookings marked no-show");
		}),
		repeat("Bakong token expiry warning", async () => {
			await warnOfExpiringRailTokens(deps);
		}),
		repeat("booking reminders", async () => {
			const count = await queueDueReminders(deps);
			if (count > 0) log.info({ count }, "booking reminders queued for the bot");
		}),
	];
	if (deps.telegram) {
		jobs.push(startBotDeliveryLoop(deps, log));
		jobs.push(registerWebhookInBackground(deps));
	}
	return async () => {
		await Promise.all(jobs.map((stop) => stop()));
	};

	/** Never two runs of a job at once; stopping waits for the run in progress. */
	function repeat(name: string, job: () => Promise<void>): () => Promise<void> {
		let running: Promise<void> | null = null;
		const timer = setInterval(() => {
			if (running) return;
			running = job()
				.catch((error: unknown) => log.error({ err: error }, `${name} failed`))
				.finally(() => {
					running = null;
				});
		}, JOB_INTERVAL_MS);
		timer.unref();
		return async () => {
			clearInterval(timer);
			await running;
		};
	}
}
