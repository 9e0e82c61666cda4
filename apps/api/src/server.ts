import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type BuildAppOptions, buildApp } from "./app.js";
import { serveEmbeddedSnapshots } from "./backup/embedded-snapshot.js";
import { type Database, databaseOptions, openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { fileStorage } from "./features/files/storage/index.js";
import { settleGatewayRefundDeliveries } from "./features/payments/refunds/refunds.js";
import { gateways } from "./features/payments/registry.js";
import type { AppDeps } from "./http/deps.js";
import { contextualLog } from "./http/logging.js";
import { startJobs } from "./jobs/start.js";
import { type Clock, clockStartingAt, systemClock } from "./lib/clock.js";
import type { Config } from "./lib/config.js";
import { createMetrics, recordJobRun } from "./lib/metrics.js";
import { createSmsProvider } from "./lib/sms/index.js";
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
import { prepareShutdown, type ShutdownReport } from "./shutdown.js";

export interface StartedServer {
	app: FastifyInstance;
	deps: AppDeps;
	url: string;
	/**
	 * Stops claiming jobs, waits for the runs in progress and gives back this server's job leases
	 * (decision 037); close() calls it too, a shutdown may call it first. Safe to call twice.
	 */
	stopJobs(): Promise<void>;
	/**
	 * Stops within config.shutdownSeconds (decision 034, shutdown.ts): drains requests, tells
	 * websockets to reconnect, stops the jobs, closes the pools; past the deadline cuts what is
	 * left. A second call returns the stop already under way. main.ts calls it on SIGTERM.
	 */
	stop(reason: string): Promise<ShutdownReport>;
	/** stop("closed"), for the tests. */
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
		overrides.database ??
		(await openDatabase({ ...databaseOptions(config), pgliteDir: path.join(config.dataDir, "pg") }));
	await migrate(database);
	if (config.seedDemo && (await isDatabaseEmpty(database.db)))
		await seedDemo(database.db, { dataDir: config.dataDir, storage: fileStorage(config) });
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
		: database.listenUrl
			? await createPostgresBus(database.listenUrl, busOptions)
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
		sms: overrides.sms ?? createSmsProvider(config, () => deps.log),
		log: console,
		lifecycle: { draining: false },
		metrics: createMetrics(),
	};
	const app = await buildApp(deps, overrides.logger === undefined ? {} : { logger: overrides.logger });
	// Fastify builds the logger; work outside requests should log to the same place, and work a
	// request started logs with its request id (http/logging.ts).
	deps.log = contextualLog(app.log);
	if (!deps.telegram)
		app.log.info("Telegram bot off: TELEGRAM_BOT_TOKEN is not set (no Mini App sign-in, no chat messages)");
	// Prepared statements off says "behind a transaction-mode pooler", which cannot keep a LISTEN
	// (decision 036); the server cannot tell the pooler from PostgreSQL, so it only says so.
	if (
		database.kind === "postgres" &&
		!config.databasePreparedStatements &&
		!config.redisUrl &&
		!config.databaseDirectUrl
	)
		app.log.warn(
			"DATABASE_PREPARED_STATEMENTS=false without REDIS_URL or DATABASE_DIRECT_URL: live events LISTEN through DATABASE_URL, and a transaction-mode pooler there loses them",
		);
	await app.listen({ port: config.port, host: config.host });
	// The embedded database this server opened from DATA_DIR/pg: `npm run backup` asks it for a
	// consistent copy through a socket in the data folder (decision 038).
	const snapshots =
		database.kind === "pglite" && !overrides.database
			? await serveEmbeddedSnapshots(database, config.dataDir, app.log)
			: undefined;
	const stopJobs =
		overrides.jobs === false
			? async () => {}
			: startJobs(deps, {
					intervalMs: config.jobIntervalMs,
					log: app.log,
					recordRun: (job, outcome, seconds) => recordJobRun(deps.metrics, job, outcome, seconds),
				});
	const shutdown = prepareShutdown(app, deps, {
		stopJobs,
		async afterRequests() {
			gateways(deps).sandbox.stop();
			// Refund deliveries started by the last requests still need the database.
			await settleGatewayRefundDeliveries(deps);
		},
		closers: [
			["event bus", () => events.close()],
			...(snapshots ? [["embedded snapshots", () => snapshots.close()] as const] : []),
			["database", () => database.close()],
		],
	});
	const address = app.server.address();
	const port = typeof address === "object" && address ? address.port : config.port;
	return {
		app,
		deps,
		url: `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`,
		stopJobs,
		stop: (reason) => shutdown.run(reason, config.shutdownSeconds, config.shutdownDrainSeconds),
		async close() {
			await shutdown.run("closed", config.shutdownSeconds, config.shutdownDrainSeconds);
		},
	};
}
