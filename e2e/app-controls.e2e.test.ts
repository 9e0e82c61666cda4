import type { OrderView } from "@bayon/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CART_PATH, CartPage } from "./pages/cart-page";
import { MenuPage } from "./pages/menu-page";
import { MERCHANT_ORDER_PATH, MerchantBoardPage } from "./pages/merchant-pages";
import { MinePage } from "./pages/mine-page";
import { ORDER_DETAIL_PATH, OrderDetailPage, PAY_PATH, PayPage } from "./pages/order-pages";
import { newPhone, screenshot, settleAnimations } from "./support/browser";
import { browserAndDemoItem, placePickupOrder } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, sessionFor } from "./support/http-api";
import { nativeLookProblems } from "./support/look";
import { uniqueMobile } from "./support/sms-outbox";

/**
 * The app's own controls and icons on every main screen (decision 012): no browser <select>,
 * date or time field, no browser-drawn checkbox or radio, no emoji, in Chinese and Khmer on a
 * phone. The pickup time is chosen in the app's picker and reaches the order as chosen.
 */

const demo = browserAndDemoItem();

async function expectAppLook(page: Page, screen: string): Promise<void> {
	expect({ screen, problems: await nativeLookProblems(page) }).toEqual({ screen, problems: [] });
}

/** "HH:MM" of an instant on the shop's clock. */
function shopClock(iso: string): string {
	return new Intl.DateTimeFormat("en-GB", {
		timeZone: demo.shop.timezone,
		hour: "2-digit",
		minute: "2-digit",
		hourCycle: "h23",
	}).format(new Date(iso));
}

describe.sequential("app-styled controls and icons only", () => {
	it.each(["zh-CN", "km"])(
		"%s: empty cart, menu, cart, pay page with the pickup picker, orders, mine, merchant guard",
		async (lang) => {
			const mobile = uniqueMobile();
			const token = (await sessionFor(mobile)).accessToken;
			// An order left unpaid: its page offers the payment methods. Its time is the server's clock.
			const unpaid = await placePickupOrder(token, demo.shop.id, demo.item.id);

			const { context, page } = await newPhone(demo.browser, { locale: lang });
			// The page's clock runs from the server's (the tests' server may start inside opening hours).
			await page.clock.install({ time: Date.parse(unpaid.createdAt) });
			await page.clock.resume();
			await openSignedIn(page, mobile, "/pages/index/index");
			await page.evaluate((code) => {
				localStorage.setItem("language", code);
				localStorage.setItem("languageManual", "1");
			}, lang);

			await page.goto(CART_PATH);
			const empty = page.getByTestId("state-empty");
			await empty.waitFor();
			expect(await page.locator("html").getAttribute("lang")).toBe(lang);
			expect(await empty.locator("svg").count()).toBe(1);
			await screenshot(page, `${lang}-controls-empty-state`, { fullPage: false });
			await expectAppLook(page, "empty cart");

			const menuPage = await new MenuPage(page).open();
			await menuPage.item(demo.item.id).getByTestId("item-add").click();
			await expectAppLook(page, "menu");
			await menuPage.openCart();
			await new CartPage(page).priced();
			await expectAppLook(page, "cart");

			await page.getByTestId("cart-checkout").click();
			await page.waitForURL((url) => url.pathname === PAY_PATH);
			const pay = await new PayPage(page).loaded();
			await expectAppLook(page, "pay page");

			// The pickup time: "as soon as possible" until another is chosen in the picker's sheet.
			const picker = page.getByTestId("pay-pickup");
			expect(await picker.getAttribute("data-value")).toBe("asap");
			await picker.click();
			const sheet = page.getByTestId("pay-pickup-sheet");
			await sheet.waitFor();
			await settleAnimations(page);
			await screenshot(page, `${lang}-controls-pay-pickup`, { fullPage: false });
			await expectAppLook(page, "pickup picker");
			const slot = sheet.locator('[role="radio"]:not([data-testid="pay-pickup-option-asap"])').first();
			const time = (await slot.textContent()) ?? "";
			expect(time).toMatch(/^\d\d:\d\d$/);
			await slot.click();
			await sheet.waitFor({ state: "detached" });
			expect(await picker.getAttribute("data-value")).toBe(time);
			expect(await page.getByTestId("pay-hours").isVisible()).toBe(true);

			await pay.method("sandbox").locator("input").check();
			await screenshot(page, `${lang}-controls-pay`, { fullPage: false });
			await expectAppLook(page, "pay page, time and card chosen");
			await pay.submit();
			await page.getByTestId("sandbox-approve").click();
			await page.waitForURL((url) => url.pathname === ORDER_DETAIL_PATH);
			const detail = new OrderDetailPage(page);
			const placed = await apiCall<OrderView>(`/order/detail/${await detail.orderId()}`, { token });
			// The order carries the time chosen, on the shop's clock.
			expect(placed.pickupAt && shopClock(placed.pickupAt)).toBe(time);
			await expectAppLook(page, "order detail, paid");

			await page.goto(`${ORDER_DETAIL_PATH}?id=${unpaid.id}`);
			await page.getByTestId("pay-methods").waitFor();
			await screenshot(page, `${lang}-controls-order-detail`, { fullPage: false });
			await expectAppLook(page, "order detail, unpaid");

			await new MinePage(page).open();
			await page.getByTestId("sign-out").waitFor();
			await expectAppLook(page, "mine");

			// A customer on a merchant page: the guard, with a line icon.
			await page.goto(MERCHANT_ORDER_PATH);
			const guard = new MerchantBoardPage(page).merchantsOnly;
			await guard.waitFor();
			expect(await guard.locator("svg").count()).toBe(1);
			await screenshot(page, `${lang}-controls-merchant-guard`, { fullPage: false });
			await expectAppLook(page, "merchant guard");
			await context.close();
		},
	);

	it("the owner's board: orders and tables to pay, with the owner's settings", async () => {
		const { context, page } = await newPhone(demo.browser, { locale: "zh-CN" });
		await openSignedIn(page, DEMO_OWNER_MOBILE, MERCHANT_ORDER_PATH);
		const board = new MerchantBoardPage(page);
		await board.board.waitFor();
		await expectAppLook(page, "merchant board");
		await page.getByTestId("merchant-tab-bills").click();
		await page.getByTestId("merchant-pay-after-meal").waitFor();
		await page.getByTestId("merchant-currency-round").waitFor();
		await expectAppLook(page, "merchant tables to pay");
		await context.close();
	});
});
