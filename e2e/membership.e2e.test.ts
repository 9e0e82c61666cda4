import type { MenuItem, ShopMenu, VipCardList, VipCardView } from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CartPage } from "./pages/cart-page";
import { MenuPage } from "./pages/menu-page";
import { OrderDetailPage, PayPage } from "./pages/order-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { dearestPlainPickupItem, demoShopAndMenu } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";
import { shownAmounts } from "./support/money";
import { uniqueMobile } from "./support/sms-outbox";
import { rechargeOnSandbox } from "./support/stored-value";

const VIP_PATH = "/pages/components/pages/vip/vip";
const PAY_PATH = "/pages/components/pages/pay/pay";
const MERCHANT_ORDER_DETAIL_PATH = "/pages/components/pages/merchant/orderDetail";

let browser: Browser;
let menu: ShopMenu;

beforeAll(async () => {
	browser = await launchBrowser();
	({ menu } = await demoShopAndMenu());
});

afterAll(async () => {
	await browser?.close();
});

function plainPickupItem(): MenuItem {
	return dearestPlainPickupItem(menu, 5);
}

/** The card's discount on a subtotal, as decision 021 prices it: rounded down, capped. */
function discountOf(card: VipCardView, subtotal: number): number {
	const off = Math.floor((subtotal * card.benefits.discountPercent) / 100);
	return card.benefits.discountCap === null ? off : Math.min(off, card.benefits.discountCap);
}

describe("VIP cards", () => {
	it("a member buys a card with the balance and its discount is a line of the cart, the pay page, the order and the staff's view", async () => {
		const { money, price } = await shownAmounts();
		const mobile = uniqueMobile();
		const credited = await rechargeOnSandbox(await signInByApi(mobile));
		const list = await apiCall<VipCardList>("/vip/getList");
		const card = list.cards.filter(
			(candidate) => candidate.benefits.discountPercent > 0 && candidate.price <= credited,
		)[0];
		if (!card) throw new Error("the demo has no card with a discount that the recharge covers");

		const { context, page } = await newPhone(browser);
		await openSignedIn(page, mobile, VIP_PATH);
		await page.getByTestId(`vip-card-${card.id}`).waitFor();
		await screenshot(page, "vip-list-zh-CN");

		// Buy it from the balance: a confirm sheet, then the card with its expiry.
		await page.getByTestId(`vip-card-${card.id}`).click();
		await page.getByTestId("vip-detail").waitFor();
		await page.getByTestId("vip-buy").click();
		await page.getByTestId("vip-buy-sheet").waitFor();
		expect(await page.getByTestId("vip-buy-price").textContent()).toContain(money(card.price));
		await page.getByTestId("vip-pay").click();
		await page.getByTestId("vip-done").waitFor();
		expect(await page.getByTestId("vip-done-expiry").textContent()).toMatch(/\d/);
		await screenshot(page, "vip-bought-zh-CN");

		// The cart: its discount line, priced by the server.
		const item = plainPickupItem();
		const menuPage = await new MenuPage(page).open();
		await menuPage.chooseOrderType("takein");
		await menuPage.item(item.id).getByTestId("item-add").click();
		await menuPage.openCart();
		const cart = new CartPage(page);
		await cart.priced();
		const subtotal = item.price;
		const off = discountOf(card, subtotal);
		expect(off).toBeGreaterThan(0);
		expect(await page.getByTestId("cart-discount").textContent()).toContain(money(off));
		expect(await cart.total.textContent()).toBe(price(subtotal - off));
		await screenshot(page, "vip-cart-discount-zh-CN");

		// The pay page says the same, and paying from the balance charges the discounted total.
		await page.getByTestId("cart-checkout").click();
		await page.waitForURL((url) => url.pathname === PAY_PATH);
		const pay = await new PayPage(page).loaded();
		expect(await page.getByTestId("pay-discount").textContent()).toContain(money(off));
		await pay.method("balance").locator("input").check({ force: true });
		await pay.submit();
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/orders/detail");
		const orderId = await new OrderDetailPage(page).orderId();
		await page.getByTestId("order-discount").waitFor();
		expect(await page.getByTestId("order-total").textContent()).toContain(money(subtotal - off));
		const after = await apiCall<VipCardList>("/vip/getList", { token: await signInByApi(mobile) });
		expect(after.balance).toBe(credited - card.price - (subtotal - off));
		await context.close();

		// The shop's staff see the discount line too, so the order's lines add up to its total.
		const staff = await newPhone(browser, { width: 1024, height: 768 });
		await openSignedIn(staff.page, DEMO_OWNER_MOBILE, `${MERCHANT_ORDER_DETAIL_PATH}?id=${orderId}`);
		await staff.page.getByTestId("merchant-order-discount").waitFor();
		expect(await staff.page.getByTestId("merchant-order-discount").textContent()).toContain(money(off));
		expect(await staff.page.getByTestId("merchant-order-total").textContent()).toContain(money(subtotal - off));
		await screenshot(staff.page, "vip-merchant-order-1024");
		await staff.context.close();
	});

	it("shows the card pages at 390 px in Khmer", async () => {
		const { context, page } = await newPhone(browser, { locale: "km" });
		await openSignedIn(page, uniqueMobile(), VIP_PATH);
		await page.getByTestId("vip-cards").waitFor();
		expect(await page.evaluate(() => document.documentElement.lang)).toBe("km");
		await screenshot(page, "vip-list-km");
		await page.getByTestId("vip-cards").locator("[data-testid^='vip-card-']").first().click();
		await page.getByTestId("vip-detail").waitFor();
		await screenshot(page, "vip-detail-km");
		await context.close();
	});
});
