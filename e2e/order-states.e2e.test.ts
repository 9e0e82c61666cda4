import type { MenuItem, ShopSummary } from "@bayon/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MenuPage } from "./pages/menu-page";
import { MERCHANT_ORDER_PATH, MerchantBoardPage } from "./pages/merchant-pages";
import { ORDER_DETAIL_PATH, OrderDetailPage, PAY_PATH, PayPage } from "./pages/order-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { demoShopAndSimpleItem, payOnSandbox, placePickupOrder } from "./support/demo-orders";
import { apiCall, openSignedIn, signInByApi } from "./support/http-api";
import { uniqueMobile } from "./support/sms-outbox";

/**
 * Orders read what they are and offer only what their state allows, on the customer's phone
 * (390 px) and the counter tablet (1024 px), in Chinese and Khmer.
 */

const STAFF = "13800000002";
const ORDER_TAB_PATH = "/pages/order/order";
const TABLET = { width: 1024, height: 768 };

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

const placeOrder = (token: string) => placePickupOrder(token, shop.id, item.id);

/** Visible action buttons of the customer's order page, by test id. */
async function customerActions(page: Page): Promise<string[]> {
	return page
		.getByTestId("order-actions")
		.locator("[data-testid]")
		.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-testid") ?? ""));
}

describe("a refund, from request to refunded", () => {
	it("shows staff only the decision, then takes the refunded order off the board; the customer reads refunded with nothing to confirm", async () => {
		const customerMobile = uniqueMobile();
		const customerToken = await signInByApi(customerMobile);
		const staffToken = await signInByApi(STAFF);
		const order = await placeOrder(customerToken);
		await payOnSandbox(customerToken, order.id);
		for (const action of ["accept", "ready"]) {
			await apiCall("/merchant/order/action", {
				method: "POST",
				token: staffToken,
				body: { orderId: order.id, action },
			});
		}
		await apiCall("/order/refund", {
			method: "POST",
			token: customerToken,
			body: { orderId: order.id, reason: "等太久了" },
		});

		// The counter tablet: the request waits under refunds with only approve and refuse.
		const counter = await newPhone(browser, TABLET);
		const board = new MerchantBoardPage(counter.page);
		await openSignedIn(counter.page, STAFF, MERCHANT_ORDER_PATH);
		const card = await board.cardUnder("refunds", order.id);
		await card.waitFor();
		expect(await card.getByTestId("merchant-order-status").textContent()).toBe("退款申请中");
		expect(
			await card
				.getByTestId("merchant-actions")
				.locator("button")
				.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-testid"))),
		).toEqual(["merchant-refund-reject", "merchant-refund-approve"]);
		expect(await (await board.cardUnder("ready", order.id)).count()).toBe(0);
		await board.showTab("refunds");
		await screenshot(counter.page, "order-states-board-refund-request-1024");
		const khmerBoard = await newPhone(browser, { ...TABLET, locale: "km" });
		await openSignedIn(khmerBoard.page, STAFF, MERCHANT_ORDER_PATH);
		await new MerchantBoardPage(khmerBoard.page).showTab("refunds");
		const khmerCard = new MerchantBoardPage(khmerBoard.page).card(order.id);
		expect(await khmerCard.getByTestId("merchant-order-status").textContent()).toBe("កំពុងដាក់ស្នើសុំសងប្រាក់");
		await screenshot(khmerBoard.page, "order-states-board-refund-request-1024-km");
		await khmerBoard.context.close();

		// The customer's phone meanwhile: refund application in progress, no receipt to confirm.
		const phone = await newPhone(browser);
		await openSignedIn(phone.page, customerMobile, `${ORDER_DETAIL_PATH}?id=${order.id}`);
		const detail = new OrderDetailPage(phone.page);
		await detail.waitForStage("refundInProgress");
		expect(await detail.stage.textContent()).toBe("退款申请中");
		expect(await customerActions(phone.page)).toEqual([]);
		expect(await phone.page.getByTestId("order-progress").count()).toBe(0);

		// Approved at the counter: gone from every column of the active board.
		await card.getByTestId("merchant-refund-approve").click();
		await counter.page.getByTestId("merchant-refund-confirm").getByTestId("confirm-ok").click();
		await card.waitFor({ state: "detached" });
		for (const tab of ["new", "production", "ready", "refunds"] as const) {
			expect(await (await board.cardUnder(tab, order.id)).count()).toBe(0);
		}

		// The customer's page follows live: refunded, no stage bar, no confirm-receipt button.
		await detail.waitForStage("refunded");
		expect(await detail.stage.textContent()).toBe("已退款");
		expect(await phone.page.getByTestId("order-take").count()).toBe(0);
		expect(await phone.page.getByTestId("order-progress").count()).toBe(0);
		expect(await customerActions(phone.page)).toEqual([]);
		expect(await phone.page.getByTestId("order-pickup-number").count()).toBe(0);
		await screenshot(phone.page, "order-states-refunded-390");

		// In Khmer on both screens.
		const khmerPhone = await newPhone(browser, { locale: "km" });
		await openSignedIn(khmerPhone.page, customerMobile, `${ORDER_DETAIL_PATH}?id=${order.id}`);
		await new OrderDetailPage(khmerPhone.page).waitForStage("refunded");
		expect(await khmerPhone.page.getByTestId("order-stage").textContent()).toBe("បានសងប្រាក់វិញ");
		await screenshot(khmerPhone.page, "order-states-refunded-390-km");
		const khmerCounter = await newPhone(browser, { ...TABLET, locale: "km" });
		await openSignedIn(khmerCounter.page, STAFF, `/pages/components/pages/merchant/orderDetail?id=${order.id}`);
		await khmerCounter.page.getByTestId("merchant-order-detail").waitFor();
		expect(await khmerCounter.page.getByTestId("merchant-order-status").textContent()).toBe("បានសងប្រាក់វិញ");
		expect(await khmerCounter.page.getByTestId("merchant-actions").count()).toBe(0);
		await screenshot(khmerCounter.page, "order-states-merchant-refunded-1024-km");

		for (const context of [counter.context, phone.context, khmerPhone.context, khmerCounter.context]) {
			await context.close();
		}
	});
});

describe("paying with an empty balance", () => {
	it("preselects the card at checkout; an unpaid order shows its time to pay and pay or cancel, never a pickup number", async () => {
		const customerMobile = uniqueMobile(); // a new member: balance 0.00
		const { context, page } = await newPhone(browser);
		await openSignedIn(page, customerMobile, "/pages/menu/menu");
		const menuPage = await new MenuPage(page).loaded();
		await menuPage.chooseOrderType("takein");
		await menuPage.item(item.id).getByTestId("item-add").click();
		await menuPage.openCart();
		await page.getByTestId("cart-checkout").click();
		await page.waitForURL((url) => url.pathname === PAY_PATH);
		const pay = await new PayPage(page).loaded();
		await pay.method("balance").locator('[data-testid="pay-balance-short"]').waitFor();
		expect(await pay.method("balance").getAttribute("data-unavailable")).toBe("balanceShort");
		expect(await pay.method("balance").locator("input").isDisabled()).toBe(true);
		expect(await pay.method("sandbox").locator("input").isChecked()).toBe(true);
		expect(await pay.method("balance").locator("input").isChecked()).toBe(false);
		await screenshot(page, "order-states-checkout-empty-balance-390");

		// An order left unpaid (the payer walked away from the gateway).
		const token = await signInByApi(customerMobile);
		const unpaid = await placeOrder(token);
		await page.goto(ORDER_TAB_PATH);
		const pending = page.getByTestId("current-orders-pending-payment");
		const card = pending.getByTestId(`order-card-${unpaid.id}`);
		await card.waitFor();
		expect(await card.getByTestId("order-card-stage").textContent()).toBe("待支付");
		expect(await card.getByTestId("order-card-countdown").textContent()).toMatch(/^请在 \d+:\d{2} 内完成支付$/);
		expect(await card.getByTestId("order-card-pickup").count()).toBe(0);
		expect(await card.getByTestId("order-card-meta").textContent()).toMatch(/\d{1,2}:\d{2}/);
		expect(await card.getByTestId("order-card-meta").textContent()).not.toContain("#");
		await card.getByTestId("order-card-cancel").waitFor();
		await screenshot(page, "order-states-order-tab-pending-390");

		await card.getByTestId("order-card-pay").click();
		await page.waitForURL((url) => url.pathname === ORDER_DETAIL_PATH);
		const detail = new OrderDetailPage(page);
		await detail.waitForStage("awaitingPayment");
		await page.getByTestId("order-countdown").waitFor();
		expect(await page.getByTestId("order-pickup-number").count()).toBe(0);
		await page.getByTestId("pay-balance-short").waitFor();
		expect(await page.getByTestId("pay-method-sandbox").locator("input").isChecked()).toBe(true);
		expect(await customerActions(page)).toEqual(["order-cancel", "order-pay"]);
		await screenshot(page, "order-states-unpaid-detail-390");

		// Khmer.
		const khmer = await newPhone(browser, { locale: "km" });
		await openSignedIn(khmer.page, customerMobile, ORDER_TAB_PATH);
		const khmerCard = khmer.page.getByTestId("current-orders-pending-payment").getByTestId(`order-card-${unpaid.id}`);
		await khmerCard.waitFor();
		expect(await khmerCard.getByTestId("order-card-countdown").textContent()).toContain("សូមបង់ប្រាក់ក្នុងរយៈពេល");
		await screenshot(khmer.page, "order-states-order-tab-pending-390-km");
		await khmer.page.goto(`${ORDER_DETAIL_PATH}?id=${unpaid.id}`);
		await khmer.page.getByTestId("pay-balance-short").waitFor();
		await screenshot(khmer.page, "order-states-unpaid-detail-390-km");
		await khmer.context.close();

		// Cancelled from the card: gone from the order tab, no buttons left on its page.
		await page.goto(ORDER_TAB_PATH);
		await card.getByTestId("order-card-cancel").click();
		await page.getByTestId("confirm-ok").click();
		await card.waitFor({ state: "detached" });
		await page.goto(`${ORDER_DETAIL_PATH}?id=${unpaid.id}`);
		await detail.waitForStage("cancelled");
		expect(await customerActions(page)).toEqual([]);
		await context.close();
	});
});
