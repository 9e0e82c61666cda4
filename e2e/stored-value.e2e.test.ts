import type { RechargeMenu } from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";
import { shownAmounts } from "./support/money";
import { uniqueMobile } from "./support/sms-outbox";
import { rechargeOnSandbox } from "./support/stored-value";

const BALANCE_PATH = "/pages/components/pages/balance/balance";
const BILL_PATH = "/pages/components/pages/balance/bill";
const COUNTER_PATH = "/pages/merchant/counter";

let browser: Browser;

beforeAll(async () => {
	browser = await launchBrowser();
});

afterAll(async () => {
	await browser?.close();
});

describe("stored value", () => {
	it("recharges a package through the sandbox in English: the agreement first, then the credit with its bonus", async () => {
		const { money } = await shownAmounts();
		const menu = await apiCall<RechargeMenu>("/recharge/getMoneyList", { lang: "en" });
		const pack = menu.packages.find((candidate) => candidate.bonusAmount > 0);
		if (!pack) throw new Error("the demo has no recharge package with a bonus");

		const { context, page } = await newPhone(browser, { locale: "en" });
		const mobile = uniqueMobile();
		await openSignedIn(page, mobile, BALANCE_PATH);
		expect(await page.getByTestId("balance-amount").textContent()).toBe(money(0));
		await screenshot(page, "stored-value-balance-en");

		// The spec's two messages, before anything is sent.
		await page.getByTestId("recharge-pay").click();
		expect(await page.getByTestId("recharge-package-error").textContent()).toBe("Please select a recharge amount");
		await page.getByTestId(`recharge-package-${pack.id}`).click();
		await page.waitForTimeout(600); // the submit debounce
		await page.getByTestId("recharge-pay").click();
		expect(await page.getByTestId("recharge-agree-error").textContent()).toBe(
			"Please agree to the stored-value agreement",
		);

		// The agreement in English, ticked from its sheet; then the gateway.
		await page.getByTestId("recharge-agreement-open").click();
		expect(await page.getByTestId("recharge-agreement-text").textContent()).toBe(menu.agreement.trim());
		await page.getByTestId("recharge-agreement-accept").click();
		await page.waitForTimeout(600); // the submit debounce: a tap within 500 ms of the last is a double tap
		await page.getByTestId("recharge-pay").click();
		await page.getByTestId("sandbox-approve").click();

		// Back on the balance page: credited once, bonus included.
		await page.waitForURL((url) => url.pathname === BALANCE_PATH && url.searchParams.has("recharge"));
		await page.locator('[data-testid="recharge-result"][data-outcome="paid"]').waitFor();
		const credited = pack.payAmount + pack.bonusAmount;
		expect(await page.getByTestId("recharge-result-text").textContent()).toBe(
			`Recharged: ${money(credited)} added to your balance (incl. ${money(pack.bonusAmount)} bonus)`,
		);
		await expect.poll(() => page.getByTestId("balance-amount").textContent()).toBe(money(credited));
		// The bonus part is named under the balance: it is not money for a booking's deposit (decision 027).
		await expect
			.poll(() => page.getByTestId("balance-bonus").textContent())
			.toBe(`Includes ${money(pack.bonusAmount)} bonus. Booking deposits are paid from the money you put in`);
		await screenshot(page, "stored-value-recharged-en");

		// The bill shows the paid part and the bonus as two lines, the balance after each.
		await page.getByTestId("balance-bill-link").click();
		await page.waitForURL((url) => url.pathname === BILL_PATH);
		const amounts = page.getByTestId("bill-entry-amount");
		await expect.poll(() => amounts.count()).toBe(2);
		expect(await page.getByTestId("bill-balance").textContent()).toContain(money(credited));
		const shown = (await amounts.allTextContents()).join(" ");
		expect(shown).toContain(money(pack.payAmount));
		expect(shown).toContain(money(pack.bonusAmount));
		expect(await page.getByTestId("bill-entry-after").first().textContent()).toContain(money(credited));
		await screenshot(page, "stored-value-bill-en");
		await context.close();
	});

	it("shows the page at 390 px in Chinese and Khmer, the bonus part under the balance", async () => {
		for (const locale of ["zh-CN", "km"]) {
			const { context, page } = await newPhone(browser, { locale });
			const mobile = uniqueMobile();
			await rechargeOnSandbox(await signInByApi(mobile));
			await openSignedIn(page, mobile, BALANCE_PATH);
			await page.getByTestId("recharge-packages").waitFor();
			await page.getByTestId("balance-bonus").waitFor();
			expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
			await screenshot(page, `stored-value-balance-${locale}`);
			await context.close();
		}
	});

	it("the counter charges the member's payment code, and the member's page shows the payment live", async () => {
		const { money } = await shownAmounts();
		const mobile = uniqueMobile();
		const credited = await rechargeOnSandbox(await signInByApi(mobile));

		// The guest opens their payment code in Khmer on their phone.
		const guest = await newPhone(browser, { locale: "km" });
		await openSignedIn(guest.page, mobile, BALANCE_PATH);
		await guest.page.getByTestId("pay-code-toggle").click();
		const code = await guest.page.getByTestId("pay-code").getAttribute("data-code");
		if (!code) throw new Error("no payment code shown");
		expect((await guest.page.getByTestId("pay-code-digits").textContent())?.replace(/\s/g, "")).toBe(code);
		await screenshot(guest.page, "stored-value-pay-code-km");

		// The owner types it at the counter on a tablet, in Chinese, and charges 12.50.
		const counter = await newPhone(browser, { width: 1024, height: 768 });
		await openSignedIn(counter.page, DEMO_OWNER_MOBILE, COUNTER_PATH);
		await counter.page.getByTestId("counter-code").fill(code);
		await counter.page.getByTestId("counter-amount").fill("12.50");
		await counter.page.getByTestId("counter-charge").click();
		await counter.page.getByTestId("counter-result").waitFor();
		expect(await counter.page.getByTestId("counter-result-amount").textContent()).toContain(money(1250));
		expect(await counter.page.getByTestId("counter-result-balance").textContent()).toContain(money(credited - 1250));
		await counter.page.getByTestId("counter-payments").waitFor();
		await screenshot(counter.page, "stored-value-counter-1024-zh-CN");

		// The guest's page hears it without a reload: the notice, the new balance, a new code.
		await guest.page.getByTestId("counter-notice").waitFor();
		expect(await guest.page.getByTestId("counter-notice-title").textContent()).toContain(money(1250));
		await expect.poll(() => guest.page.getByTestId("balance-amount").textContent()).toBe(money(credited - 1250));
		await expect.poll(() => guest.page.getByTestId("pay-code").getAttribute("data-code")).not.toBe(code);
		await screenshot(guest.page, "stored-value-counter-paid-km");

		// The same code a second time is refused: a screenshot of it is worth nothing now.
		await counter.page.getByTestId("counter-next").click();
		await counter.page.getByTestId("counter-code").fill(code);
		await counter.page.getByTestId("counter-amount").fill("1");
		await counter.page.getByTestId("counter-charge").click();
		await counter.page.getByTestId("counter-code-error").waitFor();
		await expect.poll(() => guest.page.getByTestId("balance-amount").textContent()).toBe(money(credited - 1250));

		await guest.context.close();
		await counter.context.close();
	});
});

describe("the shop's stored-value and card pages", () => {
	for (const lang of ["zh-CN", "km"]) {
		it(`show the counter, packages, VIP cards and members in ${lang} at 390 and 1024 px`, async () => {
			const { context, page } = await newPhone(browser, { locale: lang });
			await openSignedIn(page, DEMO_OWNER_MOBILE, COUNTER_PATH);
			for (const width of [390, 1024]) {
				await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
				for (const [path, testId, name] of [
					[COUNTER_PATH, "counter-form", "counter"],
					["/pages/merchant/storedValue", "package-list", "stored-value"],
					["/pages/merchant/vipCards", "vip-list", "vip-cards"],
					["/pages/merchant/members", "members-list", "members"],
				] as const) {
					await page.goto(path);
					await page.getByTestId(testId).waitFor();
					// Nothing sticks out sideways: every label fits the screen in this language.
					expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
					await screenshot(page, `merchant-${name}-${lang}-${width}`);
				}
			}
			await context.close();
		});
	}
});
