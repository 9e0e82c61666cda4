import { IDEMPOTENCY_HEADER, type MenuItem, type OrderView, type PageResult, type ShopSummary } from "@bayon/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_PATH } from "../apps/web/src/lib/api-client";
import { LoginPage } from "./pages/login-page";
import { MENU_PATH, MenuPage } from "./pages/menu-page";
import { ORDER_DETAIL_PATH, OrderDetailPage, PAY_PATH, PayPage } from "./pages/order-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { customerMenu } from "./support/demo-orders";
import { apiCall, openSignedIn, signInByApi } from "./support/http-api";
import { uniqueMobile } from "./support/sms-outbox";

/**
 * Decision 010: a connection that drops while the order is being placed signs the customer
 * out (spec §4) but costs neither the cart nor a second order.
 */

let browser: Browser;

beforeAll(async () => {
	browser = await launchBrowser();
});

afterAll(async () => {
	await browser?.close();
});

/** The server sends one SMS code per number per minute (spec §9): a second sign-in waits for it. */
const SMS_RESEND_MS = 61_000;

async function cartLines(page: Page): Promise<number> {
	return page.evaluate(() => (JSON.parse(localStorage.getItem("cart") ?? "[]") as unknown[]).length);
}

async function ordersOf(token: string): Promise<OrderView[]> {
	return (await apiCall<PageResult<OrderView>>("/order/list?type=-1&page=1&pageSize=50", { token })).list;
}

describe("a dropped connection while placing an order", () => {
	it("keeps the cart and the draft through signing in again, and the retry pays the one order made", async () => {
		const mobile = uniqueMobile();
		const firstCodeAt = Date.now();
		const token = await signInByApi(mobile);
		const { context, page } = await newPhone(browser);
		await openSignedIn(page, mobile, MENU_PATH);

		// A tea with options in the cart, a remark and the card gateway chosen on the pay page.
		const menuPage = await new MenuPage(page).loaded();
		await menuPage.chooseOrderType("takein");
		const shop = await apiCall<ShopSummary>("/store/nearby");
		const menu = await customerMenu(shop.id);
		const tea = menu.categories
			.flatMap((category) => category.items)
			.find((item: MenuItem) => item.name === "珍珠奶茶");
		if (!tea) throw new Error("no 珍珠奶茶 on the demo menu");
		const sheet = await menuPage.openOptions(tea.id);
		await sheet.choose("杯型", "大杯");
		await sheet.add();
		await menuPage.openCart();
		await page.getByTestId("cart-checkout").click();
		await page.waitForURL((url) => url.pathname === PAY_PATH);
		const pay = await new PayPage(page).loaded();
		await page.getByTestId("pay-remark").click();
		await page.getByTestId("remark-input").fill("少冰");
		await page.getByTestId("remark-save").click();
		await pay.loaded();
		await pay.method("sandbox").locator("input").check();
		expect(await cartLines(page)).toBe(1);

		// The server gets the order and makes it; the answer never reaches the phone.
		const keysSent: string[] = [];
		await page.route("**/app-api/order/create", async (route) => {
			keysSent.push(route.request().headers()[IDEMPOTENCY_HEADER] ?? "");
			const answer = await route.fetch();
			expect((await answer.json()).code).toBe(0);
			await route.abort("internetdisconnected");
		});
		await pay.submit();

		// Spec §4: a network error ends the session and asks for the login screen, back to pay.
		await page.waitForURL((url) => url.pathname === LOGIN_PATH);
		expect(new URL(page.url()).searchParams.get("redirect")).toBe(PAY_PATH);
		expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
		const made = await ordersOf(token);
		expect(made).toHaveLength(1);
		expect(made[0]?.paymentStatus).toBe("unpaid");
		expect(await cartLines(page)).toBe(1);
		await page.unroute("**/app-api/order/create");

		// The app is opened again (a reload), then the customer signs in again.
		await page.reload();
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstCodeAt + SMS_RESEND_MS - Date.now())));
		await new LoginPage(page).signIn(mobile);

		// Back on the pay page with everything as it was, told that placing it again is safe.
		await page.waitForURL((url) => url.pathname === PAY_PATH);
		await pay.loaded();
		expect(await cartLines(page)).toBe(1);
		expect(await page.getByTestId("pay-remark").textContent()).toContain("少冰");
		expect(await pay.method("sandbox").locator("input").isChecked()).toBe(true);
		await page.getByTestId("pay-unanswered").waitFor();
		await screenshot(page, "weak-network-pay-again", { fullPage: false });

		// Trying again sends the same key: the server answers with the order it made, and the
		// customer pays that one order on the gateway's page.
		page.on("request", (request) => {
			if (request.url().includes("/app-api/order/create")) keysSent.push(request.headers()[IDEMPOTENCY_HEADER] ?? "");
		});
		await pay.submit();
		await page.waitForURL((url) => url.pathname.startsWith("/sandbox-pay/checkout/"));
		expect(keysSent).toHaveLength(2);
		expect(keysSent[1]).toBe(keysSent[0]);
		const orders = await ordersOf(token);
		expect(orders.map((order) => order.id)).toEqual([made[0]?.id]);
		expect(await page.locator("body").textContent()).toContain(`#${made[0]?.orderNo}`);
		// The cart is emptied once the order is on its way to being paid.
		expect(await cartLines(page)).toBe(0);

		await page.getByTestId("sandbox-approve").click();
		await page.waitForURL((url) => url.pathname === ORDER_DETAIL_PATH);
		expect(await new OrderDetailPage(page).orderId()).toBe(made[0]?.id);
		await page.locator('[data-testid="order-payment-status"][data-status="paid"]').waitFor();
		expect(await ordersOf(token)).toHaveLength(1);
		await context.close();
	}, 150_000);
});
