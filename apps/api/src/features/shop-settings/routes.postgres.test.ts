import { randomUUID } from "node:crypto";
import {
	ErrorCode,
	type OrderView,
	type PricedCart,
	type ShopPauseState,
	type ShopSettingsView,
} from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { OrderingFixture } from "../../../test/ordering.js";

/**
 * Each server keeps a shop's ordering rules for a few seconds (decision 025); a change made
 * through any server must reach the others' next orders through the event bus. Several API
 * servers share one database only on PostgreSQL (PGlite lives inside one process): only the
 * PostgreSQL project collects this file (vitest.config.ts).
 */

let server: TestServer;
let fixture: OrderingFixture;
let owner: string;
let staff: string;
let customer: string;

beforeAll(async () => {
	server = await startTestServer();
	fixture = await new OrderingFixture(server).load();
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	// Each story starts at local noon with the shop open, not paused, its members signed in then.
	fixture.moveClockToLocal("12:00");
	const sessions = await Promise.all(
		["13800000001", "13800000002", "13800000003"].map((mobile) => server.signIn(mobile)),
	);
	[owner, staff, customer] = sessions.map((session) => session.accessToken) as [string, string, string];
});

const current = async () =>
	(
		await server.call<ShopSettingsView>("GET", "/app-api/merchant/shop/settings?shopId=1", {
			token: owner,
			lang: "en",
		})
	).data;
const save = (token: string, settings: unknown, version: number) =>
	server.call<ShopSettingsView>("POST", "/app-api/merchant/shop/settings", {
		token,
		lang: "en",
		body: { shopId: 1, version, settings },
	});
const pause = (token: string, minutes: number) =>
	server.call<ShopPauseState>("POST", "/app-api/merchant/shop/pause", {
		token,
		lang: "en",
		body: { shopId: 1, minutes },
	});
const custard = (quantity: number) => ({ itemId: fixture.item("Pumpkin custard (sankhya lapov)").id, quantity });

describe("several API servers", () => {
	let second: TestServer;
	beforeAll(async () => {
		second = await startTestServer({ sameDatabaseAs: server });
	});
	afterAll(async () => {
		await second?.close();
	});

	const placeOnSecond = () =>
		second.call<OrderView>("POST", "/app-api/order/create", {
			token: customer,
			body: { shopId: 1, orderType: "takein", lines: [custard(1)] },
			headers: { "idempotency-key": randomUUID() },
		});
	/** What the second server's cart page says now; polled, since the bus delivers a moment after the change. */
	const problemsOnSecond = async () =>
		(
			await second.call<PricedCart>("POST", "/app-api/cart/price", {
				token: customer,
				body: { shopId: 1, orderType: "takein", lines: [custard(1)] },
			})
		).data.problems.map((problem) => problem.code);
	async function untilSecondSays(codes: number[]) {
		// The second server's clock stands still: only the event can end its copy of the rules.
		const deadline = Date.now() + 5000;
		let seen = await problemsOnSecond();
		while (JSON.stringify(seen) !== JSON.stringify(codes) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 20));
			seen = await problemsOnSecond();
		}
		expect(seen).toEqual(codes);
	}

	it("a pause made on one server refuses the next order on another, and the resume takes orders again", async () => {
		second.clock.set(server.clock.now());
		// The second server now holds the shop's rules, open.
		expect((await placeOnSecond()).code).toBe(0);

		expect((await pause(staff, 30)).code).toBe(0);
		await untilSecondSays([ErrorCode.StorePaused]);
		expect((await placeOnSecond()).code).toBe(ErrorCode.StorePaused);

		expect((await pause(owner, 0)).code).toBe(0);
		await untilSecondSays([]);
		expect((await placeOnSecond()).code).toBe(0);
	});

	it("new hours saved on one server close the shop for the next order on another", async () => {
		second.clock.set(server.clock.now());
		expect((await placeOnSecond()).code).toBe(0);
		const { version, settings } = await current();

		// Open only in the small hours: closed at the clocks' local noon.
		const saved = await save(
			owner,
			{
				...settings,
				weeklyHours: settings.weeklyHours.map((window) => ({ ...window, opensAt: "02:00", closesAt: "03:00" })),
			},
			version,
		);
		expect(saved.code).toBe(0);

		await untilSecondSays([ErrorCode.StoreClosed]);
		expect((await placeOnSecond()).code).toBe(ErrorCode.StoreClosed);
	});
});
