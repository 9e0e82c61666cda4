import type { MenuItem, MerchantTable, OrderView, ResolvedTable, TableBillView } from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppShell } from "./pages/app-shell";
import { MenuPage } from "./pages/menu-page";
import { MERCHANT_ORDER_PATH, MerchantBoardPage } from "./pages/merchant-pages";
import { PAY_PATH } from "./pages/order-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { customerMenu } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";
import { shownAmounts } from "./support/money";

/**
 * A diner of their own: the demo customer signs in through the login page elsewhere, and the
 * server allows one SMS code per number per minute. The staff member is the demo shop's.
 */
const CUSTOMER = "13900000042";
const STAFF = "13800000002";

/**
 * On the till's Take payment sheet the bills tab opened (decision 029): the staff member's shift
 * opened first if it is not, then the bill's due taken in cash, handed over exactly (whole dollars
 * up). Answers what the sheet showed as due.
 */
async function takeCashAtTill(page: import("playwright-core").Page, billId: number): Promise<string> {
	const token = await signInByApi(STAFF);
	const sheet = page.getByTestId("take-payment-sheet");
	await sheet.waitFor();
	const till = await apiCall<{ open: unknown }>("/merchant/counter/till?shopId=1", { token });
	if (!till.open)
		await apiCall("/merchant/counter/shift/open", { method: "POST", token, body: { shopId: 1, floatCash: 0 } });
	await page.reload();
	await sheet.waitFor();
	const due = (await sheet.getByTestId("take-due").textContent()) ?? "";
	// The sheet's address names the bill and its due in cents (the bills tab's link).
	const url = new URL(page.url());
	expect(url.searchParams.get("id")).toBe(String(billId));
	const dollars = Math.ceil(Number(url.searchParams.get("amount")) / 100);
	await sheet.getByTestId("take-tendered").fill(String(dollars));
	await sheet.getByTestId("take-submit").click();
	await sheet.getByTestId("take-receipt").waitFor();
	await sheet.getByTestId("take-done").click();
	return due;
}

/**
 * The table pays its bill in cash at the counter, through the API (decision 029): the staff
 * member's shift opened first if it is not, then the due taken, handed over exactly.
 */
async function payBillAtCounter(billId: number | null | undefined, amount: number): Promise<void> {
	const token = await signInByApi(STAFF);
	const till = await apiCall<{ open: unknown }>("/merchant/counter/till?shopId=1", { token });
	if (!till.open)
		await apiCall("/merchant/counter/shift/open", { method: "POST", token, body: { shopId: 1, floatCash: 0 } });
	await apiCall("/merchant/counter/take", {
		method: "POST",
		token,
		body: { shopId: 1, purpose: "table_bill", purposeId: billId, amount, method: "cash", tendered: amount },
	});
}

/** A friend at the same table, ordering from their own phone (through the API here). */
const FRIEND = "13900000041";
const BILL_PATH = "/pages/components/pages/orders/bill";

let browser: Browser;
let tables: MerchantTable[];
let simpleItem: MenuItem;

beforeAll(async () => {
	browser = await launchBrowser();
	tables = await apiCall<MerchantTable[]>("/merchant/tables?shopId=1", { token: await signInByApi(DEMO_OWNER_MOBILE) });
	const menu = await customerMenu(1);
	({ price, money } = await shownAmounts());
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

/** Scans a table's printed code outside the browser: the token of the table's current seating. */
async function seatingAt(table: { token: string }): Promise<string> {
	return (await apiCall<ResolvedTable>(`/table/resolve?token=${encodeURIComponent(table.token)}`)).token;
}

/** A round ordered from another phone at the table (by default the friend's), with a seating token. */
async function friendOrders(tableToken: string, mobile = FRIEND): Promise<OrderView> {
	return apiCall<OrderView>("/order/create", {
		method: "POST",
		token: await signInByApi(mobile),
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

/** Prices as the app shows them (dollars, and riel beside them in the demo), and plain amounts. */
let price: (minor: number) => string;
let money: (minor: number) => string;

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
		expect(await page.getByTestId("bill-due").textContent()).toBe(price(simpleItem.price));
		const mine = await apiCall<TableBillView>(`/order/bill?tableToken=${encodeURIComponent(await seatingAt(table))}`, {
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
		const friendRound = await friendOrders(await seatingAt(table));
		const newDue = simpleItem.price + friendRound.total;
		await page.getByTestId("pay-method-sandbox").locator("input").check();
		await page.getByTestId("bill-pay").click();
		await page.getByTestId("toast").filter({ hasText: "账单已有变动" }).waitFor();
		await page
			.getByTestId("bill-due")
			.filter({ hasText: price(newDue) })
			.waitFor();
		await page.getByTestId(`bill-round-${friendRound.id}`).waitFor();
		await screenshot(page, "dine-in-bill");

		// The customer reads the message, then pays the new total at the gateway and comes back.
		await page.getByTestId("toast").filter({ hasText: "账单已有变动" }).waitFor({ state: "detached" });
		await page.getByTestId("bill-pay").click();
		// The gateway's page shows what it charges: the shop's currency alone.
		expect(await page.getByTestId("sandbox-amount").textContent()).toBe(money(newDue));
		await page.getByTestId("sandbox-approve").click();
		await page.waitForURL((url) => url.pathname === BILL_PATH);
		await page.locator('[data-testid="table-bill"][data-status="settled"]').waitFor();
		// Back from the gateway the app starts again: its prices gain the second currency once the
		// tenant's configuration has loaded, which may come after the bill.
		await page
			.getByTestId("bill-settled")
			.filter({ hasText: price(newDue) })
			.waitFor();
		// Paying ended the seating: to order again, the diner scans the table again.
		expect(await page.getByTestId("bill-seating-ended").textContent()).toContain("本桌账单已结清");

		// The board shows both rounds paid and no table left to pay.
		await board.card(myRound).getByTestId("merchant-order-pay-later").waitFor({ state: "detached" });
		await board.page.getByTestId("merchant-tab-bills").click();
		await board.page.getByText("暂无待结账的桌台").waitFor();
		await staffSide.context.close();
		await context.close();
	});

	it("lets the staff settle a table that paid at the counter", async () => {
		const table = tableNamed("A6");
		const round = await friendOrders(await seatingAt(table));
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		const board = new MerchantBoardPage(page);
		await openSignedIn(page, STAFF, MERCHANT_ORDER_PATH);
		await board.board.waitFor();

		await page.getByTestId("merchant-tab-bills").click();
		const bill = page.getByTestId(`merchant-bill-${round.billId}`);
		await bill.waitFor();
		expect(await bill.getByTestId("merchant-bill-due").textContent()).toContain(price(round.total));
		await screenshot(page, "merchant-bills");
		await bill.getByTestId("merchant-bill-settle").click();
		// The till's Take payment sheet (decision 029): the bill's due, taken in cash.
		expect(await takeCashAtTill(page, round.billId as number)).toBe(money(round.total));
		await page.goto(MERCHANT_ORDER_PATH);
		await page.getByTestId("merchant-tab-bills").click();
		await bill.waitFor({ state: "detached" });

		const friendView = await apiCall<OrderView>(`/order/detail/${round.id}`, { token: await signInByApi(FRIEND) });
		expect(friendView).toMatchObject({ paymentStatus: "paid", payMethod: "counter" });
		await context.close();
	});

	it("shows the table's bill in Khmer on a 320 px screen", async () => {
		const table = tableNamed("T2");
		const round = await friendOrders(await seatingAt(table));
		const { context, page } = await newPhone(browser, { locale: "km", width: 320, height: 720 });
		await openSignedIn(page, FRIEND, table.path);
		await page.getByTestId("table-open-bill").click();
		await page.waitForURL((url) => url.pathname === BILL_PATH);
		await page.getByTestId(`bill-round-${round.id}`).waitFor();
		const shell = new AppShell(page);
		expect(await shell.htmlLang()).toBe("km");
		expect(await page.getByTestId("bill-table").textContent()).toContain("តុ T2");
		expect(await page.getByTestId("bill-pay").textContent()).toBe(`បង់ ${price(round.total)}`);
		expect(await shell.hasHorizontalScroll()).toBe(false);
		await screenshot(page, "km-table-bill");
		await context.close();
		// The table leaves and pays at the counter.
		await payBillAtCounter(round.billId, round.total);
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
		expect(await bill.getByTestId("merchant-bill-due").textContent()).toContain(price(simpleItem.price));
		await bill.getByTestId("merchant-bill-settle").click();
		await takeCashAtTill(page, forCustomer.billId as number);
		await page.goto(MERCHANT_ORDER_PATH);
		await page.getByTestId("merchant-tab-bills").click();
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

/** Someone who scanned a table once and kept the link: they are not at the table tonight. */
const STRANGER = "13900000043";
/** A Khmer-speaking diner. */
const KM_DINER = "13900000044";

/** The seating token the app keeps for the scanned table (its stored desk). */
async function storedSeating(page: import("playwright-core").Page): Promise<string> {
	const desk = await page.evaluate(() => JSON.parse(localStorage.getItem("desk") ?? "null") as { token: string });
	return desk.token;
}

/** The error code an API call answers (apiCall throws on anything but 0). */
async function refusalOf(call: Promise<unknown>): Promise<string> {
	return call.then(
		() => "accepted",
		(error: Error) => error.message,
	);
}

describe("seatings: a stranger's rounds and the end of a seating", () => {
	it("lets the staff remove a stranger's round and clear the table; the diner is told to scan again", async () => {
		const table = tableNamed("A4");
		const diner = await newPhone(browser, { locale: "zh-CN" });
		await openSignedIn(diner.page, CUSTOMER, table.path);
		await diner.page.getByTestId("table-resolved").waitFor();
		const seating = await storedSeating(diner.page);
		const mine = await friendOrders(seating, CUSTOMER);
		// The stranger scanned the table's code last week and kept the link: it still joins the
		// table's current seating until the staff reprint the code, so the staff must see it.
		const theirs = await friendOrders(await seatingAt(table), STRANGER);
		expect(theirs.billId).toBe(mine.billId);

		const staffSide = await newPhone(browser, { locale: "zh-CN" });
		await openSignedIn(staffSide.page, STAFF, MERCHANT_ORDER_PATH);
		await staffSide.page.getByTestId("merchant-tab-bills").click();
		const bill = staffSide.page.getByTestId(`merchant-bill-${mine.billId}`);
		const strangerRound = bill.getByTestId(`merchant-bill-round-${theirs.id}`);
		await strangerRound.waitFor();
		expect(await strangerRound.getByTestId("merchant-round-by").textContent()).toContain("139****0043");
		expect(
			await bill.getByTestId(`merchant-bill-round-${mine.id}`).getByTestId("merchant-round-by").textContent(),
		).toContain("139****0042");
		await screenshot(staffSide.page, "seating-staff-rounds-zh-390");
		await staffSide.page.setViewportSize({ width: 1024, height: 768 });
		await screenshot(staffSide.page, "seating-staff-rounds-zh-1024");
		await staffSide.page.setViewportSize({ width: 390, height: 844 });

		// Removing the stranger's round: confirmed first, then gone and the total down.
		await strangerRound.getByTestId("merchant-round-remove").click();
		const confirm = staffSide.page.getByTestId("merchant-bill-confirm");
		expect(await confirm.textContent()).toContain(price(theirs.total));
		expect(await confirm.textContent()).toContain("139****0043");
		await screenshot(staffSide.page, "seating-staff-remove-confirm-zh-390");
		await confirm.getByTestId("confirm-ok").click();
		await strangerRound.waitFor({ state: "detached" });
		await bill
			.getByTestId("merchant-bill-due")
			.filter({ hasText: price(mine.total) })
			.waitFor();
		await diner.page.goto(BILL_PATH);
		await diner.page
			.getByTestId("bill-due")
			.filter({ hasText: price(mine.total) })
			.waitFor();

		// The table leaves without paying; the staff clear it, cancelling what is unpaid.
		await bill.getByTestId("merchant-bill-clear").click();
		expect(await confirm.textContent()).toContain(price(mine.total));
		await confirm.getByTestId("confirm-ok").click();
		await bill.waitFor({ state: "detached" });
		await staffSide.page.getByTestId("toast").filter({ hasText: "A4 号桌已清台" }).waitFor();

		// The diner's app still holds the old seating's token: the page says the seating ended.
		await diner.page.reload();
		const ended = diner.page.getByTestId("bill-seating-ended");
		await ended.waitFor();
		expect(await ended.textContent()).toContain("店员已为本桌清台");
		expect(await ended.textContent()).toContain("请重新扫描桌上的二维码");
		expect(await new AppShell(diner.page).hasHorizontalScroll()).toBe(false);
		await screenshot(diner.page, "seating-ended-zh-390");
		await diner.page.setViewportSize({ width: 1024, height: 768 });
		await screenshot(diner.page, "seating-ended-zh-1024");
		expect(await refusalOf(friendOrders(seating, STRANGER))).toContain("1008007015");
		await diner.page.getByTestId("bill-scan-again").click();
		await diner.page.waitForURL((url) => url.pathname === "/pages/components/pages/scan/scan");
		await staffSide.context.close();
		await diner.context.close();
	});

	it("shows the staff's rounds and the ended seating in Khmer, on a phone and a tablet", async () => {
		const table = tableNamed("A2");
		const diner = await newPhone(browser, { locale: "km" });
		await openSignedIn(diner.page, KM_DINER, table.path);
		await diner.page.getByTestId("table-resolved").waitFor();
		const seating = await storedSeating(diner.page);
		const mine = await friendOrders(seating, KM_DINER);
		const theirs = await friendOrders(await seatingAt(table), STRANGER);

		const staffSide = await newPhone(browser, { locale: "km", width: 1024, height: 768 });
		await openSignedIn(staffSide.page, STAFF, MERCHANT_ORDER_PATH);
		await staffSide.page.getByTestId("merchant-tab-bills").click();
		const bill = staffSide.page.getByTestId(`merchant-bill-${mine.billId}`);
		await bill.getByTestId(`merchant-bill-round-${theirs.id}`).waitFor();
		expect(await bill.getByTestId("merchant-bill-clear").textContent()).toBe("សម្អាតតុ");
		await screenshot(staffSide.page, "seating-staff-rounds-km-1024");
		await staffSide.page.setViewportSize({ width: 390, height: 844 });
		expect(await new AppShell(staffSide.page).hasHorizontalScroll()).toBe(false);
		await screenshot(staffSide.page, "seating-staff-rounds-km-390");
		await bill.getByTestId(`merchant-bill-round-${theirs.id}`).getByTestId("merchant-round-remove").click();
		await screenshot(staffSide.page, "seating-staff-remove-confirm-km-390");
		await staffSide.page.getByTestId("merchant-bill-confirm").getByTestId("confirm-ok").click();
		await bill.getByTestId(`merchant-bill-round-${theirs.id}`).waitFor({ state: "detached" });

		// The table pays at the counter: the seating ends, and the diner sees their settled bill.
		await payBillAtCounter(mine.billId, mine.total);
		await diner.page.goto(BILL_PATH);
		const ended = diner.page.getByTestId("bill-seating-ended");
		await ended.waitFor();
		expect(await ended.textContent()).toContain("វិក្កយបត្ររបស់តុនេះបានបង់រួចហើយ");
		await diner.page.locator('[data-testid="table-bill"][data-status="settled"]').waitFor();
		expect(await new AppShell(diner.page).hasHorizontalScroll()).toBe(false);
		await screenshot(diner.page, "seating-ended-km-390");
		await diner.page.setViewportSize({ width: 1024, height: 768 });
		await screenshot(diner.page, "seating-ended-km-1024");
		await staffSide.context.close();
		await diner.context.close();
	});
});
