/// <reference path="../apps/api/src/features/payments/rails/khqr/bakong-khqr.d.ts" />
import type {
	OrderView,
	PaymentCheckout,
	RefundTransferList,
	RefundTransferView,
	ReservationView,
} from "@bayon/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeBakong, startFakeBakong } from "../apps/api/test/fakes/bakong";
import { launchBrowser, screenshot, settleAnimations } from "./support/browser";
import {
	BALANCE_PATH,
	bookingPath,
	bookWithDeposit,
	orderPath,
	placeOrder,
	type RailDatabase,
	type RailServer,
	REFUND_TRANSFERS_PATH,
	type Session,
	smallestPackage,
	startRailServer,
} from "./support/rail-server";

/**
 * KHQR end to end in the browser (issue 29, "done when"): a dollar shop with riel beside (the
 * demo), KHQR set up by the platform operator against a local Bakong (apps/api/test/fakes/bakong.ts).
 * On each database an order, a booking deposit and a recharge are paid by a bank app scanning the
 * code on our checkout page (the local Bakong's `scanAndPay`; Bakong has no callback: only the
 * page's checks find the payment). KHQR has no refund call: the cancelled order's and booking's
 * money waits as a transfer the operator makes and records on the refund-transfers page, and the
 * customer sees it. Recharges are never refunded (decision 021).
 */

let browser: Browser;

beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

/** The code on the checkout page, paid by a bank app; waits for the page to find it. */
async function scanAndPayOnCheckout(
	page: Page,
	bakong: FakeBakong,
	shot?: string,
): Promise<PaymentCheckout["railAmount"]> {
	await page.waitForURL(/\/pay\/checkout\//);
	const qr = page.getByTestId("checkout-qr");
	await qr.waitFor();
	if (shot) {
		await settleAnimations(page);
		await screenshot(page, shot);
	}
	const paid = bakong.scanAndPay((await qr.getAttribute("data-text")) ?? "");
	await page.getByTestId("checkout-paid").waitFor({ timeout: 20_000 });
	return paid.amount;
}

describe.each<RailDatabase>(["pglite", "postgres"])("KHQR in the browser on %s", (database) => {
	let bakong: FakeBakong;
	let server: RailServer;
	let operator: Session;
	const locale = database === "pglite" ? "zh-CN" : "km";
	const prefix = database === "pglite" ? "1390010" : "1390020";

	beforeAll(async () => {
		let clockOf: () => Date = () => new Date();
		bakong = await startFakeBakong({ now: () => clockOf() });
		server = await startRailServer({ database, env: { BAKONG_API_URL: bakong.url } });
		clockOf = server.now;
		operator = await server.setUpRail("khqr", {
			bakongAccountId: "bayon@aclb",
			merchantName: "Bayon",
			merchantCity: "Phnom Penh",
			token: bakong.token,
			tokenExpiresAt: new Date(server.now().getTime() + 60 * 86_400_000).toISOString(),
			environment: "sit",
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
		await bakong?.close();
	});

	/** The operator transfers the money back and records it on the refund-transfers page. */
	async function recordTransfer(purpose: RefundTransferView["purpose"], purposeId: number, reference: string) {
		const list = await server.call<RefundTransferList>("/platform/payments/refund-transfers", {
			token: operator.accessToken,
		});
		const refund = list.awaiting.find((entry) => entry.purpose === purpose && entry.purposeId === purposeId);
		if (!refund) throw new Error(`no refund awaiting a transfer: ${JSON.stringify(list)}`);
		const { context, page } = await server.signedInContext(browser, operator, locale, { desktop: true });
		await page.goto(REFUND_TRANSFERS_PATH);
		const card = page.getByTestId(`refund-transfer-${refund.refundId}`);
		await card.waitFor();
		await settleAnimations(page);
		await screenshot(page, `rails-khqr-refund-transfers-1024-${locale}`);
		await card.getByTestId("refund-transfer-record").click();
		await page.getByTestId("refund-transfer-record-sheet").waitFor();
		await page.getByTestId("refund-transfer-reference-input").fill(reference);
		await page.getByTestId("refund-transfer-record-save").click();
		await page.getByTestId("refund-transfers-recorded").getByTestId(`refund-transfer-${refund.refundId}`).waitFor();
		await context.close();
	}

	it("an order: paid by a bank app scanning the code, cancelled, its money transferred back and shown so", async () => {
		const customer = await server.signIn(`${prefix}0001`);
		const order = await placeOrder(server, customer.accessToken);
		const { context, page } = await server.signedInContext(browser, customer, locale);
		await page.goto(orderPath(order.id));
		const khqr = page.getByTestId("pay-methods").getByTestId("pay-method-khqr");
		await khqr.waitFor();
		// KHQR first for a Cambodian shop (the new member's balance is short).
		expect(await khqr.locator("input").isChecked()).toBe(true);
		await settleAnimations(page);
		await screenshot(page, `rails-khqr-order-picker-390-${locale}`);
		await page.getByTestId("order-pay").click();
		const paidAmount = await scanAndPayOnCheckout(page, bakong, `rails-khqr-order-checkout-390-${locale}`);
		expect(paidAmount).toBeGreaterThan(0);
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/orders/detail", { timeout: 10_000 });
		await page.locator('[data-testid="order-payment-status"][data-status="paid"]').waitFor();

		// Cancelled before the shop accepts it: KHQR has no refund call, the money comes back by transfer.
		await page.getByTestId("order-cancel").click();
		await page.getByTestId("confirm-ok").click();
		await page.locator('[data-testid="order-refund-transfer"][data-status="awaiting_transfer"]').waitFor();
		await settleAnimations(page);
		await screenshot(page, `rails-khqr-order-awaiting-transfer-390-${locale}`);

		await recordTransfer("order", order.id, `FT${order.id}KHQR`);
		await page.reload();
		await page.locator('[data-testid="order-refund-transfer"][data-status="succeeded"]').waitFor();
		await settleAnimations(page);
		await screenshot(page, `rails-khqr-order-transferred-390-${locale}`);
		const after = await server.call<OrderView>(`/order/detail/${order.id}`, { token: customer.accessToken });
		expect(after.refundTransfer).toMatchObject({ status: "succeeded", amount: order.total });
		await context.close();
	}, 60_000);

	it("a booking deposit: paid by KHQR, the booking cancelled in time, the deposit transferred back", async () => {
		const mobile = `${prefix}0002`;
		const customer = await server.signIn(mobile);
		const booking = await bookWithDeposit(server, customer, mobile);
		expect(booking.deposit).toBeGreaterThan(0);
		const { context, page } = await server.signedInContext(browser, customer, locale);
		await page.goto(bookingPath(booking.id));
		await page.getByTestId("reservation-pay").click();
		const sheet = page.getByTestId("reservation-pay-sheet");
		await sheet.getByTestId("pay-method-khqr").waitFor();
		await sheet.getByTestId("pay-method-khqr").locator("input").check();
		await settleAnimations(page);
		await screenshot(page, `rails-khqr-deposit-sheet-390-${locale}`);
		await sheet.getByTestId("reservation-pay-submit").click();
		await scanAndPayOnCheckout(page, bakong);
		await page.waitForURL((url) => url.pathname === "/pages/components/pages/due/detail", { timeout: 10_000 });
		const paid = await server.call<ReservationView>(`/reservation/detail?id=${booking.id}`, {
			token: customer.accessToken,
		});
		expect(paid.payments.find((payment) => payment.kind === "deposit")).toMatchObject({
			status: "paid",
			payMethod: "khqr",
		});

		await page.getByTestId("reservation-cancel").click();
		await page.getByTestId("reservation-cancel-confirm").getByTestId("confirm-ok").click();
		await page.locator('[data-testid="reservation-status"][data-status="cancelled"]').waitFor();
		await recordTransfer("booking", booking.id, `FT${booking.id}DEP`);
		await page.reload();
		// The deposit, refunded, in the ledger's currency.
		await expect
			.poll(() => page.getByTestId("reservation-payment-deposit").locator("dd").textContent(), { timeout: 10_000 })
			.toMatch(new RegExp(`^\\$${booking.deposit / 100}\\.00 · `));
		await settleAnimations(page);
		await screenshot(page, `rails-khqr-deposit-refunded-390-${locale}`);
		const after = await server.call<ReservationView>(`/reservation/detail?id=${booking.id}`, {
			token: customer.accessToken,
		});
		expect(after.payments.find((payment) => payment.kind === "deposit")?.status).toBe("refunded");
		await context.close();
	}, 60_000);

	it("a recharge: paid by KHQR, the balance goes up by the package and its bonus", async () => {
		const customer = await server.signIn(`${prefix}0003`);
		const pack = await smallestPackage(server);
		const { context, page } = await server.signedInContext(browser, customer, locale);
		await page.goto(BALANCE_PATH);
		await page.getByTestId("pay-methods").getByTestId("pay-method-khqr").waitFor();
		await page.getByTestId(`recharge-package-${pack.id}`).click();
		await page.getByTestId("recharge-agree").check();
		await page.getByTestId("pay-methods").getByTestId("pay-method-khqr").locator("input").check();
		await settleAnimations(page);
		await screenshot(page, `rails-khqr-recharge-picker-390-${locale}`);
		await page.getByTestId("recharge-pay").click();
		await scanAndPayOnCheckout(page, bakong);
		await page.waitForURL((url) => url.pathname === BALANCE_PATH, { timeout: 10_000 });
		await page.locator('[data-testid="recharge-result"][data-outcome="paid"]').waitFor();
		await settleAnimations(page);
		await screenshot(page, `rails-khqr-recharge-paid-390-${locale}`);
		const menu = await server.call<{ balance: number }>("/recharge/getMoneyList", { token: customer.accessToken });
		expect(menu.balance).toBe(pack.payAmount + pack.bonusAmount);
		await context.close();
	}, 60_000);
});
