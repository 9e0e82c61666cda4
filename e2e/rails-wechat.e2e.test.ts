import type { OrderView, ReservationView } from "@bayon/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeWechatPay, startFakeWechatPay } from "../apps/api/test/fakes/wechat-pay";
import { launchBrowser, screenshot, settleAnimations } from "./support/browser";
import {
	BALANCE_PATH,
	bookingPath,
	bookWithDeposit,
	orderPath,
	placeOrder,
	type RailDatabase,
	type RailServer,
	smallestPackage,
	startRailServer,
} from "./support/rail-server";

/**
 * WeChat Pay end to end in the browser (issue 29, "done when"): a yuan tenant with WeChat Pay set
 * up by the platform operator against the local WeChat Pay (apps/api/test/fakes/wechat-pay.ts,
 * which checks our signatures and signs and encrypts its callbacks). On each database: an order
 * paid on a desktop by Native (our checkout page shows the code, the payer's WeChat "scans" it),
 * then cancelled and refunded by WeChat Pay; a booking deposit paid on a phone by H5 (the fake's
 * WeChat Pay page, then back to us), refunded by cancelling in time; a recharge paid by H5, the
 * balance up (recharges are never refunded, decision 021).
 */

const IPHONE =
	"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

let browser: Browser;

beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

describe.each<RailDatabase>(["pglite", "postgres"])("WeChat Pay in the browser on %s", (database) => {
	let fake: FakeWechatPay;
	let server: RailServer;
	const locale = database === "pglite" ? "zh-CN" : "km";
	const prefix = database === "pglite" ? "1390030" : "1390040";

	beforeAll(async () => {
		let clockOf: () => Date = () => new Date();
		fake = await startFakeWechatPay({ now: () => clockOf() });
		server = await startRailServer({
			database,
			ledger: "CNY",
			env: { WECHATPAY_API_URL: fake.url, WECHAT_OAUTH_URL: fake.url, WECHAT_API_URL: fake.url },
		});
		clockOf = server.now;
		await server.setUpRail("wechat", fake.settings({ h5Enabled: true }));
	}, 150_000);
	beforeEach(({ onTestFailed }) => {
		// What the server logged (warnings and errors), beside a failure.
		onTestFailed(() => {
			process.stderr.write(`---- the ${database} server's log ----\n${server?.log.slice(-20_000) ?? ""}\n`);
		});
	});
	afterAll(async () => {
		await server?.stop();
		await fake?.close();
	});

	/** The payer's WeChat on the fake's H5 page: pays, and WeChat sends them back to us. */
	async function payOnH5Page(page: Page, shot?: string) {
		await page.waitForURL((url) => url.href.startsWith(`${fake.url}/fake/h5`), { timeout: 15_000 });
		if (shot) await screenshot(page, shot);
		await page.getByRole("button", { name: "支付" }).click();
		await page.waitForURL((url) => url.href.startsWith(server.baseUrl), { timeout: 15_000 });
	}

	it("an order at a desktop: Native's code on our checkout page, scanned and paid, then cancelled and refunded by WeChat Pay", async () => {
		const customer = await server.signIn(`${prefix}0001`);
		const order = await placeOrder(server, customer.accessToken);
		const { context, page } = await server.signedInContext(browser, customer, locale, { desktop: true });
		await page.goto(orderPath(order.id));
		const wechat = page.getByTestId("pay-methods").getByTestId("pay-method-wechat");
		await wechat.waitFor();
		await wechat.locator("input").check();
		await settleAnimations(page);
		await screenshot(page, `rails-wechat-order-picker-1024-${locale}`, { fullPage: false });
		await page.getByTestId("order-pay").click();
		await page.waitForURL(/\/pay\/checkout\//);
		const qr = page.getByTestId("checkout-qr");
		await qr.waitFor();
		await settleAnimations(page);
		await screenshot(page, `rails-wechat-native-checkout-1024-${locale}`, { fullPage: false });

		// The payer's WeChat scans the code shown: the Native order whose code_url it is gets paid.
		const codeUrl = (await qr.getAttribute("data-text")) ?? "";
		const scanned = [...fake.orders.values()].find(
			(candidate) =>
				candidate.trade_type === "NATIVE" &&
				codeUrl === `weixin://wxpay/bizpayurl?pr=${candidate.prepay_id.slice(-10)}`,
		);
		if (!scanned) throw new Error(`no Native order has the code ${codeUrl}`);
		expect(scanned.total).toBe(order.total);
		const delivery = await fake.payer(scanned.out_trade_no);
		expect(delivery?.status).toBe(200);
		await page.getByTestId("checkout-paid").waitFor({ timeout: 20_000 });
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/orders/detail", { timeout: 10_000 });
		await page.locator('[data-testid="order-payment-status"][data-status="paid"]').waitFor();

		// Cancelled before the shop accepts it: WeChat Pay refunds it.
		await page.getByTestId("order-cancel").click();
		await page.getByTestId("confirm-ok").click();
		await page.locator('[data-testid="order-refund-transfer"][data-status="succeeded"]').waitFor({ timeout: 20_000 });
		await settleAnimations(page);
		await screenshot(page, `rails-wechat-order-refunded-1024-${locale}`, { fullPage: false });
		const refunds = [...fake.refunds.values()].filter((refund) => refund.out_trade_no === scanned.out_trade_no);
		expect(refunds.map((refund) => [refund.refund, refund.status])).toEqual([[order.total, "SUCCESS"]]);
		const after = await server.call<OrderView>(`/order/detail/${order.id}`, { token: customer.accessToken });
		expect(after.refundTransfer).toMatchObject({ status: "succeeded", amount: order.total });
		await context.close();
	}, 60_000);

	it("a booking deposit on a phone: H5 at WeChat Pay's page and back, then refunded by cancelling in time", async () => {
		const mobile = `${prefix}0002`;
		const customer = await server.signIn(mobile);
		const booking = await bookWithDeposit(server, customer, mobile);
		const { context, page } = await server.signedInContext(browser, customer, locale, { userAgent: IPHONE });
		await page.goto(bookingPath(booking.id));
		await page.getByTestId("reservation-pay").click();
		const sheet = page.getByTestId("reservation-pay-sheet");
		await sheet.getByTestId("pay-method-wechat").waitFor();
		await sheet.getByTestId("pay-method-wechat").locator("input").check();
		await settleAnimations(page);
		await screenshot(page, `rails-wechat-deposit-sheet-390-${locale}`);
		await sheet.getByTestId("reservation-pay-submit").click();
		await payOnH5Page(page, `rails-wechat-h5-page-390-${locale}`);
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/due/detail", { timeout: 20_000 });
		const paid = await server.call<ReservationView>(`/reservation/detail?id=${booking.id}`, {
			token: customer.accessToken,
		});
		expect(paid.payments.find((payment) => payment.kind === "deposit")).toMatchObject({
			status: "paid",
			payMethod: "wechat",
			amount: booking.deposit,
		});

		await page.getByTestId("reservation-cancel").click();
		await page.getByTestId("reservation-cancel-confirm").getByTestId("confirm-ok").click();
		await page.locator('[data-testid="reservation-status"][data-status="cancelled"]').waitFor();
		await expect
			.poll(
				async () =>
					(
						await server.call<ReservationView>(`/reservation/detail?id=${booking.id}`, {
							token: customer.accessToken,
						})
					).payments.find((payment) => payment.kind === "deposit")?.status,
				{ timeout: 15_000 },
			)
			.toBe("refunded");
		const order = fake.order(
			[...fake.orders.values()].find(
				(candidate) => candidate.trade_type === "MWEB" && candidate.total === booking.deposit,
			)?.out_trade_no ?? "",
		);
		expect(
			[...fake.refunds.values()].filter((refund) => refund.out_trade_no === order?.out_trade_no).map((r) => r.status),
		).toEqual(["SUCCESS"]);
		await page.reload();
		// The deposit, refunded, in the ledger's currency.
		await expect
			.poll(() => page.getByTestId("reservation-payment-deposit").locator("dd").textContent(), { timeout: 10_000 })
			.toMatch(new RegExp(`^\\¥${booking.deposit / 100}\\.00 · `));
		await settleAnimations(page);
		await screenshot(page, `rails-wechat-deposit-refunded-390-${locale}`);
		await context.close();
	}, 60_000);

	it("a recharge on a phone: H5 at WeChat Pay's page, back to the balance, which goes up", async () => {
		const customer = await server.signIn(`${prefix}0003`);
		const pack = await smallestPackage(server);
		const { context, page } = await server.signedInContext(browser, customer, locale, { userAgent: IPHONE });
		await page.goto(BALANCE_PATH);
		await page.getByTestId("pay-methods").getByTestId("pay-method-wechat").waitFor();
		await page.getByTestId(`recharge-package-${pack.id}`).click();
		await page.getByTestId("recharge-agree").check();
		await page.getByTestId("pay-methods").getByTestId("pay-method-wechat").locator("input").check();
		await page.getByTestId("recharge-pay").click();
		await payOnH5Page(page);
		await page.waitForURL((url) => url.pathname === BALANCE_PATH, { timeout: 20_000 });
		await page.locator('[data-testid="recharge-result"][data-outcome="paid"]').waitFor();
		await settleAnimations(page);
		await screenshot(page, `rails-wechat-recharge-paid-390-${locale}`);
		const menu = await server.call<{ balance: number }>("/recharge/getMoneyList", { token: customer.accessToken });
		expect(menu.balance).toBe(pack.payAmount + pack.bonusAmount);
		await context.close();
	}, 60_000);
});
