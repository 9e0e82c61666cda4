import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { DEMO_OWNER_MOBILE, openSignedIn } from "./support/http-api";

/**
 * merchant/members (issue 27): every phone masked; the owner's tap shows one member's full
 * number (the server logs the look). 390 and 1024 px, zh-CN and km.
 */

const MEMBERS_PATH = "/pages/merchant/members";

let browser: Browser;

beforeAll(async () => {
	browser = await launchBrowser();
});

afterAll(async () => {
	await browser?.close();
});

describe("members' phone numbers", () => {
	for (const lang of ["zh-CN", "km"]) {
		it(`are masked, and the owner's tap shows one in full, in ${lang} at 390 and 1024 px`, async () => {
			const { context, page } = await newPhone(browser, { locale: lang });
			await openSignedIn(page, DEMO_OWNER_MOBILE, MEMBERS_PATH);
			for (const width of [390, 1024]) {
				await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
				await page.goto(MEMBERS_PATH);
				await page.getByTestId("members-list").waitFor();
				const phones = page.locator('[data-testid$="-phone"]');
				const shown = await phones.allTextContents();
				expect(shown.length).toBeGreaterThan(0);
				for (const phone of shown) expect(phone).toMatch(/^\d{3}\*{4}\d{4}$/);
				await settleAnimations(page);
				await screenshot(page, `member-phones-masked-${lang}-${width}`);

				const reveal = page.locator('[data-testid$="-reveal"]').first();
				const testId = (await reveal.getAttribute("data-testid")) ?? "";
				const phone = page.getByTestId(testId.replace(/-reveal$/, "-phone"));
				const maskedText = (await phone.textContent()) ?? "";
				await reveal.click();
				await expect.poll(() => phone.textContent()).toMatch(/^\d{11}$/);
				const full = (await phone.textContent()) ?? "";
				expect(full.slice(0, 3)).toBe(maskedText.slice(0, 3));
				expect(full.slice(-4)).toBe(maskedText.slice(-4));
				expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
				await settleAnimations(page);
				await screenshot(page, `member-phones-revealed-${lang}-${width}`);
			}
			await context.close();
		});
	}
});
