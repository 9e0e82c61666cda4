/// <reference path="../apps/api/src/features/payments/rails/khqr/bakong-khqr.d.ts" />
import { ErrorCode, type OrderView, type PayMethodsAnswer, type PaymentCheckout } from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeBakong, startFakeBakong } from "../apps/api/test/fakes/bakong";
import { launchBrowser, screenshot, settleAnimations } from "./support/browser";
import {
	ANDROID,
	demoShopAndItem as demoShopAndItemOf,
	type RailServer,
	type Session,
	startRailServer,
} from "./support/rail-server";

/**
 * Paying an order by KHQR through our own checkout page (issue 29): the platform operator sets
 * KHQR up, a customer of the demo shop (dollars, riel beside them) picks KHQR first on the order's
 * page, in riel, scans the code with a bank app (the local Bakong's `scanAndPay`), and the page
 * finds the payment and goes back to the order, paid. Bakong has no callback: only the page's
 * checks find it.
 *
 * The server of the other browser tests talks to no Bakong, so this file starts its own (the same
 * product server, fresh data, `BAKONG_API_URL` pointing at the local Bakong this file starts:
 * support/rail-server.ts).
 */

let bakong: FakeBakong;
let server: RailServer;
let browser: Browser;

const call = <T>(urlPath: string, options?: Parameters<RailServer["call"]>[1]) => server.call<T>(urlPath, options);
const signIn = (mobile: string) => server.signIn(mobile);
const demoShopAndItem = () => demoShopAndItemOf(server);

beforeAll(async () => {
	// The server's clock (the browser tests' fixed one) is up to a day ahead of this machine's:
	// the local Bakong's clock follows it, so a code made "now" on the server is not yet expired there.
	let clockOf: () => Date = () => new Date();
	bakong = await startFakeBakong({ now: () => clockOf() });
	server = await startRailServer({ database: "pglite", env: { BAKONG_API_URL: bakong.url } });
	clockOf = server.now;
	// The platform operator sets KHQR up for the tenant, with the token the local Bakong takes.
	await server.setUpRail("khqr", {
		bakongAccountId: "bayon@aclb",
		merchantName: "Bayon",
		merchantCity: "Phnom Penh",
		token: bakong.token,
		tokenExpiresAt: new Date(server.now().getTime() + 60 * 86_400_000).toISOString(),
		environment: "sit",
	});
	browser = await launchBrowser();
}, 150_000);

afterAll(async () => {
	await browser?.close();
	await server?.stop();
	await bakong?.close();
});

/** A phone (390 px) whose pages run on the server's clock, signed in as `session`'s member; null: a 1024 px screen. */
function phoneSignedIn(session: Session, locale: string, userAgent: string | null = ANDROID) {
	return server.signedInContext(browser, session, locale, userAgent === null ? { desktop: true } : { userAgent });
}

function placeOrder(token: string, shopId: number, itemId: number): Promise<OrderView> {
	return call<OrderView>("/order/create", {
		method: "POST",
		token,
		headers: { "idempotency-key": `e2e-rails-${Date.now()}-${Math.random().toString(36).slice(2)}` },
		body: { shopId, orderType: "takein", lines: [{ itemId, quantity: 1, optionIds: [] }] },
	});
}

const orderPage = (orderId: number) => `/pages/components/pages/orders/detail?id=${orderId}`;

describe("paying an order by KHQR on our checkout page", () => {
	it("offers KHQR first to a customer of a riel shop, takes the payment in riel and goes back to the order, paid", async () => {
		const customer = await signIn("13900000291");
		const { shop, item } = await demoShopAndItem();
		const order = await placeOrder(customer.accessToken, shop.id, item.id);
		const methods = await call<PayMethodsAnswer>("/pay/methods", {
			token: customer.accessToken,
			headers: { "user-agent": ANDROID },
		});
		expect(methods.methods.map((method) => method.method)[0]).toBe("khqr");

		const { context, page } = await phoneSignedIn(customer, "zh-CN");
		await page.goto(orderPage(order.id));
		const picker = page.getByTestId("pay-methods");
		await picker.getByTestId("pay-method-khqr").waitFor();
		const rows = await picker
			.locator("[data-testid^='pay-method-']:not([data-testid$='-note'])")
			.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-testid")));
		// The new member's balance (0) is short: KHQR, the first rail, is chosen; the sandbox stays.
		expect(rows).toEqual(["pay-method-balance", "pay-method-khqr", "pay-method-sandbox"]);
		expect(await picker.getByTestId("pay-method-khqr").locator("input").isChecked()).toBe(true);
		await picker.getByTestId("khqr-currency").waitFor();
		await picker.getByTestId("khqr-currency-KHR").check();
		await settleAnimations(page);
		await screenshot(page, "pay-rails-picker-390-zh-CN");

		await page.getByTestId("order-pay").click();
		await page.waitForURL(/\/pay\/checkout\//);
		const qr = page.getByTestId("checkout-qr");
		await qr.waitFor();
		const paymentId = page.url().split("/pay/checkout/")[1] ?? "";
		const checkout = await call<PaymentCheckout>(`/pay/checkout/${paymentId}`, { token: customer.accessToken });
		expect(checkout).toMatchObject({ provider: "khqr", status: "pending", railCurrency: "KHR", amount: order.total });
		expect(await page.getByTestId("checkout-rail-amount").textContent()).toBe(
			`${checkout.railAmount.toLocaleString("en-US")}៛`,
		);
		// On a phone the bank app opens from the link the local Bakong made for this code.
		expect(await page.getByTestId("checkout-deep-link").getAttribute("href")).toBe(
			(checkout.presentation as { deepLink: string }).deepLink,
		);
		await settleAnimations(page);
		await screenshot(page, "pay-rails-checkout-390-zh-CN");

		// The payer's bank app scans the code shown and pays it; nobody tells our server but the page's checks.
		const qrText = await qr.getAttribute("data-text");
		expect(qrText).toBe((checkout.presentation as { qrText: string }).qrText);
		const paid = bakong.scanAndPay(qrText ?? "");
		expect(paid).toMatchObject({ currency: "KHR", amount: checkout.railAmount });
		await page.getByTestId("checkout-paid").waitFor({ timeout: 20_000 });
		await screenshot(page, "pay-rails-checkout-paid-390-zh-CN");
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/orders/detail", { timeout: 10_000 });
		await expect
			.poll(async () => page.getByTestId("order-payment-status").getAttribute("data-status"), { timeout: 10_000 })
			.toBe("paid");
		const after = await call<OrderView>(`/order/detail/${order.id}`, { token: customer.accessToken });
		expect(after.paymentStatus).toBe("paid");
		await context.close();
	}, 90_000);

	it("in Khmer: 'I have paid' finds the payment at once; a code that expired offers another way to pay", async () => {
		const customer = await signIn("13900000292");
		const { shop, item } = await demoShopAndItem();
		const order = await placeOrder(customer.accessToken, shop.id, item.id);
		const { context, page } = await phoneSignedIn(customer, "km");
		await page.goto(orderPage(order.id));
		await page.getByTestId("pay-methods").getByTestId("pay-method-khqr").waitFor();
		await page.getByTestId("khqr-currency").waitFor();
		await settleAnimations(page);
		await screenshot(page, "pay-rails-picker-390-km");
		await page.getByTestId("order-pay").click();
		const qr = page.getByTestId("checkout-qr");
		await qr.waitFor();
		expect(await page.getByTestId("checkout-i-paid").textContent()).toBe("ខ្ញុំបានបង់រួចហើយ");
		await settleAnimations(page);
		await screenshot(page, "pay-rails-checkout-390-km");

		bakong.scanAndPay((await qr.getAttribute("data-text")) ?? "");
		const checksBefore = bakong.calls.filter((c) => c.path === "/v1/check_transaction_by_md5").length;
		await page.getByTestId("checkout-i-paid").click();
		await page.getByTestId("checkout-paid").waitFor({ timeout: 5_000 });
		expect(bakong.calls.filter((c) => c.path === "/v1/check_transaction_by_md5").length).toBeGreaterThan(checksBefore);
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/orders/detail");

		// Another order, its code left to expire on the server's clock: the page offers another way.
		const second = await placeOrder(customer.accessToken, shop.id, item.id);
		await page.goto(orderPage(second.id));
		await page.getByTestId("pay-method-khqr").locator("input").check();
		await page.getByTestId("order-pay").click();
		await page.getByTestId("checkout-qr").waitFor();
		const expiring = page.url().split("/pay/checkout/")[1] ?? "";
		const shown = await call<PaymentCheckout>(`/pay/checkout/${expiring}`, { token: customer.accessToken });
		const leftMs = Date.parse(shown.expiresAt ?? "") - server.now().getTime();
		expect(leftMs).toBeGreaterThan(0);
		// The page's clock jumps past the code's end (the server's stays): its last check finds it unpaid.
		await page.clock.install({ time: server.now().getTime() });
		await page.clock.fastForward(leftMs + 1_000);
		await page.getByTestId("checkout-expired").waitFor({ timeout: 20_000 });
		await settleAnimations(page);
		await screenshot(page, "pay-rails-checkout-expired-390-km");
		await page.getByTestId("checkout-choose-another").click();
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/orders/detail");
		await context.close();
	}, 90_000);

	it("at the counter (1024 px): staff show a KHQR in riel for an order on their screen, the customer's bank app pays it, the screen finds it", async () => {
		const staff = await signIn("13800000002");
		const customer = await signIn("13900000293");
		const { shop, item } = await demoShopAndItem();
		const opened = await fetch(`${server.baseUrl}/app-api/merchant/counter/shift/open`, {
			method: "POST",
			headers: {
				"tenant-id": "1",
				"shop-key": "bayon-demo",
				"content-type": "application/json",
				authorization: `Bearer ${staff.accessToken}`,
			},
			body: JSON.stringify({ shopId: shop.id, floatCash: 0 }),
		}).then((response) => response.json() as Promise<{ code: number }>);
		expect(opened.code === 0 || opened.code === ErrorCode.ShiftAlreadyOpen).toBe(true);

		for (const locale of ["zh-CN", "km"]) {
			const order = await placeOrder(customer.accessToken, shop.id, item.id);
			const { context, page } = await phoneSignedIn(staff, locale, null);
			await page.goto(
				`/pages/merchant/till?take=order&id=${order.id}&amount=${order.total}&label=${encodeURIComponent(order.orderNo)}`,
			);
			await page.getByTestId("take-method-scan").check({ force: true });
			await page.getByTestId("scan-rails").waitFor();
			expect(await page.getByTestId("scan-rail-khqr").isChecked()).toBe(true);
			await page.getByTestId("scan-currency-KHR").check({ force: true });
			await settleAnimations(page);
			await screenshot(page, `pay-rails-counter-choose-1024-${locale}`, { fullPage: false });
			await page.getByTestId("take-submit").click();
			const qr = page.getByTestId("scan-qr");
			await qr.waitFor();
			await settleAnimations(page);
			await screenshot(page, `pay-rails-counter-code-1024-${locale}`, { fullPage: false });

			const qrText = (await qr.getAttribute("data-text")) ?? "";
			const paid = bakong.scanAndPay(qrText);
			expect(paid.currency).toBe("KHR");
			await page.getByTestId("scan-check").click();
			await page.getByTestId("scan-paid").waitFor({ timeout: 10_000 });
			await screenshot(page, `pay-rails-counter-paid-1024-${locale}`, { fullPage: false });
			const after = await call<OrderView>(`/order/detail/${order.id}`, { token: customer.accessToken });
			expect(after).toMatchObject({ paymentStatus: "paid", payMethod: "khqr" });
			await context.close();
		}
	}, 120_000);
});
