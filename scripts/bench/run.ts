// `npm run bench`: starts the real server on PostgreSQL (TEST_POSTGRES_URL, else the local
// server on 127.0.0.1:5432, else embedded PGlite, said loudly) with a fresh database and
// measures HTTP routes with autocannon at 50 connections. Prints requests/s, latency and
// response size per route. These are figures to compare, not pass/fail tests.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { type Database, openDatabase } from "../../apps/api/src/db/database.js";
import { MAX_PREPARED_TEXTS, preparedTexts } from "../../apps/api/src/db/prepared.js";
import { MENU_CACHE_MS, menuCacheLoads } from "../../apps/api/src/features/menu/service.js";
import { startBotDeliveryLoop } from "../../apps/api/src/features/notifications/delivery/delivery.js";
import { loadConfig } from "../../apps/api/src/lib/config.js";
import { createTelegramBot } from "../../apps/api/src/lib/telegram-bot.js";
import { startServer } from "../../apps/api/src/server.js";
import { startFakeBotApi } from "../../apps/api/test/fake-bot-api.js";
import { createBigMenuShop } from "./big-menu.js";
import { benchCoupons, CLAIMS_PER_CUSTOMER } from "./coupons.js";
import { benchLighthouse, reportLighthouse } from "./lighthouse.js";
import { measureMenuSizes, reportMenuSizes } from "./menu-size.js";
import { benchNotifications, reportNotificationsBench } from "./notifications.js";
import { measureOrderRoundTrips } from "./order-round-trips.js";
import { benchOrders, type OrderBenchResult } from "./orders.js";
import { benchPgliteMemory, reportPgliteMemory } from "./pglite-memory.js";
import { benchPoints, reportPointsBench } from "./points.js";
import { benchRails, reportRailsBench } from "./rails.js";
import { BENCH_BOOKINGS, BENCH_DAYS, BENCH_TABLES, createBookedShop } from "./reservations.js";
import { getInfoShare } from "./session.js";
import { signIn } from "./sign-in.js";
import { BILL_ENTRIES, createBillMember, DEEP_PAGE_FROM_OLDEST, HOURS_BETWEEN_ENTRIES } from "./stored-value.js";
import { benchWallet } from "./wallet.js";

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const BASELINE = "GET /livez (trivial JSON, baseline)";
const HEALTHZ = "GET /healthz (one query)";
// The menu rows are answered from the server's menu cache (reloaded every MENU_CACHE_MS):
// they measure sending a prepared answer, not reading the menu from the database.
const MENU_GZIP = "GET menu, 300 items (gzip, cached)";
const MENU_BROTLI = "GET menu, 300 items (brotli, cached)";
const MENU_PLAIN = "GET menu, 300 items (uncompressed, cached)";
const MENU_AFTER_CHANGE = "GET menu, 300 items (gzip, right after a change)";
const AVAILABILITY = `GET availability, ${BENCH_TABLES} tables, ${BENCH_BOOKINGS} bookings`;
const BILL_FIRST = `GET getBill, ${BILL_ENTRIES} entries, first page`;
const BILL_DEEP = `GET getBill, ${BILL_ENTRIES} entries, deep page`;
/** Menu changes (a sold-out tap each), each followed by a second of menu requests. */
const MENU_CHANGES = 5;

interface Scenario {
	name: string;
	path: string;
	headers?: Record<string, string>;
}

async function main() {
	const dataDir = mkdtempSync(path.join(tmpdir(), "bayon-bench-"));
	const { database, label, drop } = await openBenchDatabase();
	const config = loadConfig({
		NODE_ENV: "test",
		PORT: "0",
		DATA_DIR: dataDir,
		LOG_LEVEL: "silent",
		TOKEN_SECRET: randomBytes(32).toString("hex"),
	});
	config.limits.smsPerIpPerHour = 1_000_000;
	const server = await startServer(config, { database, logger: false });
	try {
		const bench: Bench = { server, database, dataDir };
		const routes = await prepareRoutes(bench);
		const { rates, menuSizes } = await measureRoutes(bench, routes, label);
		await reportRouteNotes(bench, routes, rates, menuSizes);
		const orders = await benchOrdersAndTrips(bench, rates);
		await benchOrdersWithBot(bench, orders);
		await benchMoneyAndOffers(bench);
		// The first screen on a phone (issue 16): its own server and database, after the load above.
		reportLighthouse(await benchLighthouse());

		// The payment rails (decision 031), after every other load on this server so KHQR set up
		// for the demo tenant cannot touch their figures: KHQR orders beside the balance-paid ones.
		const rails = await benchRails({
			database,
			deps: server.deps,
			url: server.url,
			dataDir,
			customers: CONNECTIONS,
			seconds: DURATION_SECONDS,
		});
		if (!reportRailsBench(rails, orders, pad)) process.exitCode = 1;
	} finally {
		await server.close();
		await drop();
		rmSync(dataDir, { recursive: true, force: true });
	}
	// Last: the embedded server (npm start) in its own process, after the in-process server stopped.
	const embedded = await benchPgliteMemory({ customers: CONNECTIONS, seconds: DURATION_SECONDS });
	if (!reportPgliteMemory(embedded)) process.exitCode = 1;
}

/** The server under test, its database and data folder. */
interface Bench {
	server: Awaited<ReturnType<typeof startServer>>;
	database: Database;
	dataDir: string;
}

type Routes = Awaited<ReturnType<typeof prepareRoutes>>;

/** The data the routes read (a big menu, a booked shop, a long bill), the routes to measure, and the menu's owner. */
async function prepareRoutes({ server, database, dataDir }: Bench) {
	const token = await signIn(server.url, dataDir, "13800000019");
	const bigShopId = await createBigMenuShop(database.db);
	const base = { "tenant-id": "1", "shop-key": "bayon-demo" };
	const menuPath = `/app-api/product/products?shopId=${bigShopId}`;
	const booked = await createBookedShop(database.db, new Date());
	const billToken = await signIn(server.url, dataDir, "13800000007");
	const billMemberId = await database.db
		.selectFrom("member")
		.select("id")
		.where("mobile", "=", "13800000007")
		.executeTakeFirstOrThrow();
	const billMember = await createBillMember(database.db, billMemberId.id, new Date());
	const billHeaders = { ...base, authorization: `Bearer ${billToken}`, "x-lang": "en" };
	// The envelope answers errors with HTTP 200 too: make sure the measured pages are real bills.
	for (const [label, query] of [
		["first", billMember.firstPage],
		["deep", billMember.deepPage],
	] as const) {
		const answer = (await (
			await fetch(`${server.url}/app-api/member/user/getBill?${query}`, { headers: billHeaders })
		).json()) as { code: number; data: { list: Array<{ link: unknown }> } };
		const lines = answer.code === 0 ? answer.data.list : [];
		billMember.invariants.push({
			name: `the ${label} page is a bill of 20 lines, payments linked to their shop`,
			holds: lines.length === 20 && lines.some((line) => line.link !== null),
			detail: `code ${answer.code}, ${lines.length} lines`,
		});
	}
	const scenarios: Scenario[] = [
		{ name: BASELINE, path: "/livez" },
		{ name: HEALTHZ, path: "/healthz" },
		{ name: "GET /app-api/system/language/page", path: "/app-api/system/language/page", headers: base },
		{
			name: "GET /app-api/member/user/get-info (signed in)",
			path: "/app-api/member/user/get-info",
			headers: { ...base, authorization: `Bearer ${token}` },
		},
		{
			name: MENU_GZIP,
			path: menuPath,
			headers: { ...base, "accept-encoding": "gzip", "x-lang": "en" },
		},
		{
			name: MENU_BROTLI,
			path: menuPath,
			headers: { ...base, "accept-encoding": "gzip, deflate, br", "x-lang": "en" },
		},
		{ name: MENU_PLAIN, path: menuPath, headers: { ...base, "x-lang": "en" } },
		{
			name: AVAILABILITY,
			path: `/app-api/reservation/availability?shopId=${booked.shopId}&date=${booked.date}&party=4`,
			headers: { ...base, "x-lang": "en" },
		},
		{
			name: BILL_FIRST,
			path: `/app-api/member/user/getBill?${billMember.firstPage}`,
			headers: billHeaders,
		},
		{
			name: BILL_DEEP,
			path: `/app-api/member/user/getBill?${billMember.deepPage}`,
			headers: billHeaders,
		},
	];
	const menuOwner = await signIn(server.url, dataDir, "13800000008");
	const menuOwnerId = await database.db
		.selectFrom("member")
		.select("id")
		.where("mobile", "=", "13800000008")
		.executeTakeFirstOrThrow();
	await database.db
		.insertInto("shop_staff")
		.values({ shop_id: bigShopId, member_id: menuOwnerId.id, role: "owner" })
		.execute();
	return { scenarios, base, bigShopId, menuPath, menuOwner, booked, billMember };
}

/** Measures every route after a warm-up and prints its row; each route's requests per second. */
async function measureRoutes({ server }: Bench, { scenarios, base, menuPath }: Routes, label: string) {
	const menuSizes = await measureMenuSizes(`${server.url}${menuPath}`, { ...base, "x-lang": "en" });
	console.log(
		`\nBayon benchmarks: ${label}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route, Node ${process.version}, load from ${WRK ? "wrk" : "autocannon (install Debian's wrk for a load generator that is not the bottleneck)"}\n`,
	);
	console.log(pad("route", 52), pad("req/s", 10), pad("p50 ms", 8), pad("p99 ms", 8), pad("bytes", 8), "errors");
	const rates = new Map<string, number>();
	for (const scenario of scenarios) {
		// Warm-up: the first seconds after start are JIT-cold and ~30 % slow.
		await measure(server.url, scenario, 2);
		const result = await measure(server.url, scenario, DURATION_SECONDS);
		rates.set(scenario.name, result.requestsPerSecond);
		console.log(
			pad(scenario.name, 52),
			pad(result.requestsPerSecond.toFixed(0), 10),
			pad(String(result.p50Ms), 8),
			pad(String(result.p99Ms), 8),
			pad(String(result.bytesPerResponse), 8),
			result.errors,
		);
	}
	console.log(`\n${getInfoShare(rates)}`);
	return { rates, menuSizes };
}

/** The menu right after changes, and what the menu, availability and bill rows mean. */
async function reportRouteNotes(
	{ server }: Bench,
	{ scenarios, base, bigShopId, menuOwner, booked, billMember }: Routes,
	rates: Map<string, number>,
	menuSizes: Awaited<ReturnType<typeof measureMenuSizes>>,
) {
	const gzipScenario = scenarios.find((scenario) => scenario.name === MENU_GZIP) as Scenario;
	const afterChange = await measureAfterChanges(server, gzipScenario, {
		shopId: bigShopId,
		token: menuOwner,
		headers: base,
	});
	console.log(
		pad(MENU_AFTER_CHANGE, 52),
		pad(afterChange.requestsPerSecond.toFixed(0), 10),
		pad(String(afterChange.p50Ms), 8),
		pad(String(afterChange.p99Ms), 8),
		pad(String(afterChange.bytesPerResponse), 8),
		afterChange.errors,
	);
	console.log(
		`cached: the menu rows are served from the server's menu cache, rebuilt from the database after every menu change and every ${MENU_CACHE_MS / 1000} s (stock taken by orders).`,
	);
	console.log(
		`right after a change: ${afterChange.requestsPerSecond.toFixed(0)} req/s beside ${(rates.get(MENU_GZIP) ?? 0).toFixed(0)} cached (${MENU_CHANGES} sold-out taps, each followed by ${AFTER_CHANGE_SECONDS} s of requests); the menu was built ${afterChange.builds} times for ${MENU_CHANGES} changes (aim: once per change, not once per request).`,
	);
	if (afterChange.builds > MENU_CHANGES * 2) process.exitCode = 1;
	if (!reportMenuSizes(menuSizes, (rates.get(MENU_GZIP) ?? 0) / (rates.get(BASELINE) ?? 1))) process.exitCode = 1;

	const availabilityRatio = (rates.get(AVAILABILITY) ?? 0) / (rates.get(BASELINE) ?? 1);
	console.log(
		`availability: the free slots of ${booked.date} for a party of 4 at a shop with ${BENCH_TABLES} bookable tables and ${BENCH_BOOKINGS} bookings over the next ${BENCH_DAYS} days, read from the database on every request: ${(availabilityRatio * 100).toFixed(1)} % of the trivial route's requests per second.`,
	);

	console.log(
		`getBill: a member with ${BILL_ENTRIES} balance movements over ${Math.round(((BILL_ENTRIES * HOURS_BETWEEN_ENTRIES) / 24 / 365.25) * 10) / 10} years (${billMember.entriesThisMonth} of them this month, which the month totals add up), 20 lines a page; the deep page starts ${DEEP_PAGE_FROM_OLDEST} entries from the oldest. First page ${(rates.get(BILL_FIRST) ?? 0).toFixed(0)} req/s, deep page ${(rates.get(BILL_DEEP) ?? 0).toFixed(0)} req/s (aim: about the same).`,
	);
	for (const invariant of billMember.invariants)
		console.log(`  ${invariant.holds ? "ok  " : "FAIL"} ${invariant.name}: ${invariant.detail}`);
	if (billMember.invariants.some((invariant) => !invariant.holds)) process.exitCode = 1;
}

/** Orders placed and paid from balance, their invariants, and the SQL round trips of one order alone. */
async function benchOrdersAndTrips({ server, database, dataDir }: Bench, rates: Map<string, number>) {
	const orders = await benchOrders({
		db: database.db,
		url: server.url,
		dataDir,
		customers: CONNECTIONS,
		seconds: DURATION_SECONDS,
	});
	console.log(
		`\norders: ${orders.customers} customers placing and paying (create + pay from balance), new orders for ${orders.seconds} s, the last one done after ${orders.elapsedSeconds} s: ${orders.ordersPaid} orders paid, ${orders.perSecond}/s over the ${orders.elapsedSeconds} s, p50 ${orders.p50Ms} ms, p99 ${orders.p99Ms} ms per order (both calls), ${orders.failures} failures`,
	);
	console.log("(the load generator shares this process and its 2 cores with the server)");
	for (const invariant of orders.invariants)
		console.log(`  ${invariant.holds ? "ok  " : "FAIL"} ${invariant.name}: ${invariant.detail}`);
	if (orders.invariants.some((invariant) => !invariant.holds)) process.exitCode = 1;
	const trips = await measureOrderRoundTrips({ database, deps: server.deps, url: server.url, dataDir, orders: 20 });
	console.log(
		`orders / ${HEALTHZ}: ${((orders.perSecond / (rates.get(HEALTHZ) ?? Number.NaN)) * 100).toFixed(2)} % of its requests per second (aim: at least 6 %); p99 ${orders.p99Ms} ms per order at ${orders.customers} customers (aim: at most 250 ms)`,
	);
	console.log(
		`SQL round trips per order, measured (statements sent, BEGIN and COMMIT included, median of ${trips.orders} orders placed one at a time): create ${trips.create.median} (${trips.create.min}–${trips.create.max}), pay ${trips.pay.median} (${trips.pay.min}–${trips.pay.max}); besides, ${trips.create.publishes} + ${trips.pay.publishes} event(s) published on the bus`,
	);
	console.log(
		`prepared statements: ${preparedTexts()} texts so far in this process (at most ${MAX_PREPARED_TEXTS}; each planned once per connection, decision 025)`,
	);

	return orders;
}

/**
 * The same with the bot on (issue 15): every customer and the shop's staff group on Telegram,
 * so each paid order writes two outbox rows in its transaction, while a delivery loop (what
 * each server runs) sends them to a loopback fake Bot API in this same process.
 */
async function benchOrdersWithBot({ server, database, dataDir }: Bench, orders: OrderBenchResult) {
	const botApi = await startFakeBotApi();
	const botDeps = {
		...server.deps,
		telegram: createTelegramBot({
			...server.deps.config,
			telegramBotToken: "1234567890:BENCH-orders-bot-token",
			telegramApiUrl: botApi.url,
		}),
	};
	const stopDelivery = startBotDeliveryLoop(botDeps, { info() {}, warn() {}, error: console.error });
	let withBot: Awaited<ReturnType<typeof benchOrders>>;
	let botSent: number;
	try {
		withBot = await benchOrders({
			db: database.db,
			url: server.url,
			dataDir,
			customers: CONNECTIONS,
			seconds: DURATION_SECONDS,
			telegram: true,
		});
		botSent = botApi.sentMessages().length;
	} finally {
		await stopDelivery();
		await botApi.close();
	}
	// What this run's loop had not sent yet (the group's news waits 3 s a message) must not
	// be counted by the outbox bench below, whose loops would send it to their own fake.
	await database.db
		.updateTable("bot_message")
		.set({ status: "skipped", lease_until: null, last_error: "bench: left over from the order run" })
		.where("status", "in", ["pending", "sending"])
		.execute();
	console.log(
		`orders with the bot on (each customer and the shop's group on Telegram): ${withBot.ordersPaid} orders paid, ${withBot.perSecond}/s, p50 ${withBot.p50Ms} ms, p99 ${withBot.p99Ms} ms per order, ${withBot.failures} failures (without: ${orders.perSecond}/s, p50 ${orders.p50Ms} ms, p99 ${orders.p99Ms} ms); ${withBot.ordersPaid * 2} messages queued with the orders, ${botSent} sent to the fake Bot API meanwhile (Telegram's pace: one a second per chat, one every 3 s per group, 30 a second in all)`,
	);
	for (const invariant of withBot.invariants)
		console.log(`  ${invariant.holds ? "ok  " : "FAIL"} ${invariant.name}: ${invariant.detail}`);
	if (withBot.invariants.some((invariant) => !invariant.holds)) process.exitCode = 1;
}

/** The wallet's settlement and reads, the points mall, coupons and the notifications outbox. */
async function benchMoneyAndOffers({ server, database, dataDir }: Bench) {
	const wallet = await benchWallet({
		db: database.db,
		deps: server.deps,
		url: server.url,
		dataDir,
		seconds: DURATION_SECONDS,
		measure: (scenario, seconds) => measure(server.url, scenario, seconds),
	});
	console.log(
		`\nwallet: the orders' shop, ${wallet.earnings} earnings due at once: the settlement job settled ${wallet.settled} in ${wallet.settleSeconds} s (${wallet.settledPerSecond}/s, one transaction each, alongside nothing else)`,
	);
	for (const read of wallet.reads)
		console.log(
			pad(`  ${read.name}`, 52),
			pad(read.requestsPerSecond.toFixed(0), 10),
			pad(String(read.p50Ms), 8),
			pad(String(read.p99Ms), 8),
			pad(String(read.bytesPerResponse), 8),
			read.errors,
		);
	for (const invariant of wallet.invariants)
		console.log(`  ${invariant.holds ? "ok  " : "FAIL"} ${invariant.name}: ${invariant.detail}`);
	if (wallet.invariants.some((invariant) => !invariant.holds)) process.exitCode = 1;

	const points = await benchPoints({
		db: database.db,
		url: server.url,
		dataDir,
		members: CONNECTIONS,
		seconds: DURATION_SECONDS,
		measure: (scenario, seconds) => measure(server.url, scenario, seconds),
	});
	if (!reportPointsBench(points, pad)) process.exitCode = 1;

	const coupons = await benchCoupons({
		db: database.db,
		url: server.url,
		dataDir,
		customers: CONNECTIONS,
		seconds: DURATION_SECONDS,
	});
	const { claims } = coupons;
	console.log(
		`\ncoupons: ${coupons.customers} customers claiming one hot template ${CLAIMS_PER_CUSTOMER} times each at once (its row locked per claim): ${claims.total} claims in ${claims.elapsedSeconds} s, ${claims.perSecond}/s, p50 ${claims.p50Ms} ms, p99 ${claims.p99Ms} ms, ${claims.failures} failures`,
	);
	for (const run of coupons.orders)
		console.log(
			`  ${run.label} (create + pay, ${coupons.seconds} s): ${run.ordersPaid} paid, ${run.perSecond}/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.failures} failures`,
		);
	for (const invariant of coupons.invariants)
		console.log(`  ${invariant.holds ? "ok  " : "FAIL"} ${invariant.name}: ${invariant.detail}`);
	if (coupons.invariants.some((invariant) => !invariant.holds)) process.exitCode = 1;

	const notifications = await benchNotifications({ db: database.db, deps: server.deps });
	if (!reportNotificationsBench(notifications)) process.exitCode = 1;
}

const AFTER_CHANGE_SECONDS = 1;

/**
 * The menu call right after the menu changed: each round taps an item sold out (or back) through
 * the API, which drops the cached menu, then measures a second of requests, the first of which
 * rebuild it. Counts the builds: concurrent requests must share one.
 */
async function measureAfterChanges(
	server: Awaited<ReturnType<typeof startServer>>,
	scenario: Scenario,
	args: { shopId: number; token: string; headers: Record<string, string> },
): Promise<Measurement & { builds: number }> {
	const item = await server.deps.db
		.selectFrom("menu_item")
		.select("id")
		.where("shop_id", "=", args.shopId)
		.orderBy("id")
		.executeTakeFirstOrThrow();
	const buildsBefore = menuCacheLoads(server.deps);
	const rounds: Measurement[] = [];
	for (let round = 0; round < MENU_CHANGES; round++) {
		const answer = await fetch(`${server.url}/app-api/merchant/menu/sold-out`, {
			method: "POST",
			headers: { ...args.headers, "content-type": "application/json", authorization: `Bearer ${args.token}` },
			body: JSON.stringify({ shopId: args.shopId, kind: "item", id: item.id, soldOut: round % 2 === 0 }),
		});
		const body = (await answer.json()) as { code: number; msg: string };
		if (body.code !== 0) throw new Error(`sold-out toggle failed: ${body.code} ${body.msg}`);
		rounds.push(await measure(server.url, scenario, AFTER_CHANGE_SECONDS));
	}
	const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
	return {
		requestsPerSecond: mean(rounds.map((r) => r.requestsPerSecond)),
		p50Ms: Math.round(mean(rounds.map((r) => r.p50Ms)) * 100) / 100,
		p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
		bytesPerResponse: Math.round(mean(rounds.map((r) => r.bytesPerResponse))),
		errors: rounds.reduce((sum, r) => sum + r.errors, 0),
		builds: menuCacheLoads(server.deps) - buildsBefore,
	};
}

interface Measurement {
	requestsPerSecond: number;
	p50Ms: number;
	p99Ms: number;
	bytesPerResponse: number;
	errors: number;
}

/**
 * wrk (Debian package) when installed: written in C, it can read large responses as fast as
 * the server sends them, where autocannon (JavaScript, sharing the 2 cores) saturates first.
 */
const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((candidate) => existsSync(candidate));

async function measure(url: string, scenario: Scenario, seconds: number): Promise<Measurement> {
	if (WRK) return measureWithWrk(WRK, `${url}${scenario.path}`, scenario.headers ?? {}, seconds);
	const result = await autocannon({
		url: `${url}${scenario.path}`,
		connections: CONNECTIONS,
		duration: seconds,
		headers: scenario.headers ?? {},
	});
	return {
		requestsPerSecond: result.requests.average,
		p50Ms: result.latency.p50,
		p99Ms: result.latency.p99,
		bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
		errors: result.errors + result.non2xx,
	};
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000 } as const;
const UNIT_BYTES = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;

async function measureWithWrk(
	wrk: string,
	url: string,
	headers: Record<string, string>,
	seconds: number,
): Promise<Measurement> {
	const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
	// Asynchronous: the server under test runs in this very process.
	const { stdout: out } = await promisify(execFile)(wrk, [
		"-t1",
		`-c${CONNECTIONS}`,
		`-d${seconds}s`,
		"--latency",
		...headerArgs,
		url,
	]);
	const latencyMs = (percentile: string) => {
		const match = new RegExp(`\\s${percentile}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
		return match ? Math.round(Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] * 100) / 100 : Number.NaN;
	};
	const read = /(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(out);
	const requests = Number(read?.[1] ?? 0);
	const bytes = read ? Number(read[2]) * UNIT_BYTES[read[3] as keyof typeof UNIT_BYTES] : 0;
	return {
		requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
		p50Ms: latencyMs("50"),
		p99Ms: latencyMs("99"),
		bytesPerResponse: Math.round(bytes / Math.max(1, requests)),
		errors: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
	};
}

function pad(value: string, width: number) {
	return value.padEnd(width);
}

async function openBenchDatabase(): Promise<{ database: Database; label: string; drop: () => Promise<void> }> {
	const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
	const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
	try {
		await admin.connect();
	} catch {
		console.warn(
			"!! No PostgreSQL server answered: benchmarking on embedded PGlite, which is NOT what production runs.",
		);
		return { database: await openDatabase({}), label: "PGlite (in memory)", drop: async () => {} };
	}
	const name = `bayon_bench_${randomBytes(4).toString("hex")}`;
	await admin.query(`CREATE DATABASE ${name}`);
	await admin.end();
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	const database = await openDatabase({ url: url.toString(), poolSize: 20 });
	const version = (
		await database.db.selectNoFrom((eb) => eb.fn<string>("version", []).as("v")).executeTakeFirstOrThrow()
	).v;
	return {
		database,
		label: version.split(" on ")[0] ?? "PostgreSQL",
		async drop() {
			const cleanup = new pg.Client({ connectionString: adminUrl });
			await cleanup.connect();
			await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await cleanup.end();
		},
	};
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
