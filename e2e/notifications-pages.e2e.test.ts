import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { DEMO_OWNER_MOBILE, openSignedIn, sessionFor } from "./support/http-api";
import { nativeLookProblems } from "./support/look";
import { uniqueMobile } from "./support/sms-outbox";
import { linkTelegram } from "./support/telegram";

/** The Telegram bot's pages (issue 15): the member's switches and the owner's staff group. */
const MINE_PATH = "/pages/mine/mine";
const NOTICES_PATH = "/pages/components/pages/mine/notices";
const TELEGRAM_GROUP_PATH = "/pages/merchant/telegram";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

/** A member who signed in by SMS and linked Telegram in the Mini App, letting the bot write: the bot reaches them. */
async function telegramMemberMobile(lang: string): Promise<string> {
	const mobile = uniqueMobile();
	const session = await sessionFor(mobile);
	await linkTelegram(
		session.accessToken,
		{
			id: 7_200_000_000 + Math.floor(Math.random() * 1_000_000),
			first_name: "Sokha",
			language_code: "km",
			allows_write_to_pm: true,
		},
		lang,
	);
	return mobile;
}

async function shoot(page: Page, name: string) {
	await settleAnimations(page);
	expect(await nativeLookProblems(page)).toEqual([]);
	await screenshot(page, name);
}

describe("the Telegram pages", () => {
	for (const lang of ["zh-CN", "km"]) {
		it(`a member reaches their switches from the mine tab, and one stays off after a reload (${lang}, 390 px)`, async () => {
			const { context, page } = await newPhone(browser, { locale: lang });
			await openSignedIn(page, await telegramMemberMobile(lang), MINE_PATH);
			await page.getByTestId("link-notices").click();
			await page.getByTestId("notices-reach-on").waitFor();
			await page.getByTestId("notice-switch-orders").waitFor();
			// Not an owner: no withdrawals switch.
			expect(await page.getByTestId("notice-withdrawals").count()).toBe(0);
			await shoot(page, `notices-on-${lang}-390`);

			const saved = page.waitForResponse(
				(response) => response.url().endsWith("/member/notice-settings") && response.request().method() === "PUT",
			);
			await page.getByTestId("notice-switch-orders").click();
			await saved;
			await page.reload();
			await page.getByTestId("notice-switch-orders").waitFor();
			expect(await page.getByTestId("notice-switch-orders").isChecked()).toBe(false);
			expect(await page.getByTestId("notice-switch-refunds").isChecked()).toBe(true);
			await context.close();
		});

		it(`the owner sees the staff-group page and the switches without Telegram (${lang}, 390 and 1024 px)`, async () => {
			const { context, page } = await newPhone(browser, { locale: lang });
			await openSignedIn(page, DEMO_OWNER_MOBILE, NOTICES_PATH);
			await page.getByTestId("notices-reach-notLinked").waitFor();
			// An owner also hears about withdrawals.
			await page.getByTestId("notice-withdrawals").waitFor();
			await shoot(page, `notices-not-linked-${lang}-390`);

			await page.goto(TELEGRAM_GROUP_PATH);
			await page.getByTestId("tg-no-group").waitFor();
			await page.getByTestId("tg-create-link").waitFor();
			await shoot(page, `telegram-group-${lang}-390`);
			await page.setViewportSize({ width: 1024, height: 768 });
			await shoot(page, `telegram-group-${lang}-1024`);
			await context.close();
		});
	}
});
