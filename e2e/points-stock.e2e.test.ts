import type { OrderView, PointsMallAdmin, PointsSummary, RedemptionView, ShopMenu, ShopSummary } from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { dearestPlainPickupItem, demoShopAndMenu, payOnSandbox } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";
import { uniqueMobile } from "./support/sms-outbox";

/**
 * Issue 27 (decision 022): the owner's points-mall sheet keeps a redemption made while it is
 * open. The sheet sends the stock it showed; the server adds what the owner changed to the stock
 * as it is then, and the sheet says the stock now.
 */

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

/** A member with points from one completed order, as the shop's staff would take it through. */
async function memberWithPoints(): Promise<string> {
	const token = await signInByApi(uniqueMobile());
	const item = dearestPlainPickupItem(menu, 40);
	const placed = await apiCall<OrderView>("/order/create", {
		method: "POST",
		token,
		headers: { "idempotency-key": `e2e-points-stock-${Date.now()}` },
		body: { shopId: shop.id, orderType: "takein", lines: [{ itemId: item.id, quantity: 1, optionIds: [] }] },
	});
	await payOnSandbox(token, placed.id);
	const owner = await signInByApi(DEMO_OWNER_MOBILE);
	for (const action of ["accept", "ready", "complete"] as const)
		await apiCall<OrderView>("/merchant/order/action", {
			method: "POST",
			token: owner,
			body: { orderId: placed.id, action },
		});
	expect((await apiCall<PointsSummary>("/points/summary", { token })).balance).toBeGreaterThan(0);
	return token;
}

describe("merchant: the points mall's stock", () => {
	it("keeps a redemption made while the owner edits the stock, and says the stock now", async () => {
		const owner = await signInByApi(DEMO_OWNER_MOBILE);
		const name = `限量徽章 ${Date.now() % 100_000}`;
		const mall = await apiCall<PointsMallAdmin>("/merchant/points-mall/items/save", {
			method: "POST",
			token: owner,
			body: {
				shopId: shop.id,
				name: { "zh-CN": name, en: "Limited badge", km: "ផ្លាកមានកំណត់" },
				pointsPrice: 1,
				stock: 10,
				fulfilments: ["pickup"],
			},
		});
		const item = mall.items.find((candidate) => candidate.name["zh-CN"] === name);
		if (!item) throw new Error("the new item is missing");
		const member = await memberWithPoints();

		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		await openSignedIn(page, DEMO_OWNER_MOBILE, MERCHANT_POINTS_MALL_PATH);
		await page.getByTestId(`points-item-${item.id}-edit`).click();
		const sheet = page.getByTestId("points-item-sheet");
		await sheet.waitFor();
		expect(await sheet.getByTestId("points-item-stock-hint").textContent()).toContain("现剩 10 件");

		// A member redeems one while the owner types 12 (two more came in).
		const redeemed = await apiCall<RedemptionView>("/score-order/submit", {
			method: "POST",
			token: member,
			headers: { "idempotency-key": `e2e-points-stock-redeem-${Date.now()}` },
			body: { itemId: item.id, fulfilment: "pickup", shopId: shop.id },
		});
		expect(redeemed.status).toBe("pending");
		await sheet.getByTestId("points-item-stock").fill("12");
		await sheet.getByTestId("points-item-stock-hint").scrollIntoViewIfNeeded();
		await settleAnimations(page);
		await screenshot(page, "points-item-stock-zh-CN-390", { fullPage: false });
		await sheet.getByTestId("points-item-save").click();
		await page.getByTestId("toast").filter({ hasText: "积分商品已保存。编辑期间有会员兑换，库存现为 11" }).waitFor();
		const after = await apiCall<PointsMallAdmin>(`/merchant/points-mall?shopId=${shop.id}`, { token: owner });
		expect(after.items.find((candidate) => candidate.id === item.id)).toMatchObject({ stock: 11, redeemedCount: 1 });
		await context.close();

		// The sheet with its stock line in Khmer at both widths, and in Chinese on a wide screen.
		for (const [locale, width] of [
			["km", 390],
			["km", 1024],
			["zh-CN", 1024],
		] as const) {
			const wide = await newPhone(browser, { locale, width, height: width > 800 ? 900 : 844 });
			await openSignedIn(wide.page, DEMO_OWNER_MOBILE, MERCHANT_POINTS_MALL_PATH);
			await wide.page.getByTestId(`points-item-${item.id}-edit`).click();
			await wide.page.getByTestId("points-item-stock-hint").scrollIntoViewIfNeeded();
			await settleAnimations(wide.page);
			await screenshot(wide.page, `points-item-stock-${locale}-${width}`, { fullPage: false });
			await wide.context.close();
		}
		// Off the shelf again: the demo mall stays as the other tests know it.
		const latest = (
			await apiCall<PointsMallAdmin>(`/merchant/points-mall?shopId=${shop.id}`, { token: owner })
		).items.find((candidate) => candidate.id === item.id);
		if (latest)
			await apiCall("/merchant/points-mall/items/save", {
				method: "POST",
				token: owner,
				body: {
					shopId: shop.id,
					id: latest.id,
					version: latest.version,
					name: latest.name,
					pointsPrice: latest.pointsPrice,
					stock: latest.stock,
					stockRead: latest.stock,
					fulfilments: latest.fulfilments,
					onShelf: false,
				},
			});
	});
});
