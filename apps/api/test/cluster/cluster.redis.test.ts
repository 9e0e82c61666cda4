import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ApiEnvelope, ErrorCode, expandShopMenu, type OrderView, type ShopMenuWire } from "@bayon/contract";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Database } from "../../src/db/database.js";
import { postLedgerTxn } from "../../src/features/wallet/ledger.js";
import { openTestDatabase, testClockStart } from "../harness.js";
import { expectLedgerInvariants } from "../ledger-invariants.js";
import { startTestBucket, type TestBucket } from "../s3.js";
import { type Balancer, startBalancer } from "./balancer.js";
import { freePort, type LogLine, type ServerProcess, spawnServer, untilHealthy } from "./processes.js";

/**
 * The cluster drill (issue 30 item 3, decision 037): three Bayon servers, each its own process
 * started as an operator starts it, on one fresh PostgreSQL database and one Redis, uploads in
 * one S3 bucket (s3rver), behind a small load balancer (balancer.ts). The stories run in order
 * on the same cluster and print their figures.
 */
const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/db/migrations");
const CUSTOMERS = 200;
const STAFF_SOCKETS = 6;
const JOB_INTERVAL_SECONDS = 1;
/** Between two customers' arrivals: 200 customers arrive over 8 s. */
const ARRIVAL_GAP_MS = 40;
/**
 * A stopping server's drain (SHUTDOWN_DRAIN_SECONDS, decision 034): not ready, still answering.
 * The balancer checks /readyz several times within it, so it has noticed before the server stops
 * listening (an operator sets the drain longer than the balancer's check interval times the
 * failures it needs). Without the drain, a few payments per rolling restart were reset in the
 * stopping server's accept queue and answered 502.
 */
const DRAIN_SECONDS = 1.5;
const READINESS_CHECK_MS = 250;

let database: Database;
let dropDatabase: () => Promise<void>;
let bucket: TestBucket;
let balancer: Balancer;
const servers: ServerProcess[] = [];
/** Every process each server slot ran, restarts included: their logs are read at the end. */
const everyProcess: ServerProcess[] = [];
const dataDirs: string[] = [];
const ports: number[] = [];
const sharedEnv: Record<string, string> = {};
const clockStart = testClockStart();
const startedAt = Date.now();

/** Starts (or restarts) server slot i; its clock goes on from where the cluster's is (FAKE_NOW). */
function startSlot(i: number): ServerProcess {
	const server = spawnServer({
		name: `server ${i + 1}`,
		port: ports[i] as number,
		env: {
			...sharedEnv,
			DATA_DIR: dataDirs[i] as string,
			FAKE_NOW: new Date(clockStart.getTime() + (Date.now() - startedAt)).toISOString(),
		},
	});
	servers[i] = server;
	everyProcess.push(server);
	return server;
}

beforeAll(async () => {
	({ database, dropDatabase } = await openTestDatabase());
	bucket = await startTestBucket();
	Object.assign(sharedEnv, {
		NODE_ENV: "test",
		DATABASE_URL: database.url as string,
		REDIS_URL: process.env.TEST_REDIS_URL as string,
		TOKEN_SECRET: randomBytes(32).toString("hex"),
		// "job ran" lines are debug: the jobs story reads them.
		LOG_LEVEL: "debug",
		JOB_INTERVAL_SECONDS: String(JOB_INTERVAL_SECONDS),
		SMS_PER_IP_PER_HOUR: "100000",
		SHUTDOWN_SECONDS: "5",
		SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
		...bucket.env,
	});
	for (let i = 0; i < 3; i++) {
		dataDirs.push(mkdtempSync(path.join(tmpdir(), `bayon-cluster-${i + 1}-`)));
		ports.push(await freePort());
	}
}, 60_000);

afterAll(async () => {
	closeSockets();
	await balancer?.close();
	await Promise.all(servers.map((server) => server.kill("SIGKILL")));
	await database?.close();
	await dropDatabase?.();
	await bucket?.close();
	for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("three servers on one PostgreSQL and one Redis, behind a load balancer", () => {
	it("migrates once when all three start together on an empty database, with no error in any log", async () => {
		const began = performance.now();
		for (let i = 0; i < 3; i++) startSlot(i);
		await Promise.all(servers.map((server) => untilHealthy(server)));
		console.log(`[cluster] three servers started together in ${((performance.now() - began) / 1000).toFixed(1)} s`);
		const files = readdirSync(migrationsDir).filter((file) => file.endsWith(".sql"));
		const { rows } = await sql<{ name: string; count: number }>`
			SELECT name, count(*)::int AS count FROM schema_migration GROUP BY name ORDER BY name`.execute(database.db);
		expect(rows.map((row) => row.name)).toEqual([...files].sort());
		expect(rows.every((row) => row.count === 1)).toBe(true);
		expect(errorsLogged()).toEqual([]);
		balancer = await startBalancer({
			backends: servers.map((server) => server.url),
			checkEveryMs: READINESS_CHECK_MS,
		});
		expect(balancer.ready()).toHaveLength(3);
	}, 90_000);

	it("shows staff connected to one server an order placed and paid through another, live", async () => {
		const [first, second] = servers as [ServerProcess, ServerProcess];
		const staff = await signIn(second.url, "13800000001");
		const board = await openSocket(second.url, staff.accessToken);
		const buyer = await signIn(first.url, "13977000000");
		await grant([buyer.userId]);
		const order = await call<OrderView>(first.url, "POST", "/app-api/order/create", {
			token: buyer.accessToken,
			body: await orderBody(first.url),
			headers: { "idempotency-key": "drill-live-order-1" },
		});
		expect(order.code).toBe(0);
		const paid = await call(first.url, "POST", "/app-api/order/pay", {
			token: buyer.accessToken,
			body: { orderId: order.data.id, payMethod: "balance" },
		});
		expect(paid.code).toBe(0);
		await until(() => reasonsFor(board, order.data.id).includes("paid"), 5000, "the paid order on the staff's board");
		expect(reasonsFor(board, order.data.id)).toEqual(["created", "paid"]);
		board.socket.close();
	});

	it("serves a picture uploaded through one server from every server", async () => {
		const owner = await signIn(balancer.url, "13800000001");
		const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
			.png()
			.toBuffer();
		const form = new FormData();
		form.append("file", new Blob([picture], { type: "image/png" }), "dish.png");
		const answer = await fetch(`${servers[0]?.url}/app-api/infra/file/upload`, {
			method: "POST",
			body: form,
			headers: { "tenant-id": "1", authorization: `Bearer ${owner.accessToken}` },
		});
		const uploaded = (await answer.json()) as ApiEnvelope<{ url: string; size: number }>;
		expect(uploaded.code).toBe(0);
		expect((await bucket.keys()).length).toBeGreaterThan(0);
		for (const server of servers) {
			const served = await fetch(new URL(uploaded.data.url, server.url));
			expect(served.status, `${server.name} serves ${uploaded.data.url}`).toBe(200);
			expect((await served.arrayBuffer()).byteLength).toBe(uploaded.data.size);
		}
	});

	it("runs each job on one server at a time (leases), not on all three", async () => {
		const windowStart = Date.now();
		await new Promise((resolve) => setTimeout(resolve, 6000));
		const windowEnd = Date.now();
		const runs = jobRuns(windowStart, windowEnd);
		const jobs = [...new Set(runs.map((run) => run.job))];
		expect(jobs.length).toBeGreaterThanOrEqual(12);
		const seconds = (windowEnd - windowStart) / 1000;
		for (const job of jobs) {
			const mine = runs.filter((run) => run.job === job);
			// Three servers ticking every second would run it ~18 times in 6 s; one holder ~6.
			expect(mine.length, `${job} ran ${mine.length} times in ${seconds} s`).toBeLessThanOrEqual(
				seconds / JOB_INTERVAL_SECONDS + 2,
			);
			expect(new Set(mine.map((run) => run.pid)).size, `${job} ran on one server`).toBe(1);
			expect(overlapping(mine), `${job} never ran twice at once`).toEqual([]);
		}
		const { rows } = await sql<{ holder: string }>`SELECT holder FROM job_lease`.execute(database.db);
		expect(rows.length).toBe(jobs.length);
		const livePids = servers.map((server) => server.pid);
		for (const row of rows) expect(livePids).toContain(Number(row.holder.split(":")[1]));
		console.log(
			`[cluster] jobs: ${jobs.length} leased jobs, ${runs.length} runs in ${seconds.toFixed(1)} s across three servers (one holder each)`,
		);
	}, 20_000);

	it("loses nothing acknowledged and charges nothing twice when one server is killed (-9) while 200 customers order; websockets reconnect within 5 s", async () => {
		const signingIn = performance.now();
		const customers = await signInCustomers(CUSTOMERS);
		await grant(customers.map((c) => c.userId));
		console.log(
			`[cluster] ${CUSTOMERS} customers signed in through the balancer in ${((performance.now() - signingIn) / 1000).toFixed(1)} s`,
		);
		const body = await orderBody(balancer.url);
		const staff = await signIn(balancer.url, "13800000001");
		const boards = await Promise.all(
			Array.from({ length: STAFF_SOCKETS }, () => reconnectingSocket(balancer.url, staff.accessToken)),
		);
		const victimIndex = slotHoldingMostLeases(await leaseHolders());
		const victim = servers[victimIndex] as ServerProcess;
		const tally = newTally();
		const began = performance.now();
		let killedAt = 0;
		// They arrive over a few seconds, as customers do, not in one instant.
		const ordering = Promise.all(
			customers.map(async (customer, i) => {
				await new Promise((resolve) => setTimeout(resolve, i * ARRIVAL_GAP_MS));
				await orderAndPay(customer, `kill-${i}`, body, tally);
			}),
		);
		// Kill once the load is well under way: some orders answered, many in flight.
		await until(
			() => tally.placed >= CUSTOMERS / 5,
			30_000,
			"the first orders",
			() => tally.errorSamples.join("; "),
		);
		await victim.kill("SIGKILL");
		killedAt = Date.now();
		// Its supervisor starts it again at once (systemd Restart=always); the others carry the load meanwhile.
		const restarted = startSlot(victimIndex);
		await ordering;
		const seconds = (performance.now() - began) / 1000;

		await until(
			() => boards.every((board) => board.reconnects.length === board.closes),
			6000,
			"the sockets on the killed server to reconnect",
		);
		const reconnectMs = boards.flatMap((board) => board.reconnects);
		const jobsAfterKill = await takeoverSeconds(killedAt);
		console.log(
			`[cluster] kill -9 of ${victim.name} during ${CUSTOMERS} customers: ${tally.placed} orders placed and ${tally.paid} paid in ${seconds.toFixed(1)} s (${(tally.placed / seconds).toFixed(1)} orders/s, ${percentiles(tally.latencies)}); errors seen by customers: ${tally.errors} (retried with the same key); balancer retries ${JSON.stringify(balancer.retries)}; sockets reconnected: ${reconnectMs.length}, max reconnect ${Math.max(0, ...reconnectMs)} ms; jobs taken over after ${jobsAfterKill.toFixed(1)} s`,
		);
		expect(tally.placed).toBe(CUSTOMERS);
		expect(tally.paid).toBe(CUSTOMERS);
		await expectNothingLostNothingTwice(tally);
		expect(reconnectMs.length).toBeGreaterThan(0);
		expect(Math.max(...reconnectMs)).toBeLessThan(5000);
		expect(jobsAfterKill).toBeLessThan(3 * JOB_INTERVAL_SECONDS + 3);
		for (const board of boards) board.stop();

		// Back before the rolling restart.
		await untilHealthy(restarted);
		await until(() => balancer.ready().length === 3, 5000, "the restarted server to be ready");
	}, 90_000);

	it("restarts the three one after another (SIGTERM, start again) under load with no customer seeing an error and nothing lost", async () => {
		const customers = await signInCustomers(30, 500);
		await grant(customers.map((c) => c.userId));
		const body = await orderBody(balancer.url);
		const tally = newTally();
		let loading = true;
		const began = performance.now();
		const load = Promise.all(
			customers.map(async (customer, i) => {
				for (let round = 0; loading; round++) {
					await orderAndPay(customer, `roll-${i}-${round}`, body, tally);
					await new Promise((resolve) => setTimeout(resolve, 200));
				}
			}),
		);
		const stopSeconds: number[] = [];
		const restartSeconds: number[] = [];
		const noticedSeconds: number[] = [];
		for (let i = 0; i < 3; i++) {
			const old = servers[i] as ServerProcess;
			const sentAt = performance.now();
			// When the balancer took the stopping server out: within the drain, or customers see errors.
			void until(() => !balancer.ready().includes(old.url), 10_000, `${old.name} out of the balancer`).then(
				() => noticedSeconds.push((performance.now() - sentAt) / 1000),
				() => {},
			);
			const exit = await old.kill("SIGTERM");
			stopSeconds.push((performance.now() - sentAt) / 1000);
			expect(exit, `${old.name} exits cleanly on SIGTERM`).toBe("exit 0");
			const fresh = startSlot(i);
			await untilHealthy(fresh);
			await until(() => balancer.ready().includes(fresh.url), 5000, `${fresh.name} ready again`);
			restartSeconds.push((performance.now() - sentAt) / 1000);
		}
		loading = false;
		await load;
		const seconds = (performance.now() - began) / 1000;
		console.log(
			`[cluster] rolling restart under load: ${tally.placed} orders placed and ${tally.paid} paid in ${seconds.toFixed(1)} s (${(tally.placed / seconds).toFixed(1)} orders/s, ${percentiles(tally.latencies)}); errors seen by customers: ${tally.errors}${tally.errorSamples.length ? ` (${tally.errorSamples.slice(0, 3).join("; ")})` : ""}; balancer retries ${JSON.stringify(balancer.retries)}; drain ${DRAIN_SECONDS} s, balancer checking /readyz every ${READINESS_CHECK_MS} ms took the stopping server out after ${noticedSeconds.map((s) => s.toFixed(2)).join(", ")} s; SIGTERM to exit ${stopSeconds.map((s) => s.toFixed(1)).join(", ")} s, SIGTERM to ready again ${restartSeconds.map((s) => s.toFixed(1)).join(", ")} s`,
		);
		if (tally.errors > 0) {
			// What the stopping servers said, beside the customers' errors: which step let a request fail.
			for (const stopped of everyProcess.filter((p) => p.log.some((line) => /SIGTERM/.test(line.msg ?? ""))))
				console.log(
					`[cluster] ${stopped.name} (pid ${stopped.pid}) stopping:\n${stopped.log
						.filter((line) => line.time >= (stopped.log.find((l) => /SIGTERM/.test(l.msg ?? ""))?.time ?? 0))
						.filter(
							(line) => line.level >= 30 && !/^(job ran|incoming request|request completed)$/.test(line.msg ?? ""),
						)
						.map((line) => `  ${line.msg}`)
						.join("\n")}`,
				);
		}
		expect(tally.errors).toBe(0);
		await expectNothingLostNothingTwice(tally);
		expect(await sql`SELECT 1 FROM job_lease`.execute(database.db)).toBeTruthy();
	}, 180_000);
});

// ——— customers ———

interface Customer {
	mobile: string;
	accessToken: string;
	userId: number;
}

interface Tally {
	placed: number;
	paid: number;
	/** Answers a customer saw that were not a success (a 502, a cut connection, an error code). */
	errors: number;
	errorSamples: string[];
	/** Orders whose placing was answered with success, by id: the customer's key. */
	acknowledged: Map<number, string>;
	/** Orders whose payment a customer was told succeeded. */
	paidOrders: Set<number>;
	members: Set<number>;
	/** Each customer's time from placing to a paid answer, retries included (ms). */
	latencies: number[];
}

function newTally(): Tally {
	return {
		placed: 0,
		paid: 0,
		errors: 0,
		errorSamples: [],
		acknowledged: new Map(),
		paidOrders: new Set(),
		members: new Set(),
		latencies: [],
	};
}

/**
 * What the web app does (decision 010): one Idempotency-Key per checkout, kept across retries,
 * so a retry after a failed answer returns the same order; paying again after a lost answer
 * first finds out whether the order is already paid.
 */
async function orderAndPay(customer: Customer, intent: string, body: object, tally: Tally): Promise<void> {
	const key = `drill-${intent}-${customer.mobile}`;
	tally.members.add(customer.userId);
	const seen = (what: string) => {
		tally.errors++;
		if (tally.errorSamples.length < 10) tally.errorSamples.push(what);
	};
	let orderId = 0;
	const began = performance.now();
	for (let attempt = 0; attempt < 20 && !orderId; attempt++) {
		const answer = await attemptCall<OrderView>("POST", "/app-api/order/create", {
			token: customer.accessToken,
			body,
			headers: { "idempotency-key": key },
		});
		if (answer.ok && answer.envelope.code === 0) orderId = answer.envelope.data.id;
		else {
			seen(`place: ${answer.ok ? `code ${answer.envelope.code} ${answer.envelope.msg}` : answer.why}`);
			await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
		}
	}
	if (!orderId) return;
	tally.placed++;
	tally.acknowledged.set(orderId, key);
	for (let attempt = 0; attempt < 20; attempt++) {
		const answer = await attemptCall("POST", "/app-api/order/pay", {
			token: customer.accessToken,
			body: { orderId, payMethod: "balance" },
		});
		if (answer.ok && answer.envelope.code === 0) break;
		if (answer.ok && answer.envelope.code === ErrorCode.OrderNotPayable) {
			// Paid by the try whose answer was lost: the web app reads the order and shows it paid.
			const detail = await attemptCall<OrderView>("GET", `/app-api/order/detail/${orderId}`, {
				token: customer.accessToken,
			});
			if (detail.ok && detail.envelope.code === 0 && detail.envelope.data.paymentStatus === "paid") break;
		}
		seen(`pay: ${answer.ok ? `code ${answer.envelope.code} ${answer.envelope.msg}` : answer.why}`);
		await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
		if (attempt === 19) return;
	}
	tally.paid++;
	tally.paidOrders.add(orderId);
	tally.latencies.push(performance.now() - began);
}

/** "p50 … ms, p95 … ms" of the customers' order-and-pay times. */
function percentiles(latencies: number[]): string {
	const sorted = [...latencies].sort((a, b) => a - b);
	const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
	return `place and pay p50 ${at(50)} ms, p95 ${at(95)} ms`;
}

async function expectNothingLostNothingTwice(tally: Tally) {
	const ids = [...tally.acknowledged.keys()];
	const { rows: orders } = await sql<{ id: number; payment_status: string; payments: number }>`
		SELECT o.id, o.payment_status,
			(SELECT count(*)::int FROM ledger_txn t WHERE t.order_id = o.id AND t.kind = 'order_payment') AS payments
		FROM customer_order o WHERE o.member_id IN (${sql.join([...tally.members])})`.execute(database.db);
	const byId = new Map(orders.map((order) => [order.id, order]));
	// Every acknowledged order is there, and no retry made a second one.
	expect(ids.filter((id) => !byId.has(id))).toEqual([]);
	expect(orders.length).toBe(ids.length);
	for (const id of tally.paidOrders) {
		expect(byId.get(id)?.payment_status, `order ${id} paid`).toBe("paid");
		expect(byId.get(id)?.payments, `order ${id} has one payment`).toBe(1);
	}
	expect(orders.filter((order) => order.payments > 1)).toEqual([]);
	await expectLedgerInvariants(database.db);
}

/** Signs customers in through the balancer, a few at a time (as they would arrive). */
async function signInCustomers(count: number, offset = 1): Promise<Customer[]> {
	const customers: Customer[] = [];
	for (let start = 0; start < count; start += 20) {
		const batch = Array.from({ length: Math.min(20, count - start) }, (_, j) => {
			const n = offset + start + j;
			return signIn(balancer.url, `1397${String(n).padStart(7, "0")}`);
		});
		customers.push(...(await Promise.all(batch)));
	}
	return customers;
}

/** Sessions already made, by phone: a second code within a minute would be refused (as it should). */
const sessions = new Map<string, Customer>();

async function signIn(baseUrl: string, mobile: string): Promise<Customer> {
	const known = sessions.get(mobile);
	if (known) return known;
	const sent = await call(baseUrl, "POST", "/app-api/member/auth/send-sms-code", { body: { mobile, scene: 1 } });
	if (sent.code !== 0) throw new Error(`send-sms-code ${mobile}: ${sent.code} ${sent.msg}`);
	const login = await call<{ accessToken: string; userId: number }>(baseUrl, "POST", "/app-api/member/auth/sms-login", {
		body: { mobile, code: lastSmsCode(mobile) },
	});
	if (login.code !== 0) throw new Error(`sms-login ${mobile}: ${login.code} ${login.msg}`);
	const customer = { mobile, accessToken: login.data.accessToken, userId: login.data.userId };
	sessions.set(mobile, customer);
	return customer;
}

/** The code the outbox of whichever server sent it holds (each server has its data folder). */
function lastSmsCode(mobile: string): string {
	let code: string | undefined;
	for (const dir of dataDirs) {
		let text = "";
		try {
			text = readFileSync(path.join(dir, "sms-outbox.jsonl"), "utf8");
		} catch {
			continue;
		}
		// A line another request is writing at this moment may be there in part: only whole lines count.
		for (const line of text.split("\n")) {
			if (!line.endsWith("}")) continue;
			const message = JSON.parse(line) as { mobile: string; code: string };
			if (message.mobile === mobile) code = message.code;
		}
	}
	if (!code) throw new Error(`no SMS sent to ${mobile}`);
	return code;
}

/** Stored value to pay with, through the ledger like every balance change. */
async function grant(memberIds: number[]) {
	await database.db.transaction().execute(async (trx) => {
		for (const memberId of memberIds)
			await postLedgerTxn(trx, {
				tenantId: 1,
				kind: "wallet_grant",
				idempotencyKey: `drill-grant:${memberId}:${randomBytes(4).toString("hex")}`,
				orderId: null,
				now: new Date(),
				moves: [
					{ account: { kind: "external_funds", tenantId: 1 }, amount: -1_000_000 },
					{ account: { kind: "member_wallet", tenantId: 1, memberId }, amount: 1_000_000 },
				],
			});
	});
}

/** A pickup order of one coconut with the default choices, never sold out. */
async function orderBody(baseUrl: string) {
	const menu = await call<ShopMenuWire>(baseUrl, "GET", "/app-api/product/products?shopId=1", { lang: "en" });
	const item = expandShopMenu(menu.data)
		.categories.flatMap((category) => category.items)
		.find((candidate) => candidate.name === "Fresh young coconut");
	if (!item) throw new Error("no coconut on the demo menu");
	// The demo keeps a few coconuts in stock; the drill's customers must not run out.
	await database.db.updateTable("menu_item").set({ stock: null }).where("id", "=", item.id).execute();
	const optionIds = item.optionGroups
		.filter((group) => group.minChoices > 0)
		.map((group) => (group.options.find((o) => o.isDefault) ?? group.options[0])?.id as number);
	return { shopId: 1, orderType: "takein", lines: [{ itemId: item.id, quantity: 1, optionIds }] };
}

// ——— HTTP ———

interface CallOptions {
	token?: string;
	body?: unknown;
	headers?: Record<string, string>;
	lang?: string;
}

async function call<T = unknown>(baseUrl: string, method: "GET" | "POST", urlPath: string, options: CallOptions = {}) {
	const answer = await attemptCall<T>(method, urlPath, options, baseUrl);
	if (!answer.ok) throw new Error(`${method} ${urlPath}: ${answer.why}`);
	return answer.envelope;
}

type Attempt<T> = { ok: true; envelope: ApiEnvelope<T> } | { ok: false; why: string };

/** One request as the web app sends it, through the balancer unless told otherwise; never throws. */
async function attemptCall<T = unknown>(
	method: "GET" | "POST",
	urlPath: string,
	options: CallOptions = {},
	baseUrl = balancer.url,
): Promise<Attempt<T>> {
	const headers: Record<string, string> = { "tenant-id": "1", "shop-key": "bayon-demo", ...options.headers };
	if (options.lang) headers["x-lang"] = options.lang;
	if (options.token) headers.authorization = `Bearer ${options.token}`;
	if (options.body !== undefined) headers["content-type"] = "application/json";
	try {
		const response = await fetch(`${baseUrl}${urlPath}`, {
			method,
			headers,
			body: options.body === undefined ? undefined : JSON.stringify(options.body),
			signal: AbortSignal.timeout(15_000),
		});
		const text = await response.text();
		if (response.status !== 200) return { ok: false, why: `HTTP ${response.status} ${text.slice(0, 80)}` };
		return { ok: true, envelope: JSON.parse(text) as ApiEnvelope<T> };
	} catch (error) {
		return { ok: false, why: `${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? "")}` };
	}
}

// ——— websockets ———

interface Board {
	socket: WebSocket;
	messages: Array<{ type: string; data: Record<string, unknown> }>;
}

const openSockets = new Set<WebSocket>();
function closeSockets() {
	for (const socket of openSockets) socket.terminate();
}

async function openSocket(baseUrl: string, token: string): Promise<Board> {
	const socket = new WebSocket(`${baseUrl.replace("http", "ws")}/infra/ws?token=${encodeURIComponent(token)}`);
	openSockets.add(socket);
	socket.on("close", () => openSockets.delete(socket));
	const messages: Board["messages"] = [];
	socket.on("message", (raw) => messages.push(JSON.parse(raw.toString())));
	await new Promise<void>((resolve, reject) => {
		socket.once("error", reject);
		socket.once("unexpected-response", (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
		socket.once("close", () => reject(new Error("closed before ready")));
		socket.on("message", () => {
			if (messages.some((m) => m.type === "ready")) resolve();
		});
	});
	return { socket, messages };
}

function reasonsFor(board: Board, orderId: number): unknown[] {
	return board.messages
		.filter((m) => m.type === "order.changed" && m.data.orderId === orderId)
		.map((m) => m.data.reason);
}

/**
 * A staff board through the balancer that reconnects when its socket closes, as the web app's
 * ws-client does; records how long each reconnection took (close to `ready` on a new socket).
 */
async function reconnectingSocket(baseUrl: string, token: string) {
	const state = { closes: 0, reconnects: [] as number[], stopped: false, stop: () => {} };
	const connect = async (): Promise<void> => {
		const board = await openSocket(baseUrl, token);
		state.stop = () => {
			state.stopped = true;
			board.socket.close();
		};
		board.socket.once("close", () => {
			if (state.stopped) return;
			state.closes++;
			const closedAt = Date.now();
			const retry = async (): Promise<void> => {
				try {
					await connect();
					state.reconnects.push(Date.now() - closedAt);
				} catch {
					await new Promise((resolve) => setTimeout(resolve, 100));
					if (!state.stopped) return retry();
				}
			};
			void retry();
		});
	};
	await connect();
	return state;
}

// ——— logs and leases ———

function errorsLogged(): string[] {
	return everyProcess.flatMap((server) =>
		server.log
			.filter((line) => line.level >= 50)
			.map((line) => `${server.name}: ${line.msg} ${JSON.stringify(line.err ?? "")}`),
	);
}

interface JobRun {
	job: string;
	pid: number;
	start: number;
	end: number;
}

function jobRuns(from: number, to: number): JobRun[] {
	return everyProcess.flatMap((server) =>
		server.log
			.filter((line: LogLine) => line.msg === "job ran" && line.time >= from && line.time <= to)
			.map((line) => ({
				job: String(line.job),
				pid: server.pid,
				start: line.time - Number(line.ms),
				end: line.time,
			})),
	);
}

function overlapping(runs: JobRun[]): string[] {
	const sorted = [...runs].sort((a, b) => a.start - b.start);
	const found: string[] = [];
	for (let i = 1; i < sorted.length; i++) {
		const [before, after] = [sorted[i - 1] as JobRun, sorted[i] as JobRun];
		if (after.start < before.end && after.pid !== before.pid)
			found.push(`${before.pid} and ${after.pid} at ${after.start}`);
	}
	return found;
}

async function leaseHolders(): Promise<number[]> {
	const { rows } = await sql<{ holder: string }>`SELECT holder FROM job_lease`.execute(database.db);
	return rows.map((row) => Number(row.holder.split(":")[1]));
}

function slotHoldingMostLeases(holderPids: number[]): number {
	const counts = servers.map((server) => holderPids.filter((pid) => pid === server.pid).length);
	return counts.indexOf(Math.max(...counts));
}

/** After the kill: how long until every job had run again on a living server. */
async function takeoverSeconds(killedAt: number): Promise<number> {
	await until(
		() => {
			const after = jobRuns(killedAt, Date.now());
			return new Set(after.map((run) => run.job)).size >= 12;
		},
		15_000,
		"every job to run again after the kill",
	);
	const after = jobRuns(killedAt, Date.now());
	const firstByJob = new Map<string, number>();
	for (const run of after) firstByJob.set(run.job, Math.min(firstByJob.get(run.job) ?? Infinity, run.end));
	return (Math.max(...firstByJob.values()) - killedAt) / 1000;
}

async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string, seen = () => "") {
	const start = Date.now();
	while (!(await condition())) {
		if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what} ${seen()}`);
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}
