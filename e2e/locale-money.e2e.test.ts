import path from "node:path";
import { type AppConfig, formatPrice, type MenuItem, type SecondCurrency } from "@bayon/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CartPage } from "./pages/cart-page";
import { MenuPage } from "./pages/menu-page";
import { MERCHANT_ORDER_PATH } from "./pages/merchant-pages";
import { artifactsDir, launchBrowser, newPhone, screenshot } from "./support/browser";
import { customerMenu } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";

const SHOP_ID = 1;
const RIEL: SecondCurrency = { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" };

let browser: Browser;
let plainItem: MenuItem;

async function useKhmer(page: Page): Promise<void> {
	await page.addInitScript(() => {
		localStorage.setItem("language", "km");
		localStorage.setItem("languageName", "ខ្មែរ");
		localStorage.setItem("languageManual", "1");
	});
}

const setSecondCurrency = async (second: SecondCurrency | null) =>
	apiCall("/merchant/shop/display-currency", {
		method: "POST",
		token: await signInByApi(DEMO_OWNER_MOBILE),
		body: { shopId: SHOP_ID, second },
	});

beforeAll(async () => {
	browser = await launchBrowser();
	const menu = await customerMenu(SHOP_ID);
	// An item without options or a stock limit: one tap adds it, and other tests cannot sell it out.
	const found = menu.categories
		.flatMap((category) => category.items)
		.find((item) => item.optionGroups.length === 0 && item.stock === null && !item.soldOut && item.price >= 100);
	if (!found) throw new Error("the demo menu has no plain item");
	plainItem = found;
	// Start from one currency, so the owner's switch below is what brings riel in.
	await setSecondCurrency(null);
});

afterAll(async () => {
	// Whatever happened above, leave the demo as it was seeded for the files after this one.
	await setSecondCurrency(RIEL);
	await browser?.close();
});

describe("two currencies, as Cambodia pays", () => {
	it("the owner turns riel on beside dollars from the board, and a Khmer customer sees '$x · y៛' on the menu and in the cart at 390 px", async () => {
		const owner = await newPhone(browser, { locale: "zh-CN", width: 390 });
		await useKhmer(owner.page);
		await openSignedIn(owner.page, DEMO_OWNER_MOBILE, MERCHANT_ORDER_PATH);
		await owner.page.getByTestId("merchant-tab-bills").click();
		const setting = owner.page.getByTestId("merchant-display-currency");
		await setting.waitFor();
		// Next to the owner's pay-after-meal switch.
		await owner.page.getByTestId("merchant-pay-after-meal").waitFor();
		expect(await setting.textContent()).toContain("$2.50 · 10,300៛");
		await owner.page.getByTestId("merchant-display-currency-switch").click();
		expect(await owner.page.getByTestId("merchant-currency-rate").inputValue()).toBe("4100");
		await owner.page.getByTestId("merchant-currency-save").click();
		await expect.poll(async () => (await apiCall<AppConfig>("/system/config")).currency.second).toEqual(RIEL);
		await screenshot(owner.page, "km-merchant-display-currency", { fullPage: false });
		await owner.context.close();

		const { currency } = await apiCall<AppConfig>("/system/config");
		const shown = (minor: number) => formatPrice(minor, currency);
		expect(shown(plainItem.price)).toMatch(/^\$\d+\.\d{2} · [\d,]+00៛$/);

		const { context, page } = await newPhone(browser, { locale: "zh-CN", width: 390 });
		await useKhmer(page);
		const menuPage = await new MenuPage(page).open();
		expect(await menuPage.htmlLang()).toBe("km");
		const card = menuPage.item(plainItem.id);
		expect(await card.getByTestId("item-price").textContent()).toBe(shown(plainItem.price));
		await card.getByTestId("item-add").click();
		await card.getByTestId("item-stepper").getByTestId("stepper-plus").click();
		expect(await menuPage.cartTotal.textContent()).toBe(shown(2 * plainItem.price));
		await menuPage.toast.waitFor({ state: "detached" });
		// The price must fit its card at 390 px: nothing of "$x · y៛" is cut off.
		const priceBox = await card.getByTestId("item-price").evaluate((el) => ({
			fits: el.scrollWidth <= el.clientWidth + 1,
			right: el.getBoundingClientRect().right,
			cardRight: (el.closest("[data-testid^='item-']") as HTMLElement).getBoundingClientRect().right,
		}));
		expect(priceBox.fits).toBe(true);
		expect(priceBox.right).toBeLessThanOrEqual(priceBox.cardRight);
		await card.scrollIntoViewIfNeeded();
		await screenshot(page, "km-menu-two-currencies", { fullPage: false });

		const cart = await new CartPage(page).open();
		await cart.priced();
		expect(await page.getByTestId("cart-line-total").first().textContent()).toBe(shown(2 * plainItem.price));
		expect(await cart.total.textContent()).toBe(shown(2 * plainItem.price));
		expect(await page.getByTestId("cart-footer-total").textContent()).toBe(shown(2 * plainItem.price));
		await screenshot(page, "km-cart-two-currencies", { fullPage: false });
		await context.close();
	});
});

describe("the Khmer tab bar", () => {
	it.each([320, 390])("shows every label whole at %i px", async (width) => {
		const { context, page } = await newPhone(browser, { locale: "zh-CN", width, height: 720 });
		await useKhmer(page);
		await new MenuPage(page).open();
		const tabBar = page.getByTestId("tab-bar");

		const labels = await page
			.locator(".tab-bar__label")
			.evaluateAll((elements) =>
				elements.map((el) => ({ text: el.textContent, fits: el.scrollWidth <= el.clientWidth })),
			);
		expect(labels).toEqual(["ទំព័រដើម", "កម្មង់អាហារ", "ការកម្មង់", "ខ្ញុំ"].map((text) => ({ text, fits: true })));
		await tabBar.screenshot({ path: path.join(artifactsDir, `km-tab-bar-${width}.png`) });
		// Khmer stacks marks above and below the line, beyond what the DOM measures: the bar
		// must look the same when its labels may overflow, or some ink was being cut off.
		const asShown = await tabBar.screenshot();
		await page.addStyleTag({
			content: ".tab-bar__label { overflow: visible !important; text-overflow: clip !important; }",
		});
		expect((await tabBar.screenshot()).equals(asShown)).toBe(true);
		await context.close();
	});
});
