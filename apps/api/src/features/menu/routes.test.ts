import http from "node:http";
import { gunzipSync } from "node:zlib";
import {
	type ApiEnvelope,
	ErrorCode,
	formatMessage,
	type MenuItem,
	type ShopMenu,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { MENU_CACHE_MS } from "./service.js";

let server: TestServer;
let shopId: number;
let itemIds: Record<string, number>;

beforeAll(async () => {
	server = await startTestServer();
	const db = server.deps.db;
	shopId = (await db.selectFrom("shop").select("id").where("code", "=", "riverside").executeTakeFirstOrThrow()).id;
	// The kitchen added a special that so far has only its Chinese name.
	const category = await db
		.insertInto("menu_category")
		.values({ shop_id: shopId, code: "specials", name: JSON.stringify({ "zh-CN": "今日特供" }), sort: 99 })
		.returning("id")
		.executeTakeFirstOrThrow();
	await db
		.insertInto("menu_item")
		.values({
			shop_id: shopId,
			category_id: category.id,
			code: "crab-fried-rice",
			name: JSON.stringify({ "zh-CN": "蟹肉炒饭", en: "" }),
			description: JSON.stringify({ "zh-CN": "贡布蟹肉。" }),
			price: 700,
			sort: 1,
		})
		.execute();
	const items = await db.selectFrom("menu_item").select(["id", "code"]).where("shop_id", "=", shopId).execute();
	itemIds = Object.fromEntries(items.map((item) => [item.code, item.id]));
});
afterAll(async () => {
	await server?.close();
});

const products = (lang: string) => server.call<ShopMenu>("GET", `/app-api/product/products?shopId=${shopId}`, { lang });
const detail = (id: number | string, lang = "en") =>
	server.call<MenuItem>("GET", `/app-api/product/detail/${id}`, { lang });
const itemsOf = (menu: ShopMenu) => menu.categories.flatMap((category) => category.items);
const findItem = (menu: ShopMenu, code: string) => itemsOf(menu).find((item) => item.id === itemIds[code]) as MenuItem;

/** A plain HTTP GET that shows the bytes and headers as sent (fetch would unzip them). */
function rawGet(path: string, headers: Record<string, string> = {}) {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
		const request = http.get(
			`${server.url}${path}`,
			{ headers: { "tenant-id": "1", "shop-key": "bayon-demo", ...headers } },
			(response) => {
				const chunks: Buffer[] = [];
				response.on("data", (chunk: Buffer) => chunks.push(chunk));
				response.on("end", () =>
					resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
				);
			},
		);
		request.on("error", reject);
	});
}

describe("the menu", () => {
	it.each([
		[
			"zh-CN",
			["咖啡", "奶茶", "果茶与鲜榨", "高棉菜", "小吃与甜品", "今日特供"],
			"柬式冰奶咖啡",
			["杯型", "甜度", "温度"],
		],
		[
			"en",
			["Coffee", "Milk tea", "Fruit tea & juice", "Khmer dishes", "Snacks & desserts", "今日特供"],
			"Iced Khmer coffee",
			["Size", "Sweetness", "Ice / hot"],
		],
		[
			"km",
			["កាហ្វេ", "តែទឹកដោះគោ", "តែផ្លែឈើ និងទឹកផ្លែឈើ", "ម្ហូបខ្មែរ", "អាហារសម្រន់ និងបង្អែម", "今日特供"],
			"កាហ្វេទឹកដោះគោទឹកកក",
			["ទំហំ", "កម្រិតស្ករ", "ទឹកកក / ក្តៅ"],
		],
	])("is grouped by category and named in %s", async (lang, categories, firstItem, groups) => {
		const answer = await products(lang);

		expect(answer.code).toBe(0);
		expect(answer.data.shopId).toBe(shopId);
		expect(answer.data.categories.map((c) => c.name)).toEqual(categories);
		const coffee = answer.data.categories[0]?.items[0] as MenuItem;
		expect(coffee).toMatchObject({ id: itemIds["iced-khmer-coffee"], name: firstItem, price: 250, originalPrice: 300 });
		expect(coffee.optionGroups.map((g) => g.name)).toEqual(groups);
	});

	it("lists all 22 dishes and drinks of the demo shop plus the new special", async () => {
		const answer = await products("en");

		expect(itemsOf(answer.data)).toHaveLength(23);
		expect(answer.data.categories.map((c) => c.items.length)).toEqual([4, 4, 5, 5, 4, 1]);
	});

	it.each(SUPPORTED_LANGUAGES)("falls back to the Chinese name where a translation is missing, in %s", async (lang) => {
		const answer = await products(lang);

		const special = answer.data.categories.at(-1);
		expect(special?.name).toBe("今日特供");
		expect(special?.items.map((item) => [item.name, item.description])).toEqual([["蟹肉炒饭", "贡布蟹肉。"]]);
	});

	it("carries each item's option groups with their limits, prices and defaults", async () => {
		const answer = await products("en");

		const pearlTea = findItem(answer.data, "pearl-milk-tea");
		expect(pearlTea.optionGroups.map((g) => [g.name, g.minChoices, g.maxChoices])).toEqual([
			["Size", 1, 1],
			["Sweetness", 1, 1],
			["Ice / hot", 1, 1],
			["Toppings", 0, 3],
		]);
		expect(pearlTea.optionGroups[0]?.options).toEqual([
			{ id: expect.any(Number), name: "Regular", priceDelta: 0, isDefault: true, soldOut: false, stock: null },
			{ id: expect.any(Number), name: "Large", priceDelta: 50, isDefault: false, soldOut: false, stock: null },
		]);
	});

	it("marks sold-out items and items with no stock left, and shows the stock that is left", async () => {
		const answer = await products("en");

		const menu = answer.data;
		expect(findItem(menu, "matcha-milk-tea")).toMatchObject({ soldOut: true, stock: null });
		expect(findItem(menu, "nom-banh-chok")).toMatchObject({ soldOut: true, stock: 0 });
		expect(findItem(menu, "cafe-latte")).toMatchObject({ soldOut: false, stock: 30 });
		expect(findItem(menu, "fresh-coconut")).toMatchObject({ soldOut: false, stock: 12 });
		expect(itemsOf(menu).filter((item) => item.soldOut)).toHaveLength(2);
	});

	it("offers the fresh coconut for pickup and dine-in only, and the passion fruit tea everywhere", async () => {
		const answer = await products("en");

		expect(findItem(answer.data, "fresh-coconut").orderTypes).toEqual(["takein", "desk"]);
		expect(findItem(answer.data, "passion-fruit-green-tea").orderTypes).toEqual(["takein", "takeout", "desk"]);
	});

	it("shows a sold-out mark at most a couple of seconds after the kitchen sets it", async () => {
		const latte = itemIds["cafe-latte"] as number;
		// The server's clock, not the wall clock, ages the cached menu: start from a fresh copy.
		server.clock.advance(MENU_CACHE_MS / 1000);
		await products("en");
		await server.deps.db.updateTable("menu_item").set({ sold_out: true }).where("id", "=", latte).execute();
		onTestFinished(async () => {
			await server.deps.db.updateTable("menu_item").set({ sold_out: false }).where("id", "=", latte).execute();
			server.clock.advance(MENU_CACHE_MS / 1000);
		});
		server.clock.advance((MENU_CACHE_MS - 100) / 1000);
		const cached = await products("en");
		server.clock.advance(200 / 1000);

		const answer = await products("en");

		expect(findItem(cached.data, "cafe-latte").soldOut).toBe(false);
		expect(findItem(answer.data, "cafe-latte").soldOut).toBe(true);
	});

	it("answers not found for an unknown shop", async () => {
		const answer = await server.call("GET", "/app-api/product/products?shopId=999999", { lang: "en" });

		expect(answer).toEqual({ code: ErrorCode.NotFound, msg: formatMessage("notFound", "en"), data: null });
	});
});

describe("menu caching and compression", () => {
	const path = () => `/app-api/product/products?shopId=${shopId}`;

	it("sends an ETag, and answers 304 without a body when the copy is still current", async () => {
		const first = await rawGet(path(), { "x-lang": "en" });

		const second = await rawGet(path(), { "x-lang": "en", "if-none-match": first.headers.etag as string });

		expect(first.status).toBe(200);
		expect(first.headers.etag).toMatch(/^".+"$/);
		expect(first.headers["cache-control"]).toBe("private, no-cache");
		expect(second.status).toBe(304);
		expect(second.body.length).toBe(0);
	});

	it("sends the whole menu again for an outdated ETag, and a different ETag per language", async () => {
		const english = await rawGet(path(), { "x-lang": "en" });

		const stale = await rawGet(path(), { "x-lang": "en", "if-none-match": '"outdated"' });
		const khmer = await rawGet(path(), { "x-lang": "km", "if-none-match": english.headers.etag as string });

		expect(stale.status).toBe(200);
		expect((JSON.parse(stale.body.toString()) as ApiEnvelope<ShopMenu>).code).toBe(0);
		expect(khmer.status).toBe(200);
		expect(khmer.headers.etag).not.toBe(english.headers.etag);
	});

	it("gzips the menu for a client that accepts it, and sends plain JSON to one that does not", async () => {
		const zipped = await rawGet(path(), { "x-lang": "en", "accept-encoding": "gzip, deflate, br" });
		const plain = await rawGet(path(), { "x-lang": "en" });

		expect(zipped.headers["content-encoding"]).toBe("gzip");
		expect(zipped.headers["content-type"]).toMatch(/^application\/json/);
		expect(plain.headers["content-encoding"]).toBeUndefined();
		expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
		const unzipped = JSON.parse(gunzipSync(zipped.body).toString()) as ApiEnvelope<ShopMenu>;
		expect(unzipped).toEqual(JSON.parse(plain.body.toString()));
		expect(unzipped.data.categories[0]?.name).toBe("Coffee");
	});

	it("can be read by a browser's fetch, which unzips it", async () => {
		const response = await fetch(`${server.url}${path()}`, { headers: { "tenant-id": "1", "x-lang": "km" } });

		const body = (await response.json()) as ApiEnvelope<ShopMenu>;
		expect(body.code).toBe(0);
		expect(body.data.categories[0]?.name).toBe("កាហ្វេ");
	});
});

describe("item detail", () => {
	it.each(SUPPORTED_LANGUAGES)("shows one item in full, in %s", async (lang) => {
		const answer = await detail(itemIds["fish-amok"] as number, lang);

		const names = { "zh-CN": ["阿莫克蒸鱼", "辣度"], en: ["Fish amok", "Spice level"], km: ["អាម៉ុកត្រី", "កម្រិតហឹរ"] }[lang];
		expect(answer.code).toBe(0);
		expect(answer.data).toMatchObject({
			id: itemIds["fish-amok"],
			name: names?.[0],
			price: 550,
			originalPrice: 650,
			stock: 20,
			soldOut: false,
			orderTypes: ["takein", "takeout", "desk"],
		});
		expect(answer.data.description).not.toBe("");
		expect(answer.data.optionGroups.map((g) => g.name)).toEqual([names?.[1], formatAddOns(lang)]);
	});

	it("shows a sold-out item as sold out", async () => {
		const answer = await detail(itemIds["nom-banh-chok"] as number);

		expect(answer.data).toMatchObject({ name: "Nom banh chok", soldOut: true, stock: 0 });
	});

	it("answers not found for an unknown item and for one taken off the menu", async () => {
		const pumpkin = itemIds["pumpkin-custard"] as number;
		await server.deps.db.updateTable("menu_item").set({ enabled: false }).where("id", "=", pumpkin).execute();
		onTestFinished(async () => {
			await server.deps.db.updateTable("menu_item").set({ enabled: true }).where("id", "=", pumpkin).execute();
		});

		const unknown = await detail(999_999);
		const disabled = await detail(pumpkin);

		expect(unknown).toEqual({ code: ErrorCode.NotFound, msg: formatMessage("notFound", "en"), data: null });
		expect(disabled.code).toBe(ErrorCode.NotFound);
	});

	it("refuses an id that is not one", async () => {
		const answer = await detail("abc");

		expect(answer).toMatchObject({
			code: ErrorCode.BadRequest,
			msg: formatMessage("fieldInvalid", "en", { field: "id" }),
		});
	});
});

function formatAddOns(lang: string): string {
	return { "zh-CN": "加配", en: "Add-ons", km: "បន្ថែម" }[lang] as string;
}
