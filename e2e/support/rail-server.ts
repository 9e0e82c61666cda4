import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
	expandShopMenu,
	type MenuItem,
	type OrderView,
	type RechargeMenu,
	type ReservationSettingsPage,
	type ReservationView,
	type ShopMenuWire,
	type ShopSummary,
	UpdateReservationSettingsInput,
} from "@bayon/contract";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { openDatabase } from "../../apps/api/src/db/database";
import { migrate } from "../../apps/api/src/db/migrate";
import { seedDemo } from "../../apps/api/src/seed/seed";
import { fixedClockStart } from "./global-setup";

/**
 * Our product server for the payment rails' browser tests (issue 29): the same `apps/api/src/main.ts`
 * the other browser tests run, but its own, started by the test file with a fresh data folder (or
 * a fresh PostgreSQL database), the browser tests' fixed clock, and the rails' hosts pointed at the
 * local fakes the file started (`WECHATPAY_API_URL`, `ALIPAY_GATEWAY_URL`, `BAKONG_API_URL`, …).
 *
 * WeChat Pay and Alipay take yuan only: `ledger: "CNY"` migrates and seeds the database before
 * the server starts and switches the demo tenant to yuan without a second currency, as an
 * operator's tenant taking those rails would be (there is no API for a tenant's ledger currency).
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
export const OPERATOR_MOBILE = "13800000009";
export const ANDROID =
	"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
export const DESKTOP_CHROME =
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

export type RailDatabase = "pglite" | "postgres";

export interface RailServerOptions {
	database: RailDatabase;
	/** Rail hosts (and any other settings) as environment variables. */
	env: Record<string, string>;
	/** The demo tenant's ledger currency: USD (as seeded, riel beside) or CNY (no second currency). */
	ledger?: "USD" | "CNY";
}

export interface Session {
	accessToken: string;
	refreshToken: string;
	expiresTime: number;
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const address = probe.address();
			probe.close(() =>
				typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
			);
		});
	});
}

/** The PostgreSQL server the browser tests may use (CI sets TEST_POSTGRES_URL). */
function postgresAdminUrl(): string {
	return process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

export class RailServer {
	baseUrl = "";
	dataDir = "";
	log = "";
	/** The server's clock minus this machine's (it runs on the browser tests' fixed clock). */
	aheadMs = 0;
	private child: ChildProcess | undefined;
	private postgresName: string | undefined;

	constructor(readonly options: RailServerOptions) {}

	/** Now on the server's clock: fakes sign and judge expiry with it. */
	now = (): Date => new Date(Date.now() + this.aheadMs);

	async start(): Promise<this> {
		this.dataDir = mkdtempSync(path.join(tmpdir(), "bayon-e2e-rails-"));
		const fakeNow = fixedClockStart();
		// Known before the server answers: the fakes' clocks follow it from the first request.
		this.aheadMs = Date.parse(fakeNow) - Date.now();
		let databaseUrl: string | undefined;
		if (this.options.database === "postgres") {
			this.postgresName = `bayon_e2e_${randomBytes(6).toString("hex")}`;
			const admin = new pg.Client({ connectionString: postgresAdminUrl() });
			await admin.connect();
			await admin.query(`CREATE DATABASE ${this.postgresName}`);
			await admin.end();
			const url = new URL(postgresAdminUrl());
			url.pathname = `/${this.postgresName}`;
			databaseUrl = url.toString();
		}
		if (this.options.ledger === "CNY") await this.seedInYuan(databaseUrl);

		const port = await freePort();
		this.baseUrl = `http://127.0.0.1:${port}`;
		const env: NodeJS.ProcessEnv = {
			...process.env,
			PORT: String(port),
			DATA_DIR: this.dataDir,
			NODE_ENV: "test",
			SMS_PER_IP_PER_HOUR: "1000",
			FAKE_NOW: fakeNow,
			PUBLIC_URL: this.baseUrl,
			LOG_LEVEL: "warn",
			...this.options.env,
		};
		delete env.DATABASE_URL;
		if (databaseUrl) env.DATABASE_URL = databaseUrl;
		this.child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/main.ts"], {
			cwd: root,
			env,
			stdio: ["ignore", "pipe", "pipe"],
		});
		this.child.stdout?.on("data", (chunk: Buffer) => {
			this.log += chunk.toString();
		});
		this.child.stderr?.on("data", (chunk: Buffer) => {
			this.log += chunk.toString();
		});
		const deadline = Date.now() + 90_000;
		for (;;) {
			if (this.child.exitCode !== null) throw new Error(`the server exited with ${this.child.exitCode}:\n${this.log}`);
			if (Date.now() > deadline) throw new Error(`the server did not start in 90 s:\n${this.log}`);
			const healthy = await fetch(`${this.baseUrl}/healthz`).then(
				(response) => response.ok,
				() => false,
			);
			if (healthy) break;
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		this.aheadMs = Date.parse((await this.call<{ now: string }>("/test/clock")).now) - Date.now();
		return this;
	}

	/** Migrates and seeds the demo as the server would, then makes the demo tenant's ledger yuan. */
	private async seedInYuan(databaseUrl: string | undefined) {
		const database = await openDatabase({ url: databaseUrl, pgliteDir: path.join(this.dataDir, "pg") });
		try {
			await migrate(database);
			await seedDemo(database.db, { dataDir: this.dataDir });
			await database.db
				.updateTable("tenant")
				.set({
					currency_code: "CNY",
					currency_symbol: "¥",
					currency_decimals: 2,
					currency_symbol_position: "before",
					second_currency_code: null,
					second_currency_symbol: null,
					second_currency_rate: null,
					second_currency_round_to: null,
					second_currency_symbol_position: null,
				})
				.where("id", "=", 1)
				.execute();
		} finally {
			await database.close();
		}
	}

	async stop() {
		const child = this.child;
		if (child && child.exitCode === null) {
			const exited = new Promise((resolve) => child.once("exit", resolve));
			child.kill("SIGTERM");
			await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
		}
		if (this.postgresName) {
			const admin = new pg.Client({ connectionString: postgresAdminUrl() });
			await admin.connect();
			await admin.query(`DROP DATABASE IF EXISTS ${this.postgresName} WITH (FORCE)`);
			await admin.end();
		}
		if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
	}

	/** One call of the app API (envelope unwrapped; a non-zero code throws). */
	async call<T>(
		urlPath: string,
		options: { method?: "GET" | "POST"; body?: unknown; token?: string; headers?: Record<string, string> } = {},
	): Promise<T> {
		const response = await fetch(`${this.baseUrl}/app-api${urlPath}`, {
			method: options.method ?? "GET",
			headers: {
				"tenant-id": "1",
				"shop-key": "bayon-demo",
				"x-lang": "zh-CN",
				...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
				...(options.body === undefined ? {} : { "content-type": "application/json" }),
				...options.headers,
			},
			body: options.body === undefined ? undefined : JSON.stringify(options.body),
		});
		const envelope = (await response.json()) as { code: number; msg: string; data: T };
		if (envelope.code !== 0) throw new Error(`${urlPath} answered ${envelope.code}: ${envelope.msg}`);
		return envelope.data;
	}

	/** Signs a member in with the code the server "texted" (its outbox in this server's data folder). */
	async signIn(mobile: string): Promise<Session> {
		const outbox = path.join(this.dataDir, "sms-outbox.jsonl");
		const codes = () =>
			existsSync(outbox)
				? readFileSync(outbox, "utf8")
						.split("\n")
						.filter((line) => line.trim())
						.map((line) => JSON.parse(line) as { mobile: string; code: string })
						.filter((line) => line.mobile === mobile)
				: [];
		const before = codes().length;
		await this.call("/member/auth/send-sms-code", { method: "POST", body: { mobile, scene: 1 } });
		for (let waited = 0; waited < 10_000; waited += 100) {
			const code = codes()[before]?.code;
			if (code) return this.call<Session>("/member/auth/sms-login", { method: "POST", body: { mobile, code } });
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		throw new Error(`no SMS code for ${mobile}`);
	}

	/** The platform operator stores a rail's settings (as the rail settings page does) and switches it on. */
	async setUpRail(rail: "wechat" | "alipay" | "khqr", settings: unknown): Promise<Session> {
		const operator = await this.signIn(OPERATOR_MOBILE);
		await this.call("/platform/payment-rails/save", {
			method: "POST",
			token: operator.accessToken,
			body: { rail, settings },
		});
		const rails = await this.call<{ rails: Array<{ rail: string; state: string }> }>("/platform/payment-rails", {
			token: operator.accessToken,
		});
		if (rails.rails.find((entry) => entry.rail === rail)?.state !== "on")
			await this.call("/platform/payment-rails/enable", {
				method: "POST",
				token: operator.accessToken,
				body: { rail },
			});
		return operator;
	}

	/**
	 * A browser context signed in as `session`'s member, its pages on the server's clock: a phone
	 * (390 px) with `userAgent`, or with `desktop` a 1024 px desktop browser.
	 */
	async signedInContext(
		browser: Browser,
		session: Session,
		locale: string,
		device: { userAgent?: string; desktop?: boolean } = {},
	): Promise<{ context: BrowserContext; page: Page }> {
		const desktop = device.desktop === true;
		const context = await browser.newContext({
			baseURL: this.baseUrl,
			locale,
			userAgent: device.userAgent ?? (desktop ? DESKTOP_CHROME : ANDROID),
			viewport: desktop ? { width: 1024, height: 768 } : { width: 390, height: 844 },
			deviceScaleFactor: desktop ? 1 : 2,
			isMobile: !desktop,
			hasTouch: !desktop,
		});
		const member = await this.call<unknown>("/member/user/get-info", { token: session.accessToken });
		await context.addInitScript(
			({ session, member, shiftMs }) => {
				const RealDate = Date;
				const ShiftedDate = function (this: unknown, ...args: unknown[]) {
					if (!new.target) return new RealDate(RealDate.now() + shiftMs).toString();
					return args.length === 0
						? new RealDate(RealDate.now() + shiftMs)
						: new (RealDate as unknown as new (...values: unknown[]) => Date)(...args);
				} as unknown as DateConstructor;
				Object.defineProperties(ShiftedDate, {
					prototype: { value: RealDate.prototype },
					now: { value: () => RealDate.now() + shiftMs },
					parse: { value: RealDate.parse },
					UTC: { value: RealDate.UTC },
				});
				globalThis.Date = ShiftedDate;
				if (!localStorage.getItem("accessToken")) {
					localStorage.setItem("accessToken", session.accessToken);
					localStorage.setItem("refreshToken", session.refreshToken);
					localStorage.setItem("expiresTime", String(session.expiresTime));
					localStorage.setItem("userinfo", JSON.stringify(member));
				}
			},
			{ session, member, shiftMs: this.aheadMs },
		);
		const page = await context.newPage();
		page.setDefaultTimeout(15_000);
		return { context, page };
	}
}

export async function startRailServer(options: RailServerOptions): Promise<RailServer> {
	return new RailServer(options).start();
}

// ---- what the rails' stories share: an order, a booking with a deposit, a recharge package ----

/** The demo shop and a plain pickup item of it (no options, in stock). */
export async function demoShopAndItem(server: RailServer): Promise<{ shop: ShopSummary; item: MenuItem }> {
	const shop = await server.call<ShopSummary | null>("/store/nearby");
	if (!shop) throw new Error("the demo shop is missing");
	const menu = expandShopMenu(await server.call<ShopMenuWire>(`/product/products?shopId=${shop.id}`));
	const item = menu.categories
		.flatMap((category) => category.items)
		.find(
			(candidate) =>
				!candidate.soldOut &&
				(candidate.stock === null || candidate.stock > 20) &&
				candidate.orderTypes.includes("takein") &&
				candidate.optionGroups.every((group) => group.minChoices === 0),
		);
	if (!item) throw new Error("no simple pickup item on the demo menu");
	return { shop, item };
}

/** A pickup order of one item, placed as the cart does, waiting to be paid. */
export async function placeOrder(server: RailServer, token: string): Promise<OrderView> {
	const { shop, item } = await demoShopAndItem(server);
	return server.call<OrderView>("/order/create", {
		method: "POST",
		token,
		headers: { "idempotency-key": `e2e-rails-${randomBytes(8).toString("hex")}` },
		body: { shopId: shop.id, orderType: "takein", lines: [{ itemId: item.id, quantity: 1, optionIds: [] }] },
	});
}

export const orderPath = (orderId: number) => `/pages/components/pages/orders/detail?id=${orderId}`;
export const bookingPath = (reservationId: number) => `/pages/components/pages/due/detail?id=${reservationId}`;
export const BALANCE_PATH = "/pages/components/pages/balance/balance";
export const REFUND_TRANSFERS_PATH = "/pages/platform/refund-transfers";

/**
 * The owner asks a deposit of every party of two or more (once per server), and the customer
 * books a table for two tomorrow evening as the booking page does: the booking waits for its
 * deposit (`awaiting_payment`).
 */
export async function bookWithDeposit(
	server: RailServer,
	customer: Session,
	mobile: string,
): Promise<{ id: number; deposit: number }> {
	const { shop } = await demoShopAndItem(server);
	const owner = await server.signIn("13800000001");
	const page = await server.call<ReservationSettingsPage>(`/merchant/reservation/settings?shopId=${shop.id}`, {
		token: owner.accessToken,
	});
	const settings = page.settings;
	if (!(settings.depositPerPerson > 0 && settings.depositMinParty === 2)) {
		// The settings as the owner's page sends them back (only the fields the save takes), with a deposit.
		const body = Object.fromEntries(
			Object.keys(UpdateReservationSettingsInput.shape).map((key) => [
				key,
				(settings as unknown as Record<string, unknown>)[key],
			]),
		);
		await server.call("/merchant/reservation/settings", {
			method: "POST",
			token: owner.accessToken,
			body: { ...body, enabled: true, depositMinParty: 2, depositPerPerson: 500 },
		});
	}
	const tomorrow = new Date(server.now().getTime() + 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);
	const availability = await server.call<{ slots: Array<{ startsAt: string; time: string }> }>(
		`/reservation/availability?shopId=${shop.id}&date=${tomorrow}&party=2`,
		{ token: customer.accessToken },
	);
	const slot = availability.slots.find((candidate) => candidate.time >= "18:00") ?? availability.slots.at(-1) ?? null;
	if (!slot) throw new Error(`no free slot for two on ${tomorrow}`);
	const booked = await server.call<ReservationView>("/reservation/create", {
		method: "POST",
		token: customer.accessToken,
		headers: { "idempotency-key": `e2e-rails-book-${randomBytes(8).toString("hex")}` },
		body: {
			shopId: shop.id,
			startsAt: slot.startsAt,
			party: 2,
			name: "Rail Guest",
			phone: mobile,
			note: "",
			agreed: true,
		},
	});
	return { id: booked.id, deposit: booked.amountDue };
}

/** The recharge package the stories buy: the smallest (its bonus, if any, credited with it). */
export async function smallestPackage(server: RailServer): Promise<RechargeMenu["packages"][number]> {
	const menu = await server.call<RechargeMenu>("/recharge/getMoneyList");
	const pack = [...menu.packages].sort((a, b) => a.payAmount - b.payAmount)[0];
	if (!pack) throw new Error("the demo has no recharge package");
	return pack;
}
