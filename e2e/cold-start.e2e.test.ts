import type { ShopSummary } from "@bayon/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOGIN_PATH } from "../apps/web/src/lib/api-client";
import { MENU_PATH } from "./pages/menu-page";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { apiCall } from "./support/http-api";

/**
 * Decision 010: a first visit on a slow mobile link. The app's frame is drawn from index.html
 * before the JavaScript arrives, and the files travel compressed.
 */

let browser: Browser;

beforeAll(async () => {
	browser = await launchBrowser();
});

afterAll(async () => {
	await browser?.close();
});

/** Roughly a slow 3G link: 400 ms round trips, 400 kbit/s each way. */
async function throttle(context: BrowserContext, page: Page): Promise<void> {
	const cdp = await context.newCDPSession(page);
	await cdp.send("Network.enable");
	await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
	await cdp.send("Network.emulateNetworkConditions", {
		offline: false,
		latency: 400,
		downloadThroughput: (400 * 1024) / 8,
		uploadThroughput: (400 * 1024) / 8,
	});
}

const isEntryScript = (url: string) => /\/assets\/index-[^/]+\.js$/.test(new URL(url).pathname);

/**
 * Opens `path` on the throttled link and waits until the frame shows, noting whether the app's
 * entry script had arrived by then.
 */
async function coldStart(page: Page, path: string) {
	let entryArrived = false;
	page.on("requestfinished", (request) => {
		if (isEntryScript(request.url())) entryArrived = true;
	});
	await page.goto(path, { waitUntil: "commit" });
	const frame = page.locator("#boot-frame");
	await frame.waitFor({ state: "visible" });
	return { frame, scriptArrivedFirst: entryArrived };
}

/** The frame's tab labels as shown (none when the tab bar is hidden). */
function tabLabels(page: Page): Promise<string[]> {
	return page
		.locator("#boot-frame .boot-tab span")
		.evaluateAll((labels) => labels.filter((label) => label.checkVisibility()).map((label) => label.textContent ?? ""));
}

/** The tab the frame marks as current. */
function selectedTab(page: Page): Promise<string | null> {
	return page.evaluate(() => document.documentElement.getAttribute("data-boot-tab"));
}

describe("a cold start on a slow link", () => {
	beforeAll(async () => {
		// A server that has served its home page before: the first request after a start may go
		// out without the shop when reading it takes longer than the page waits (a loaded machine).
		const deadline = Date.now() + 15_000;
		while (!(await (await fetch(`${inject("baseUrl")}/pages/menu/menu`)).text()).includes('class="boot-shop"')) {
			if (Date.now() > deadline) throw new Error("the menu page never carried the nearest shop");
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
	});

	it("shows the frame with the tab bar in Chinese before the script arrives, then the app replaces it", async () => {
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		await throttle(context, page);

		const { frame, scriptArrivedFirst } = await coldStart(page, MENU_PATH);

		expect(scriptArrivedFirst).toBe(false);
		expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
		expect(await tabLabels(page)).toEqual(["首页", "点餐", "订单", "我的"]);
		expect(await selectedTab(page)).toBe("menu");
		expect(await frame.locator('.boot-tab[data-tab="menu"]').evaluate((tab) => getComputedStyle(tab).fontWeight)).toBe(
			"600",
		);
		expect(await frame.locator(".boot-header").isVisible()).toBe(false);
		// The nearest shop came with the page (decision 025): its name and notice show before any
		// script, in the reader's language only.
		const nearby = await apiCall<ShopSummary>("/store/nearby", { lang: "zh-CN" });
		const card = frame.locator('.boot-shop[lang="zh-CN"]');
		expect(await card.locator(".boot-shop__name").textContent()).toBe(nearby.name);
		expect(await card.locator(".boot-shop__notice").textContent()).toBe(nearby.notice);
		expect(await card.locator(".boot-shop__notice").isVisible()).toBe(true);
		expect(await frame.locator('.boot-shop[lang="en"]').isVisible()).toBe(false);
		await screenshot(page, "cold-start-frame-zh-CN", { fullPage: false });

		// The first paint came before the entry script had arrived.
		await page.getByTestId("tab-bar").waitFor({ timeout: 45_000 });
		expect(await frame.count()).toBe(0);
		const timing = await page.evaluate(() => {
			const paint = performance.getEntriesByName("first-contentful-paint")[0];
			const entry = performance
				.getEntriesByType("resource")
				.find((resource) => /\/assets\/index-[^/]+\.js$/.test(new URL(resource.name).pathname)) as
				| PerformanceResourceTiming
				| undefined;
			return { firstPaint: paint?.startTime ?? null, scriptEnd: entry?.responseEnd ?? null };
		});
		expect(timing.firstPaint).not.toBeNull();
		expect(timing.scriptEnd).not.toBeNull();
		expect(timing.firstPaint as number).toBeLessThan(timing.scriptEnd as number);
		await context.close();
	}, 60_000);

	it("follows the language the customer chose (Khmer) and the current tab", async () => {
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		// An earlier visit where the customer chose Khmer (the app saves the choice as it does).
		await page.goto("/pages/order/order");
		await page.getByTestId("tab-bar").waitFor();
		await page.evaluate(() => {
			localStorage.setItem("language", "km");
			localStorage.setItem("languageManual", "1");
		});
		await throttle(context, page);

		const { scriptArrivedFirst } = await coldStart(page, "/pages/order/order");

		expect(scriptArrivedFirst).toBe(false);
		expect(await page.getAttribute("html", "lang")).toBe("km");
		expect(await tabLabels(page)).toEqual(["ទំព័រដើម", "កម្មង់អាហារ", "ការកម្មង់", "ខ្ញុំ"]);
		expect(await selectedTab(page)).toBe("order");
		await screenshot(page, "cold-start-frame-km", { fullPage: false });
		await context.close();
	}, 60_000);

	it("shows the nearest shop on the home tab in Khmer, and the app's first render draws the same shop", async () => {
		const { context, page } = await newPhone(browser, { locale: "km" });
		await throttle(context, page);

		const { frame, scriptArrivedFirst } = await coldStart(page, "/");

		expect(scriptArrivedFirst).toBe(false);
		const nearby = await apiCall<ShopSummary>("/store/nearby", { lang: "km" });
		const card = frame.locator('.boot-shop[lang="km"]');
		expect(await card.locator(".boot-shop__name").textContent()).toBe(nearby.name);
		expect(await card.locator(".boot-shop__address").textContent()).toBe(nearby.address);
		expect(await card.isVisible()).toBe(true);
		await screenshot(page, "cold-start-frame-home-km", { fullPage: false });

		await page.getByTestId("home").waitFor({ timeout: 45_000 });
		expect(await page.getByTestId("home-shop-name").textContent()).toBe(nearby.name);
		await context.close();
	}, 60_000);

	it("shows no shop in the frame when the app will show another: a branch chosen, or the position allowed", async () => {
		const chosen = await newPhone(browser, { locale: "en-US" });
		await chosen.page.goto("/pages/mine/mine");
		await chosen.page.getByTestId("tab-bar").waitFor();
		await chosen.page.evaluate(() => localStorage.setItem("store", JSON.stringify({ id: 2, name: "BKK1" })));
		await throttle(chosen.context, chosen.page);
		const { frame: chosenFrame } = await coldStart(chosen.page, "/pages/menu/menu");
		expect(await chosenFrame.locator('.boot-shop[lang="en"]').count()).toBe(1);
		expect(await chosenFrame.locator('.boot-shop[lang="en"]').isVisible()).toBe(false);
		// The skeleton stands in for it.
		expect(await chosenFrame.locator(".boot-hero").isVisible()).toBe(true);
		await chosen.context.close();

		const located = await newPhone(browser, { locale: "en-US" });
		await located.context.grantPermissions(["geolocation"]);
		await located.context.setGeolocation({ latitude: 11.5686, longitude: 104.931 });
		await throttle(located.context, located.page);
		const { frame: locatedFrame } = await coldStart(located.page, "/");
		await expect
			.poll(() => located.page.evaluate(() => document.documentElement.getAttribute("data-boot-shop")))
			.toBe("off");
		expect(await locatedFrame.locator('.boot-shop[lang="en"]').isVisible()).toBe(false);
		await located.context.close();
	}, 60_000);

	it("shows no tab bar on a page that has none: a header with back, and no text", async () => {
		const { context, page } = await newPhone(browser, { locale: "en-US" });
		await throttle(context, page);

		const { frame, scriptArrivedFirst } = await coldStart(page, LOGIN_PATH);

		expect(scriptArrivedFirst).toBe(false);
		expect(await page.getAttribute("html", "lang")).toBe("en");
		expect(await frame.locator(".boot-header").isVisible()).toBe(true);
		expect(await frame.locator(".boot-tabs").isVisible()).toBe(false);
		// No text at all: the frame does not know the page's title in any language.
		const shownText = await frame.evaluate((node) =>
			[...node.querySelectorAll("*")]
				.filter((element) => element.checkVisibility())
				.flatMap((element) => [...element.childNodes])
				.filter((child) => child.nodeType === Node.TEXT_NODE)
				.map((child) => child.textContent?.trim())
				.join(""),
		);
		expect(shownText).toBe("");
		await screenshot(page, "cold-start-frame-page", { fullPage: false });
		await context.close();
	}, 60_000);
});

describe("bytes on the wire", () => {
	it("the menu page's scripts and styles arrive compressed", async () => {
		const { context, page } = await newPhone(browser);
		await page.goto(MENU_PATH);
		await page.getByTestId("category-rail").waitFor();

		const files = await page.evaluate(() =>
			(performance.getEntriesByType("resource") as PerformanceResourceTiming[])
				.filter((resource) => new URL(resource.name).pathname.startsWith("/assets/"))
				.map((resource) => ({
					name: new URL(resource.name).pathname,
					encoded: resource.encodedBodySize,
					decoded: resource.decodedBodySize,
				})),
		);
		const entry = files.find((file) => /\/assets\/index-[^/]+\.js$/.test(file.name));
		expect(entry).toBeDefined();
		// Brotli makes the entry script less than a third of its size.
		expect(entry?.encoded).toBeLessThan((entry?.decoded ?? 0) / 3);
		const sent = files.reduce((sum, file) => sum + file.encoded, 0);
		const whole = files.reduce((sum, file) => sum + file.decoded, 0);
		expect(sent).toBeLessThan(whole / 3);
		console.info(`menu page assets: ${Math.round(sent / 1024)} KiB sent for ${Math.round(whole / 1024)} KiB`);
		await context.close();
	});
});
