import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * What this server measures for Prometheus (issue 30 item 7, decision 035). One registry per
 * server, never prom-client's global one: the tests start several servers in one process, and
 * each must count only its own work. Everything here is a counter or gauge of this process; the
 * gauges that read the database (payments in doubt, outbox lag) are filled at scrape time by
 * readers the composition root hands over (`setScrapeReader`), because infrastructure may not
 * import the features that own those tables.
 *
 * Label values are always from small closed sets (route patterns, never raw URLs with ids), so
 * that a scraper's series stay bounded.
 */
export interface Metrics {
	readonly registry: Registry;
	readonly httpRequests: Counter<"method" | "route" | "status_class">;
	readonly httpDuration: Histogram<"method" | "route" | "status_class">;
	readonly ordersPlaced: Counter<never>;
	readonly ordersPaid: Counter<never>;
	readonly jobRuns: Counter<"job" | "outcome">;
	readonly jobDuration: Histogram<"job">;
	readonly jobLastSuccess: Gauge<"job">;
	readonly websocketConnections: Gauge<never>;
	/** Values read at scrape time; see `setScrapeReader`. */
	readonly readers: Map<ScrapeReading, CachedReader>;
	/** Refresh each scrape-time gauge from its reader; metricsPage runs them before writing the page. */
	readonly scrapeGauges: ReadonlyArray<() => Promise<void>>;
}

/** The gauges whose value is read from elsewhere (the database, the pool) when scraped. */
export type ScrapeReading =
	| "paymentsInDoubt"
	| "oldestUndeliveredRefundSeconds"
	| "oldestUndeliveredBotMessageSeconds"
	| "databasePool";

/** What a reader gives: one number, or several by label (the pool: total, idle, waiting). */
export type ReaderValue = number | Record<string, number>;

interface CachedReader {
	read: () => Promise<ReaderValue>;
	cacheMs: number;
	last: { at: number; value: ReaderValue } | null;
	pending: Promise<ReaderValue> | null;
}

export interface MetricsOptions {
	/** Milliseconds a scrape-time reading is reused (default 5 s): scrapes from several Prometheus replicas cost one query. */
	readingCacheMs?: number;
}

/** Seconds; request latency buckets from a cached menu read (ms) to a slow payment call (s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60];

export function createMetrics(options: MetricsOptions = {}): Metrics {
	const registry = new Registry();
	const readers = new Map<ScrapeReading, CachedReader>();
	const scrapeGauges: Array<() => Promise<void>> = [];
	const cacheMs = options.readingCacheMs ?? 5000;

	const metrics: Metrics = {
		registry,
		readers,
		scrapeGauges,
		httpRequests: new Counter({
			name: "bayon_http_requests_total",
			help: "HTTP requests answered, by route pattern, method and status class (2xx, 4xx, 5xx).",
			labelNames: ["method", "route", "status_class"],
			registers: [registry],
		}),
		httpDuration: new Histogram({
			name: "bayon_http_request_duration_seconds",
			help: "Time from request to answer, by route pattern, method and status class.",
			labelNames: ["method", "route", "status_class"],
			buckets: HTTP_BUCKETS,
			registers: [registry],
		}),
		ordersPlaced: new Counter({
			name: "bayon_orders_placed_total",
			help: "Orders placed through this server.",
			registers: [registry],
		}),
		ordersPaid: new Counter({
			name: "bayon_orders_paid_total",
			help: "Orders whose payment was decided as paid on this server.",
			registers: [registry],
		}),
		jobRuns: new Counter({
			name: "bayon_job_runs_total",
			help: "Background job runs on this server, by job and outcome (success, failure).",
			labelNames: ["job", "outcome"],
			registers: [registry],
		}),
		jobDuration: new Histogram({
			name: "bayon_job_run_duration_seconds",
			help: "How long a background job run took.",
			labelNames: ["job"],
			buckets: JOB_BUCKETS,
			registers: [registry],
		}),
		jobLastSuccess: new Gauge({
			name: "bayon_job_last_success_timestamp_seconds",
			help: "Unix time of the job's last successful run on this server (alert on time() minus this).",
			labelNames: ["job"],
			registers: [registry],
		}),
		websocketConnections: new Gauge({
			name: "bayon_websocket_connections",
			help: "Websocket connections open on this server.",
			registers: [registry],
		}),
	};

	scrapeGauge(
		"bayon_payments_in_doubt",
		"Gateway payments sent and not yet decided (asked again by reconciliation).",
		"paymentsInDoubt",
	);
	scrapeGauge(
		"bayon_outbox_oldest_refund_age_seconds",
		"Age of the oldest gateway refund not yet delivered to its gateway (0 when none).",
		"oldestUndeliveredRefundSeconds",
	);
	scrapeGauge(
		"bayon_outbox_oldest_bot_message_age_seconds",
		"Age of the oldest Telegram bot message not yet delivered (0 when none).",
		"oldestUndeliveredBotMessageSeconds",
	);
	scrapeGauge(
		"bayon_database_pool_connections",
		"Database pool connections by state (total, idle, in_use, waiting requests, max); PostgreSQL only.",
		"databasePool",
		["state"],
	);
	const readingFailures = new Counter({
		name: "bayon_metrics_reading_failures_total",
		help: "Scrape-time readings that failed or took over 3 s (the database unreachable): their gauge read NaN.",
		labelNames: ["reading"],
		registers: [registry],
	});
	return metrics;

	function scrapeGauge(name: string, help: string, reading: ScrapeReading, labelNames: string[] = []) {
		const gauge = new Gauge({ name, help, labelNames, registers: [registry] });
		scrapeGauges.push(async () => {
			const reader = readers.get(reading);
			if (!reader) return;
			gauge.reset();
			let value: ReaderValue;
			try {
				value = await readCached(reader, cacheMs);
			} catch {
				// The database away: NaN for this scrape (never a stale or a zero value, which would
				// read as "all clear"), the failure counted, and the rest of the page still answers.
				readingFailures.inc({ reading });
				if (labelNames.length === 0) gauge.set(Number.NaN);
				return;
			}
			if (typeof value === "number") gauge.set(value);
			else for (const [label, count] of Object.entries(value)) gauge.set({ [labelNames[0] ?? "state"]: label }, count);
		});
	}
}

/**
 * The whole page for a scrape: the readings refreshed first (each from its cache or its reader,
 * all at once), then the process's metrics and this server's.
 */
export async function metricsPage(metrics: Metrics): Promise<string> {
	await Promise.all(metrics.scrapeGauges.map((refresh) => refresh()));
	return (await processMetricsText()) + (await metrics.registry.metrics());
}

/**
 * prom-client's process metrics (event-loop delay, heap, CPU, open handles): one set per process,
 * started by the first scrape, since they describe the process, not a server in it. Several
 * servers in one test process would otherwise each start an event-loop monitor that never stops.
 */
let processRegistry: Registry | null = null;

/** The process metrics in Prometheus' text format, to put before a server's own. */
async function processMetricsText(): Promise<string> {
	if (!processRegistry) {
		processRegistry = new Registry();
		collectDefaultMetrics({ register: processRegistry, prefix: "bayon_" });
	}
	return processRegistry.metrics();
}

/** A reading that fails is not cached: the next scrape asks again. */
async function readCached(reader: CachedReader, defaultCacheMs: number): Promise<ReaderValue> {
	const now = Date.now();
	const cacheMs = reader.cacheMs >= 0 ? reader.cacheMs : defaultCacheMs;
	if (reader.last && now - reader.last.at < cacheMs) return reader.last.value;
	reader.pending ??= withinDeadline(reader.read(), READING_DEADLINE_MS)
		.then((value) => {
			reader.last = { at: Date.now(), value };
			return value;
		})
		.finally(() => {
			reader.pending = null;
		});
	return reader.pending;
}

/** A reading stalled on an unreachable database gives up before Prometheus' own scrape timeout (10 s by default). */
const READING_DEADLINE_MS = 3000;

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const deadline = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`reading took over ${ms} ms`)), ms);
	});
	return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Hands the metrics a function that reads one value when Prometheus scrapes; the value is reused
 * for `cacheMs` (default: the registry's, 5 s) so that frequent scrapes cost one cheap query.
 */
export function setScrapeReader(
	metrics: Metrics,
	reading: ScrapeReading,
	read: () => Promise<ReaderValue>,
	cacheMs = -1,
): void {
	metrics.readers.set(reading, { read, cacheMs, last: null, pending: null });
}

/** "2xx", "4xx"…: the class keeps series few; the exact status is in the log line. */
export function statusClass(statusCode: number): string {
	return `${Math.floor(statusCode / 100)}xx`;
}

/** One answered request; `route` is the route's pattern (`/app-api/order/:id`), never the raw URL. */
export function recordHttpRequest(
	metrics: Metrics,
	request: { method: string; route: string; statusCode: number; seconds: number },
): void {
	const labels = { method: request.method, route: request.route, status_class: statusClass(request.statusCode) };
	metrics.httpRequests.inc(labels);
	metrics.httpDuration.observe(labels, request.seconds);
}

/** A background job's run (called by the jobs runner): counts it, times it, and on success stamps its last success. */
export function recordJobRun(metrics: Metrics, job: string, outcome: "success" | "failure", seconds: number): void {
	metrics.jobRuns.inc({ job, outcome });
	metrics.jobDuration.observe({ job }, seconds);
	if (outcome === "success") metrics.jobLastSuccess.set({ job }, Date.now() / 1000);
}

export function recordOrderPlaced(metrics: Metrics): void {
	metrics.ordersPlaced.inc();
}

export function recordOrderPaid(metrics: Metrics): void {
	metrics.ordersPaid.inc();
}

export function recordWebsocketOpened(metrics: Metrics): void {
	metrics.websocketConnections.inc();
}

export function recordWebsocketClosed(metrics: Metrics): void {
	metrics.websocketConnections.dec();
}
