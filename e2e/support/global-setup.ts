import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startFakeBotApi } from "../../apps/api/test/fake-bot-api.js";

declare module "vitest" {
	export interface ProvidedContext {
		baseUrl: string;
		dataDir: string;
		telegramBotToken: string;
		/** The fake Telegram Bot API the server's bot talks to; `GET ${botApiUrl}/__calls` lists its calls. */
		botApiUrl: string;
		/** What the server's webhook wants in X-Telegram-Bot-Api-Secret-Token. */
		telegramWebhookSecret: string;
		/**
		 * How far the server's clock ran ahead of this machine's once it was up: `Date.now() +` it
		 * is the server's time where an answer cannot wait for GET /app-api/test/clock (serverNow).
		 */
		serverClockOffsetMs: number;
	}
}

/** A made-up bot token: the tests sign Telegram launch data with it, the server checks it. */
const TELEGRAM_BOT_TOKEN = "123456789:e2e-test-token-not-a-real-bot-AAAA";
/** The tests post Telegram's updates to the webhook with it, as Telegram would. */
const TELEGRAM_WEBHOOK_SECRET = "e2e-webhook-secret-not-a-real-one";

const root = fileURLToPath(new URL("../..", import.meta.url));

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() =>
				typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
			);
		});
	});
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
	const deadline = Date.now() + 90_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
		try {
			const response = await fetch(`${url}/healthz`);
			if (response.ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`The server did not become healthy in 90 s:\n${output()}`);
}

/**
 * Every browser test runs on one fixed clock: the server's starts at 11:00 in Phnom Penh (UTC+7,
 * no daylight saving), inside the demo shop's hours (08:00–22:00) with hours to spare on both
 * sides for a story that moves it, whatever the time of day the run starts; every page's clock
 * runs from the server's (newPhone, browser.ts). The day is the first on which that moment is
 * still ahead of this machine's clock, so the server is never behind it: tokens it hands out still
 * look fresh here, and it is at most a day ahead of the database's own now() (column defaults),
 * as in the API tests. E2E_FAKE_NOW (an ISO instant) starts it elsewhere, to try the suite at
 * another hour of the shop's day (decision 026).
 */
export const SHOP_TIME_AT_START = { hour: 11, minute: 0, utcOffsetHours: 7 } as const;

export function fixedClockStart(now = new Date()): string {
	const start = new Date(now);
	start.setUTCHours(SHOP_TIME_AT_START.hour - SHOP_TIME_AT_START.utcOffsetHours, SHOP_TIME_AT_START.minute, 0, 0);
	while (start <= now) start.setUTCDate(start.getUTCDate() + 1);
	return start.toISOString();
}

/** Starts the real product server once (fresh data folder, free port) and stops it at the end. */
export default async function setup(project: TestProject) {
	if (!existsSync(path.join(root, "apps/web/dist/index.html"))) {
		const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
		if (build.status !== 0) throw new Error("Building the web app failed");
	}
	const dataDir = mkdtempSync(path.join(tmpdir(), "bayon-e2e-"));
	const port = await freePort();
	// The bot's messages go to a loopback stand-in for Telegram, which the tests read.
	const botApi = await startFakeBotApi();
	// The fixed clock (fixedClockStart); a fake clock also has the test clock routes
	// (/app-api/test/clock, read by every page and moved by merchant-wallet.e2e.test.ts).
	const fakeNow = process.env.E2E_FAKE_NOW ?? fixedClockStart();
	let log = "";
	const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/main.ts"], {
		cwd: root,
		env: {
			...process.env,
			PORT: String(port),
			DATA_DIR: dataDir,
			NODE_ENV: "test",
			TELEGRAM_BOT_TOKEN,
			// Every browser test signs in from 127.0.0.1: the whole suite asks for more codes an hour
			// than one real address may.
			SMS_PER_IP_PER_HOUR: "1000",
			FAKE_NOW: fakeNow,
			TELEGRAM_API_URL: botApi.url,
			TELEGRAM_WEBHOOK_SECRET,
			// The bot's buttons open pages at this origin; the server registers its webhook here.
			PUBLIC_URL: `http://127.0.0.1:${port}`,
		},
		stdio: ["ignore", "pipe", "pipe"],
	});
	child.stdout?.on("data", (chunk: Buffer) => {
		// E2E_SERVER_LOG names a file that keeps the server's whole log (CI keeps only its last lines on a failed start).
		if (process.env.E2E_SERVER_LOG) appendFileSync(process.env.E2E_SERVER_LOG, chunk);
		log += chunk.toString();
	});
	child.stderr?.on("data", (chunk: Buffer) => {
		log += chunk.toString();
	});
	const baseUrl = `http://127.0.0.1:${port}`;
	try {
		await waitForHealth(baseUrl, child, () => log.slice(-4000));
	} catch (error) {
		child.kill("SIGKILL");
		rmSync(dataDir, { recursive: true, force: true });
		await botApi.close();
		throw error;
	}
	const clock = await fetch(`${baseUrl}/app-api/test/clock`, { headers: { "tenant-id": "1" } });
	const serverClock = (await clock.json()) as { data: { now: string } };
	project.provide("serverClockOffsetMs", Date.parse(serverClock.data.now) - Date.now());
	project.provide("baseUrl", baseUrl);
	project.provide("dataDir", dataDir);
	project.provide("telegramBotToken", TELEGRAM_BOT_TOKEN);
	project.provide("botApiUrl", botApi.url);
	project.provide("telegramWebhookSecret", TELEGRAM_WEBHOOK_SECRET);

	return async () => {
		if (child.exitCode === null) {
			const exited = new Promise((resolve) => child.once("exit", resolve));
			child.kill("SIGTERM");
			await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
			if (child.exitCode === null) child.kill("SIGKILL");
		}
		rmSync(dataDir, { recursive: true, force: true });
		await botApi.close();
	};
}
