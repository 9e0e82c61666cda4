import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginPage } from "./pages/login-page";
import { MinePage } from "./pages/mine-page";
import { UserinfoPage } from "./pages/userinfo-page";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { makePng } from "./support/png";
import { uniqueMobile } from "./support/sms-outbox";

/** One customer's story, step by step, in one browser profile. */
describe.sequential("a customer's account", () => {
	let browser: Browser;
	let context: BrowserContext;
	let page: Page;
	const mobile = uniqueMobile();

	beforeAll(async () => {
		browser = await launchBrowser();
		({ context, page } = await newPhone(browser, { locale: "zh-CN" }));
	});

	afterAll(async () => {
		await context?.close();
		await browser?.close();
	});

	it("explains what is wrong with the login form before sending anything", async () => {
		const mine = await new MinePage(page).open();
		await mine.signInEntry.click();
		const login = new LoginPage(page);
		await login.form.waitFor();

		await login.submit();
		expect(await login.error("mobile").textContent()).toBe("请填写手机号");
		expect(await login.error("agreement").textContent()).toBe("请先阅读并勾选用户协议");

		await login.mobile.fill("12345678901");
		await login.sendCodeButton.click();
		expect(await login.error("mobile").textContent()).toBe("手机号格式错误");
		await screenshot(page, "zh-CN-login-errors");
	});

	it("opens the user agreement from the login page and comes back", async () => {
		await page.getByTestId("link-user-agreement").click();
		await page.getByTestId("content-page").waitFor();
		expect(await page.locator(".article__body p").count()).toBeGreaterThan(0);
		await page.getByTestId("back").click();
		await new LoginPage(page).form.waitFor();
	});

	it("signs in with the code from the SMS outbox and lands back on the mine page", async () => {
		const login = new LoginPage(page);
		await login.signIn(mobile);

		const mine = new MinePage(page);
		await mine.nickname.waitFor();
		expect(new URL(page.url()).pathname).toBe("/pages/mine/mine");
		expect(await mine.phone.textContent()).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
		expect(await mine.balance.textContent()).toContain("$0.00");
		expect(await page.evaluate(() => Boolean(localStorage.getItem("accessToken")))).toBe(true);
	});

	it("changes the nickname and sees it on the mine page", async () => {
		const mine = new MinePage(page);
		await mine.openProfile();
		const profile = new UserinfoPage(page);
		expect(await page.getByTestId("phone-readonly").inputValue()).toBe(mobile);

		await profile.setNickname("");
		expect(await profile.error("nickname").textContent()).toBe("昵称需为1到20个字");

		await page.waitForTimeout(600); // the save button ignores taps within 500 ms
		await profile.setNickname("河畔的茶客");
		await profile.toast.filter({ hasText: "保存成功" }).waitFor();

		await profile.back();
		await mine.nickname.waitFor();
		expect(await mine.nickname.textContent()).toBe("河畔的茶客");
	});

	it("uploads a new avatar", async () => {
		const mine = new MinePage(page);
		await mine.openProfile();
		const profile = new UserinfoPage(page);

		await profile.uploadAvatar({ name: "avatar.png", mimeType: "image/png", buffer: makePng(48) });
		await profile.avatarImage.waitFor();
		const src = await profile.avatarImage.getAttribute("src");
		expect(src).toMatch(/^\/uploads\//);
		const loaded = await profile.avatarImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
		expect(loaded).toBe(true);
		await screenshot(page, "zh-CN-userinfo");

		await profile.back();
		await mine.avatar.waitFor();
		expect(await mine.avatar.getAttribute("src")).toBe(src);
	});

	it("refuses a file that is not an image", async () => {
		const mine = new MinePage(page);
		await mine.openProfile();
		const profile = new UserinfoPage(page);

		await profile.uploadAvatar({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
		expect(await profile.error("avatar").textContent()).toContain("只能上传图片");
		await profile.back();
	});

	it("signs out and is a visitor again", async () => {
		const mine = new MinePage(page);
		await mine.nickname.waitFor();
		await screenshot(page, "zh-CN-mine-signed-in");
		await mine.signOut();

		await new LoginPage(page).form.waitFor();
		expect(await page.evaluate(() => [localStorage.getItem("accessToken"), localStorage.getItem("userinfo")])).toEqual([
			null,
			null,
		]);

		await mine.open();
		await mine.signInEntry.waitFor();
	});
});
