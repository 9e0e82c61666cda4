import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type LanguageCode, type ShopSettingsView, type ShopSummary, SUPPORTED_LANGUAGES } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { rawGet } from "../../../../test/raw-http.js";
import { FIRST_SCREEN_CACHE_MS, writeFirstScreen } from "./first-screen.js";

/**
 * Decision 025: the home and menu pages come with the nearest shop's card written into the
 * frame (the first screen's largest paint), in every language, and the shop as JSON for the
 * app's first render. Read as a browser downloads them (node:http: raw bytes, no decoding).
 */

const OWNER = "13800000001";
const TEMPLATE =
	'<template id="first-shop"><div class="boot-shop" lang="{{lang}}" data-shop-id="{{id}}"><p>{{name}}</p>' +
	'<p data-empty="{{addressEmpty}}">{{address}}</p><p data-empty="{{phoneEmpty}}">{{phone}}</p>' +
	'<p data-empty="{{noticeEmpty}}">{{notice}}</p></div></template>';
const PAGE = `<!doctype html><html lang="zh-CN"><body><div id="root"><div id="boot-frame">${TEMPLATE}</div></div></body></html>`;

let server: TestServer;
let owner: string;
let original: ShopSettingsView;

beforeAll(async () => {
	const dist = mkdtempSync(path.join(tmpdir(), "bayon-dist-first-screen-"));
	writeFileSync(path.join(dist, "index.html"), PAGE);
	server = await startTestServer({ webDistDir: dist });
	owner = (await server.signIn(OWNER)).accessToken;
	original = (await readSettings()).data;
});
afterAll(async () => {
	await server?.close();
});
beforeEach(async () => {
	const now = (await readSettings()).data;
	if (JSON.stringify(now.settings) !== JSON.stringify(original.settings)) await saveSettings(original.settings);
});

const readSettings = () =>
	server.call<ShopSettingsView>("GET", "/app-api/merchant/shop/settings?shopId=1", { token: owner, lang: "en" });

async function saveSettings(settings: ShopSettingsView["settings"]) {
	const { version } = (await readSettings()).data;
	const answer = await server.call<ShopSettingsView>("POST", "/app-api/merchant/shop/settings", {
		token: owner,
		lang: "en",
		body: { shopId: 1, version, settings },
	});
	expect(answer.code).toBe(0);
}

const get = (urlPath: string, headers: Record<string, string> = {}) => rawGet(server.url, urlPath, headers);

async function page(urlPath = "/"): Promise<string> {
	const answer = await get(urlPath);
	expect(answer.status).toBe(200);
	return answer.body.toString();
}

/** The card written for one language: the text of each paragraph, as the browser would read it. */
function card(html: string, lang: LanguageCode): { shopId: string; texts: string[]; empty: string[] } | null {
	const found = new RegExp(`<div class="boot-shop" lang="${lang}" data-shop-id="(\\d+)">(.*?)</div>`).exec(html);
	if (!found) return null;
	const paragraphs = [...(found[2] as string).matchAll(/<p(?: data-empty="(\w*)")?>(.*?)<\/p>/g)];
	return {
		shopId: found[1] as string,
		texts: paragraphs.map((p) => p[2] as string),
		empty: paragraphs.map((p) => p[1] ?? ""),
	};
}

function writtenShops(html: string): Record<string, ShopSummary> {
	const json = /<script type="application\/json" id="first-shop-data">(.*?)<\/script>/.exec(html)?.[1];
	expect(json).toBeDefined();
	return JSON.parse(json as string) as Record<string, ShopSummary>;
}

describe("the first screen's shop in the page", () => {
	it("writes the nearest shop into the home and menu pages in every language, as store/nearby answers it", async () => {
		for (const urlPath of ["/", "/pages/index/index", "/pages/menu/menu", "/pages/menu/menu/"]) {
			const html = await page(urlPath);
			const shops = writtenShops(html);
			expect(html).not.toContain("<template");
			expect(html).not.toContain("{{");
			for (const lang of SUPPORTED_LANGUAGES) {
				const nearby = (await server.call<ShopSummary>("GET", "/app-api/store/nearby", { lang })).data;
				expect(shops[lang]).toEqual(nearby);
				expect(card(html, lang)).toEqual({
					shopId: String(nearby.id),
					texts: [nearby.name, nearby.address, nearby.phone, nearby.notice ?? ""].map(escaped),
					empty: ["", "", "", nearby.notice ? "" : "yes"],
				});
			}
		}
		// The demo's notices differ by language, so a mixed-up copy would show.
		const html = await page();
		expect(card(html, "en")?.texts[0]).toBe("Bayon Tea &amp; Kitchen · Riverside");
		expect(card(html, "km")?.texts[0]).toBe("បាយ័ន តែ និងម្ហូប · មាត់ទន្លេ");
	});

	it("leaves every other page as built", async () => {
		for (const urlPath of ["/pages/mine/mine", "/pages/order/order", "/pages/components/pages/login/login"])
			expect(await page(urlPath)).toBe(PAGE);
	});

	it("shows the owner's change at once, escaped: their text never becomes markup", async () => {
		const hostile = `Tea <script>alert("x")</script> & 'more'`;
		await saveSettings({
			...original.settings,
			name: { ...original.settings.name, en: hostile },
			notice: { "zh-CN": "今日<b>半价</b>", en: "", km: "" },
		});

		const html = await page();
		expect(card(html, "en")?.texts[0]).toBe(
			"Tea &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;more&#39;",
		);
		expect(card(html, "zh-CN")?.texts[3]).toBe("今日&lt;b&gt;半价&lt;/b&gt;");
		// The JSON keeps the text as typed, and no "</script>" inside it ends its script early.
		expect(writtenShops(html).en?.name).toBe(hostile);
		expect(html.match(/<\/script>/g)).toHaveLength(1);
		expect(html).not.toContain("<b>");
	});

	it("reads the shop again once the page is older than its time, even for a change nobody announced, sending the older page meanwhile", async () => {
		const before = await page();
		// An edit straight in the database: no server hears of it.
		await server.deps.db
			.updateTable("shop")
			.set({ notice: JSON.stringify({ "zh-CN": "暂停外卖", en: "No delivery today" }) })
			.where("id", "=", 1)
			.execute();
		try {
			expect(await page()).toBe(before);

			server.clock.advance(FIRST_SCREEN_CACHE_MS / 1000 + 1);
			// The older page still goes out at once while the next is built.
			expect(await page()).toBe(before);
			await expect.poll(async () => card(await page(), "en")?.texts[3]).toBe("No delivery today");
			expect(card(await page(), "km")?.texts[3]).toBe("暂停外卖");
		} finally {
			await saveSettings(original.settings);
		}
	});

	it("sends the page compressed to a browser that accepts it, never cached without asking", async () => {
		const plain = await get("/");
		const br = await get("/", { "accept-encoding": "gzip, deflate, br" });
		const gzip = await get("/", { "accept-encoding": "gzip" });

		expect(br.headers["content-encoding"]).toBe("br");
		expect(gzip.headers["content-encoding"]).toBe("gzip");
		expect(plain.headers["content-encoding"]).toBeUndefined();
		for (const answer of [plain, br, gzip]) {
			expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
			expect(answer.headers["cache-control"]).toBe("no-cache");
			expect(String(answer.headers.vary).toLowerCase()).toContain("accept-encoding");
		}
		expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
		expect(gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
	});
});

describe("the web app's index.html", () => {
	it("has the template the server fills, and every placeholder in it is filled", () => {
		const indexHtml = readFileSync(new URL("../../../../../web/index.html", import.meta.url), "utf8");
		const shop = { name: "N", address: "A", phone: "P", notice: "M" } as ShopSummary;
		const written = writeFirstScreen(indexHtml, {
			"zh-CN": { ...shop, id: 1 },
			en: { ...shop, id: 1 },
			km: { ...shop, id: 1 },
		});

		expect(written).not.toBeNull();
		expect(written).not.toContain("{{");
		expect(written?.match(/class="boot-shop" lang="(zh-CN|en|km)"/g)).toHaveLength(3);
	});
});

function escaped(text: string): string {
	return text
		.replace(/&/g, "&amp;")
		.replace(/</g, "&lt;")
		.replace(/>/g, "&gt;")
		.replace(/"/g, "&quot;")
		.replace(/'/g, "&#39;");
}
