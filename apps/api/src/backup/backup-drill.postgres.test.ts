import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OrderView } from "@bayon/contract";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { expectLedgerInvariants } from "../../test/ledger-invariants.js";
import { OrderingFixture } from "../../test/ordering.js";

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), "../cli.ts");

/** `npm run backup` / `npm run restore` as an operator runs them: the CLI in its own process. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, ["--import", "tsx", cli, ...args], {
			env: { ...process.env, ...env },
			stdio: ["ignore", "pipe", "pipe"],
		});
		let output = "";
		child.stdout.on("data", (chunk: Buffer) => {
			output += chunk.toString();
		});
		child.stderr.on("data", (chunk: Buffer) => {
			output += chunk.toString();
		});
		child.once("close", (code) => resolve({ code: code ?? 1, output }));
	});
}

/**
 * The backup drill (issue 30 item 6, decision 038): customers order and pay through HTTP the
 * whole time; `npm run backup` runs in the middle; the archive is restored into a fresh database
 * and data folder and a server started on them. Every order acknowledged before the backup
 * began must be there, paid, with its ledger whole.
 */
describe("backup and restore under load (PostgreSQL)", () => {
	let source: TestServer;
	let restored: TestServer | undefined;
	let fx: OrderingFixture;
	const work = mkdtempSync(path.join(tmpdir(), "bayon-backup-drill-"));
	const restoredDataDir = path.join(work, "restored-data");
	let restoredUrl: string;
	let restoredName: string;

	beforeAll(async () => {
		source = await startTestServer();
		fx = await new OrderingFixture(source).load();
		const adminUrl = process.env.TEST_POSTGRES_URL as string;
		restoredName = `bayon_restored_${randomBytes(6).toString("hex")}`;
		const admin = new pg.Client({ connectionString: adminUrl });
		await admin.connect();
		await admin.query(`CREATE DATABASE ${restoredName}`);
		await admin.end();
		const url = new URL(adminUrl);
		url.pathname = `/${restoredName}`;
		restoredUrl = url.toString();
	});

	afterAll(async () => {
		await restored?.close();
		await source?.close();
		const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
		await admin.connect();
		await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
		await admin.end();
		rmSync(work, { recursive: true, force: true });
	});

	it("keeps every order acknowledged before the backup began, and the ledger whole", async () => {
		fx.moveClockToLocal("12:00");
		const customers = await Promise.all(
			["13800000301", "13800000302", "13800000303", "13800000304"].map((mobile) => source.signIn(mobile)),
		);
		for (const customer of customers) await fx.grant(customer.userId, 10_000_000);

		// Each customer places and pays orders one after another until told to stop; a failed
		// call stops them all and fails the test.
		const coconut = fx.item("Fresh young coconut");
		await fx.setStock(coconut.id, null);
		const acknowledged: { orderId: number; at: number; token: string }[] = [];
		let stop = false;
		let failure: Error | undefined;
		const customerLoops = customers.map(async (customer) => {
			while (!stop) {
				const order = await fx.place(customer.accessToken, { lines: [fx.line(coconut.name)] });
				const paid = order.code === 0 ? await fx.pay(customer.accessToken, order.data.id) : order;
				if (paid.code !== 0) {
					failure ??= new Error(`an order failed under load: ${paid.code} ${paid.msg}`);
					stop = true;
					return;
				}
				acknowledged.push({ orderId: order.data.id, at: performance.now(), token: customer.accessToken });
			}
		});
		const waitForOrders = async (count: number) => {
			while (acknowledged.length < count && !failure) await new Promise((resolve) => setTimeout(resolve, 50));
			if (failure) throw failure;
		};

		await waitForOrders(20);
		const backupBegan = performance.now();
		const backup = await runCli(["backup", "--out", work], {
			DATABASE_URL: source.deps.database.url as string,
			DATA_DIR: source.dataDir,
		});
		const backupSeconds = (performance.now() - backupBegan) / 1000;
		expect(backup.code, backup.output).toBe(0);
		const ordersDuringBackup = acknowledged.filter((order) => order.at >= backupBegan).length;
		// Keep ordering past the backup: what comes after must not disturb what it holds.
		await waitForOrders(acknowledged.length + 10);
		stop = true;
		await Promise.all(customerLoops);

		const archive = readdirSync(work).find((name) => name.endsWith(".tar.gz"));
		if (!archive) throw new Error(`no archive written: ${backup.output}`);
		const archivePath = path.join(work, archive);

		// Restoring over the source refuses: it is not empty.
		const refused = await runCli(["restore", archivePath], {
			DATABASE_URL: source.deps.database.url as string,
			DATA_DIR: source.dataDir,
		});
		expect(refused.code, refused.output).toBe(1);
		expect(refused.output).toContain("refusing to restore over existing data");

		const restoreBegan = performance.now();
		const restore = await runCli(["restore", archivePath], { DATABASE_URL: restoredUrl, DATA_DIR: restoredDataDir });
		const restoreSeconds = (performance.now() - restoreBegan) / 1000;
		expect(restore.code, restore.output).toBe(0);

		restored = await startTestServer({
			databaseUrl: restoredUrl,
			configure: (config) => {
				config.dataDir = restoredDataDir;
				config.tokenSecret = source.deps.config.tokenSecret;
			},
		});
		const beforeBackup = acknowledged.filter((order) => order.at < backupBegan).map((order) => order.orderId);
		const present = await restored.deps.db
			.selectFrom("customer_order")
			.select(["id", "payment_status", "total"])
			.where("id", "in", beforeBackup)
			.execute();
		expect(
			beforeBackup.filter((id) => !present.some((order) => order.id === id)),
			"orders acknowledged before the backup began, missing from the restore",
		).toEqual([]);
		expect(present.filter((order) => order.payment_status !== "paid").map((order) => order.id)).toEqual([]);

		// The ledger holds together on its own, and every paid order's money is in it exactly once.
		await expectLedgerInvariants(restored.deps.db);
		const money = await sql<{ orders: string; ledger: string }>`
			SELECT (SELECT coalesce(sum(total), 0) FROM customer_order WHERE payment_status = 'paid' AND pay_method = 'balance') AS orders,
				(SELECT coalesce(-sum(e.amount), 0) FROM ledger_entry e JOIN ledger_txn t ON t.id = e.txn_id
					JOIN ledger_account a ON a.id = e.account_id
					WHERE t.kind = 'order_payment' AND a.kind = 'member_wallet') AS ledger`.execute(restored.deps.db);
		expect(Number(money.rows[0]?.ledger)).toBe(Number(money.rows[0]?.orders));

		// Through the restored server's HTTP: a customer's session and order, and the data folder's pictures.
		const first = acknowledged[0] as (typeof acknowledged)[number];
		const detail = await restored.call<OrderView>("GET", `/app-api/order/detail/${first.orderId}`, {
			token: first.token,
		});
		expect(detail.code, detail.msg).toBe(0);
		expect(detail.data.id).toBe(first.orderId);
		const upload = await restored.deps.db.selectFrom("uploaded_file").select("path").executeTakeFirst();
		if (upload) {
			const response = await fetch(`${restored.url}${upload.path}`);
			expect(response.status).toBe(200);
		}

		const restoredOrders = (
			await sql<{ n: string }>`SELECT count(*) AS n FROM customer_order`.execute(restored.deps.db)
		).rows[0]?.n;
		console.log(
			`backup drill (PostgreSQL): ${acknowledged.length} orders placed and paid by ${customers.length} customers; ` +
				`backup ${(statSync(archivePath).size / 1e6).toFixed(2)} MB in ${backupSeconds.toFixed(1)} s ` +
				`(${ordersDuringBackup} orders paid meanwhile); restore ${restoreSeconds.toFixed(1)} s; ` +
				`${beforeBackup.length} orders acknowledged before it began, all restored; ` +
				`${restoredOrders} orders in the restore`,
		);
	}, 120_000);
});
