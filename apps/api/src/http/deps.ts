import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.js";
import type { DB } from "../db/schema.js";
import type { Clock } from "../lib/clock.js";
import type { Config } from "../lib/config.js";
import type { Metrics } from "../lib/metrics.js";
import type { SmsProvider } from "../lib/sms/provider.js";
import type { TelegramBot } from "../lib/telegram-bot.js";
import type { EventBus } from "../realtime/bus.js";

/** What every feature may use; passed explicitly so that tests can build the same app. */
export interface AppDeps {
	config: Config;
	database: Database;
	db: Kysely<DB>;
	clock: Clock;
	sms: SmsProvider;
	events: EventBus;
	/** The Telegram bot (issue 15); null when TELEGRAM_BOT_TOKEN is not set. */
	telegram: TelegramBot | null;
	/** For work outside a request (jobs, deliveries after commit); requests log on request.log. */
	log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
	/**
	 * Where the server is in its life (issue 30). `draining` turns true when it starts to stop
	 * (SIGTERM): /readyz then answers 503 so the load balancer sends no more, and jobs claim
	 * nothing new.
	 */
	lifecycle: { draining: boolean };
	/** This server's Prometheus registry and counters (issue 30, decision 035): lib/metrics.ts's record* helpers take it. */
	metrics: Metrics;
}
