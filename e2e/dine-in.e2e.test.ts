import type { MenuItem, MerchantTable, OrderView, ShopMenu, TableBillView } from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppShell } from "./pages/app-shell";
import { MenuPage } from "./pages/menu-page";
import { MERCHANT_ORDER_PATH, MerchantBoardPage } from "./pages/merchant-pages";
import { PAY_PATH } from "./pages/order-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";

/**
 * A diner of their own: the demo customer signs in through the login page elsewhere, and the
 * server allows one SMS code per number per minute. The staff member is the demo shop's.
 */
const CUSTOMER = "13900000042";
const STAFF = "13800000002";
/** A friend at the same table, ordering from their own phone (through the API here). */
const FRIEND = "13900000041";
const BILL_PATH = "/pages/components/pages/orders/bill";

let browser: Browser;
let tables: MerchantTable[];
let simpleItem: MenuItem;

beforeAll(async () => {
	browser = await launchBrowser();
	tables = await apiCall<MerchantTable[]>("/merchant/tables?shopId=1", { token: await signInByApi(DEMO_OWNER_MOBILE) });
	const menu = await apiCall<ShopMenu>("/product/products?shopId=1");
	// An item without options or a stock limit: one tap adds it, and other tests cannot sell it out.
	const found = menu.categories
		.flatMap((category) => category.items)
		.find(
			(item) =>
				item.orderTypes.includes("desk") && item.optionGroups.length === 0 && !item.soldOut && item.stock === null,
		);
	if (!found) throw new Error("the demo menu has no simple dine-in item");
	simpleItem = found;
});

afterAll(async () => {
	await browser?.close();
});

function tableNamed(number: string): MerchantTable & { token: string; path: string } {
	const table = tables.find((candidate) => candidate.number === number);
	if (!table) throw new Error(`the demo shop has no table ${number}`);
	const url = new URL(table.qrUrl);
	return { ...table, token: url.searchParams.get("token") ?? "", path: `${url.pathname}${url.search}` };
}

/** A round ordered from another phone at the table. */
async function friendOrders(tableToken: string): Promise<OrderView> {
	return apiCall<OrderView>("/order/create", {
		method: "POST",
		token: await signInByApi(FRIEND),
		headers: { "idempotency-key": `e2e-friend-${Date.now()}-${Math.random().toString(36).slice(2)}` },
		body: {
			shopId: 1,
			orderType: "desk",
			tableToken,
			diners: 3,
			lines: [{ itemId: simpleItem.id, quantity: 2, optionIds: [] }],
		},
	});
}

const moneyText = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe("dine-in, paid after the meal", () => {
	it("sends each round to the kitchen at once and lets the table pay the whole bill at the end", async () => {
		const table = tableNamed("A5");
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		const staffSide = await newPhone(browser, { locale: "zh-CN" });
		const board = new MerchantBoardPage(staffSide.page);
		await openSignedIn(staffSide.page, STAFF, MERCHANT_ORDER_PATH);
		await board.board.waitFor();

		// Scan the table, order a round: the checkout says it goes on the table's bill.
		await openSignedIn(page, CUSTOMER, table.path);
		await page.getByTestId("table-resolved").waitFor();
		await page.getByTestId("table-order").click();
		const menuPage = await new MenuPage(page).loaded();
		expect(await menuPage.isOrderTypeSelected("desk")).toBe(true);
		await menuPage.item(simpleItem.id).getByTestId("item-add").click();
		await menuPage.openCart();
		await page.getByTestId("cart-checkout").click();
		await page.waitForURL((url) => url.pathname === PAY_PATH);
		await page.getByTestId("pay-later-note").waitFor();
		expect(await page.getByTestId("pay-method-balance").count()).toBe(0);
		await page.getByTestId("pay-diners-choose").click();
		expect(await page.getByTestId("pay-submit").textContent()).toBe("下单");
		await screenshot(page, "dine-in-pay-later");
		await page.getByTestId("pay-submit").click();

		// The bill page: one round, not paid yet; the kitchen has the round already.
		await page.waitForURL((url) => url.pathname === BILL_PATH);
		await page.locator('[data-testid="table-bill"][data-status="open"]').waitFor();
		expect(await page.getByTestId("bill-table").textContent()).toContain("A5 号桌");
		expect(await page.getByTestId("bill-due").textContent()).toBe(moneyText(simpleItem.price));
		const mine = await apiCall<TableBillView>(`/order/bill?tableToken=${encodeURIComponent(table.token)}`, {
			token: await signInByApi(CUSTOMER),
		});
		const myRound = mine.rounds[0]?.orderId as number;
		await board.card(myRound).getByTestId("merchant-order-pay-later").waitFor();
		expect(await board.card(myRound).getAttribute("data-status")).toBe("new");
		// Unpaid, yet the kitchen's alarm rings for it like for any new order.
		await board.alert.waitFor();
		await board.page.getByTestId("merchant-ack").click();

		// A friend at the table orders another round while the customer looks at the old total:
		// paying that total is refused with the reason, and the page shows the new one.
		const friendRound = await friendOrders(table.token);
		const newDue = simpleItem.price + friendRound.total;
		await page.getByTestId("pay-method-sandbox").locator("input").check();
		await page.getByTestId("bill-pay").click();
		await page.getByTestId("toast").filter({ hasText: "账单已有变动" }).waitFor();
		await page
			.getByTestId("bill-due")
			.filter({ hasText: moneyText(newDue) })
			.waitFor();
		await page.getByTestId(`bill-round-${friendRound.id}`).waitFor();
		await screenshot(page, "dine-in-bill");

		// The customer reads the message, then pays the new total at the gateway and comes back.
		await page.getByTestId("toast").filter({ hasText: "账单已有变动" }).waitFor({ state: "detached" });
		await page.getByTestId("bill-pay").click();
		expect(await page.getByTestId("sandbox-amount").textContent()).toBe(moneyText(newDue));
		await page.getByTestId("sandbox-approve").click();
		await page.waitForURL((url) => url.pathname === BILL_PATH);
		await page.locator('[data-testid="table-bill"][data-status="settled"]').waitFor();
		expect(await page.getByTestId("bill-settled").textContent()).toContain(moneyText(newDue));

		// The board shows both rounds paid and no table left to pay.
		await board.card(myRound).getByTestId("merchant-order-pay-later").waitFor({ state: "detached" });
		await board.page.getByTestId("merchant-tab-bills").click();
		await board.page.getByText("暂无待结账的桌台").waitFor();
		await staffSide.context.close();
		await context.close();
	});

	it("lets the staff settle a table that paid at the counter", async () => {
		const table = tableNamed("A6");
		const round = await friendOrders(table.token);
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		const board = new MerchantBoardPage(page);
		await openSignedIn(page, STAFF, MERCHANT_ORDER_PATH);
		await board.board.waitFor();

		await page.getByTestId("merchant-tab-bills").click();
		const bill = page.getByTestId(`merchant-bill-${round.billId}`);
		await bill.waitFor();
		expect(await bill.getByTestId("merchant-bill-due").textContent()).toContain(moneyText(round.total));
		await screenshot(page, "merchant-bills");
		await bill.getByTestId("merchant-bill-settle").click();
		expect(await page.getByTestId("merchant-bill-confirm").textContent()).toContain(moneyText(round.total));
		await page.getByTestId("merchant-bill-confirm").getByTestId("confirm-ok").click();
		await bill.waitFor({ state: "detached" });
		await page.getByTestId("toast").filter({ hasText: "A6 号桌已结账" }).waitFor();

		const friendView = await apiCall<OrderView>(`/order/detail/${round.id}`, { token: await signInByApi(FRIEND) });
		expect(friendView).toMatchObject({ paymentStatus: "paid", payMethod: "counter" });
		await context.close();
	});

	it("shows the table's bill in Khmer on a 320 px screen", async () => {
		const table = tableNamed("T2");
		const round = await friendOrders(table.token);
		const { context, page } = await newPhone(browser, { locale: "km", width: 320, height: 720 });
		await openSignedIn(page, FRIEND, table.path);
		await page.getByTestId("table-open-bill").click();
		await page.waitForURL((url) => url.pathname === BILL_PATH);
		await page.getByTestId(`bill-round-${round.id}`).waitFor();
		const shell = new AppShell(page);
		expect(await shell.htmlLang()).toBe("km");
		expect(await page.getByTestId("bill-table").textContent()).toContain("តុ T2");
		expect(await page.getByTestId("bill-pay").textContent()).toBe(`បង់ ${moneyText(round.total)}`);
		expect(await shell.hasHorizontalScroll()).toBe(false);
		await screenshot(page, "km-table-bill");
		await context.close();
		// The table leaves and pays at the counter.
		await apiCall("/merchant/bill/settle", {
			method: "POST",
			token: await signInByApi(STAFF),
			body: { billId: round.billId, expectedTotal: round.total },
		});
	});

	it("lets a waiter take a round at a table for a customer, and it joins the table's bill", async () => {
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		await openSignedIn(page, STAFF, MERCHANT_ORDER_PATH);
		await page.getByTestId("merchant-order-for-customer").click();
		await page.getByTestId("staff-order-sheet").waitFor();
		await page.getByTestId("staff-order-phone").fill(FRIEND);
		await page.getByTestId("staff-order-table").click();
		await page.getByTestId("staff-order-table-sheet").getByRole("radio", { name: "桌号 T3" }).click();
		await page.getByTestId("staff-order-diners").getByTestId("stepper-plus").click();
		await page.getByTestId(`staff-item-qty-${simpleItem.id}`).getByTestId("stepper-plus").click();
		await page.getByTestId("staff-order-submit").click();

		await page.waitForURL((url) => url.pathname === "/pages/components/pages/merchant/orderDetail");
		const orderId = Number(new URL(page.url()).searchParams.get("id"));
		await page.getByTestId("merchant-order-source").filter({ hasText: "员工帮点" }).waitFor();
		const forCustomer = await apiCall<OrderView>(`/order/detail/${orderId}`, { token: await signInByApi(FRIEND) });
		expect(forCustomer).toMatchObject({
			source: "staff",
			tableNumber: "T3",
			diners: 3,
			status: "new",
			paymentStatus: "unpaid",
			billId: expect.any(Number),
		});
		await page.goto(MERCHANT_ORDER_PATH);
		await page.getByTestId("merchant-tab-bills").click();
		const bill = page.getByTestId(`merchant-bill-${forCustomer.billId}`);
		expect(await bill.getByTestId("merchant-bill-due").textContent()).toContain(moneyText(simpleItem.price));
		await bill.getByTestId("merchant-bill-settle").click();
		await page.getByTestId("merchant-bill-confirm").getByTestId("confirm-ok").click();
		await bill.waitFor({ state: "detached" });
		await context.close();
	});

	it("lets the owner, and only the owner, choose whether dine-in guests pay after the meal", async () => {
		const staffSide = await newPhone(browser, { locale: "zh-CN" });
		await openSignedIn(staffSide.page, STAFF, MERCHANT_ORDER_PATH);
		await staffSide.page.getByTestId("merchant-tab-bills").click();
		await staffSide.page.getByText("暂无待结账的桌台").waitFor();
		expect(await staffSide.page.getByTestId("merchant-pay-after-meal").count()).toBe(0);
		await staffSide.context.close();

		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		await openSignedIn(page, DEMO_OWNER_MOBILE, MERCHANT_ORDER_PATH);
		await page.getByTestId("merchant-tab-bills").click();
		const toggle = page.getByTestId("merchant-pay-after-meal");
		expect(await toggle.isChecked()).toBe(true);
		try {
			await toggle.click();
			await page.getByTestId("toast").filter({ hasText: "堂食改为下单即付款" }).waitFor();
			expect(await toggle.isChecked()).toBe(false);
			const shop = await apiCall<{ deskPayAfterMeal: boolean }>("/store/getShop?shop_id=1");
			expect(shop.deskPayAfterMeal).toBe(false);
			await toggle.click();
			await page.getByTestId("toast").filter({ hasText: "已开启餐后结账" }).waitFor();
		} finally {
			// Other stories count on the demo shop's choice.
			await apiCall("/merchant/shop/dine-in-payment", {
				method: "POST",
				token: await signInByApi(DEMO_OWNER_MOBILE),
				body: { shopId: 1, payAfterMeal: true },
			});
		}
		await context.close();
	});
});
