import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { metricsPage, recordHttpRequest, setScrapeReader } from "../lib/metrics.js";
import type { AppDeps } from "./deps.js";

/**
 * GET /metrics in Prometheus' text format (decision 035), and the per-route request counts and
 * latencies behind it. Prometheus scrapes each server at its own address (the counters are the
 * server's own, summed by the query), never through the load balancer.
 *
 * Its request lines are logged at `warn` only, like the health checks': a scrape every 15 s
 * from each Prometheus would otherwise fill the log.
 *
 * Who may read it: with METRICS_TOKEN set, only a caller sending it as a bearer token (Prometheus'
 * `authorization: { credentials }`); without it, anyone outside production and no one in
 * production (404, as if absent), so that a deployment that forgot the token does not publish
 * its traffic figures to the internet.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
	const { metrics } = deps;
	if (deps.database.poolStats) {
		const poolStats = deps.database.poolStats;
		setScrapeReader(
			metrics,
			"databasePool",
			async () => {
				const { total, idle, waiting, max } = poolStats();
				return { total, idle, in_use: total - idle, waiting, max };
			},
			0,
		);
	}

	app.addHook("onResponse", async (request, reply) => {
		recordHttpRequest(metrics, {
			method: request.method,
			route: routeOf(request),
			statusCode: reply.statusCode,
			seconds: reply.elapsedTime / 1000,
		});
	});

	const token = deps.config.metricsToken;
	const open = !token && deps.config.env !== "production";
	app.get("/metrics", { logLevel: "warn" }, async (request, reply) => {
		if (!token && !open) return reply.code(404).send({ status: "not found" });
		if (token && !bearerMatches(request.headers.authorization, token))
			return reply.code(401).header("www-authenticate", 'Bearer realm="metrics"').send({ status: "unauthorized" });
		return reply.header("content-type", metrics.registry.contentType).send(await metricsPage(metrics));
	});
}

/**
 * The route's pattern (`/app-api/trade/order/get-detail`, `/uploads/*`), never the URL as sent: ids
 * and query strings would make a series per order. A request no route matched is `unmatched`.
 */
function routeOf(request: FastifyRequest): string {
	return request.routeOptions.url ?? "unmatched";
}

function bearerMatches(header: string | undefined, token: string): boolean {
	const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : "");
	const expected = Buffer.from(token);
	return given.length === expected.length && timingSafeEqual(given, expected);
}
