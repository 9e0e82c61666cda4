import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MERCHANT_ORDER_PATH } from "./pages/merchant-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";
import { uniqueMobile } from "./support/sms-outbox";

/**
 * Who defines the business's tenant-wide products (issue 27): a second owner of the demo shop,
 * who does not administer the business, sees the recharge packages, VIP cards, coupons, points
 * mall and riel rate read-only with a plain sentence instead of buttons the server would refuse;
 * once the demo owner makes them a business owner on the staff page, the buttons are there.
 */

const PAGES = [
	{ name: "stored-value", path: "/pages/merchant/storedValue", page: "stored-value-page", add: "package-add" },
	{ name: "vip-cards", path: "/pages/merchant/vipCards", page: "vip-cards-page", add: "vip-add" },
	{ name: "coupons", path: "/pages/merchant/coupons", page: "coupons-page", add: "coupon-add" },
	{ name: "points-mall", path: "/pages/merchant/pointsMall", page: "points-mall-page", add: "points-item-add" },
] as const;
const STAFF_PAGE = "/pages/merchant/staff";
const NOTE = {
	"zh-CN": "由品牌管理员统一设置，所有门店通用。您可以查看；如需修改，请联系品牌管理员。",
	km: "កំណត់ដោយម្ចាស់អាជីវកម្មសម្រាប់ហាងទាំងអស់។ អ្នកអាចមើលបាន សូមសុំម្ចាស់អាជីវកម្មកែប្រែ។",
} as const;

let browser: Browser;
/** A second owner of the demo shop: owner, not business administrator. */
const partner = uniqueMobile();

beforeAll(async () => {
	browser = await launchBrowser();
	const ownerToken = await signInByApi(DEMO_OWNER_MOBILE);
	await apiCall("/merchant/staff/add", {
		method: "POST",
		token: ownerToken,
		body: { shopId: 1, mobile: partner, role: "owner" },
	});
});

afterAll(async () => {
	// Leave the demo owner as the one administrator, whatever happened above.
	const ownerToken = await signInByApi(DEMO_OWNER_MOBILE);
	const partnerId = (
		await apiCall<{ memberId: number; mobile: string }[]>("/merchant/staff/list?shopId=1", { token: ownerToken })
	).find((member) => member.mobile === partner)?.memberId;
	if (partnerId !== undefined) {
		await apiCall("/merchant/business-admins/revoke", {
			method: "POST",
			token: ownerToken,
			body: { shopId: 1, memberId: partnerId },
		}).catch(() => {});
		await apiCall("/merchant/staff/remove", {
			method: "POST",
			token: ownerToken,
			body: { shopId: 1, memberId: partnerId },
		});
	}
	await browser?.close();
});

async function useLanguage(page: Page, lang: "zh-CN" | "km") {
	await page.addInitScript((code) => {
		localStorage.setItem("language", code);
		localStorage.setItem("languageName", code === "km" ? "ខ្មែរ" : "简体中文");
		localStorage.setItem("languageManual", "1");
	}, lang);
}

describe("tenant-wide products, seen by an owner who is not a business owner", () => {
	for (const lang of ["zh-CN", "km"] as const)
		for (const width of [390, 1024])
			it(`shows each page read-only with the plain sentence, in ${lang} at ${width} px`, async () => {
				const { context, page } = await newPhone(browser, { width });
				await useLanguage(page, lang);
				for (const [index, product] of PAGES.entries()) {
					if (index === 0) await openSignedIn(page, partner, product.path);
					else await page.goto(product.path);
					await page.getByTestId(product.page).waitFor();
					expect(await page.getByTestId("business-admin-note").textContent()).toBe(NOTE[lang]);
					expect(await page.getByTestId(product.add).count()).toBe(0);
					await screenshot(page, `business-admin-${product.name}-${lang}-${width}`);
				}
				// The riel rate beside the open bills: shown, with who sets it, and no switch.
				await page.goto(MERCHANT_ORDER_PATH);
				await page.getByTestId("merchant-tab-bills").click();
				await page.getByTestId("merchant-display-currency").waitFor();
				expect(await page.getByTestId("merchant-display-currency-note").textContent()).toBe(NOTE[lang]);
				expect(await page.getByTestId("merchant-display-currency-switch").count()).toBe(0);
				await screenshot(page, `business-admin-currency-${lang}-${width}`, { fullPage: false });
				// The staff page says who the business owners are, and that only they change the list.
				await page.goto(STAFF_PAGE);
				await page.getByTestId("business-admins").waitFor();
				await page.getByTestId("business-admins-reader-not").waitFor();
				expect(await page.getByTestId(`business-admin-${DEMO_OWNER_MOBILE}`).count()).toBe(1);
				await page.getByTestId("business-admins").scrollIntoViewIfNeeded();
				await screenshot(page, `business-admin-staff-${lang}-${width}`);
				await context.close();
			});

	it("the demo owner makes them a business owner on the staff page, and their pages offer the editors", async () => {
		const owner = await newPhone(browser, { width: 1024 });
		await openSignedIn(owner.page, DEMO_OWNER_MOBILE, STAFF_PAGE);
		await owner.page.getByTestId(`business-admin-candidate-${partner}`).waitFor();
		await screenshot(owner.page, "business-admin-staff-owner-zh-CN-1024");
		await owner.page.getByTestId(`business-admin-grant-${partner}`).click();
		await owner.page.getByTestId(`business-admin-${partner}`).waitFor();
		expect(await owner.page.getByTestId(`business-admin-candidate-${partner}`).count()).toBe(0);
		await owner.context.close();

		const { context, page } = await newPhone(browser);
		await openSignedIn(page, partner, PAGES[0].path);
		await page.getByTestId("package-add").waitFor();
		expect(await page.getByTestId("business-admin-note").count()).toBe(0);
		await context.close();
	});
});
