import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ApiEnvelope, ErrorCode, expandShopMenu, type OrderView, type ShopMenuWire } from "@bayon/contract";
import { afterAll, describe, expect, it } from "vitest";
import { type EmbeddedServer, startEmbeddedServer } from "../../test/embedded-server.js";
import { expectLedgerInvariants } from "../../test/ledger-invariants.js";
import { openDatabase } from "../db/database.js";

/**
 * The embedded variant of the backup drill (decision 038): the server as `npm start` runs it holds
 * DATA_DIR/pg; the demo customer orders and pays over HTTP while `npm run backup` asks that server
 * for a copy through DATA_DIR/backup.sock. The archive restored into a new folder starts a server
 * with every order acknowledged before the backup began, and a ledger that holds together.
 * Only the PGlite project collects it (its name, vitest.config.ts).
 */
const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), "../cli.ts");
const work = mkdtempSync(path.join(tmpdir(), "bayon-embedded-backup-"));
const sourceDir = path.join(work, "source");
const restoredDir = path.join(work, "restored");
const running: EmbeddedServer[] = [];

afterAll(async () => {
	for (const server of running) await server.kill("SIGKILL");
	rmSync(work, { recursive: true, force: true });
});

describe("backup and restore of the embedded database", () => {
	it("copies a running embedded server's database consistently, under load", { timeout: 240_000 }, async () => {
		const source = await startEmbedded(sourceDir);
		const token = await signIn(source.url, sourceDir, "13800000003");
		const menu = await call<ShopMenuWire>(source.url, "GET", "/app-api/product/products?shopId=1");
		const item = expandShopMenu(menu.data)
			.categories.flatMap((category) => category.items)
			.filter(
				(candidate) =>
					candidate.optionGroups.every((group) => group.minChoices === 0) &&
					!candidate.soldOut &&
					candidate.stock === null,
			)
			.sort((a, b) => a.price - b.price)[0];
		if (!item) throw new Error("no demo item without required choices and stock");

		// The demo customer's balance pays for a dozen or so of the cheapest item; past that the
		// orders are still placed (and written), and stay unpaid.
		const acknowledged: { orderId: number; at: number; paid: boolean }[] = [];
		let stop = false;
		let failure: Error | undefined;
		const ordering = (async () => {
			for (let n = 0; !stop; n++) {
				const placed = await call<OrderView>(source.url, "POST", "/app-api/order/create", {
					token,
					headers: { "idempotency-key": `embedded-backup-${n}` },
					body: { shopId: 1, orderType: "takein", lines: [{ itemId: item.id, quantity: 1, optionIds: [] }] },
				});
				const paid =
					placed.code === 0
						? await call(source.url, "POST", "/app-api/order/pay", {
								token,
								body: { orderId: placed.data.id, payMethod: "balance" },
							})
						: placed;
				if (paid.code !== 0 && paid.code !== ErrorCode.InsufficientBalance) {
					failure = new Error(`an order failed under load: ${paid.code} ${paid.msg}`);
					return;
				}
				acknowledged.push({ orderId: placed.data.id, at: performance.now(), paid: paid.code === 0 });
			}
		})();
		const waitForOrders = async (count: number) => {
			while (acknowledged.length < count && !failure) await new Promise((resolve) => setTimeout(resolve, 50));
			if (failure) throw failure;
		};

		await waitForOrders(10);
		const backupBegan = performance.now();
		const backup = await runCli(["backup", "--out", work], { DATA_DIR: sourceDir });
		const backupSeconds = (performance.now() - backupBegan) / 1000;
		expect(backup.code, backup.output).toBe(0);
		expect(backup.output).toContain("(running server)");
		await waitForOrders(acknowledged.length + 2);
		stop = true;
		await ordering;
		await source.kill("SIGTERM", "launcher");
		// The server's socket went with it; no staging copy was left in the data folder.
		expect(readdirSync(sourceDir).filter((name) => name.startsWith(".backup") || name === "backup.sock")).toEqual([]);

		const archive = readdirSync(work).find((name) => name.endsWith(".tar.gz"));
		if (!archive) throw new Error(`no archive written: ${backup.output}`);
		const restore = await runCli(["restore", path.join(work, archive)], { DATA_DIR: restoredDir });
		expect(restore.code, restore.output).toBe(0);

		const restored = await startEmbedded(restoredDir);
		const beforeBackup = acknowledged.filter((order) => order.at < backupBegan);
		for (const { orderId, paid } of beforeBackup) {
			const detail = await call<OrderView>(restored.url, "GET", `/app-api/order/detail/${orderId}`, { token });
			expect(detail.code, `order ${orderId}: ${detail.msg}`).toBe(0);
			if (paid) expect(detail.data.paymentStatus, `order ${orderId}`).toBe("paid");
		}
		await restored.kill("SIGTERM", "launcher");

		const database = await openDatabase({ pgliteDir: path.join(restoredDir, "pg") });
		try {
			await expectLedgerInvariants(database.db);
		} finally {
			await database.close();
		}
		console.log(
			`backup drill (embedded): ${acknowledged.length} orders placed (${acknowledged.filter((order) => order.paid).length} paid); backup ` +
				`${(statSync(path.join(work, archive)).size / 1e6).toFixed(1)} MB in ${backupSeconds.toFixed(1)} s, ` +
				`${acknowledged.filter((order) => order.at >= backupBegan).length} orders placed meanwhile; ` +
				`${beforeBackup.length} acknowledged before it began, all restored`,
		);
	});
});

async function startEmbedded(dataDir: string): Promise<EmbeddedServer> {
	// Noon in Phnom Penh: the demo shop is open.
	const server = await startEmbeddedServer({ dataDir, env: { FAKE_NOW: "2026-11-20T05:00:00Z" } });
	running.push(server);
	return server;
}

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
	return new Promise((resolve) => {
		const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
		delete childEnv.DATABASE_URL;
		const child = spawn(process.execPath, ["--import", "tsx", cli, ...args], {
			env: childEnv,
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

async function call<T = unknown>(
	url: string,
	method: "GET" | "POST",
	urlPath: string,
	options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiEnvelope<T>> {
	const headers: Record<string, string> = { "tenant-id": "1", "x-lang": "en", ...options.headers };
	if (options.token) headers.authorization = `Bearer ${options.token}`;
	if (options.body !== undefined) headers["content-type"] = "application/json";
	const response = await fetch(`${url}${urlPath}`, {
		method,
		headers,
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
	});
	return (await response.json()) as ApiEnvelope<T>;
}

async function signIn(url: string, dataDir: string, mobile: string): Promise<string> {
	const sent = await call(url, "POST", "/app-api/member/auth/send-sms-code", { body: { mobile, scene: 1 } });
	expect(sent.code, sent.msg).toBe(0);
	const code = readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8")
		.trim()
		.split("\n")
		.map((line) => JSON.parse(line) as { mobile: string; code: string })
		.filter((message) => message.mobile === mobile)
		.at(-1)?.code;
	const login = await call<{ accessToken: string }>(url, "POST", "/app-api/member/auth/sms-login", {
		body: { mobile, code },
	});
	expect(login.code, login.msg).toBe(0);
	return login.data.accessToken;
}
