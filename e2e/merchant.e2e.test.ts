import type { MenuItem, OrderView, ShopSummary } from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginPage } from "./pages/login-page";
import { MERCHANT_ORDER_PATH, MerchantBoardPage } from "./pages/merchant-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { demoShopAndSimpleItem, payOnSandbox, placePickupOrder } from "./support/demo-orders";
import { apiCall, openSignedIn, signInByApi } from "./support/http-api";
import { uniqueMobile } from "./support/sms-outbox";

const STAFF_MOBILE = "13800000002";

let browser: Browser;
let shop: ShopSummary;
let item: MenuItem;

beforeAll(async () => {
	browser = await launchBrowser();
	({ shop, item } = await demoShopAndSimpleItem());
});

afterAll(async () => {
	await browser?.close();
});

/** A new customer orders and pays on the sandbox gateway's page, all over HTTP. */
async function placePaidOrder(token: string): Promise<OrderView> {
	const order = await placePickupOrder(token, shop.id, item.id);
	await payOnSandbox(token, order.id);
	return order;
}

describe("merchant: the live order board", () => {
	it("a paid order appears without reload, rings until acknowledged, and is accepted, readied and completed by tapping", async () => {
		const { context, page } = await newPhone(browser);
		const board = new MerchantBoardPage(page);
		await board.countBeeps();
		await openSignedIn(page, STAFF_MOBILE, MERCHANT_ORDER_PATH);
		await board.board.waitFor();
		// Orders left waiting by earlier tests ring once the board has loaded them: silence them
		// first. The "new" tab shows either those orders or that there are none.
		await board.board.locator('.merchant-board__list, [data-testid="state-empty"]').first().waitFor();
		if ((await page.getByTestId("merchant-tab-count-new").count()) > 0) {
			await board.alert.waitFor();
			await page.getByTestId("merchant-ack").click();
		}
		await board.alert.waitFor({ state: "detached" });

		const customerMobile = uniqueMobile();
		const customerToken = await signInByApi(customerMobile);
		const order = await placePaidOrder(customerToken);

		// Live: the websocket event makes the board refetch; no reload.
		const card = board.card(order.id);
		await card.waitFor();
		expect(await card.getByTestId("merchant-order-number").textContent()).toBe(`#${order.pickupNumber}`);
		expect(await card.getByTestId("merchant-order-source").textContent()).toBe("用户下单");
		expect(await card.getByTestId("merchant-order-phone").textContent()).toBe(customerMobile);
		await board.alert.waitFor();
		// The alarm repeats (every 5 s) until someone acknowledges it.
		await page.waitForFunction(() => (window as unknown as { __beeps: number }).__beeps >= 2, undefined, {
			timeout: 8000,
		});
		await screenshot(page, "merchant-board-ringing", { fullPage: false });
		await page.getByTestId("merchant-ack").click();
		await board.alert.waitFor({ state: "detached" });
		const afterAck = await board.beeps();
		await page.waitForTimeout(5500);
		expect(await board.beeps()).toBe(afterAck);

		await board.tap(order.id, "accept");
		await card.waitFor({ state: "detached" });
		await board.showTab("production");
		await board.tap(order.id, "ready");
		await card.waitFor({ state: "detached" });
		await board.showTab("ready");
		await board.tap(order.id, "complete");
		await card.waitFor({ state: "detached" });

		const done = await apiCall<OrderView>(`/order/detail/${order.id}`, { token: customerToken });
		expect(done.status).toBe("completed");
		await context.close();
	});

	it("a visitor opening merchant/order is asked to sign in; a customer then sees the merchants-only screen", async () => {
		const { context, page } = await newPhone(browser);
		const board = new MerchantBoardPage(page);
		// No session: straight to sign-in, which brings them back (issue 27), never "merchants only".
		await page.goto(MERCHANT_ORDER_PATH);
		await page.waitForURL((url) => url.pathname.endsWith("/login/login"));
		expect(new URL(page.url()).searchParams.get("redirect")).toBe(MERCHANT_ORDER_PATH);
		expect(await board.merchantsOnly.count()).toBe(0);

		await new LoginPage(page).signIn(uniqueMobile());
		await page.waitForURL((url) => url.pathname === MERCHANT_ORDER_PATH);
		await board.merchantsOnly.waitFor();
		expect(await board.board.count()).toBe(0);
		expect(await page.getByTestId("merchant-only-sign-in").count()).toBe(0);
		await page.getByTestId("merchant-only-home").click();
		await page.waitForURL((url) => url.pathname === "/pages/index/index" || url.pathname === "/");
		await context.close();
	});
});
