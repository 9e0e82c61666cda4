import type {
	CouponOffer,
	MenuItem,
	OrderView,
	PointsItemView,
	PointsSummary,
	RedemptionView,
	ShopMenu,
	ShopSummary,
} from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CartPage } from "./pages/cart-page";
import { MenuPage } from "./pages/menu-page";
import { ORDER_DETAIL_PATH, OrderDetailPage, PAY_PATH, PayPage } from "./pages/order-pages";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { dearestPlainPickupItem, demoShopAndMenu, payOnSandbox } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";
import { shownAmounts } from "./support/money";
import { uniqueMobile } from "./support/sms-outbox";

/** Issue 13 (decision 022): a coupon claimed, picked on the pay page and seen by the shop; points earned and spent. */

const COUPON_CENTER_PATH = "/pages/components/pages/packages/index";
const MY_COUPONS_PATH = "/pages/components/pages/coupons/coupons";
const MALL_PATH = "/pages/components/pages/scoreproduct/list";
const REDEMPTION_PATH = "/pages/components/pages/scoreproduct/orderDetail";
const MERCHANT_ORDER_DETAIL_PATH = "/pages/components/pages/merchant/orderDetail";
const MERCHANT_REDEMPTIONS_PATH = "/pages/merchant/redemptions";
const MERCHANT_COUPONS_PATH = "/pages/merchant/coupons";
const MERCHANT_POINTS_MALL_PATH = "/pages/merchant/pointsMall";

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

function plainPickupItem(): MenuItem {
	return dearestPlainPickupItem(menu, 40);
}

/** The shop takes a paid order through to completed, as its staff would tap it. */
async function completeAsShop(orderId: number): Promise<void> {
	const owner = await signInByApi(DEMO_OWNER_MOBILE);
	for (const action of ["accept", "ready", "complete"] as const) {
		await apiCall<OrderView>("/merchant/order/action", { method: "POST", token: owner, body: { orderId, action } });
	}
}

describe("coupons and points", () => {
	it("a member claims a coupon, the pay page picks it and the total drops, the order and the shop show the discount", async () => {
		const { money } = await shownAmounts();
		const mobile = uniqueMobile();
		const offers = await apiCall<CouponOffer[]>(`/coupon/center?shopId=${shop.id}`);
		// The demo's "10 % off pickup" coupon: no minimum spend, self-pickup only.
		const offer = offers.find((candidate) => candidate.terms.kind === "percentOff" && candidate.terms.useType === 1);
		if (!offer) throw new Error("the demo has no percent-off pickup coupon");

		const { context, page } = await newPhone(browser);
		await openSignedIn(page, mobile, COUPON_CENTER_PATH);
		const ticket = page.getByTestId(`offer-${offer.templateId}`);
		await ticket.getByTestId("offer-claim").click();
		const token = await signInByApi(mobile);
		await expect.poll(async () => (await apiCall<{ count: number }>("/coupon/count", { token })).count).toBe(1);
		await screenshot(page, "coupon-center-zh-CN");
		await page.goto(MY_COUPONS_PATH);
		await page.getByTestId("coupons-list").waitFor();
		expect(await page.getByTestId("coupons-list").textContent()).toContain(offer.title);
		await screenshot(page, "my-coupons-zh-CN");

		// A pickup order: the pay page picks the one coupon that fits, and the total drops by it.
		const item = plainPickupItem();
		const menuPage = await new MenuPage(page).open();
		await menuPage.chooseOrderType("takein");
		await menuPage.item(item.id).getByTestId("item-add").click();
		await menuPage.openCart();
		await new CartPage(page).priced();
		await page.getByTestId("cart-checkout").click();
		await page.waitForURL((url) => url.pathname === PAY_PATH);
		const pay = await new PayPage(page).loaded();
		await page.getByTestId("pay-coupon-auto").waitFor();
		const off = Math.min(
			Math.floor((item.price * (offer.terms.percentOff ?? 0)) / 100),
			offer.terms.maxDiscount ?? Infinity,
		);
		expect(off).toBeGreaterThan(0);
		const couponLine = page.locator('[data-testid="pay-discount"][data-kind="coupon"]');
		await couponLine.waitFor();
		expect(await couponLine.textContent()).toContain(money(off));
		expect(await pay.total.textContent()).toContain(money(item.price - off));
		await screenshot(page, "pay-coupon-zh-CN");
		await page.getByTestId("pay-coupon").click();
		await page.getByTestId("coupon-fitting").waitFor();
		await screenshot(page, "pay-coupon-sheet-zh-CN");
		// Tapping the coupon already chosen keeps it and closes the sheet.
		await page.getByTestId("coupon-fitting").locator("[data-testid^='coupon-option-']").first().click();
		await page.getByTestId("coupon-fitting").waitFor({ state: "detached" });

		await pay.method("sandbox").locator("input").check();
		await pay.submit();
		await page.waitForURL((url) => url.pathname.startsWith("/sandbox-pay/checkout/"));
		await page.getByTestId("sandbox-approve").click();
		await page.waitForURL((url) => url.pathname === ORDER_DETAIL_PATH);
		const orderId = await new OrderDetailPage(page).orderId();
		const orderLine = page.locator('[data-testid="order-discount"][data-kind="coupon"]');
		await orderLine.waitFor();
		expect(await orderLine.textContent()).toContain(money(off));
		const order = await apiCall<OrderView>(`/order/detail/${orderId}`, { token });
		expect(order.total).toBe(item.price - off);
		expect(order.couponId).not.toBeNull();
		expect(order.discounts).toEqual([expect.objectContaining({ kind: "coupon", amount: off })]);
		// Used: the coupon is off the usable count and under "used".
		expect((await apiCall<{ count: number }>("/coupon/count", { token })).count).toBe(0);
		await context.close();

		// The shop's order view has the coupon's line, so the lines add up to the total.
		const staff = await newPhone(browser, { width: 1024, height: 768 });
		await openSignedIn(staff.page, DEMO_OWNER_MOBILE, `${MERCHANT_ORDER_DETAIL_PATH}?id=${orderId}`);
		const staffLine = staff.page.locator('[data-testid="merchant-order-discount"][data-kind="coupon"]');
		await staffLine.waitFor();
		expect(await staffLine.textContent()).toContain(money(off));
		expect(await staff.page.getByTestId("merchant-order-total").textContent()).toContain(money(item.price - off));
		await screenshot(staff.page, "coupon-merchant-order-1024");
		await staff.context.close();
	});

	it("a member earns points on a completed order, redeems a mall item for pickup, and the owner hands it over", async () => {
		const mobile = uniqueMobile();
		const token = await signInByApi(mobile);
		const items = await apiCall<PointsItemView[]>("/score-product/list");
		const reward = items
			.filter((candidate) => candidate.fulfilments.includes("pickup") && candidate.stock > 0)
			.sort((a, b) => a.pointsPrice - b.pointsPrice)[0];
		if (!reward) throw new Error("the demo mall has no pickup reward");

		// Earn enough: one paid pickup order, completed by the shop (points per currency unit paid).
		const { pointsPerUnit } = await apiCall<PointsSummary>("/points/summary", { token });
		expect(pointsPerUnit).toBeGreaterThan(0);
		const item = plainPickupItem();
		const quantity = Math.min(40, Math.ceil((reward.pointsPrice * 100) / (pointsPerUnit * item.price)) + 1);
		const placed = await apiCall<OrderView>("/order/create", {
			method: "POST",
			token,
			headers: { "idempotency-key": `e2e-points-${Date.now()}` },
			body: { shopId: shop.id, orderType: "takein", lines: [{ itemId: item.id, quantity, optionIds: [] }] },
		});
		await payOnSandbox(token, placed.id);
		expect((await apiCall<PointsSummary>("/points/summary", { token })).balance).toBe(0);
		await completeAsShop(placed.id);
		const earned = Math.floor((placed.total * pointsPerUnit) / 100);
		expect((await apiCall<PointsSummary>("/points/summary", { token })).balance).toBe(earned);
		expect(earned).toBeGreaterThanOrEqual(reward.pointsPrice);

		// The mall: the points, the reward, its page, pickup at the shop.
		const { context, page } = await newPhone(browser);
		await openSignedIn(page, mobile, MALL_PATH);
		await expect
			.poll(() => page.getByTestId("points-header-balance").textContent())
			.toContain(earned.toLocaleString("en-US"));
		await screenshot(page, "points-mall-zh-CN");
		await page.getByTestId(`points-item-${reward.id}`).click();
		await page.getByTestId("points-item-redeem").click();
		await page.getByTestId("points-confirm").waitFor();
		// Pickup is the only way for this reward, or chosen when it also ships.
		if (reward.fulfilments.length > 1) await page.getByTestId("points-confirm-way-pickup").click();
		await page.getByTestId("points-confirm-shop").waitFor();
		await screenshot(page, "points-confirm-zh-CN");
		await page.getByTestId("points-confirm-submit").click();
		await page.waitForURL((url) => url.pathname === REDEMPTION_PATH);
		// The member shows a random pickup code (QR and text), not the redemption's number (issue 27).
		await page.getByTestId("redemption-qr").waitFor();
		const redemptionId = Number(new URL(page.url()).searchParams.get("id"));
		const pickupCode = (await page.getByTestId("redemption-qr").getAttribute("data-text")) ?? "";
		expect(pickupCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
		expect(await page.getByTestId("redemption-code").textContent()).toBe(
			`${pickupCode.slice(0, 5)}-${pickupCode.slice(5)}`,
		);
		await screenshot(page, "points-redemption-pending-zh-CN");
		// The same page in Khmer, at the phone's width.
		await page.evaluate(() => {
			localStorage.setItem("language", "km");
			localStorage.setItem("languageName", "ខ្មែរ");
			localStorage.setItem("languageManual", "1");
		});
		await page.reload();
		await page.getByTestId("redemption-qr").waitFor();
		await screenshot(page, "points-redemption-pending-km-390");
		expect((await apiCall<PointsSummary>("/points/summary", { token })).balance).toBe(earned - reward.pointsPrice);

		// The owner hands it over by the code on the member's phone (typed here: no camera in a
		// headless browser); a guessed number opens nothing. The member's page follows live.
		const owner = await newPhone(browser, { width: 1024, height: 768 });
		await openSignedIn(owner.page, DEMO_OWNER_MOBILE, MERCHANT_REDEMPTIONS_PATH);
		const card = owner.page.getByTestId(`redemption-${redemptionId}`);
		await card.waitFor();
		await screenshot(owner.page, "points-redemptions-1024");
		await card.getByTestId(`redemption-${redemptionId}-hand-over`).click();
		const sheet = owner.page.getByTestId("redemption-hand-over");
		await sheet.waitFor();
		await sheet.getByTestId("redemption-hand-over-code").fill(String(redemptionId).padStart(10, "2"));
		await sheet.getByTestId("redemption-hand-over-submit").click();
		expect(await sheet.getByTestId("redemption-hand-over-error").textContent()).toBe(
			"没有找到这个兑换码的待领取商品，请核对后重试",
		);
		await screenshot(owner.page, "points-hand-over-refused-zh-CN-1024");
		await sheet.getByTestId("redemption-hand-over-code").fill(pickupCode.toLowerCase());
		await sheet.getByTestId("redemption-hand-over-submit").click();
		await sheet.getByTestId("redemption-hand-over-done").waitFor();
		await screenshot(owner.page, "points-hand-over-done-zh-CN-1024");
		// The sheet in Khmer, at the tablet's and the phone's width.
		await owner.page.getByTestId("redemption-hand-over-another").click();
		await owner.page.evaluate(() => {
			localStorage.setItem("language", "km");
			localStorage.setItem("languageName", "ខ្មែរ");
			localStorage.setItem("languageManual", "1");
		});
		await owner.page.reload();
		await owner.page.getByTestId("redemptions-scan").click();
		await owner.page.getByTestId("redemption-hand-over-code").waitFor();
		await screenshot(owner.page, "points-hand-over-km-1024");
		await owner.page.setViewportSize({ width: 390, height: 844 });
		await screenshot(owner.page, "points-hand-over-km-390");
		await owner.page.keyboard.press("Escape");
		await card.waitFor({ state: "detached" });
		await owner.context.close();

		await page.locator('[data-testid="redemption-detail"]').waitFor();
		await expect
			.poll(async () => (await apiCall<RedemptionView>(`/score-order/detail?id=${redemptionId}`, { token })).status)
			.toBe("received");
		await page.reload();
		await page.getByTestId("redemption-state").waitFor();
		expect(await page.getByTestId("redemption-cancel").count()).toBe(0);
		await screenshot(page, "points-redemption-received-km");
		await context.close();
	});

	it("shows the coupon and points pages at 390 px in Khmer, and the owner's pages at 390 and 1024 px", async () => {
		const { context, page } = await newPhone(browser, { locale: "km" });
		const mobile = uniqueMobile();
		await openSignedIn(page, mobile, COUPON_CENTER_PATH);
		await page.getByTestId("coupon-offers").waitFor();
		expect(await page.evaluate(() => document.documentElement.lang)).toBe("km");
		await screenshot(page, "coupon-center-km");
		await page.goto(MY_COUPONS_PATH);
		await page.getByTestId("my-coupons").waitFor();
		await screenshot(page, "my-coupons-km");
		await page.goto(MALL_PATH);
		await page.getByTestId("points-items").waitFor();
		await screenshot(page, "points-mall-km");
		await context.close();

		for (const [width, height] of [
			[390, 844],
			[1024, 768],
		] as const) {
			for (const locale of ["zh-CN", "km"] as const) {
				const owner = await newPhone(browser, { width, height, locale });
				await openSignedIn(owner.page, DEMO_OWNER_MOBILE, MERCHANT_COUPONS_PATH);
				await owner.page.getByTestId("coupon-list").waitFor();
				await screenshot(owner.page, `merchant-coupons-${locale}-${width}`);
				await owner.page.goto(MERCHANT_POINTS_MALL_PATH);
				await owner.page.getByTestId("points-rule").waitFor();
				await screenshot(owner.page, `merchant-points-mall-${locale}-${width}`);
				await owner.context.close();
			}
		}
	});
});
