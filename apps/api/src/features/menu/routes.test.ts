import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
	type ApiEnvelope,
	ErrorCode,
	expandShopMenu,
	formatMessage,
	type Localized,
	type MenuItem,
	type ShopMenu,
	type ShopMenuWire,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { rawGet as rawGetFrom } from "../../../test/raw-http.js";
import { MENU_CACHE_MS, menuCacheLoads } from "./service.js";

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

/** The menu as the web app reads it: sent compact, expanded by the contract's reader. */
const products = async (lang: string): Promise<ApiEnvelope<ShopMenu>> => {
	const answer = await server.call<ShopMenuWire>("GET", `/app-api/product/products?shopId=${shopId}`, { lang });
	return { ...answer, data: expandShopMenu(answer.data) };
};
const detail = (id: number | string, lang = "en") =>
	server.call<MenuItem>("GET", `/app-api/product/detail/${id}`, { lang });
const itemsOf = (menu: ShopMenu) => menu.categories.flatMap((category) => category.items);
const findItem = (menu: ShopMenu, code: string) => itemsOf(menu).find((item) => item.id === itemIds[code]) as MenuItem;

/** A GET of the menu's bytes and headers as sent (fetch would unzip them). */
const rawGet = (path: string, headers: Record<string, string> = {}) =>
	rawGetFrom(server.url, path, { "tenant-id": "1", "shop-key": "bayon-demo", ...headers });

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
	const menuOf = (body: Buffer) => expandShopMenu((JSON.parse(body.toString()) as ApiEnvelope<ShopMenuWire>).data);
	const pearlTeaSize = (menu: ShopMenu) => findItem(menu, "pearl-milk-tea").optionGroups[0]?.options[1]?.name;

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
		expect((JSON.parse(stale.body.toString()) as ApiEnvelope<ShopMenuWire>).code).toBe(0);
		expect(khmer.status).toBe(200);
		expect(khmer.headers.etag).not.toBe(english.headers.etag);
	});

	it("has an ETag per language that each answer 304 to, the same whatever the encoding", async () => {
		const tags = new Map<string, string>();
		for (const lang of SUPPORTED_LANGUAGES) {
			const plain = await rawGet(path(), { "x-lang": lang });
			const zipped = await rawGet(path(), { "x-lang": lang, "accept-encoding": "gzip" });
			const brotli = await rawGet(path(), { "x-lang": lang, "accept-encoding": "br" });
			expect([zipped.headers.etag, brotli.headers.etag]).toEqual([plain.headers.etag, plain.headers.etag]);
			tags.set(lang, plain.headers.etag as string);
		}

		expect(new Set(tags.values()).size).toBe(SUPPORTED_LANGUAGES.length);
		for (const [lang, etag] of tags) {
			const again = await rawGet(path(), { "x-lang": lang, "accept-encoding": "br, gzip", "if-none-match": etag });
			expect([lang, again.status, again.body.length]).toEqual([lang, 304, 0]);
		}
	});

	it("answers in the asked language only: no other language's names are in the body", async () => {
		const db = server.deps.db;
		const names: Localized[] = [
			...(await db.selectFrom("menu_category").select("name").where("shop_id", "=", shopId).execute()),
			...(await db.selectFrom("menu_item").select("name").where("shop_id", "=", shopId).execute()),
			...(await db.selectFrom("menu_item").select("description as name").where("shop_id", "=", shopId).execute()),
			...(await db
				.selectFrom("menu_option_group as g")
				.innerJoin("menu_item as i", "i.id", "g.item_id")
				.select("g.name")
				.where("i.shop_id", "=", shopId)
				.execute()),
			...(await db
				.selectFrom("menu_option as o")
				.innerJoin("menu_option_group as g", "g.id", "o.group_id")
				.innerJoin("menu_item as i", "i.id", "g.item_id")
				.select("o.name")
				.where("i.shop_id", "=", shopId)
				.execute()),
		].map((row) => row.name as Localized);

		for (const lang of SUPPORTED_LANGUAGES) {
			const body = (await rawGet(path(), { "x-lang": lang })).body.toString();
			const others = names.flatMap((name) =>
				SUPPORTED_LANGUAGES.filter((other) => other !== lang)
					.map((other) => name[other])
					// A text this language shares (or falls back to) is rightly there.
					.filter((text): text is string => !!text && text !== (name[lang] || name["zh-CN"])),
			);
			expect(others.length).toBeGreaterThan(50);
			expect(
				others.filter((text) => body.includes(JSON.stringify(text))),
				lang,
			).toEqual([]);
		}
	});

	it("gives the other language when the app switches, to the same client with its cached ETag", async () => {
		const english = await rawGet(path(), { "x-lang": "en", "accept-language": "en", "accept-encoding": "br" });

		const khmer = await rawGet(path(), {
			"x-lang": "km",
			"accept-language": "km",
			"accept-encoding": "br",
			"if-none-match": english.headers.etag as string,
		});

		expect(khmer.status).toBe(200);
		const menu = expandShopMenu(
			(JSON.parse(brotliDecompressSync(khmer.body).toString()) as ApiEnvelope<ShopMenuWire>).data,
		);
		expect(menu.categories[0]?.name).toBe("កាហ្វេ");
		expect(pearlTeaSize(menu)).toBe("ធំ");
		expect(khmer.headers.vary?.split(/,\s*/)).toEqual(
			expect.arrayContaining(["x-lang", "accept-language", "accept-encoding", "tenant-id"]),
		);
	});

	it.each([
		["gzip, deflate, br", "br"],
		["br", "br"],
		["gzip", "gzip"],
		["gzip, br;q=0", "gzip"],
		["br;q=0.5, gzip", "gzip"],
		["deflate", undefined],
		["identity", undefined],
		["br;q=0, gzip;q=0", undefined],
		[undefined, undefined],
	])("for accept-encoding %s sends %s, the same menu as plain JSON", async (accepted, sent) => {
		const plain = await rawGet(path(), { "x-lang": "en" });

		const answer = await rawGet(path(), { "x-lang": "en", ...(accepted ? { "accept-encoding": accepted } : {}) });

		expect(answer.status).toBe(200);
		expect(answer.headers["content-encoding"]).toBe(sent);
		expect(answer.headers["content-type"]).toMatch(/^application\/json/);
		expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
		const decoded =
			sent === "br" ? brotliDecompressSync(answer.body) : sent === "gzip" ? gunzipSync(answer.body) : answer.body;
		expect(decoded.equals(plain.body)).toBe(true);
		if (sent) expect(answer.body.length).toBeLessThan(plain.body.length / 3);
		expect(menuOf(decoded).categories[0]?.name).toBe("Coffee");
	});

	it("sends brotli smaller than gzip", async () => {
		const zipped = await rawGet(path(), { "x-lang": "km", "accept-encoding": "gzip" });
		const brotli = await rawGet(path(), { "x-lang": "km", "accept-encoding": "br" });

		expect(brotliDecompressSync(brotli.body).equals(gunzipSync(zipped.body))).toBe(true);
		expect(brotli.body.length).toBeLessThan(zipped.body.length);
	});

	it("leaves out defaults and sends each shared option group once", async () => {
		const body = (await rawGet(path(), { "x-lang": "en" })).body.toString();
		const wire = (JSON.parse(body) as ApiEnvelope<ShopMenuWire>).data;

		for (const left of [
			'"isDefault":false',
			'"soldOut":false',
			'":null',
			'"priceDelta":0,',
			'"salesCount":0',
			'"shopId":',
		])
			expect(body.replace(`{"shopId":${shopId},`, "{"), left).not.toContain(left);
		const menu = expandShopMenu(wire);
		const itemsWithSize = itemsOf(menu).filter((item) => item.optionGroups.some((group) => group.name === "Size"));
		expect(itemsWithSize.length).toBeGreaterThan(5);
		expect(wire.optionGroups?.filter((group) => group.name === "Size")).toHaveLength(1);
		// Each item's group keeps its own id and option ids.
		const groupIds = itemsOf(menu).flatMap((item) => item.optionGroups.map((group) => group.id));
		expect(new Set(groupIds).size).toBe(groupIds.length);
		const sizeOptionIds = itemsWithSize.flatMap(
			(item) => item.optionGroups.find((group) => group.name === "Size")?.options.map((option) => option.id) ?? [],
		);
		expect(new Set(sizeOptionIds).size).toBe(itemsWithSize.length * 2);
	});

	it("is built once after a change, however many ask at once, in every encoding", async () => {
		const { accessToken: owner } = await server.signIn("13800000001");
		const before = await rawGet(path(), { "x-lang": "en", "accept-encoding": "br" });
		const optionId = findItem(menuOf(brotliDecompressSync(before.body)), "pearl-milk-tea").optionGroups[0]?.options[1]
			?.id as number;
		const soldOut = (value: boolean) =>
			server.call("POST", "/app-api/merchant/menu/sold-out", {
				token: owner,
				lang: "en",
				body: { shopId, kind: "option", id: optionId, soldOut: value },
			});
		onTestFinished(async () => {
			await soldOut(false);
		});
		const loads = menuCacheLoads(server.deps);

		expect((await soldOut(true)).code).toBe(0);
		const answers = await Promise.all(
			Array.from({ length: 20 }, (_, i) =>
				rawGet(path(), {
					"x-lang": "en",
					"accept-encoding": ["br", "gzip", "identity"][i % 3] as string,
					"if-none-match": before.headers.etag as string,
				}),
			),
		);

		expect(menuCacheLoads(server.deps) - loads).toBe(1);
		expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
		expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
		expect(answers[0]?.headers.etag).not.toBe(before.headers.etag);
		for (const answer of answers) {
			const encoding = answer.headers["content-encoding"];
			const decoded =
				encoding === "br"
					? brotliDecompressSync(answer.body)
					: encoding === "gzip"
						? gunzipSync(answer.body)
						: answer.body;
			const large = findItem(menuOf(decoded), "pearl-milk-tea").optionGroups[0]?.options[1];
			expect(large).toMatchObject({ id: optionId, name: "Large", soldOut: true });
		}
	});

	it("can be read by a browser's fetch, which unzips it", async () => {
		const response = await fetch(`${server.url}${path()}`, { headers: { "tenant-id": "1", "x-lang": "km" } });

		const body = (await response.json()) as ApiEnvelope<ShopMenuWire>;
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
