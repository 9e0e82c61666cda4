import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { openDatabase } from "../../apps/api/src/db/database.js";
import { DEMO_OWNER_MOBILE } from "../../apps/api/src/seed/demo-data.js";
import { type EmbeddedServer, startEmbeddedServer } from "../../apps/api/test/embedded-server.js";
import { createTeaShop, grantBalance } from "./bench-shop.js";
import { signIn } from "./sign-in.js";

/** Issue 16's aims for the embedded server. */
export const PGLITE_RSS_AIM_MB = 300;
export const PGLITE_START_AIM_SECONDS = 10;

export interface ServerMemory {
	/** From spawning the process to /healthz answering 200. */
	healthySeconds: number;
	/** VmRSS when it became healthy, and two seconds later (idle). */
	rssAtHealthyMb: number;
	rssIdleMb: number;
	/** VmHWM: the most it was resident at any moment so far. */
	peakMb: number;
}

export interface PgliteMemoryResult {
	firstStart: ServerMemory;
	restart: ServerMemory;
	/** serve.mjs, the server's parent process (after the restart): resident, and its own part of it. */
	launcher: { rssMb: number; privateMb: number };
	load: {
		customers: number;
		seconds: number;
		ordersPaid: number;
		failures: number;
		/** The server's CPU time per paid order (create + pay), in ms: less noisy than the rate on a shared machine. */
		cpuMsPerOrder: number;
		/** Most VmRSS seen while sampling every 200 ms during the load. */
		rssDuringMaxMb: number;
		rssAfterMb: number;
		peakMb: number;
	};
	/** Twelve downloads of the demo shop's table QR sheet at once, after the order load (issue 27). */
	qrSheets: {
		downloads: number;
		/** Answered with the same PDF. */
		sameSheet: number;
		failures: number;
		seconds: number;
		/** Most VmRSS seen while sampling every 100 ms during the downloads. */
		rssDuringMaxMb: number;
		rssAfterMb: number;
	};
	invariants: Array<{ name: string; holds: boolean; detail: string }>;
}

/**
 * The embedded server as `npm run serve` runs it: serve.mjs and the server, its child process
 * (the resident memory read from /proc is the server's alone; serve.mjs's is reported beside
 * it), no DATABASE_URL, a fresh DATA_DIR filled with the demo on
 * first start. Starts it, stops it, starts it again on the same folder, and has customers
 * place and pay orders against the restarted server.
 *
 * benchOrders (orders.ts) does not fit: it writes its shop and balances through a database
 * handle in the bench's process, and PGlite's folder belongs to one process. So the shop and
 * the customers' balances are written here while the server is stopped, the orders go
 * through HTTP only, and the money and stock checks run after it stopped again.
 */
export async function benchPgliteMemory(args: { customers: number; seconds: number }): Promise<PgliteMemoryResult> {
	const dataDir = mkdtempSync(path.join(tmpdir(), "bayon-bench-pglite-"));
	try {
		const first = await startServer(dataDir);
		let tokens: string[];
		let ownerToken: string;
		let firstStart: ServerMemory;
		try {
			firstStart = await measureStart(first);
			// Signing in creates the members; their tokens stay valid across the restart.
			tokens = [];
			for (let i = 0; i < args.customers; i++)
				tokens.push(await signIn(first.url, dataDir, `137${String(10_000_000 + i).slice(-8)}`));
			ownerToken = await signIn(first.url, dataDir, DEMO_OWNER_MOBILE);
		} finally {
			await first.kill("SIGTERM", "launcher");
		}

		const { shopId, itemId, initialStock } = await prepareShopAndBalances(dataDir, args.customers);

		const second = await startServer(dataDir);
		let restart: ServerMemory;
		let launcher: PgliteMemoryResult["launcher"];
		let load: PgliteMemoryResult["load"];
		let qrSheets: PgliteMemoryResult["qrSheets"];
		try {
			restart = await measureStart(second);
			launcher = { rssMb: second.memory("launcher").rssMb, privateMb: second.privateMb("launcher") };
			let rssDuringMaxMb = 0;
			const sampler = setInterval(() => {
				rssDuringMaxMb = Math.max(rssDuringMaxMb, second.memory().rssMb);
			}, 200);
			const cpuBefore = second.cpuSeconds();
			const { ordersPaid, failures } = await placeOrders(second.url, tokens, shopId, itemId, args.seconds);
			const cpuSeconds = second.cpuSeconds() - cpuBefore;
			clearInterval(sampler);
			const after = second.memory();
			load = {
				customers: args.customers,
				seconds: args.seconds,
				ordersPaid,
				failures,
				cpuMsPerOrder: ordersPaid ? Math.round((cpuSeconds * 1000) / ordersPaid) : 0,
				rssDuringMaxMb: Math.max(rssDuringMaxMb, after.rssMb),
				rssAfterMb: after.rssMb,
				peakMb: after.peakMb,
			};
			qrSheets = await downloadQrSheets(second, ownerToken, QR_SHEET_DOWNLOADS);
		} finally {
			await second.kill("SIGTERM", "launcher");
		}
		const invariants = await checkAfterwards(dataDir, { shopId, itemId, initialStock, ordersPaid: load.ordersPaid });
		invariants.push({
			name: `${qrSheets.downloads} QR sheet downloads at once all get the same PDF`,
			holds: qrSheets.failures === 0 && qrSheets.sameSheet === qrSheets.downloads,
			detail: `${qrSheets.sameSheet} the same, ${qrSheets.failures} failures`,
		});
		return { firstStart, restart, launcher, load, qrSheets, invariants };
	} finally {
		rmSync(dataDir, { recursive: true, force: true });
	}
}

export function reportPgliteMemory(result: PgliteMemoryResult): boolean {
	const { firstStart, restart, load } = result;
	const within = (mb: number) => (mb <= PGLITE_RSS_AIM_MB ? "ok" : "OVER");
	const line = (label: string, memory: ServerMemory) =>
		`  ${label.padEnd(34)} healthy after ${memory.healthySeconds.toFixed(2)} s (${memory.healthySeconds <= PGLITE_START_AIM_SECONDS ? "ok" : "OVER"}), resident ${memory.rssAtHealthyMb} MB then, ${memory.rssIdleMb} MB 2 s later (${within(memory.rssIdleMb)}), peak ${memory.peakMb} MB`;
	console.log(
		`\nembedded server (PGlite, the child process of serve.mjs as npm run serve starts it, no DATABASE_URL; aims: resident ≤ ${PGLITE_RSS_AIM_MB} MB after a restart and under the order load, healthy ≤ ${PGLITE_START_AIM_SECONDS} s on a fresh folder):`,
	);
	console.log(line("first start (initdb, migrate, seed)", firstStart));
	console.log(line("restart on the same folder", restart));
	console.log(
		`  serve.mjs, the server's parent process: resident ${result.launcher.rssMb} MB, ${result.launcher.privateMb} MB of it its own (the rest is node's code, shared with the server)`,
	);
	console.log(
		`  order load on the restarted server: ${load.customers} customers, ${load.seconds} s, ${load.ordersPaid} orders paid, ${load.failures} failures, server CPU ${load.cpuMsPerOrder} ms an order; resident at most ${load.rssDuringMaxMb} MB during (${within(load.rssDuringMaxMb)}), ${load.rssAfterMb} MB after (${within(load.rssAfterMb)}), peak ${load.peakMb} MB`,
	);
	const qr = result.qrSheets;
	console.log(
		`  QR sheet ×${qr.downloads} peak RSS: ${qr.rssDuringMaxMb} MB (${within(qr.rssDuringMaxMb)}), ${qr.rssAfterMb} MB after; ${qr.downloads} downloads of the demo shop's table QR sheet at once in ${qr.seconds.toFixed(2)} s, ${qr.sameSheet} the same PDF, ${qr.failures} failures`,
	);
	for (const invariant of result.invariants)
		console.log(`  ${invariant.holds ? "ok  " : "FAIL"} ${invariant.name}: ${invariant.detail}`);
	return result.invariants.every((invariant) => invariant.holds);
}

/** Issue 27: twelve parallel downloads of the QR sheet took the embedded server to 646 MB. */
const QR_SHEET_DOWNLOADS = 12;

/** The demo shop's table QR sheet downloaded by its owner this many times at once (in Chinese: the CJK font is loaded). */
async function downloadQrSheets(
	server: EmbeddedServer,
	ownerToken: string,
	downloads: number,
): Promise<PgliteMemoryResult["qrSheets"]> {
	let rssDuringMaxMb = server.memory().rssMb;
	const sampler = setInterval(() => {
		rssDuringMaxMb = Math.max(rssDuringMaxMb, server.memory().rssMb);
	}, 100);
	const started = performance.now();
	const sheets = await Promise.all(
		Array.from({ length: downloads }, async () => {
			const response = await fetch(`${server.url}/app-api/merchant/table/qr-sheet?shopId=1`, {
				headers: { "tenant-id": "1", "x-lang": "zh-CN", authorization: `Bearer ${ownerToken}` },
			});
			const pdf = Buffer.from(await response.arrayBuffer());
			return response.status === 200 && response.headers.get("content-type") === "application/pdf" ? pdf : null;
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	clearInterval(sampler);
	const after = server.memory().rssMb;
	const first = sheets.find((sheet) => sheet !== null);
	return {
		downloads,
		sameSheet: first ? sheets.filter((sheet) => sheet?.equals(first)).length : 0,
		failures: sheets.filter((sheet) => sheet === null).length,
		seconds,
		rssDuringMaxMb: Math.max(rssDuringMaxMb, after),
		rssAfterMb: after,
	};
}

function startServer(dataDir: string): Promise<EmbeddedServer> {
	// Every customer signs in from 127.0.0.1.
	return startEmbeddedServer({ dataDir, env: { SMS_PER_IP_PER_HOUR: "100000" }, stdout: "ignore" });
}

/** When it became healthy, and two seconds later (idle). */
async function measureStart(server: EmbeddedServer): Promise<ServerMemory> {
	const atHealthy = server.memory();
	await new Promise((resolve) => setTimeout(resolve, 2000));
	const idle = server.memory();
	return {
		healthySeconds: Math.round(server.healthySeconds * 100) / 100,
		rssAtHealthyMb: atHealthy.rssMb,
		rssIdleMb: idle.rssMb,
		peakMb: idle.peakMb,
	};
}

/** With the server stopped: a shop open around the clock, one item of tracked stock, and a balance for each customer. */
async function prepareShopAndBalances(dataDir: string, customers: number) {
	const database = await openDatabase({ pgliteDir: path.join(dataDir, "pg") });
	try {
		const { db } = database;
		const initialStock = 1_000_000;
		const { shopId, itemId } = await createTeaShop(db, {
			code: "bench-pglite-memory",
			name: JSON.stringify({ "zh-CN": "内存压测店", en: "Memory bench shop" }),
			stock: initialStock,
		});
		const members = await db.selectFrom("member").select("id").where("mobile", "like", "137%").execute();
		if (members.length !== customers) throw new Error(`expected ${customers} bench customers, found ${members.length}`);
		for (const member of members) await grantBalance(db, member.id, 1_000_000, `bench-pglite-grant:${member.id}`);
		return { shopId, itemId, initialStock };
	} finally {
		await database.close();
	}
}

/** Each customer creates and pays (from balance) one order after another until the time is up. */
async function placeOrders(url: string, tokens: string[], shopId: number, itemId: number, seconds: number) {
	let ordersPaid = 0;
	let failures = 0;
	const deadline = Date.now() + seconds * 1000;
	await Promise.all(
		tokens.map(async (token) => {
			const headers = { "content-type": "application/json", "tenant-id": "1", authorization: `Bearer ${token}` };
			while (Date.now() < deadline) {
				const created = (await (
					await fetch(`${url}/app-api/order/create`, {
						method: "POST",
						headers: { ...headers, "idempotency-key": randomUUID() },
						body: JSON.stringify({ shopId, orderType: "takein", lines: [{ itemId, quantity: 1, optionIds: [] }] }),
					})
				).json()) as { code: number; data: { id: number } };
				if (created.code !== 0) {
					failures++;
					continue;
				}
				const paid = (await (
					await fetch(`${url}/app-api/order/pay`, {
						method: "POST",
						headers,
						body: JSON.stringify({ orderId: created.data.id, payMethod: "balance" }),
					})
				).json()) as { code: number };
				if (paid.code === 0) ordersPaid++;
				else failures++;
			}
		}),
	);
	return { ordersPaid, failures };
}

/** After the server stopped: what the customers were told was paid is in the folder, and the money adds up. */
async function checkAfterwards(
	dataDir: string,
	expected: { shopId: number; itemId: number; initialStock: number; ordersPaid: number },
) {
	const database = await openDatabase({ pgliteDir: path.join(dataDir, "pg") });
	try {
		const { db } = database;
		const paid = await db
			.selectFrom("customer_order")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.where("shop_id", "=", expected.shopId)
			.where("payment_status", "=", "paid")
			.executeTakeFirstOrThrow();
		// One unit an order: an order created but not paid holds its unit too.
		const holding = await db
			.selectFrom("customer_order")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.where("shop_id", "=", expected.shopId)
			.where("status", "not in", ["cancelled", "rejected"])
			.executeTakeFirstOrThrow();
		const stock = await db
			.selectFrom("menu_item")
			.select("stock")
			.where("id", "=", expected.itemId)
			.executeTakeFirstOrThrow();
		const unbalanced = await sql<{
			txn_id: number;
		}>`SELECT txn_id FROM ledger_entry GROUP BY txn_id HAVING sum(amount) <> 0`.execute(db);
		const drifted = await sql<{
			id: number;
		}>`SELECT a.id FROM ledger_account a LEFT JOIN ledger_entry e ON e.account_id = a.id GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`.execute(
			db,
		);
		return [
			{
				name: "every order answered as paid is paid in the folder after the server stopped",
				holds: Number(paid.n) === expected.ordersPaid,
				detail: `${paid.n} paid in the folder, ${expected.ordersPaid} answered paid`,
			},
			{
				name: "stock + units ordered = initial stock",
				holds: (stock.stock ?? 0) + Number(holding.n) === expected.initialStock,
				detail: `${stock.stock} left, ${holding.n} ordered, started with ${expected.initialStock}`,
			},
			{
				name: "every ledger transaction sums to zero, every balance equals its entries",
				holds: unbalanced.rows.length === 0 && drifted.rows.length === 0,
				detail: `${unbalanced.rows.length} unbalanced transaction(s), ${drifted.rows.length} drifted balance(s)`,
			},
		];
	} finally {
		await database.close();
	}
}

/** `node --import tsx scripts/bench/pglite-memory.ts`: this part of the bench alone. */
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const result = await benchPgliteMemory({ customers: 50, seconds: Number(process.env.BENCH_SECONDS ?? 8) });
	if (!reportPgliteMemory(result)) process.exitCode = 1;
}
