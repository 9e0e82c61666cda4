import type { MenuItem, ShopMenu } from "@bayon/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginPage } from "./pages/login-page";
import { MenuPage } from "./pages/menu-page";
import { MERCHANT_ORDER_PATH, MerchantBoardPage } from "./pages/merchant-pages";
import { OrderDetailPage, PAY_PATH, PayPage } from "./pages/order-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { demoShopAndMenu } from "./support/demo-orders";
import { openSignedIn } from "./support/http-api";

/** Demo members (README): a customer with stored value, and a staff member of the demo shop. */
const CUSTOMER = "13800000003";
const STAFF = "13800000002";

let browser: Browser;
let menu: ShopMenu;

function itemNamed(name: string): MenuItem {
	const item = menu.categories.flatMap((category) => category.items).find((candidate) => candidate.name === name);
	if (!item) throw new Error(`no item ${name} on the demo menu`);
	return item;
}

beforeAll(async () => {
	browser = await launchBrowser();
	({ menu } = await demoShopAndMenu());
});

afterAll(async () => {
	await browser?.close();
});

/** Marks the page: a reload would lose the mark, so finding it later proves there was none. */
async function markNoReload(target: Page) {
	await target.evaluate(() => {
		(window as unknown as { __noReload: boolean }).__noReload = true;
	});
}

async function wasNotReloaded(target: Page): Promise<boolean> {
	return target.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}

describe("checkout and the order lifecycle", () => {
	it("pays for pickup with the sandbox gateway, follows the order live, then asks for and gets a refund", async () => {
		const { context, page } = await newPhone(browser);
		await page.goto("/pages/components/pages/login/login");
		await new LoginPage(page).signIn(CUSTOMER);

		const menuPage = await new MenuPage(page).open();
		await menuPage.loaded();
		expect(await menuPage.shopIsOpen()).toBe(true);
		await menuPage.chooseOrderType("takein");
		const tea = itemNamed("珍珠奶茶");
		const sheet = await menuPage.openOptions(tea.id);
		await sheet.choose("杯型", "大杯");
		await sheet.choose("加料", "珍珠");
		await sheet.add();
		expect(await menuPage.cartCount.textContent()).toBe("1");

		await menuPage.openCart();
		await page.getByTestId("cart-checkout").click();
		await page.waitForURL((url) => url.pathname === PAY_PATH);
		const pay = await new PayPage(page).loaded();
		// Only the rails set up for the shop are offered (issue 29): none on this server, so the sandbox.
		await pay.method("sandbox").locator("input").check();
		expect(await pay.method("wechat").count()).toBe(0);
		expect(await pay.method("alipay").count()).toBe(0);
		await screenshot(page, "checkout-pay");

		// Meanwhile the shop's board is open on the staff's device.
		const staffSide = await newPhone(browser);
		const board = new MerchantBoardPage(staffSide.page);
		await openSignedIn(staffSide.page, STAFF, MERCHANT_ORDER_PATH);
		await board.board.waitFor();
		await markNoReload(staffSide.page);

		await pay.submit();

		// The hosted gateway page: approve, and the gateway sends us back to the order.
		await page.getByTestId("sandbox-approve").click();
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/orders/detail");
		const detail = new OrderDetailPage(page);
		const orderId = await detail.orderId();
		await page.locator('[data-testid="order-payment-status"][data-status="paid"]').waitFor();
		await detail.waitForStage("awaitingAcceptance");
		expect(await page.getByTestId("order-pickup-number").textContent()).toMatch(/\d+/);
		expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]").length)).toBe(0);

		// The paid order appears on the board without a reload; the staff accept it and mark it
		// ready by tapping, and the customer's page follows each stage live.
		await board.card(orderId).waitFor();
		await markNoReload(page);
		await board.tap(orderId, "accept");
		await detail.waitForStage("inProduction");
		await board.showTab("production");
		await board.tap(orderId, "ready");
		await detail.waitForStage("waitingPickup");
		expect(await wasNotReloaded(page)).toBe(true);
		expect(await wasNotReloaded(staffSide.page)).toBe(true);
		await screenshot(page, "order-waiting-pickup");

		// Refund: reason, confirmation, then the shop approves it.
		await page.getByTestId("order-refund-request").click();
		await page.getByTestId("refund-page").waitFor();
		await page.getByTestId("refund-submit").click();
		expect(await page.getByTestId("refund-error").textContent()).toBe("请填写原因");
		await page.getByTestId("refund-reason").fill("点错了");
		await page.getByTestId("refund-submit").click();
		await page.getByTestId("confirm-ok").click();
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/orders/detail");
		await detail.waitForStage("refundInProgress");
		await markNoReload(page);
		// The request shows up among the board's refunds; the staff approve it.
		await board.showTab("refunds");
		await board.card(orderId).getByTestId("merchant-refund-approve").click();
		await staffSide.page.getByTestId("merchant-refund-confirm").getByTestId("confirm-ok").click();
		await detail.waitForStage("refunded");
		expect(await detail.refund.getAttribute("data-status")).toBe("approved");
		expect(await wasNotReloaded(page)).toBe(true);
		await staffSide.context.close();
		await screenshot(page, "order-refunded");

		// The history's refund tab lists it.
		await page.goto("/pages/components/pages/orders/orders?type=-3");
		await page.getByTestId(`order-card-${orderId}`).waitFor();
		await context.close();
	});
});
