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

describe("language at first visit (spec §4)", () => {
	it("a phone set to Chinese gets the app in Chinese", async () => {
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		const shell = new AppShell(page);

		await page.goto("/");
		await page.getByTestId("home").waitFor();

		expect(await shell.tabLabels()).toEqual(["首页", "点餐", "订单", "我的"]);
		expect(await shell.htmlLang()).toBe("zh-CN");
		expect(await page.evaluate(() => localStorage.getItem("languageManual"))).toBe("1");
		// The loaded page, not its skeleton (the entries below the shop card come with the card).
		await page.getByTestId("home-shop-name").waitFor();
		await screenshot(page, "zh-CN-home");

		const mine = await new MinePage(page).open();
		await page.getByTestId("service-list").waitFor();
		await page.getByTestId("news-list").waitFor();
		expect(await mine.signInEntry.textContent()).toContain("登录");
		await screenshot(page, "zh-CN-mine");
		await context.close();
	});

	it("a phone set to en-US gets the app in English", async () => {
		const { context, page } = await newPhone(browser, { locale: "en-US" });
		const shell = new AppShell(page);

		await page.goto("/pages/mine/mine");
		await page.getByTestId("mine").waitFor();

		expect(await shell.tabLabels()).toEqual(["Home", "Order food", "Orders", "Mine"]);
		expect(await shell.htmlLang()).toBe("en");
		// Server content follows the language too.
		await page.getByTestId("service-about-us").waitFor();
		expect(await page.getByTestId("service-about-us").textContent()).toContain("About us");
		await context.close();
	});
});

describe("switching language on the mine page", () => {
	it("retranslates the page and the tab bar, and the choice survives a reload", async () => {
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		const mine = await new MinePage(page).open();
		expect(await mine.tabLabels()).toEqual(["首页", "点餐", "订单", "我的"]);

		await mine.chooseLanguage("en");
		await expect.poll(() => mine.tabLabels()).toEqual(["Home", "Order food", "Orders", "Mine"]);
		await expect.poll(() => page.getByTestId("service-about-us").textContent()).toContain("About us");

		await page.reload();
		await page.getByTestId("mine").waitFor();
		expect(await mine.tabLabels()).toEqual(["Home", "Order food", "Orders", "Mine"]);
		expect(await mine.htmlLang()).toBe("en");

		await mine.chooseLanguage("km");
		await expect.poll(() => mine.tabLabels()).toEqual(["ទំព័រដើម", "កម្មង់អាហារ", "ការកម្មង់", "ខ្ញុំ"]);
		await page.reload();
		await page.getByTestId("mine").waitFor();
		expect(await mine.tabLabels()).toEqual(["ទំព័រដើម", "កម្មង់អាហារ", "ការកម្មង់", "ខ្ញុំ"]);
		expect(await mine.language("km").isChecked()).toBe(true);
		await page.getByTestId("service-list").waitFor();
		await page.getByTestId("news-list").waitFor();
		await screenshot(page, "km-mine");

		await mine.switchTab("home");
		await page.getByTestId("home-shop-name").waitFor();
		await screenshot(page, "km-home");
		await context.close();
	});
});
