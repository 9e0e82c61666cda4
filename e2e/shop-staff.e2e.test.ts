import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginPage } from "./pages/login-page";
import { MERCHANT_INDEX_PATH, MERCHANT_ORDER_PATH } from "./pages/merchant-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { demoShopAndSimpleItem, payOnSandbox, placePickupOrder } from "./support/demo-orders";
import { DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";
import { uniqueMobile } from "./support/sms-outbox";

const STAFF_PAGE = "/pages/merchant/staff";
const CHANGES_PAGE = "/pages/merchant/changes";
const MERCHANT_MY = "/pages/components/pages/merchant/my";

let browser: Browser;

beforeAll(async () => {
	browser = await launchBrowser();
});

afterAll(async () => {
	await browser?.close();
});

describe("merchant: the owner's staff", () => {
	it("an owner adds someone by phone, they sign in and see the board; removed, their board says no access", async () => {
		const owner = await newPhone(browser);
		await openSignedIn(owner.page, DEMO_OWNER_MOBILE, STAFF_PAGE);
		await owner.page.getByTestId("staff-list").waitFor();

		// A wrong phone is caught in the form, in the page's language.
		await owner.page.getByTestId("staff-add-mobile").fill("12345");
		await owner.page.getByTestId("staff-add-submit").click();
		expect(await owner.page.getByTestId("staff-add-error").textContent()).toBe("手机号格式错误");

		const mobile = uniqueMobile();
		await owner.page.getByTestId("staff-add-mobile").fill(mobile);
		await owner.page.getByTestId("staff-add-role-staff").check({ force: true });
		await owner.page.getByTestId("staff-add-submit").click();
		const row = owner.page.getByTestId(`staff-member-${mobile}`);
		await row.waitFor();
		expect(await row.textContent()).toContain("尚未登录");

		// The new staff member signs in by SMS as anyone does, and lands on the board.
		const clerk = await newPhone(browser);
		await clerk.page.goto(`/pages/components/pages/login/login?redirect=${encodeURIComponent(MERCHANT_ORDER_PATH)}`);
		await new LoginPage(clerk.page).signIn(mobile);
		await clerk.page.getByTestId("merchant-board").waitFor();

		// The owner removes them: their open board turns to "merchants only" without a reload.
		await owner.page.getByTestId(`staff-remove-${mobile}`).click();
		await owner.page.getByTestId("confirm-ok").click();
		await row.waitFor({ state: "detached" });
		await clerk.page.getByTestId("merchant-only").waitFor();
		expect(await clerk.page.getByTestId("merchant-board").count()).toBe(0);

		// The change log shows both changes, newest first.
		await owner.page.goto(CHANGES_PAGE);
		const entries = owner.page.getByTestId("change-entry");
		await entries.first().waitFor();
		expect(await entries.nth(0).textContent()).toContain(mobile);
		expect(await entries.nth(0).textContent()).toContain("删除");
		expect(await entries.nth(1).textContent()).toContain("新增");

		await owner.context.close();
		await clerk.context.close();
	});
});

/** Every new page of this part, at the phone and tablet widths. */
async function shootPages(page: Page, lang: string, width: number) {
	for (const [path, testId, name] of [
		[MERCHANT_INDEX_PATH, "stats-today", "merchant-home"],
		[MERCHANT_MY, "merchant-my", "merchant-my"],
		[STAFF_PAGE, "staff-list", "merchant-staff"],
		[CHANGES_PAGE, "changes-list", "merchant-changes"],
	] as const) {
		await page.goto(path);
		await page.getByTestId(testId).waitFor();
		if (testId === "stats-today") await page.getByTestId("stats-hourly-chart").locator("canvas").waitFor();
		await screenshot(page, `${name}-${lang}-${width}`);
	}
}

describe("merchant: screenshots of the owner's pages", () => {
	beforeAll(async () => {
		// Some of today's orders, so the figures and the chart have something to show.
		const { shop, item } = await demoShopAndSimpleItem();
		const token = await signInByApi(uniqueMobile());
		for (let n = 0; n < 3; n++) {
			const order = await placePickupOrder(token, shop.id, item.id);
			await payOnSandbox(token, order.id);
		}
	});

	for (const lang of ["zh-CN", "km"]) {
		it(`shows merchant home, merchant/my, staff and change log in ${lang} at 390 and 1024 px`, async () => {
			const { context, page } = await newPhone(browser, { locale: lang });
			await openSignedIn(page, DEMO_OWNER_MOBILE, MERCHANT_MY);
			await page.getByTestId("merchant-my").waitFor();
			expect(await page.getByTestId("merchant-my-page-merchantStaff").count()).toBe(1);
			await shootPages(page, lang, 390);
			await page.setViewportSize({ width: 1024, height: 768 });
			await shootPages(page, lang, 1024);
			await context.close();
		});
	}
});
