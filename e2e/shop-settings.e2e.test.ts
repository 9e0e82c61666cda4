import type { ShopSettingsView } from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followServerClock, launchBrowser, newPhone, screenshot } from "./support/browser";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, sessionFor } from "./support/http-api";

const SHOP_INFO_PATH = "/pages/components/pages/merchant/shopInfo";
const MENU_PATH = "/pages/menu/menu";

let browser: Browser;
let ownerToken: string;
let original: ShopSettingsView;

const readSettings = () => apiCall<ShopSettingsView>("/merchant/shop/settings?shopId=1", { token: ownerToken });

beforeAll(async () => {
	browser = await launchBrowser();
	ownerToken = (await sessionFor(DEMO_OWNER_MOBILE)).accessToken;
	original = await readSettings();
});

afterAll(async () => {
	// Other browser tests share this server: take orders again and put the hours back.
	await apiCall("/merchant/shop/pause", { method: "POST", token: ownerToken, body: { shopId: 1, minutes: 0 } });
	const now = await readSettings();
	await apiCall("/merchant/shop/settings", {
		method: "POST",
		token: ownerToken,
		body: { shopId: 1, version: now.version, settings: original.settings },
	});
	await browser?.close();
});

describe("merchant/shopInfo", () => {
	it("the owner changes Sunday's closing time and pauses new orders, in Khmer; a customer sees 'paused until'", async () => {
		const { context, page } = await newPhone(browser, { locale: "km" });
		await openSignedIn(page, DEMO_OWNER_MOBILE, SHOP_INFO_PATH);
		await page.getByTestId("hours-section").waitFor();
		expect(await page.getByTestId("pause-section").locator("h2").textContent()).toBe("ផ្អាកការកម្មង់ថ្មី");

		// Sunday's window is the first saved one: close at 23:30 instead of 22:00, with the app's time picker.
		const sunday = page.getByTestId("hours-day-0");
		await sunday.getByTestId("hours-0-closes").click();
		await page.getByTestId("time-hour-23").click();
		await page.getByTestId("time-minute-30").click();
		await page.getByTestId("time-picker-done").click();
		expect(await sunday.getByTestId("hours-0-closes").textContent()).toBe("23:30");
		await screenshot(page, "shop-settings-km-390");
		await page.getByTestId("settings-save").click();
		await page.getByText("បានរក្សាទុក").waitFor();
		const saved = await readSettings();
		expect(saved.version).toBe(original.version + 1);
		expect(saved.settings.weeklyHours.find((w) => w.weekday === 0)).toEqual({
			weekday: 0,
			opensAt: "08:00",
			closesAt: "23:30",
		});

		// A busy kitchen: pause for 15 minutes.
		await page.getByTestId("pause-15").click();
		const state = page.getByTestId("pause-state");
		await page.waitForFunction(() =>
			document.querySelector('[data-testid="pause-state"]')?.textContent?.includes("រហូតដល់ម៉ោង"),
		);
		const until = (await state.textContent())?.match(/\d\d:\d\d/)?.[0];
		expect(until).toMatch(/^\d\d:\d\d$/);
		await screenshot(page, "shop-settings-paused-km-390", { fullPage: false });

		// A customer (Chinese) opens the menu: the shop is paused until that time.
		const customer = await newPhone(browser, { locale: "zh-CN" });
		await customer.page.goto(MENU_PATH);
		const banner = customer.page.getByTestId("store-closed-banner");
		await banner.waitFor();
		expect(await banner.getAttribute("data-status")).toBe("paused");
		expect(await banner.locator(".closed-banner__title").textContent()).toBe(`门店暂停接单，${until} 恢复接单`);
		await screenshot(customer.page, "menu-paused-zh-CN-390", { fullPage: false });

		// Taking orders again clears it for the customer.
		await page.getByTestId("pause-resume").click();
		await page.getByText("កំពុងទទួលការកម្មង់").waitFor();
		await customer.page.reload();
		await customer.page.getByTestId("shop-status").waitFor();
		expect(await customer.page.getByTestId("store-closed-banner").count()).toBe(0);
		await customer.context.close();
		await context.close();
	});

	it("a closure's label is kept in three languages: the owner edits each, customers read theirs with dates in their language", async () => {
		const before = await readSettings();
		const closure = {
			startsOn: "2099-01-28",
			endsOn: "2099-02-01",
			label: { "zh-CN": "春节休息", en: "Spring Festival", km: "" },
		};
		await apiCall("/merchant/shop/settings", {
			method: "POST",
			token: ownerToken,
			body: { shopId: 1, version: before.version, settings: { ...before.settings, closures: [closure] } },
		});

		// The owner, in Khmer, adds the Khmer label in its own box.
		const owner = await newPhone(browser, { locale: "km" });
		await openSignedIn(owner.page, DEMO_OWNER_MOBILE, SHOP_INFO_PATH);
		const labels = owner.page.getByTestId("closure-0-labels");
		await labels.waitFor();
		expect(await owner.page.getByTestId("closure-0-label-en").inputValue()).toBe("Spring Festival");
		await owner.page.getByTestId("closure-0-label-km").fill("បុណ្យចូលឆ្នាំចិន");
		await owner.page.getByTestId("settings-save").click();
		await owner.page.getByText("បានរក្សាទុក").waitFor();
		expect((await readSettings()).settings.closures).toEqual([
			{ ...closure, label: { ...closure.label, km: "បុណ្យចូលឆ្នាំចិន" } },
		]);
		await owner.context.close();

		for (const locale of ["zh-CN", "km"]) {
			for (const width of [390, 1024]) {
				const { context, page } = await newPhone(browser, { locale, width, height: width === 390 ? 844 : 768 });
				await openSignedIn(page, DEMO_OWNER_MOBILE, SHOP_INFO_PATH);
				const section = page.getByTestId("closures-section");
				await section.waitFor();
				await section.scrollIntoViewIfNeeded();
				await screenshot(page, `shop-settings-closures-${locale}-${width}`, { fullPage: false });
				await context.close();
			}
		}

		// Customers read the label in their language, and the days written as their language writes them.
		const expected: Record<string, string> = {
			"zh-CN": "1月28日 – 2月1日 暂停营业 · 春节休息",
			km: "បិទ 28 មករា – 1 កុម្ភៈ · បុណ្យចូលឆ្នាំចិន",
		};
		for (const locale of ["zh-CN", "km"]) {
			const { context, page } = await newPhone(browser, { locale });
			await page.goto("/pages/components/pages/address/shop_info?shop_id=1");
			const closures = page.getByTestId("shop-closures");
			await closures.waitFor();
			expect(await closures.locator("li").allTextContents()).toEqual([expected[locale]]);
			await closures.scrollIntoViewIfNeeded();
			await screenshot(page, `shop-info-closure-${locale}-390`, { fullPage: false });
			await context.close();
		}
	});

	it("looks right at 390 and 1024 px in zh-CN and km, with the rules preview answered", async () => {
		for (const locale of ["zh-CN", "km"]) {
			for (const width of [390, 1024]) {
				const { context, page } = await newPhone(browser, { locale, width, height: width === 390 ? 844 : 768 });
				// The preview asks about "now" on the page's clock: the server's (the shop is open then).
				await followServerClock(page);
				await openSignedIn(page, DEMO_OWNER_MOBILE, SHOP_INFO_PATH);
				await page.getByTestId("preview-section").waitFor();
				await page.getByTestId("preview-type-takein").click();
				await page.getByTestId("preview-run").click();
				await page.getByTestId("preview-result").waitFor();
				// On failure, say why the preview thinks the shop cannot take the order.
				expect(
					await page.getByTestId("preview-result").getAttribute("data-orderable"),
					(await page.getByTestId("preview-result").textContent()) ?? "",
				).toBe("true");
				await screenshot(page, `shop-settings-${locale}-${width}`);
				await context.close();
			}
		}
	});
});
