import type {
	BankCardView,
	MoneyCodeSent,
	OrderView,
	PlatformSettings,
	ShopMenu,
	ShopSummary,
	StaffMember,
	WalletSummary,
	WithdrawalView,
} from "@bayon/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { dearestPlainPickupItem, demoShopAndMenu, payOnSandbox } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, refreshSession, signInByApi } from "./support/http-api";
import { smsCodesSent, uniqueMobile, waitForSmsCode } from "./support/sms-outbox";

/**
 * Issue 28 part 4 (decision 023 "Paying out"): a withdrawal goes from request to "paid". The
 * platform operator, at a desk, reads the account number the money must go to with an SMS code
 * sent to their own phone, marks the withdrawal paid with the bank's reference and the transfer
 * day; the owner's withdrawal page shows the reference, the day and that the platform viewed
 * the account number. Screens at 390 and 1024 px, in zh-CN and km.
 */

const WITHDRAWAL_PATH = "/pages/components/pages/merchant/withdrawal";
const PLATFORM_WITHDRAWALS_PATH = "/pages/platform/withdrawals";
/** The demo platform operator (README). */
const OPERATOR_MOBILE = "13800000009";
const CARD_NUMBER = "6222023456789012";
const AMOUNT = 1200;

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

async function moveServerClock(seconds: number): Promise<void> {
	await apiCall<{ now: string }>("/test/clock/advance", { method: "POST", body: { seconds } });
}

/** A paid pickup order of at least $15.00, completed by the shop. */
async function completedOrder(ownerToken: string): Promise<OrderView> {
	const customerToken = await signInByApi(uniqueMobile());
	const item = dearestPlainPickupItem(menu, 40);
	const quantity = Math.ceil(1500 / item.price);
	const order = await apiCall<OrderView>("/order/create", {
		method: "POST",
		token: customerToken,
		headers: { "idempotency-key": `e2e-payouts-${Date.now()}` },
		body: { shopId: shop.id, orderType: "takein", lines: [{ itemId: item.id, quantity, optionIds: [] }] },
	});
	await payOnSandbox(customerToken, order.id);
	for (const action of ["accept", "ready", "complete"] as const)
		await apiCall<OrderView>("/merchant/order/action", {
			method: "POST",
			token: ownerToken,
			body: { orderId: order.id, action },
		});
	return order;
}

/** A money code on the owner's phone by API: one code a minute per phone, so it asks again until one comes. */
async function ownerCode(mobile: string, token: string): Promise<string> {
	const deadline = Date.now() + 90_000;
	while (Date.now() < deadline) {
		const sentBefore = smsCodesSent(mobile);
		const sent = await apiCall<MoneyCodeSent>("/merchant/money/send-code", {
			method: "POST",
			token,
			body: { shopId: shop.id },
		}).catch(() => null);
		if (sent) return waitForSmsCode(mobile, sentBefore);
		await new Promise((resolve) => setTimeout(resolve, 3_000));
	}
	throw new Error(`no money code for ${mobile} within 90 s`);
}

/** Taps "send code" until a code comes (one a minute per phone) and types it into `field`. */
async function enterSmsCode(page: Page, mobile: string, sendButton: string, field: string): Promise<void> {
	const send = page.getByTestId(sendButton);
	const deadline = Date.now() + 90_000;
	while (Date.now() < deadline) {
		await expect.poll(() => send.isEnabled(), { timeout: 75_000, interval: 500 }).toBe(true);
		const sentBefore = smsCodesSent(mobile);
		await send.click();
		const code = await waitForSmsCode(mobile, sentBefore, 3_000).catch(() => null);
		if (code) {
			await page.getByTestId(field).fill(code);
			return;
		}
	}
	throw new Error(`no SMS code for ${mobile} within 90 s`);
}

describe("paying a withdrawal out", () => {
	it("the operator reveals the account with a code and marks the withdrawal paid; the owner sees the reference, the day and the reveal", {
		timeout: 300_000,
	}, async () => {
		const demoOwner = await signInByApi(DEMO_OWNER_MOBILE);
		// Two owners of their own: one adds the card, the other asks for the withdrawal, so
		// neither waits a minute between two codes on one phone after signing in.
		const cardOwner = uniqueMobile();
		const asker = `${cardOwner.slice(0, 10)}${(Number(cardOwner.at(-1)) + 5) % 10}`;
		for (const mobile of [cardOwner, asker])
			await apiCall<StaffMember>("/merchant/staff/add", {
				method: "POST",
				token: demoOwner,
				body: { shopId: shop.id, mobile, role: "owner" },
			});
		const operatorToken = await signInByApi(OPERATOR_MOBILE);
		const terms = await apiCall<PlatformSettings>("/platform/settings", { token: operatorToken });
		let clockMoved = false;
		let cardId: number | null = null;
		const contexts: { close: () => Promise<void> }[] = [];
		try {
			// Money to withdraw: no hold, an order completed, the settlement run.
			await apiCall<PlatformSettings>("/platform/settings", {
				method: "POST",
				token: operatorToken,
				body: { ...terms, holdHours: 0 },
			});
			await completedOrder(demoOwner);
			await moveServerClock(1);
			clockMoved = true;
			const cardToken = await signInByApi(cardOwner);
			const askerToken = await signInByApi(asker);
			const wallet = await apiCall<WalletSummary>(`/merchant/wallet?shopId=${shop.id}`, { token: askerToken });
			expect(wallet.withdrawable).toBeGreaterThanOrEqual(AMOUNT);

			// The card and the withdrawal, by API (the owner's screens are merchant-wallet.e2e's).
			const card = await apiCall<BankCardView>("/merchant/cards/add", {
				method: "POST",
				token: cardToken,
				body: {
					shopId: shop.id,
					holder: "Sokha Chan",
					bank: "ABA Bank",
					cardNumber: CARD_NUMBER,
					code: await ownerCode(cardOwner, cardToken),
				},
			});
			cardId = card.id;
			const asked = await apiCall<WithdrawalView>("/merchant/withdrawals/create", {
				method: "POST",
				token: askerToken,
				headers: { "idempotency-key": `e2e-payouts-${Date.now()}` },
				body: { shopId: shop.id, amount: AMOUNT, cardId: card.id, code: await ownerCode(asker, askerToken) },
			});
			await apiCall<WithdrawalView>("/platform/withdrawals/approve", {
				method: "POST",
				token: operatorToken,
				body: { id: asked.id, version: 0 },
			});
			const withdrawalUrl = `${PLATFORM_WITHDRAWALS_PATH}?status=1&id=${asked.id}`;

			// The desk, in Chinese: the detail says nobody has viewed the number yet.
			const desk = await newPhone(browser, { width: 1024, height: 768 });
			contexts.push(desk.context);
			await openSignedIn(desk.page, OPERATOR_MOBILE, withdrawalUrl);
			const panel = desk.page.getByTestId("platform-detail-panel");
			await panel.getByTestId("platform-detail-reveals-none").waitFor();
			expect(await panel.getByTestId("platform-detail-account").textContent()).toContain("9012");
			expect(await panel.textContent()).not.toContain(CARD_NUMBER);

			// Reveal: the sheet says it is logged, a code to the operator's own phone.
			await panel.getByTestId("platform-reveal").click();
			const reveal = desk.page.getByTestId("platform-reveal-sheet");
			await reveal.getByTestId("platform-reveal-notice").waitFor();
			// No code: refused on the page, nothing shown.
			await reveal.getByTestId("platform-reveal-submit").click();
			await reveal.getByTestId("platform-reveal-code-error").waitFor();
			await enterSmsCode(desk.page, OPERATOR_MOBILE, "platform-reveal-code-send", "platform-reveal-code");
			expect(await reveal.getByTestId("platform-reveal-code-hint").textContent()).toContain("138****0009");
			await settleAnimations(desk.page);
			await screenshot(desk.page, "payouts-reveal-code-1024-zh-CN");
			// Taps within half a second count as one (the app's debounce): the refused tap was one.
			await desk.page.waitForTimeout(600);
			await reveal.getByTestId("platform-reveal-submit").click();
			await reveal.getByTestId("platform-revealed-number").filter({ hasText: "6222 0234 5678 9012" }).waitFor();
			expect(await reveal.getByTestId("platform-revealed-holder").textContent()).toBe("Sokha Chan");
			await settleAnimations(desk.page);
			await screenshot(desk.page, "payouts-revealed-1024-zh-CN");
			await reveal.getByTestId("platform-reveal-done").click();
			// The reading is listed with the operator's name; the number is gone from the page.
			await panel.getByTestId("platform-detail-reveals").waitFor();
			expect(await desk.page.locator("body").textContent()).not.toContain("6222 0234 5678 9012");

			// On phones, before it is paid: the return and paid sheets, in Chinese and Khmer.
			for (const locale of ["zh-CN", "km"]) {
				const phoneDesk = await newPhone(browser, { locale });
				contexts.push(phoneDesk.context);
				await openSignedIn(phoneDesk.page, OPERATOR_MOBILE, withdrawalUrl);
				const detailSheet = phoneDesk.page.getByTestId("platform-detail-sheet");
				await detailSheet.getByTestId("platform-return").click();
				await phoneDesk.page.getByTestId("platform-return-notice").waitFor();
				await settleAnimations(phoneDesk.page);
				await screenshot(phoneDesk.page, `payouts-return-sheet-390-${locale}`, { fullPage: false });
				await phoneDesk.page.getByTestId("platform-return-sheet").getByTestId("sheet-close").click();
				await phoneDesk.page.getByTestId("platform-return-sheet").waitFor({ state: "detached" });
				await phoneDesk.page.getByTestId("platform-detail-sheet").getByTestId("platform-mark-paid").click();
				await phoneDesk.page.getByTestId("platform-paid-date").waitFor();
				await settleAnimations(phoneDesk.page);
				await screenshot(phoneDesk.page, `payouts-paid-sheet-390-${locale}`, { fullPage: false });
				await phoneDesk.context.close();
			}

			// Marked paid with the bank's reference and the day (today by default).
			await panel.getByTestId("platform-mark-paid").click();
			const paidSheet = desk.page.getByTestId("platform-paid-sheet");
			await paidSheet.getByTestId("platform-paid-input").fill("ABA-PAYOUT-0042");
			await paidSheet.getByTestId("platform-paid-date").waitFor();
			await settleAnimations(desk.page);
			await screenshot(desk.page, "payouts-paid-sheet-1024-zh-CN");
			await paidSheet.getByTestId("platform-paid-submit").click();
			await desk.page.getByTestId("platform-paid-confirm").getByTestId("confirm-ok").click();
			await panel.getByTestId("platform-detail-reference").filter({ hasText: "ABA-PAYOUT-0042" }).waitFor();
			await panel.getByTestId("platform-detail-transfer-date").waitFor();
			await panel.getByTestId("platform-detail-status").filter({ hasText: "已到账" }).waitFor();
			await settleAnimations(desk.page);
			await screenshot(desk.page, "payouts-paid-1024-zh-CN");
			const paid = await apiCall<WithdrawalView>(`/platform/withdrawals/detail?id=${asked.id}`, {
				token: operatorToken,
			});
			expect(paid).toMatchObject({ status: 3, bankReference: "ABA-PAYOUT-0042" });
			expect(paid.transferDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			expect(paid.reveals).toHaveLength(1);

			// The owner's withdrawal on a phone: the reference, the day, and "the platform viewed …".
			const phone = await newPhone(browser);
			contexts.push(phone.context);
			await openSignedIn(phone.page, asker, `${WITHDRAWAL_PATH}?id=${asked.id}`);
			await phone.page.getByTestId("withdrawal-reference").filter({ hasText: "ABA-PAYOUT-0042" }).waitFor();
			await phone.page.getByTestId("withdrawal-transfer-date").waitFor();
			const line = await phone.page.getByTestId("withdrawal-reveal-0").textContent();
			expect(line).toMatch(/^平台于 .+ 查看了收款账号$/);
			expect(await phone.page.getByTestId("withdrawal-reveals").textContent()).not.toContain("Chenda");
			await settleAnimations(phone.page);
			await screenshot(phone.page, "payouts-owner-withdrawal-390-zh-CN");

			// In Khmer: the owner's page, and the operator's on a phone and at a desk.
			const khmer = await newPhone(browser, { locale: "km" });
			contexts.push(khmer.context);
			await openSignedIn(khmer.page, asker, `${WITHDRAWAL_PATH}?id=${asked.id}`);
			await khmer.page.getByTestId("withdrawal-reveal-0").filter({ hasText: "វេទិកាបានមើលលេខគណនីនៅ" }).waitFor();
			await settleAnimations(khmer.page);
			await screenshot(khmer.page, "payouts-owner-withdrawal-390-km");

			const khmerOperator = await newPhone(browser, { locale: "km" });
			contexts.push(khmerOperator.context);
			await openSignedIn(khmerOperator.page, OPERATOR_MOBILE, `${PLATFORM_WITHDRAWALS_PATH}?status=3&id=${asked.id}`);
			const sheet = khmerOperator.page.getByTestId("platform-detail-sheet");
			await sheet.getByTestId("platform-detail-reveals").waitFor();
			await sheet.getByTestId("platform-detail-status").filter({ hasText: "បានទទួលប្រាក់រួច" }).waitFor();
			await settleAnimations(khmerOperator.page);
			await screenshot(khmerOperator.page, "payouts-operator-detail-390-km", { fullPage: false });
			await sheet.getByTestId("platform-reveal").click();
			await khmerOperator.page.getByTestId("platform-reveal-notice").waitFor();
			await settleAnimations(khmerOperator.page);
			await screenshot(khmerOperator.page, "payouts-reveal-sheet-390-km", { fullPage: false });

			const khmerDesk = await newPhone(browser, { locale: "km", width: 1024, height: 768 });
			contexts.push(khmerDesk.context);
			await openSignedIn(khmerDesk.page, OPERATOR_MOBILE, `${PLATFORM_WITHDRAWALS_PATH}?status=3&id=${asked.id}`);
			await khmerDesk.page.getByTestId("platform-detail-panel").getByTestId("platform-detail-reveals").waitFor();
			await settleAnimations(khmerDesk.page);
			await screenshot(khmerDesk.page, "payouts-operator-1024-km");
			await khmerDesk.page.getByTestId("platform-export").click();
			await khmerDesk.page.getByTestId("platform-export-notice").waitFor();
			await settleAnimations(khmerDesk.page);
			await screenshot(khmerDesk.page, "payouts-export-sheet-1024-km", { fullPage: false });

			// The operator's phone in Chinese: the paid one's detail sheet.
			const operatorPhone = await newPhone(browser);
			contexts.push(operatorPhone.context);
			await openSignedIn(operatorPhone.page, OPERATOR_MOBILE, `${PLATFORM_WITHDRAWALS_PATH}?status=3&id=${asked.id}`);
			await operatorPhone.page.getByTestId("platform-detail-sheet").getByTestId("platform-detail-reveals").waitFor();
			await settleAnimations(operatorPhone.page);
			await screenshot(operatorPhone.page, "payouts-operator-detail-390-zh-CN", { fullPage: false });
		} finally {
			for (const context of contexts) await context.close();
			// One server serves every browser test: its terms, its clock and the staff list back.
			await apiCall<PlatformSettings>("/platform/settings", {
				method: "POST",
				token: (await refreshSession(OPERATOR_MOBILE)).accessToken,
				body: terms,
			});
			if (clockMoved) await moveServerClock(-1);
			// merchant-wallet.e2e starts from a shop without cards.
			if (cardId !== null)
				await apiCall<BankCardView[]>("/merchant/cards/remove", {
					method: "POST",
					token: (await refreshSession(cardOwner)).accessToken,
					body: { shopId: shop.id, cardId },
				}).catch(() => undefined);
			const staff = await apiCall<StaffMember[]>(`/merchant/staff/list?shopId=${shop.id}`, { token: demoOwner });
			for (const mobile of [cardOwner, asker]) {
				const added = staff.find((member) => member.mobile === mobile);
				if (added)
					await apiCall("/merchant/staff/remove", {
						method: "POST",
						token: demoOwner,
						body: { shopId: shop.id, memberId: added.memberId },
					});
			}
		}
	});
});
