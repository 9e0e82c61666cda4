import { generateKeyPairSync, randomBytes } from "node:crypto";
import path from "node:path";
import { Limits, type PaymentRailsView } from "@bayon/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artifactsDir, launchBrowser, newPhone, screenshot, settleAnimations } from "./support/browser";
import { apiCall, openSignedIn, serverNow, signInByApi } from "./support/http-api";

/**
 * Issue 29 part 6: the platform operator sets WeChat Pay up on the "Payment rails" page, reached
 * from "mine": every field typed (the keys pasted as their PEM files), saved, and the page shows
 * the summary, never a secret: the ids as typed, each secret and key by its last four only. The
 * rail is switched off and on, the change log lists it all. KHQR, set up by the API with a token
 * that runs out in three days, shows its warning. Screens at 390 and 1024 px in zh-CN and km.
 * The server of the browser tests talks to no provider, so the connection is not tested here
 * (rail-settings.test.ts does); every rail set up is removed after, as the other files expect none.
 */

const PATH = "/pages/platform/payment-rails";
const MINE = "/pages/mine/mine";
/** The demo platform operator (README). */
const OPERATOR_MOBILE = "13800000009";

const rsaPem = () => {
	const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
	return {
		privatePem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
		publicPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
	};
};
const merchantKey = rsaPem();
const wechatPayKey = rsaPem();
const apiV3Key = randomBytes(16).toString("hex");
const appSecret = `e2e${randomBytes(14).toString("hex")}`;
const bakongToken = `e2e.${randomBytes(30).toString("base64url")}`;

let browser: Browser;
let operatorToken: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
	browser = await launchBrowser();
	operatorToken = await signInByApi(OPERATOR_MOBILE);
	await removeEveryRail();
});

afterAll(async () => {
	await removeEveryRail().catch(() => {});
	for (const context of contexts) await context.close();
	await browser?.close();
});

async function removeEveryRail() {
	const { rails } = await apiCall<PaymentRailsView>("/platform/payment-rails", { token: operatorToken });
	for (const rail of rails)
		if (rail.state !== "notSetUp")
			await apiCall("/platform/payment-rails/remove", {
				method: "POST",
				token: operatorToken,
				body: { rail: rail.rail },
			});
}

async function open(locale: string, width: number, height = 844): Promise<Page> {
	const { context, page } = await newPhone(browser, { locale, width, height });
	contexts.push(context);
	await openSignedIn(page, OPERATOR_MOBILE, PATH);
	await page.getByTestId("payment-rails").waitFor();
	return page;
}

/** Everything a page shows, and what its fields hold: where a secret must never be. */
async function shown(page: Page): Promise<string> {
	return page.evaluate(
		() =>
			`${document.body.textContent}\n${[...document.querySelectorAll("input, textarea")].map((el) => (el as HTMLInputElement).value).join("\n")}`,
	);
}

describe("the payment rails page", () => {
	it("the operator sets WeChat Pay up and sees its summary, never its secrets; KHQR warns of its token", {
		timeout: 180_000,
	}, async () => {
		// From "mine", where the platform's pages are listed.
		const phone = await open("zh-CN", 390);
		await phone.goto(MINE);
		await phone.getByTestId("link-platform-payment-rails").click();
		await phone.getByTestId("payment-rails").waitFor();
		const wechat = phone.getByTestId("rail-wechat");
		await expect.poll(() => wechat.getByTestId("rail-wechat-state").textContent()).toBe("未设置");

		await phone.getByTestId("rail-wechat-appId").fill("wx8888888888888888");
		await phone.getByTestId("rail-wechat-mchId").fill("1900000109");
		await phone.getByTestId("rail-wechat-certSerial").fill("5157F09EFDC096DE15EBE81A47057A7232F1B8E1");
		await phone.getByTestId("rail-wechat-privateKey").fill(merchantKey.privatePem);
		await phone.getByTestId("rail-wechat-apiV3Key").fill(apiV3Key);
		await phone.getByTestId("rail-wechat-platformPublicKey").fill(wechatPayKey.publicPem);
		await phone.getByTestId("rail-wechat-platformPublicKeyId").fill("PUB_KEY_ID_0114232134912410000000000000");
		await phone.getByTestId("rail-wechat-appSecret").fill(appSecret);
		// A wrong key first: refused under its field, nothing saved.
		await phone.getByTestId("rail-wechat-platformPublicKey").fill(merchantKey.publicPem);
		await phone.getByTestId("rail-wechat-save").click();
		await expect
			.poll(() => phone.getByTestId("rail-wechat-platformPublicKey-error").textContent())
			.toBe("这是你自己应用的公钥，这里应填写支付平台给出的公钥");
		await settleAnimations(phone);
		await screenshot(phone, "payment-rails-refused-390-zh-CN");
		await phone.getByTestId("rail-wechat-platformPublicKey").fill(wechatPayKey.publicPem);
		await phone.getByTestId("rail-wechat-save").click();

		await expect.poll(() => wechat.getByTestId("rail-wechat-state").textContent()).toBe("已开启");
		expect(await wechat.getByTestId("rail-wechat-apiV3Key-stored").textContent()).toContain(
			`•••• ${apiV3Key.slice(-4)}`,
		);
		expect(await wechat.getByTestId("rail-wechat-appSecret-stored").textContent()).toContain(
			`•••• ${appSecret.slice(-4)}`,
		);
		expect(await wechat.getByTestId("rail-wechat-privateKey-stored").textContent()).toMatch(/•••• [0-9a-f]{4}/);
		expect(await phone.getByTestId("rail-wechat-mchId").inputValue()).toBe("1900000109");
		expect(await wechat.getByTestId("rail-wechat-updated").textContent()).toContain("更新");

		// KHQR by the API, its token running out in three days.
		const expires = new Date((await serverNow()) + 3 * 24 * 60 * 60 * 1000 - 60_000);
		await apiCall("/platform/payment-rails/save", {
			method: "POST",
			token: operatorToken,
			body: {
				rail: "khqr",
				settings: {
					bakongAccountId: "bayon@aclb",
					merchantName: "Bayon Demo",
					merchantCity: "Phnom Penh",
					token: bakongToken,
					tokenExpiresAt: expires.toISOString(),
					environment: "sit",
				},
			},
		});

		// Off and on again; both on the change log with the save and the fields it named.
		await wechat.getByTestId("rail-wechat-switch").click();
		await expect.poll(() => wechat.getByTestId("rail-wechat-state").textContent()).toBe("已关闭");
		// A second tap within the debounce (spec §9) is ignored, as a double tap.
		await phone.waitForTimeout(Limits.debounceMs + 100);
		await wechat.getByTestId("rail-wechat-switch").click();
		await expect.poll(() => wechat.getByTestId("rail-wechat-state").textContent()).toBe("已开启");
		await wechat.getByTestId("rail-wechat-history-toggle").click();
		await expect.poll(() => wechat.getByTestId("rail-wechat-history-entry").count()).toBe(3);
		const log = await wechat.getByTestId("rail-wechat-history").textContent();
		expect(log).toContain("开启");
		expect(log).toContain("关闭");
		expect(log).toContain("商户 API 私钥");

		for (const [locale, width, height] of [
			["zh-CN", 390, 844],
			["km", 390, 844],
			["zh-CN", 1024, 768],
			["km", 1024, 768],
		] as const) {
			const page = await open(locale, width, height);
			const khqr = page.getByTestId("rail-khqr");
			await khqr.getByTestId("rail-khqr-warning").waitFor();
			expect(await khqr.getByTestId("rail-khqr-warning").textContent()).toContain(locale === "km" ? "3 ថ្ងៃ" : "3 天");
			await page.getByTestId("rail-wechat-history-toggle").click();
			await page.getByTestId("rail-wechat-history").waitFor();
			await settleAnimations(page);
			await screenshot(page, `payment-rails-${width}-${locale}`);
			// Each card on its own too, to read at the phone's width.
			if (width === 390)
				for (const rail of ["wechat", "alipay", "khqr"])
					await page
						.getByTestId(`rail-${rail}`)
						.screenshot({ path: path.join(artifactsDir, `payment-rails-${rail}-390-${locale}.png`) });
			const text = await shown(page);
			for (const secret of [apiV3Key, appSecret, bakongToken, merchantKey.privatePem.split("\n")[3] ?? "x"])
				expect(text).not.toContain(secret);
		}
	});
});
