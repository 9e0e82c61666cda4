import type { MenuItem, OrderView, ShopMenu } from "@bayon/contract";
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CART_PATH, CartPage } from "./pages/cart-page";
import { MENU_PATH, MenuPage, OptionsSheet } from "./pages/menu-page";
import { MERCHANT_ORDER_PATH, MerchantBoardPage } from "./pages/merchant-pages";
import { MinePage } from "./pages/mine-page";
import { PAY_PATH } from "./pages/order-pages";
import { launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { customerMenu, payOnSandbox } from "./support/demo-orders";
import { apiCall, openSignedIn, sessionFor } from "./support/http-api";
import { nativeLookProblems } from "./support/look";
import { uniqueMobile } from "./support/sms-outbox";

/**
 * The look of a real shop: pictured dishes, toasts that leave the bottom bars alone, signing
 * out that asks and forgets, "deliver here" that returns, staff ordering with options, and
 * the screens in Chinese and Khmer on a phone and on a tablet.
 */

/** The demo shop (seed): inside its near delivery zone. */
const SHOP_POINT = { latitude: 11.5686, longitude: 104.931 };
const STAFF = "13800000002";

let browser: Browser;
let menu: ShopMenu;
let items: MenuItem[];

beforeAll(async () => {
	browser = await launchBrowser();
	menu = await customerMenu(1);
	items = menu.categories.flatMap((category) => category.items);
});

afterAll(async () => {
	await browser?.close();
});

/** An item a customer can add straight from the menu for pickup (no options, in stock). */
function simplePickupItem(): MenuItem {
	const found = items.find(
		(item) => item.optionGroups.length === 0 && !item.soldOut && item.stock !== 0 && item.orderTypes.includes("takein"),
	);
	if (!found) throw new Error("the demo menu has no simple pickup item");
	return found;
}

/** Loads the image (it is lazy) and reports what the browser made of it. */
async function loadedImage(image: Locator) {
	await image.scrollIntoViewIfNeeded();
	return image.evaluate(async (element) => {
		const img = element as HTMLImageElement;
		if (!img.complete) await new Promise((resolve) => img.addEventListener("load", resolve, { once: true }));
		return { src: img.getAttribute("src") ?? "", naturalWidth: img.naturalWidth, text: img.textContent ?? "" };
	});
}

describe.sequential("the look of a real shop", () => {
	it("shows every demo dish with its picture, served from the uploads like an owner's photo", async () => {
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		const menuPage = await new MenuPage(page).open();
		const cards = page.getByTestId(/^item-\d+$/);
		const pictures = page.locator('[data-testid^="item-"] [data-testid="item-image"]');
		expect(await cards.count()).toBe(items.length);
		expect(await pictures.count()).toBe(items.length);
		// No letter tiles, no placeholders: every demo item has a picture.
		expect(await page.getByTestId("item-image-placeholder").count()).toBe(0);
		for (const index of [0, 5, items.length - 1]) {
			const image = await loadedImage(pictures.nth(index));
			expect(image.src).toMatch(/^\/uploads\/demo-[a-z-]+\.webp$/);
			expect(image.naturalWidth).toBeGreaterThan(0);
			expect(image.text).toBe("");
		}
		// The item page shows it large.
		const first = items[0];
		if (!first) throw new Error("empty demo menu");
		await page.goto(`/pages/components/pages/menudetail/menudetail?id=${first.id}`);
		const large = await loadedImage(page.locator(".item-image--large"));
		expect(large.naturalWidth).toBeGreaterThan(0);
		expect(large.src).toBe(first.image);
		await menuPage.open();
		await context.close();
	});

	it("keeps the toast clear of the cart bar", async () => {
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		const menuPage = await new MenuPage(page).open();
		const item = simplePickupItem();
		await menuPage.item(item.id).getByTestId("item-add").click();
		const toast = page.getByTestId("toast");
		await toast.waitFor();
		await menuPage.cartBar.waitFor();
		await settleAnimations(page);
		const toastBox = await toast.boundingBox();
		const barBox = await menuPage.cartBar.boundingBox();
		if (!toastBox || !barBox) throw new Error("toast or cart bar not shown");
		expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
		await context.close();
	});

	it("returns to the cart after 'deliver here', and signing out asks, then forgets the address", async () => {
		const mobile = uniqueMobile();
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		const session = await sessionFor(mobile);
		await apiCall("/address/addAndEdit", {
			method: "POST",
			token: session.accessToken,
			body: { recipient: "索卡", phone: mobile, address: "西索瓦码头路 8 号", ...SHOP_POINT },
		});
		await openSignedIn(page, mobile, MENU_PATH);
		const menuPage = await new MenuPage(page).loaded();
		await menuPage.item(simplePickupItem().id).getByTestId("item-add").click();
		await menuPage.chooseOrderType("takeout");
		await menuPage.openCart();

		await page.getByTestId("cart-address").click();
		await page.getByTestId("address-choose").click();
		await page.waitForURL((url) => url.pathname === CART_PATH);
		const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("deliveryAddress"))) ?? "null");
		expect(stored).toMatchObject({ address: { address: "西索瓦码头路 8 号" } });

		const mine = await new MinePage(page).open();
		await mine.nickname.waitFor();
		await page.getByTestId("sign-out").click();
		const dialog = page.getByTestId("sign-out-confirm");
		await dialog.waitFor();
		expect(await dialog.textContent()).toContain("确定退出登录吗");
		await screenshot(page, "zh-CN-sign-out-confirm", { fullPage: false });
		// Cancelling changes nothing.
		await dialog.getByTestId("confirm-cancel").click();
		expect(await page.evaluate(() => localStorage.getItem("deliveryAddress"))).not.toBeNull();

		await mine.signOut();
		await page.getByTestId("login-form").waitFor();
		const left = await page.evaluate(() =>
			["deliveryAddress", "cart", "accessToken", "refreshToken", "userinfo"].map((key) => localStorage.getItem(key)),
		);
		expect(left).toEqual([null, null, null, null, null]);
		await context.close();
	});

	it("lets staff choose an item's options for a customer, and the board shows them", async () => {
		// A new customer (no SMS limit in the way); the order reaches the board once paid.
		const customer = uniqueMobile();
		await sessionFor(customer);
		const item = items.find(
			(candidate) =>
				candidate.optionGroups.length >= 2 &&
				!candidate.soldOut &&
				candidate.orderTypes.includes("takein") &&
				candidate.optionGroups.every((group) => group.options.filter((option) => !option.soldOut).length >= 2),
		);
		if (!item) throw new Error("the demo menu has no item with two option groups");
		// A choice other than each single-choice group's default: proof the staff's pick is sent.
		const picks = item.optionGroups
			.filter((group) => group.maxChoices === 1)
			.map((group) => {
				const option = group.options.find((candidate) => !candidate.isDefault && !candidate.soldOut);
				if (!option) throw new Error(`no second choice in ${group.name}`);
				return { group, option };
			});

		const { context, page } = await newPhone(browser, { locale: "zh-CN", width: 1024, height: 768 });
		await openSignedIn(page, STAFF, MERCHANT_ORDER_PATH);
		const board = new MerchantBoardPage(page);
		await board.board.waitFor();
		await page.getByTestId("merchant-order-for-customer").click();
		await page.getByTestId("staff-order-sheet").waitFor();
		await page.getByTestId("staff-order-phone").fill(customer);
		await page.getByTestId(`staff-item-options-${item.id}`).click();
		const sheet = new OptionsSheet(page);
		await sheet.root.waitFor();
		for (const { group, option } of picks) await sheet.choose(group.name, option.name);
		await sheet.settled();
		await screenshot(page, "zh-CN-1024-staff-options", { fullPage: false });
		await sheet.addButton.click();
		await sheet.root.waitFor({ state: "detached" });
		const line = page.getByTestId(/^staff-line-\d+:/);
		await line.waitFor();
		for (const { option } of picks) expect(await line.textContent()).toContain(option.name);
		await settleAnimations(page);
		await screenshot(page, "zh-CN-1024-staff-order-sheet", { fullPage: false });
		await page.getByTestId("staff-order-submit").click();

		await page.waitForURL((url) => url.pathname === "/pages/components/pages/merchant/orderDetail");
		const orderId = Number(new URL(page.url()).searchParams.get("id"));
		const customerToken = (await sessionFor(customer)).accessToken;
		const order = await apiCall<OrderView>(`/order/detail/${orderId}`, { token: customerToken });
		expect(order.lines).toHaveLength(1);
		expect(order.lines[0]?.options.map((option) => option.id).sort()).toEqual(
			expect.arrayContaining(picks.map(({ option }) => option.id)),
		);
		// The customer pays on the sandbox gateway's page.
		await payOnSandbox(customerToken, orderId);
		await board.open();
		const card = board.card(orderId);
		await card.waitFor();
		for (const { option } of picks) expect(await card.textContent()).toContain(option.name);
		await context.close();
	});

	it.each(["zh-CN", "km"])("looks like a shop in %s at 390 px: menu, cart, pay page, mine page", async (lang) => {
		const mobile = uniqueMobile();
		const { context, page } = await newPhone(browser, { locale: lang });
		await openSignedIn(page, mobile, MENU_PATH);
		await page.evaluate((code) => {
			localStorage.setItem("language", code);
			localStorage.setItem("languageManual", "1");
		}, lang);
		const menuPage = await new MenuPage(page).open();
		await page.waitForFunction((code) => document.documentElement.lang === code, lang);
		await menuPage.item(simplePickupItem().id).getByTestId("item-add").click();
		await page.getByTestId("toast").waitFor({ state: "detached" });
		await page.evaluate(() => window.scrollTo(0, 0));
		await screenshot(page, `${lang}-shop-menu`, { fullPage: false });

		await menuPage.openCart();
		await new CartPage(page).priced();
		await screenshot(page, `${lang}-shop-cart`, { fullPage: false });

		await page.getByTestId("cart-checkout").click();
		await page.waitForURL((url) => url.pathname === PAY_PATH);
		await page.getByTestId("pay-submit").waitFor();
		await screenshot(page, `${lang}-shop-pay`, { fullPage: false });

		await new MinePage(page).open();
		await page.getByTestId("sign-out").waitFor();
		await screenshot(page, `${lang}-shop-mine`);
		expect(await nativeLookProblems(page)).toEqual([]);
		await context.close();
	});
});
