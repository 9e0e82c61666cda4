import type { OrderView, ReservationView } from "@bayon/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeAlipay, startFakeAlipay } from "../apps/api/test/fakes/alipay";
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
 * Alipay end to end in the browser (issue 29, "done when"): a yuan tenant with Alipay set up by the
 * platform operator against the local Alipay gateway (apps/api/test/fakes/alipay.ts, which checks
 * our RSA2 signatures, serves the cashier and signs its return and notify). On each database: an
 * order paid on a phone (WAP: Alipay's cashier page, "pay", back to us), then cancelled and
 * refunded by Alipay; a booking deposit paid at a desktop (the page cashier), refunded by
 * cancelling in time; a recharge paid on a phone, the balance up (recharges are never refunded,
 * decision 021).
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

describe.each<RailDatabase>(["pglite", "postgres"])("Alipay in the browser on %s", (database) => {
	let fake: FakeAlipay;
	let server: RailServer;
	const locale = database === "pglite" ? "zh-CN" : "km";
	const prefix = database === "pglite" ? "1390050" : "1390060";

	beforeAll(async () => {
		let clockOf: () => Date = () => new Date();
		fake = await startFakeAlipay({ now: () => clockOf() });
		server = await startRailServer({ database, ledger: "CNY", env: { ALIPAY_GATEWAY_URL: fake.url } });
		clockOf = server.now;
		await server.setUpRail("alipay", {
			appId: fake.appId,
			appPrivateKey: fake.appPrivateKeyPem,
			alipayPublicKey: fake.alipayPublicKeyPem,
			sellerId: fake.sellerId,
			environment: "sandbox",
		});
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

	/** On Alipay's cashier page (the fake's): the amount asked, "pay", and back to us. Answers the trade. */
	async function payAtCashier(page: Page, amount: number, shot?: string) {
		const gateway = new URL(fake.url).origin;
		await page.waitForURL((url) => url.origin === gateway, { timeout: 15_000 });
		await page.getByTestId("alipay-pay").waitFor();
		expect(await page.getByTestId("alipay-amount").textContent()).toBe(
			`¥${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, "0")}`,
		);
		if (shot) await screenshot(page, shot);
		const trade = [...fake.trades.values()].find(
			(candidate) => candidate.status === "WAIT_BUYER_PAY" && candidate.amount === amount,
		);
		await page.getByTestId("alipay-pay").click();
		await page.waitForURL((url) => url.href.startsWith(server.baseUrl), { timeout: 15_000 });
		return trade;
	}

	it("an order on a phone: Alipay's WAP cashier, paid, back to the order; cancelled and refunded by Alipay", async () => {
		const customer = await server.signIn(`${prefix}0001`);
		const order = await placeOrder(server, customer.accessToken);
		const { context, page } = await server.signedInContext(browser, customer, locale, { userAgent: IPHONE });
		await page.goto(orderPath(order.id));
		const alipay = page.getByTestId("pay-methods").getByTestId("pay-method-alipay");
		await alipay.waitFor();
		await alipay.locator("input").check();
		await settleAnimations(page);
		await screenshot(page, `rails-alipay-order-picker-390-${locale}`);
		await page.getByTestId("order-pay").click();
		const trade = await payAtCashier(page, order.total, `rails-alipay-wap-cashier-390-${locale}`);
		expect(trade?.method).toBe("alipay.trade.wap.pay");
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/orders/detail", { timeout: 20_000 });
		await page.locator('[data-testid="order-payment-status"][data-status="paid"]').waitFor();

		// Cancelled before the shop accepts it: Alipay refunds it.
		await page.getByTestId("order-cancel").click();
		await page.getByTestId("confirm-ok").click();
		await page.locator('[data-testid="order-refund-transfer"][data-status="succeeded"]').waitFor({ timeout: 20_000 });
		await settleAnimations(page);
		await screenshot(page, `rails-alipay-order-refunded-390-${locale}`);
		expect([...(trade?.refunds.values() ?? [])].map((refund) => refund.amount)).toEqual([order.total]);
		const after = await server.call<OrderView>(`/order/detail/${order.id}`, { token: customer.accessToken });
		expect(after.refundTransfer).toMatchObject({ status: "succeeded", amount: order.total });
		await context.close();
	}, 60_000);

	it("a booking deposit at a desktop: Alipay's page cashier, paid, then refunded by cancelling in time", async () => {
		const mobile = `${prefix}0002`;
		const customer = await server.signIn(mobile);
		const booking = await bookWithDeposit(server, customer, mobile);
		const { context, page } = await server.signedInContext(browser, customer, locale, { desktop: true });
		await page.goto(bookingPath(booking.id));
		await page.getByTestId("reservation-pay").click();
		const sheet = page.getByTestId("reservation-pay-sheet");
		await sheet.getByTestId("pay-method-alipay").waitFor();
		await sheet.getByTestId("pay-method-alipay").locator("input").check();
		await settleAnimations(page);
		await screenshot(page, `rails-alipay-deposit-sheet-1024-${locale}`, { fullPage: false });
		await sheet.getByTestId("reservation-pay-submit").click();
		const trade = await payAtCashier(page, booking.deposit, `rails-alipay-page-cashier-1024-${locale}`);
		expect(trade?.method).toBe("alipay.trade.page.pay");
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/due/detail", { timeout: 20_000 });
		const paid = await server.call<ReservationView>(`/reservation/detail?id=${booking.id}`, {
			token: customer.accessToken,
		});
		expect(paid.payments.find((payment) => payment.kind === "deposit")).toMatchObject({
			status: "paid",
			payMethod: "alipay",
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
		expect([...(trade?.refunds.values() ?? [])].map((refund) => refund.amount)).toEqual([booking.deposit]);
		await page.reload();
		// The deposit, refunded, in the ledger's currency.
		await expect
			.poll(() => page.getByTestId("reservation-payment-deposit").locator("dd").textContent(), { timeout: 10_000 })
			.toMatch(new RegExp(`^\\¥${booking.deposit / 100}\\.00 · `));
		await settleAnimations(page);
		await screenshot(page, `rails-alipay-deposit-refunded-1024-${locale}`, { fullPage: false });
		await context.close();
	}, 60_000);

	it("a recharge on a phone: Alipay's cashier, back to the balance, which goes up", async () => {
		const customer = await server.signIn(`${prefix}0003`);
		const pack = await smallestPackage(server);
		const { context, page } = await server.signedInContext(browser, customer, locale, { userAgent: IPHONE });
		await page.goto(BALANCE_PATH);
		await page.getByTestId("pay-methods").getByTestId("pay-method-alipay").waitFor();
		await page.getByTestId(`recharge-package-${pack.id}`).click();
		await page.getByTestId("recharge-agree").check();
		await page.getByTestId("pay-methods").getByTestId("pay-method-alipay").locator("input").check();
		await page.getByTestId("recharge-pay").click();
		await payAtCashier(page, pack.payAmount);
		await page.waitForURL((url) => url.pathname === BALANCE_PATH, { timeout: 20_000 });
		await page.locator('[data-testid="recharge-result"][data-outcome="paid"]').waitFor();
		await settleAnimations(page);
		await screenshot(page, `rails-alipay-recharge-paid-390-${locale}`);
		const menu = await server.call<{ balance: number }>("/recharge/getMoneyList", { token: customer.accessToken });
		expect(menu.balance).toBe(pack.payAmount + pack.bonusAmount);
		await context.close();
	}, 60_000);
});
