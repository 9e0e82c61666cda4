import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginPage } from "./pages/login-page";
import { MERCHANT_INDEX_PATH, MERCHANT_ORDER_PATH } from "./pages/merchant-pages";
import { launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, signInByApi } from "./support/http-api";
import { uniqueMobile } from "./support/sms-outbox";

/**
 * What a shop stumbled on in the merchant area (issue 27): the centre lists every page the role
 * may use and calls none "not open"; an expired session leads to sign-in and back; the cash
 * page is not red before anything is typed; the board's sound choice survives a reload; every
 * filter tab of the member's redemptions is in view; one table's code can be shown and printed.
 */

const SUB = "/pages/components/pages";
const LOGIN_PATH = `${SUB}/login/login`;
const MERCHANT_MY = `${SUB}/merchant/my`;
const CASH_PATH = `${SUB}/merchant/cash`;
const BELL_PATH = `${SUB}/merchant/bell`;
const REDEMPTIONS_PATH = `${SUB}/scoreproduct/order`;
const CHANGES_PATH = "/pages/merchant/changes";
const NOT_OPEN = /暂未开放|not open yet|មិនទាន់បើក/;

let browser: Browser;

beforeAll(async () => {
	browser = await launchBrowser();
});

afterAll(async () => {
	await browser?.close();
});

describe("the merchant centre (issue 27)", () => {
	it("links every page the owner may use, calls none 'not open', and each opens its page", async () => {
		const { context, page } = await newPhone(browser);
		await openSignedIn(page, DEMO_OWNER_MOBILE, MERCHANT_INDEX_PATH);
		await page.getByTestId("merchant-centre").waitFor();

		for (const entry of [
			"orders",
			"tables",
			"reservations",
			"till",
			"counter",
			"redemptions",
			"menu",
			"members",
			"stored-value",
			"vip-cards",
			"coupons",
			"points-mall",
			"staff",
			"telegram",
			"changes",
			"wallet",
			"cash",
			"withdrawals",
			"my",
		])
			expect(await page.getByTestId(`merchant-entry-${entry}`).count(), entry).toBe(1);
		expect(await page.getByTestId("merchant-centre").textContent()).not.toMatch(NOT_OPEN);

		// The wallet and the withdrawal work: their pages open, no placeholder.
		for (const [entry, ready] of [
			["wallet", "wallet-page"],
			["cash", "cash-form"],
			// The counter's till (decision 029).
			["till", "till-page"],
		] as const) {
			await page.goto(MERCHANT_INDEX_PATH);
			await page.getByTestId(`merchant-entry-${entry}`).click();
			await page.getByTestId(ready).waitFor();
			expect(await page.getByTestId("placeholder").count()).toBe(0);
			expect(await page.locator("body").textContent()).not.toMatch(NOT_OPEN);
		}

		// merchant/my lists the same pages.
		await page.goto(MERCHANT_MY);
		await page.getByTestId("merchant-my-pages").waitFor();
		for (const name of [
			"merchantCounter",
			"merchantCoupons",
			"merchantPointsMall",
			"merchantVipCards",
			"merchantWallet",
		])
			expect(await page.getByTestId(`merchant-my-page-${name}`).count(), name).toBe(1);
		await context.close();
	});

	it("sends a merchant without a session to sign in and back, and one whose session expired to sign in", async () => {
		// A manager the owner just added: their first sign-in is the page's own (one SMS code).
		const mobile = uniqueMobile();
		const ownerToken = await signInByApi(DEMO_OWNER_MOBILE);
		await apiCall("/merchant/staff/add", {
			method: "POST",
			token: ownerToken,
			body: { shopId: 1, mobile, role: "manager" },
		});
		const { context, page } = await newPhone(browser);

		// No session: the board opens the login page, which brings them back to the board.
		await page.goto(MERCHANT_ORDER_PATH);
		await page.waitForURL((url) => url.pathname === LOGIN_PATH);
		expect(new URL(page.url()).searchParams.get("redirect")).toBe(MERCHANT_ORDER_PATH);
		expect(await page.getByTestId("merchant-only").count()).toBe(0);
		await new LoginPage(page).signIn(mobile);
		await page.waitForURL((url) => url.pathname === MERCHANT_ORDER_PATH);
		await page.getByTestId("merchant-board").waitFor();

		// The session ends (expired, or revoked elsewhere): neither token is good any more. The
		// next load asks to sign in again — never "merchants only" — and names the way back.
		await page.evaluate(() => {
			localStorage.setItem("accessToken", "expired-access-token");
			localStorage.setItem("refreshToken", "expired-refresh-token");
		});
		await page.goto(CASH_PATH);
		await page.waitForURL((url) => url.pathname === LOGIN_PATH);
		expect(new URL(page.url()).searchParams.get("redirect")).toBe(CASH_PATH);
		expect(await page.getByTestId("merchant-only").count()).toBe(0);
		await page.getByTestId("login-form").waitFor();
		await screenshot(page, "merchant-expired-sign-in-zh-CN-390");
		await context.close();
	});
});

describe("small things on the merchant's screens (issue 27)", () => {
	it("shows nothing red on merchant/cash before the owner types", async () => {
		const { context, page } = await newPhone(browser);
		await openSignedIn(page, DEMO_OWNER_MOBILE, CASH_PATH);
		await page.getByTestId("cash-form").waitFor();
		await settleAnimations(page);
		expect(await page.locator(".field__error").count()).toBe(0);
		expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
		await context.close();
	});

	it("remembers the board's sound choice across a reload, and never shows a wanted sound as off", async () => {
		const { context, page } = await newPhone(browser, { width: 1024, height: 768 });
		await openSignedIn(page, DEMO_OWNER_MOBILE, MERCHANT_ORDER_PATH);
		const sound = page.getByTestId("merchant-sound");
		await sound.waitFor();
		const state = () => sound.getAttribute("data-sound");
		// Turned on (a tap, which also lets the browser play it), then off.
		if ((await state()) !== "on") await sound.click();
		await expect.poll(state).toBe("on");
		await sound.click();
		await expect.poll(state).toBe("off");

		await page.reload();
		await sound.waitFor();
		expect(await state()).toBe("off");
		expect(await page.evaluate(() => localStorage.getItem("merchantBoardSound"))).toBe("off");

		await sound.click();
		await expect.poll(state).toBe("on");
		await page.reload();
		await sound.waitFor();
		// Wanted: on where the browser allows sound without a tap, "blocked: tap to allow" where
		// it does not (autoplay policy), never "off".
		await expect.poll(state).not.toBe("off");
		const label = await sound.textContent();
		expect(label).toBe((await state()) === "on" ? "提示音：开" : "提示音被浏览器拦截：点按开启");
		await context.close();
	});

	it("keeps every filter tab of the member's redemptions in view at 390 px", async () => {
		for (const lang of ["zh-CN", "km"]) {
			const { context, page } = await newPhone(browser, { locale: lang });
			await openSignedIn(page, uniqueMobile(), REDEMPTIONS_PATH);
			const last = page.getByTestId("redemptions-tab-cancelled");
			await last.waitFor();
			const box = await last.boundingBox();
			expect(box, lang).not.toBeNull();
			expect((box?.x ?? 0) + (box?.width ?? 0), lang).toBeLessThanOrEqual(390);
			await screenshot(page, `redemptions-tabs-${lang}-390`);
			await context.close();
		}
	});

	it("shows one table's QR code to its owner, ready to print", async () => {
		const { context, page } = await newPhone(browser, { width: 1024, height: 768 });
		await openSignedIn(page, DEMO_OWNER_MOBILE, BELL_PATH);
		const tile = page.getByTestId("bell-table-A1");
		await tile.getByTestId("bell-edit").click();
		await page.getByTestId("table-show-code").click();
		const qr = page.getByTestId("table-code-qr");
		await qr.waitFor();
		expect(await qr.getAttribute("data-text")).toMatch(/^https?:\/\/.+token=/);
		expect(await page.getByTestId("table-code-number").textContent()).toContain("A1");
		await page.getByTestId("table-code-print").waitFor();
		await settleAnimations(page);
		await screenshot(page, "table-code-zh-CN-1024");
		await context.close();

		const km = await newPhone(browser, { locale: "km" });
		await openSignedIn(km.page, DEMO_OWNER_MOBILE, BELL_PATH);
		await km.page.getByTestId("bell-table-A1").getByTestId("bell-edit").click();
		await km.page.getByTestId("table-show-code").click();
		await km.page.getByTestId("table-code-qr").waitFor();
		await settleAnimations(km.page);
		await screenshot(km.page, "table-code-km-390");
		await km.context.close();
	});
});

/** Every page this part changed, at a phone's and a tablet's width. */
async function shootPages(page: Page, lang: string, width: number) {
	for (const [path, testId, name] of [
		[MERCHANT_INDEX_PATH, "merchant-centre", "merchant-centre"],
		[MERCHANT_MY, "merchant-my", "merchant-my"],
		[MERCHANT_ORDER_PATH, "merchant-board", "merchant-board"],
		[CASH_PATH, "cash-form", "merchant-cash"],
		[BELL_PATH, "bell-grid", "merchant-bell"],
		[CHANGES_PATH, "changes-page", "merchant-changes"],
	] as const) {
		await page.goto(path);
		await page.getByTestId(testId).waitFor();
		await settleAnimations(page);
		await screenshot(page, `issue27-${name}-${lang}-${width}`);
	}
}

describe("screenshots of the merchant pages this part changed", () => {
	beforeAll(async () => {
		// A VIP card type saved, so the change log has one of the newly named entries to show.
		// apiCall throws on any refusal.
		await apiCall("/merchant/vip-cards/save", {
			method: "POST",
			token: await signInByApi(DEMO_OWNER_MOBILE),
			body: {
				shopId: 1,
				name: { "zh-CN": "金卡", en: "Gold card", km: "កាតមាស" },
				price: 1000,
				validityDays: 30,
				discountPercent: 5,
			},
		});
	});

	for (const lang of ["zh-CN", "km"]) {
		it(`shows them in ${lang} at 390 and 1024 px`, async () => {
			await signInByApi(DEMO_OWNER_MOBILE);
			const { context, page } = await newPhone(browser, { locale: lang });
			await openSignedIn(page, DEMO_OWNER_MOBILE, MERCHANT_INDEX_PATH);
			await shootPages(page, lang, 390);
			await page.setViewportSize({ width: 1024, height: 768 });
			await shootPages(page, lang, 1024);
			await context.close();
		});
	}
});
