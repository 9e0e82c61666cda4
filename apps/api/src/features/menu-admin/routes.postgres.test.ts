import { expandShopMenu, type SaveMenuItemInput, type ShopMenuWire } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";

/**
 * Each server keeps the customer's menu for a few seconds (decision 025); a change made through
 * one server must end every server's copy through the event bus. Several API servers share one
 * database only on PostgreSQL (PGlite lives inside one process): only the PostgreSQL project
 * collects this file (vitest.config.ts).
 */

const SHOP = 1;
let server: TestServer;
let second: TestServer;
let owner: string;

beforeAll(async () => {
	server = await startTestServer();
	second = await startTestServer({ sameDatabaseAs: server });
	owner = (await server.signIn("13800000001")).accessToken;
});
afterAll(async () => {
	await second?.close();
	await server?.close();
});

async function save<T>(path: string, body: unknown): Promise<T> {
	const answer = await server.call<T>("POST", `/app-api/merchant/menu/${path}`, { token: owner, body, lang: "en" });
	expect(answer.code, answer.msg).toBe(0);
	return answer.data;
}

const item = (categoryId: number, price: number): SaveMenuItemInput => ({
	shopId: SHOP,
	categoryId,
	name: { "zh-CN": "椰子冰沙", en: "Coconut shake", km: "ក្រឡុកដូង" },
	description: { "zh-CN": "", en: "", km: "" },
	price,
	originalPrice: null,
	stock: null,
	orderTypes: ["takein", "takeout", "desk"],
});

describe("several API servers", () => {
	it("drops every server's cached menu when one server changes it", async () => {
		const category = await save<{ id: number }>("category/save", {
			shopId: SHOP,
			name: { "zh-CN": "新品", en: "New", km: "ថ្មី" },
		});
		const created = await save<{ id: number; version: number }>("item/save", item(category.id, 500));
		const priceOnSecond = async () => {
			const response = await fetch(`${second.url}/app-api/product/products?shopId=${SHOP}`, {
				headers: { "tenant-id": "1", "x-lang": "en" },
			});
			const menu = expandShopMenu(((await response.json()) as { data: ShopMenuWire }).data);
			return menu.categories.flatMap((c) => c.items).find((candidate) => candidate.id === created.id)?.price;
		};
		expect(await priceOnSecond()).toBe(500);

		// An update sends the stock its editor read (here none tracked, and unchanged).
		await save("item/save", { ...item(category.id, 550), id: created.id, version: created.version, stockRead: null });

		// The second server's clock stands still: only the event can end its cached copy.
		const deadline = Date.now() + 5000;
		let price = await priceOnSecond();
		while (price !== 550 && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 20));
			price = await priceOnSecond();
		}
		expect(price).toBe(550);
	});
});
