import type { AdminMenu, MenuItem, PricedCart, ShopMenu, ShopSummary } from "@bayon/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CartPage } from "./pages/cart-page";
import { MenuPage } from "./pages/menu-page";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { demoShopAndMenu } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, signInByApi } from "./support/http-api";
import { shownAmounts } from "./support/money";

let browser: Browser;
let shop: ShopSummary;
let menu: ShopMenu;

/** Prices as the app shows them (dollars, and riel beside them in the demo), and plain amounts. */
let price: (minor: number) => string;
let money: (minor: number) => string;

function itemNamed(name: string): MenuItem {
	const item = menu.categories.flatMap((category) => category.items).find((candidate) => candidate.name === name);
	if (!item) throw new Error(`no item ${name} on the demo menu`);
	return item;
}

function delta(item: MenuItem, groupName: string, optionName: string): number {
	const option = item.optionGroups
		.find((group) => group.name === groupName)
		?.options.find((candidate) => candidate.name === optionName);
	if (!option) throw new Error(`no option ${groupName}/${optionName}`);
	return option.priceDelta;
}

async function storedCart(page: Page): Promise<Array<{ itemId: number; quantity: number; optionIds: number[] }>> {
	return page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
}

/**
 * One server serves every browser test file, and others order the demo coconut too: its owner
 * puts it back on sale with stock to spare first, so this file's stock stories start where they
 * say (the save adds typed − read to what is left, decision 014).
 */
async function restockCoconut(): Promise<void> {
	const ownerToken = await signInByApi(DEMO_OWNER_MOBILE);
	const admin = await apiCall<AdminMenu>(`/merchant/menu?shopId=${shop.id}`, { token: ownerToken });
	const coconut = admin.categories
		.flatMap((category) => category.items)
		.find((item) => item.name["zh-CN"] === "鲜椰青");
	if (!coconut) throw new Error("no coconut on the demo menu");
	if (coconut.stock !== null && coconut.stock < 20)
		await apiCall("/merchant/menu/item/save", {
			method: "POST",
			token: ownerToken,
			body: {
				shopId: shop.id,
				id: coconut.id,
				version: coconut.version,
				categoryId: coconut.categoryId,
				name: coconut.name,
				description: {
					"zh-CN": coconut.description["zh-CN"] ?? "",
					en: coconut.description.en ?? "",
					km: coconut.description.km ?? "",
				},
				image: coconut.image,
				price: coconut.price,
				originalPrice: coconut.originalPrice,
				stock: 20,
				stockRead: coconut.stock,
				orderTypes: coconut.orderTypes,
			},
		});
	if (coconut.soldOut)
		await apiCall("/merchant/menu/sold-out", {
			method: "POST",
			token: ownerToken,
			body: { shopId: shop.id, kind: "item", id: coconut.id, soldOut: false },
		});
}

beforeAll(async () => {
	browser = await launchBrowser();
	({ shop } = await demoShopAndMenu());
	await restockCoconut();
	({ menu } = await demoShopAndMenu());
	({ price, money } = await shownAmounts());
});

afterAll(async () => {
	await browser?.close();
});

describe("ordering: menu and cart", () => {
	it("pickup: add an item with options at its live price, add it again (one line), reload, and see the server's totals", async () => {
		const tea = itemNamed("珍珠奶茶");
		const unit = tea.price + delta(tea, "杯型", "大杯") + delta(tea, "加料", "珍珠");
		const { context, page } = await newPhone(browser);

		await page.goto("/");
		await page.getByTestId("home-shop-name").waitFor();
		expect(await page.getByTestId("home-shop-name").textContent()).toBe(shop.name);
		await page.getByTestId("entry-self-pickup").click();
		await page.waitForURL((url) => url.pathname === "/pages/menu/menu");
		const menuPage = await new MenuPage(page).loaded();
		expect(await menuPage.isOrderTypeSelected("takein")).toBe(true);
		// The browser tests' fixed clock stands inside the shop's hours (global-setup.ts): open, no banner.
		expect(await menuPage.shopIsOpen()).toBe(true);
		expect(await menuPage.closedBanner.count()).toBe(0);

		const sheet = await menuPage.openOptions(tea.id);
		expect(await sheet.livePrice.textContent()).toBe(price(tea.price));
		await sheet.choose("杯型", "大杯");
		await sheet.choose("加料", "珍珠");
		expect(await sheet.livePrice.textContent()).toBe(price(unit));
		await sheet.add();
		expect(await menuPage.toast.textContent()).toBe("已加入购物车");
		expect(await menuPage.cartCount.textContent()).toBe("1");

		const again = await menuPage.openOptions(tea.id);
		await again.choose("杯型", "大杯");
		await again.choose("加料", "珍珠");
		await again.add();
		expect(await menuPage.cartCount.textContent()).toBe("2");
		const lines = await storedCart(page);
		expect(lines).toHaveLength(1);
		expect(lines[0]?.quantity).toBe(2);
		// The menu as the customer sees it (fixed tab and cart bars in place), without the toast.
		await menuPage.toast.waitFor({ state: "detached" });
		await screenshot(page, "zh-CN-menu", { fullPage: false });

		await page.reload();
		await menuPage.loaded();
		expect(await menuPage.cartCount.textContent()).toBe("2");
		expect(await menuPage.cartTotal.textContent()).toBe(price(2 * unit));

		await menuPage.openCart();
		const cart = new CartPage(page);
		await cart.priced();
		expect(await cart.lines.count()).toBe(1);
		const priced = await apiCall<PricedCart>("/cart/price", {
			method: "POST",
			body: {
				shopId: shop.id,
				orderType: "takein",
				lines: lines.map(({ itemId, quantity, optionIds }) => ({ itemId, quantity, optionIds })),
			},
		});
		expect(priced.subtotal).toBe(2 * unit);
		expect(await cart.subtotal.textContent()).toBe(price(priced.subtotal));
		expect(await cart.total.textContent()).toBe(price(priced.total));
		expect(await cart.lines.first().getByTestId("cart-line-options").textContent()).toContain("大杯");
		await screenshot(page, "zh-CN-cart", { fullPage: false });
		await context.close();
	});

	it("delivery shows the shop's fee and minimum, and marks what is not delivered", async () => {
		const coconut = itemNamed("鲜椰青");
		const { context, page } = await newPhone(browser);
		const menuPage = await new MenuPage(page).open();
		await menuPage.chooseOrderType("takeout");
		expect(await menuPage.isOrderTypeSelected("takeout")).toBe(true);
		expect(await page.getByTestId("delivery-terms").textContent()).toContain(money(shop.delivery.minFee ?? 0));
		expect(await menuPage.item(coconut.id).getByTestId("item-not-offered").textContent()).toBe("不支持外卖配送");
		expect(await menuPage.item(coconut.id).getByTestId("item-add").count()).toBe(0);
		await context.close();
	});

	it("stock guard: an item with stock cannot go into the cart beyond it", async () => {
		const coconut = await apiCall<MenuItem>(`/product/detail/${itemNamed("鲜椰青").id}`);
		if (coconut.stock === null || coconut.stock < 1) throw new Error("the demo coconut should have stock");
		const { context, page } = await newPhone(browser);
		const menuPage = await new MenuPage(page).open();
		const card = menuPage.item(coconut.id);
		await card.getByTestId("item-add").click();
		const stepper = card.getByTestId("item-stepper");
		for (let n = 1; n < coconut.stock; n++) await stepper.getByTestId("stepper-plus").click();
		expect(await stepper.getByTestId("stepper-value").textContent()).toBe(String(coconut.stock));

		// At the limit "+" is aria-disabled but still answers a tap, with the reason.
		await stepper.getByTestId("stepper-plus").click({ force: true });
		expect(await menuPage.toast.textContent()).toBe("库存不足");
		expect(await stepper.getByTestId("stepper-value").textContent()).toBe(String(coconut.stock));
		expect((await storedCart(page))[0]?.quantity).toBe(coconut.stock);
		await context.close();
	});

	it("the category rail follows the list, and jumps to a category when tapped", async () => {
		const { context, page } = await newPhone(browser);
		const menuPage = await new MenuPage(page).open();
		const categories = menu.categories.filter((category) => category.items.length > 0);
		const first = categories[0];
		const last = categories.at(-2) ?? categories[0];
		if (!first || !last) throw new Error("the demo menu has categories");
		expect(await menuPage.railItem(first.name).getAttribute("aria-current")).toBe("true");

		await menuPage.railItem(last.name).click();
		await page.waitForFunction(
			(id) => Math.abs(document.getElementById(`category-${id}`)?.getBoundingClientRect().top ?? 999) < 40,
			last.id,
		);
		expect(await menuPage.railItem(last.name).getAttribute("aria-current")).toBe("true");

		// Once the jump has come to rest, scrolling back up: the rail follows.
		await page.waitForFunction(
			() =>
				new Promise((resolve) => {
					const y = window.scrollY;
					setTimeout(() => resolve(window.scrollY === y), 250);
				}),
		);
		await page.evaluate(() => window.scrollTo(0, 0));
		await page.waitForFunction(
			(name) => document.querySelector('[data-testid="category-rail"] [aria-current="true"]')?.textContent === name,
			first.name,
		);
		await context.close();
	});

	it("in Khmer: menu and cart (screenshots), at 320 px without sideways scrolling", async () => {
		const { context, page } = await newPhone(browser, { locale: "km", width: 320, height: 640 });
		const menuPage = await new MenuPage(page).open();
		expect(await menuPage.htmlLang()).toBe("km");
		const tea = menu.categories.flatMap((c) => c.items).find((item) => item.optionGroups.length > 0 && !item.soldOut);
		if (!tea) throw new Error("no item with options");
		const sheet = await menuPage.openOptions(tea.id);
		await sheet.settled();
		await screenshot(page, "km-options", { fullPage: false });
		await sheet.add();
		expect(await menuPage.hasHorizontalScroll()).toBe(false);
		await menuPage.toast.waitFor({ state: "detached" });
		await screenshot(page, "km-menu", { fullPage: false });

		await menuPage.openCart();
		const cart = new CartPage(page);
		await cart.priced();
		expect(await menuPage.hasHorizontalScroll()).toBe(false);
		await menuPage.toast.waitFor({ state: "detached" });
		// A whole-page shot would draw the fixed checkout bar mid-page: show a taller screen instead.
		await page.setViewportSize({ width: 320, height: 960 });
		await screenshot(page, "km-cart", { fullPage: false });
		await context.close();
	});
});
