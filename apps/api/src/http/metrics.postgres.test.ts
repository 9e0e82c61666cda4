import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideAtSandbox, startSandboxPayment, until } from "../../test/gateway.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { closeLiveSockets, connectLive, ticketFor } from "../../test/live-socket.js";
import { OrderingFixture } from "../../test/ordering.js";
import { grantBalance } from "../../test/wallet-ledger.js";

/**
 * /metrics and /readyz as an operator's Prometheus and load balancer see them (issue 30 item 7,
 * decision 035), over HTTP against the real server on PostgreSQL (the pool's figures exist there
 * only): counts move with real orders and payments, routes are patterns (no ids), the scrape-time
 * gauges read the database, the token guards the page, and readiness follows draining.
 */
const METRICS_TOKEN = randomBytes(24).toString("hex");
let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };

beforeAll(async () => {
	server = await startTestServer({
		configure: (config) => {
			config.metricsToken = METRICS_TOKEN;
		},
	});
	fx = await new OrderingFixture(server).load();
	customer = await server.signIn("13800000041");
	await grantBalance(server, customer.userId, 100_000);
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});

async function scrape(target = server, token: string | null = METRICS_TOKEN): Promise<string> {
	const response = await fetch(`${target.url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
	expect(response.status).toBe(200);
	expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
	return response.text();
}

/** One sample's value from Prometheus' text format; null when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
	for (const line of text.split("\n")) {
		if (line.startsWith("#")) continue;
		const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
		if (!match || match[1] !== name) continue;
		const found = Object.fromEntries([...(match[3] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
		if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[4]);
	}
	return null;
}

describe("GET /metrics", () => {
	it("is refused without the token, and with a wrong one", async () => {
		expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
		const wrong = await fetch(`${server.url}/metrics`, {
			headers: { authorization: `Bearer ${METRICS_TOKEN.replace(/.$/, "x")}` },
		});
		expect(wrong.status).toBe(401);
	});

	// First to scrape with success: the reading is then fresh, not one cached by an earlier scrape.
	it("reads the payments in doubt from the database when scraped, cached a few seconds", async () => {
		const { redirectUrl } = await startSandboxPayment(fx, customer.accessToken, "Fresh young coconut");
		const pending = await server.deps.db
			.selectFrom("payment")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.where("status", "=", "pending")
			.executeTakeFirstOrThrow();
		expect(Number(pending.n)).toBeGreaterThanOrEqual(1);
		expect(sample(await scrape(), "bayon_payments_in_doubt")).toBe(Number(pending.n));
		await decideAtSandbox(server, redirectUrl, "approve");
		await until(async () => {
			const row = await server.deps.db
				.selectFrom("payment")
				.select((eb) => eb.fn.countAll<number>().as("n"))
				.where("status", "=", "pending")
				.executeTakeFirstOrThrow();
			return Number(row.n) === Number(pending.n) - 1;
		});
		// A scrape right after reuses the reading (several Prometheus replicas cost one query)…
		expect(sample(await scrape(), "bayon_payments_in_doubt")).toBe(Number(pending.n));
		// …and one after the cache's 5 s reads it again.
		await new Promise((resolve) => setTimeout(resolve, 5100));
		expect(sample(await scrape(), "bayon_payments_in_doubt")).toBe(Number(pending.n) - 1);
	});

	it("counts an order placed and paid, and the requests by route pattern", async () => {
		const before = await scrape();
		const placedBefore = sample(before, "bayon_orders_placed_total") ?? 0;
		const paidBefore = sample(before, "bayon_orders_paid_total") ?? 0;

		const order = await fx.place(customer.accessToken, { lines: [fx.line("Fresh young coconut")] });
		expect(order.code).toBe(0);
		const placed = await scrape();
		expect(sample(placed, "bayon_orders_placed_total")).toBe(placedBefore + 1);
		expect(sample(placed, "bayon_orders_paid_total")).toBe(paidBefore);

		expect((await fx.pay(customer.accessToken, order.data.id)).code).toBe(0);
		const detail = await server.call("GET", `/app-api/order/detail/${order.data.id}`, { token: customer.accessToken });
		expect(detail.code).toBe(0);
		const paid = await scrape();
		expect(sample(paid, "bayon_orders_paid_total")).toBe(paidBefore + 1);

		const created = { method: "POST", route: "/app-api/order/create", status_class: "2xx" };
		expect(sample(paid, "bayon_http_requests_total", created)).toBeGreaterThanOrEqual(1);
		expect(sample(paid, "bayon_http_request_duration_seconds_count", created)).toBeGreaterThanOrEqual(1);
		// The order's page is counted under its pattern; the order's id never becomes a label.
		const detailRoute = { method: "GET", route: "/app-api/order/detail/:id", status_class: "2xx" };
		expect(sample(paid, "bayon_http_requests_total", detailRoute)).toBe(1);
		expect(paid).not.toMatch(new RegExp(`route="[^"]*/${order.data.id}"`));
	});

	it("names a request no route matched 'unmatched', not by its URL", async () => {
		expect((await fetch(`${server.url}/no/such/file-98765.txt`)).status).toBe(404);
		const text = await scrape();
		expect(sample(text, "bayon_http_requests_total", { route: "unmatched", status_class: "4xx" })).toBeGreaterThan(0);
		expect(text).not.toContain("98765");
	});

	it("shows the outboxes' lag, the database pool, websocket connections and the event loop", async () => {
		const before = await scrape();
		expect(sample(before, "bayon_outbox_oldest_refund_age_seconds")).toBe(0);
		expect(sample(before, "bayon_outbox_oldest_bot_message_age_seconds")).not.toBeNull();
		expect(sample(before, "bayon_database_pool_connections", { state: "max" })).toBe(20);
		expect(sample(before, "bayon_database_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
		expect(sample(before, "bayon_nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
		const socketsBefore = sample(before, "bayon_websocket_connections") ?? 0;

		const live = await connectLive(server, `ticket=${await ticketFor(server, customer.accessToken)}`);
		expect(sample(await scrape(), "bayon_websocket_connections")).toBe(socketsBefore + 1);
		live.socket.close();
		await until(async () => sample(await scrape(), "bayon_websocket_connections") === socketsBefore);
	});

	it("costs little to scrape (figures printed for decision 035)", async () => {
		const times: number[] = [];
		let page = "";
		for (let i = 0; i < 20; i++) {
			const started = performance.now();
			page = await scrape();
			times.push(performance.now() - started);
		}
		times.sort((a, b) => a - b);
		const series = page.split("\n").filter((line) => line && !line.startsWith("#")).length;
		console.log(
			`metrics page: ${series} series, ${Math.round(page.length / 1024)} KiB; scrape over HTTP p50 ${times[10]?.toFixed(1)} ms, max ${times[19]?.toFixed(1)} ms (20 scrapes)`,
		);
		expect(times[10]).toBeLessThan(250);
	});

	it("is off in production when no token is set, open outside production without one", async () => {
		const production = await startTestServer({
			sameDatabaseAs: server,
			configure: (config) => {
				config.env = "production";
				config.metricsToken = undefined;
			},
		});
		const development = await startTestServer({
			sameDatabaseAs: server,
			configure: (config) => {
				config.metricsToken = undefined;
			},
		});
		try {
			expect((await fetch(`${production.url}/metrics`)).status).toBe(404);
			expect(sample(await scrape(development, null), "bayon_orders_placed_total")).toBe(0);
		} finally {
			await production.close();
			await development.close();
		}
	});
});

describe("GET /readyz", () => {
	it("is ready with its database, and answers 503 once the server drains, while /livez stays up", async () => {
		const ready = await fetch(`${server.url}/readyz`);
		expect(ready.status).toBe(200);
		expect(await ready.json()).toEqual({ status: "ready" });
		server.deps.lifecycle.draining = true;
		try {
			const draining = await fetch(`${server.url}/readyz`);
			expect(draining.status).toBe(503);
			expect(await draining.json()).toEqual({ status: "draining" });
			expect((await fetch(`${server.url}/livez`)).status).toBe(200);
		} finally {
			server.deps.lifecycle.draining = false;
		}
		expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
	});
});
