import {
	type AppConfig,
	cashChange,
	formatMoney,
	formatSecondMoney,
	type OrderView,
	type ShopMenu,
	type ShopSummary,
	type TillView,
} from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { dearestPlainPickupItem, demoShopAndMenu } from "./support/demo-orders";
import { apiCall, openSignedIn, signInByApi } from "./support/http-api";
import { uniqueMobile } from "./support/sms-outbox";

/**
 * Issue 28 part 3 (decision 029): the counter. A staff member opens a shift with a float, a staff
 * order ("员工帮点") is paid in cash from its order page's Take payment sheet, the change shown
 * (whole dollars and riel when the shop shows riel), the receipt number given; then the shift is
 * closed with a count that differs, and the close shows expected against counted with the
 * difference. At 390 px and 1024 px, in zh-CN and km.
 */

const TILL_PATH = "/pages/merchant/till";
const ORDER_DETAIL_PATH = "/pages/components/pages/merchant/orderDetail";
/** The demo shop's staff member (README): role staff, which may take payment. */
const STAFF_MOBILE = "13800000002";

let browser: Browser;
let shop: ShopSummary;
let menu: ShopMenu;

beforeAll(async () => {
	browser = await launchBrowser();
	({ shop, menu } = await demoShopAndMenu());
});

afterAll(async () => {
	await browser?.close();
});

/** One server serves every file: a shift left open by an earlier run is closed first. */
async function closeOpenShift(token: string): Promise<void> {
	const till = await apiCall<TillView>(`/merchant/counter/till?shopId=${shop.id}`, { token });
	if (!till.open) return;
	const cash = till.open.lines.find((line) => line.method === "cash")?.expected ?? 0;
	await apiCall("/merchant/counter/shift/close", {
		method: "POST",
		token,
		body: { shopId: shop.id, shiftId: till.open.id, countedCash: cash },
	});
}

/** An order the staff member places for a customer: unpaid, waiting at the counter. */
async function staffOrder(staffToken: string): Promise<OrderView> {
	const customerMobile = uniqueMobile();
	await signInByApi(customerMobile);
	const item = dearestPlainPickupItem(menu, 20);
	return apiCall<OrderView>("/merchant/order/create", {
		method: "POST",
		token: staffToken,
		headers: { "idempotency-key": `e2e-counter-${Date.now()}-${Math.random().toString(36).slice(2)}` },
		body: {
			shopId: shop.id,
			orderType: "takein",
			lines: [{ itemId: item.id, quantity: 1, optionIds: [] }],
			customerMobile,
		},
	});
}

describe("the counter", () => {
	for (const lang of ["zh-CN", "km"] as const)
		for (const width of [390, 1024])
			it(`takes cash for a staff order with change, and closes the shift with its count (${lang}, ${width} px)`, async () => {
				const staffToken = await signInByApi(STAFF_MOBILE);
				await closeOpenShift(staffToken);
				const { currency } = await apiCall<AppConfig>("/system/config");
				const { context, page } = await newPhone(browser, { locale: lang, width, height: width > 500 ? 900 : 844 });
				const name = `counter-${lang}-${width}`;

				// No shift yet: it opens with the float counted into the drawer, on the till page (phone)
				// or in the Take payment sheet itself (tablet).
				const inSheet = width > 500;
				await openSignedIn(page, STAFF_MOBILE, TILL_PATH);
				await page.getByTestId("till-open-form").waitFor();
				const openShift = async (where: import("playwright-core").Locator) => {
					await where.getByTestId("till-float").fill("50");
					if (currency.second) await where.getByTestId("till-float-second").fill("40000");
					await settleAnimations(page);
					await screenshot(page, `${name}-open`, { fullPage: !inSheet });
					await where.getByTestId("till-open").click();
				};
				if (!inSheet) {
					await openShift(page.locator("body"));
					await page.getByTestId("till-open-shift").waitFor();
				}

				// A staff order, paid in cash from its page: the sheet shows what is due and the change.
				const order = await staffOrder(staffToken);
				await page.goto(`${ORDER_DETAIL_PATH}?id=${order.id}`);
				await page.getByTestId("merchant-take-payment").click();
				const sheet = page.getByTestId("take-payment-sheet");
				await sheet.waitFor();
				if (inSheet) {
					await sheet.getByTestId("take-no-shift").waitFor();
					await openShift(sheet);
					await sheet.getByTestId("take-form").waitFor();
				}
				const tenderedDollars = Math.ceil(order.total / 10 ** currency.decimals) + 5;
				const tendered = tenderedDollars * 10 ** currency.decimals;
				await sheet.getByTestId("take-tendered").fill(String(tenderedDollars));
				const change = cashChange(order.total, { tendered, tenderedSecond: 0 }, currency);
				const changeShown = [
					change.change > 0 ? formatMoney(change.change, currency) : null,
					change.changeSecond > 0 && currency.second
						? formatSecondMoney(change.changeSecond, {
								...currency,
								decimals: 0,
								second: { ...currency.second, rate: 1, roundTo: 1 },
							})
						: null,
				]
					.filter(Boolean)
					.join(" + ");
				await expect.poll(() => sheet.getByTestId("take-change").textContent()).toContain(changeShown);
				await settleAnimations(page);
				await screenshot(page, `${name}-sheet`, { fullPage: false });
				await sheet.getByTestId("take-submit").click();
				const receipt = sheet.getByTestId("take-receipt");
				await receipt.waitFor();
				expect(await receipt.getByTestId("take-receipt-change").textContent()).toContain(changeShown);
				expect(await receipt.getByTestId("take-receipt-no").textContent()).toMatch(/\d{8}-\d{4}/);
				await settleAnimations(page);
				await screenshot(page, `${name}-receipt`, { fullPage: false });
				const paid = await apiCall<OrderView>(`/merchant/order/detail/${order.id}`, { token: staffToken });
				expect(paid.paymentStatus).toBe("paid");
				await receipt.getByTestId("take-done").click();
				await sheet.waitFor({ state: "detached" });

				// The close: the till expects the float plus the cash kept; one dollar less is counted.
				const takes = page.getByTestId("till-takes");
				await expect.poll(() => takes.textContent()).toContain(`#${order.pickupNumber}`);
				const till = await apiCall<TillView>(`/merchant/counter/till?shopId=${shop.id}`, { token: staffToken });
				const expected = till.open?.lines.find((line) => line.method === "cash")?.expected ?? 0;
				expect(expected).toBe(5000 + tendered - change.change);
				const counted = expected - 10 ** currency.decimals;
				await page.getByTestId("till-count-cash").fill((counted / 10 ** currency.decimals).toFixed(currency.decimals));
				if (currency.second) {
					const second = till.open?.lines.find((line) => line.method === "cash_second")?.expected ?? 0;
					await page.getByTestId("till-count-cash-second").fill(String(second));
				}
				await settleAnimations(page);
				await screenshot(page, `${name}-counting`);
				await page.getByTestId("till-close").click();
				const closed = page.getByTestId("till-closed");
				await closed.waitFor();
				await page.getByTestId("till-open-form").waitFor();
				const difference = closed.getByTestId("till-diff-cash").first();
				await expect.poll(() => difference.textContent()).toContain(formatMoney(10 ** currency.decimals, currency));
				expect(await difference.getAttribute("class")).toContain("counter-diff--under");
				await settleAnimations(page);
				await screenshot(page, `${name}-closed`);
				await context.close();
			});
});
