import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppShell } from "./pages/app-shell";
import { MinePage } from "./pages/mine-page";
import { launchBrowser, newPhone, screenshot } from "./support/browser";

let browser: Browser;

beforeAll(async () => {
	browser = await launchBrowser();
});

afterAll(async () => {
	await browser?.close();
});

describe("the app shell", () => {
	it("shows a translated not-found page for an unknown route, with a way home", async () => {
		const { context, page } = await newPhone(browser);
		await page.goto("/pages/no/such/page");

		const notFound = page.getByTestId("not-found");
		await notFound.waitFor();
		expect(await notFound.textContent()).toContain("页面不存在");
		await screenshot(page, "zh-CN-not-found");

		await page.getByTestId("go-home").click();
		await page.getByTestId("home").waitFor();
		expect(new URL(page.url()).pathname).toBe("/pages/index/index");
		await context.close();
	});

	it("back on a page opened directly goes to the home tab", async () => {
		const { context, page } = await newPhone(browser);
		// The coupon centre, open to visitors: "my coupons" sends a visitor on to the login page
		// right after its first render, and a tap landing there went back to the coupons, not home.
		await page.goto("/pages/components/pages/packages/index");
		await page.getByTestId("coupon-center").waitFor();

		await new AppShell(page).back();
		await page.getByTestId("home").waitFor();
		expect(new URL(page.url()).pathname).toBe("/pages/index/index");
		await context.close();
	});

	it("switching tabs replaces the history entry instead of stacking it", async () => {
		const { context, page } = await newPhone(browser);
		const shell = new AppShell(page);
		await page.goto("/pages/index/index");
		await page.getByTestId("home").waitFor();
		const before = await page.evaluate(() => history.length);

		await shell.switchTab("menu");
		await shell.switchTab("order");
		await shell.switchTab("mine");

		expect(await page.evaluate(() => history.length)).toBe(before);
		await expect.poll(() => shell.tab("mine").getAttribute("aria-current")).toBe("page");
		const barHeight = await page.getByTestId("tab-bar").evaluate((el) => el.getBoundingClientRect().height);
		expect(barHeight).toBe(50);
		await context.close();
	});

	it.each([
		["/pages/index/index", "home"],
		["/pages/mine/mine", "mine"],
		["/pages/components/pages/login/login", "login-form"],
		["/pages/menu/menu", "category-rail"],
	])("at 320 px wide, %s does not scroll sideways", async (path, testId) => {
		const { context, page } = await newPhone(browser, { width: 320, height: 640 });
		await page.goto(path);
		await page.getByTestId(testId).waitFor();
		if (testId === "mine") {
			await page.getByTestId("service-list").waitFor();
			await new MinePage(page).chooseLanguage("km"); // the longest labels
		}

		expect(await new AppShell(page).hasHorizontalScroll()).toBe(false);
		if (testId === "mine") await screenshot(page, "km-mine-320px");
		await context.close();
	});

	it("centres a column on a desktop screen", async () => {
		const { context, page } = await newPhone(browser, { width: 1280, height: 800 });
		await page.goto("/pages/mine/mine");
		await page.getByTestId("mine").waitFor();
		const box = await page.locator(".shell").boundingBox();
		expect(box?.width).toBeLessThanOrEqual(560);
		expect(Math.round((box?.x ?? 0) * 2 + (box?.width ?? 0))).toBe(1280);
		await screenshot(page, "zh-CN-desktop-mine");
		await context.close();
	});
});
