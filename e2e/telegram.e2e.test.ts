import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginPage } from "./pages/login-page";
import { MinePage } from "./pages/mine-page";
import { launchBrowser, newPhone } from "./support/browser";
import { uniqueMobile } from "./support/sms-outbox";
import { launchHash, signInitData, stubTelegramScript, type TelegramUser } from "./support/telegram";

function jsonBody(request: Request): Record<string, unknown> {
	return JSON.parse(request.postData() ?? "{}") as Record<string, unknown>;
}

describe.sequential("inside Telegram", () => {
	let browser: Browser;
	const user: TelegramUser = {
		id: 7_000_000_000 + Math.floor(Math.random() * 1_000_000),
		first_name: "Sok",
		last_name: "Dara",
		username: "sokdara_e2e",
		language_code: "km",
		allows_write_to_pm: true,
	};
	const mobile = uniqueMobile();

	beforeAll(async () => {
		browser = await launchBrowser();
	});

	afterAll(async () => {
		await browser?.close();
	});

	it("outside Telegram, Telegram's script is never requested", async () => {
		const { context, page } = await newPhone(browser);
		const script = await stubTelegramScript(context);
		let addUserCalls = 0;
		page.on("request", (request) => {
			if (request.url().includes("/api/v1/addUser")) addUserCalls += 1;
		});

		await page.goto("/");
		await page.getByTestId("home").waitFor();
		await new MinePage(page).open();

		expect(script.requests).toBe(0);
		expect(addUserCalls).toBe(0);
		await context.close();
	});

	let page: Page;
	let context: BrowserContext;

	it("posts the user's data and the raw initData to addUser at start", async () => {
		({ context, page } = await newPhone(browser));
		const script = await stubTelegramScript(context);
		const initData = signInitData(user);

		const addUser = page.waitForRequest((request) => request.url().endsWith("/api/v1/addUser"));
		const answer = page.waitForResponse((response) => response.url().endsWith("/api/v1/addUser"));
		await page.goto(`/${launchHash(initData)}`);
		const body = jsonBody(await addUser);

		expect(script.requests).toBe(1);
		expect(body).toMatchObject({
			initData,
			chat_id: user.id,
			user_name: user.username,
			first_name: "Sok",
			last_name: "Dara",
			language_code: "km",
			allows_write_to_pm: true,
			query_id: `AAE${user.id}`,
			version: "8.0",
			platform: "ios",
		});
		expect(typeof body.hash).toBe("string");
		expect(typeof body.signature).toBe("string");
		expect(typeof body.auth_date).toBe("string");
		const envelope = (await (await answer).json()) as { code: number; data: { linked: boolean; session: unknown } };
		expect(envelope.code).toBe(0);
		expect(envelope.data).toMatchObject({ linked: false, session: null });
	});

	it("links the Telegram identity after an SMS sign-in (syncUser)", async () => {
		const mine = await new MinePage(page).open();
		await mine.signInEntry.click();

		const syncUser = page.waitForRequest((request) => request.url().endsWith("/api/v1/syncUser"));
		const synced = page.waitForResponse((response) => response.url().endsWith("/api/v1/syncUser"));
		await new LoginPage(page).signIn(mobile);
		const body = jsonBody(await syncUser);

		const signedUser = JSON.parse(new URLSearchParams(String(body.initData)).get("user") ?? "{}");
		expect(signedUser.id).toBe(user.id);
		expect(body).toMatchObject({ chat_id: user.id, user_name: user.username });
		const envelope = (await (await synced).json()) as { code: number; data: { linked: boolean } };
		expect(envelope).toMatchObject({ code: 0, data: { linked: true } });
		await context.close();
	});

	it("a reload right after launch (the hash is gone) still knows it runs in Telegram", async () => {
		const fresh = await newPhone(browser);
		await stubTelegramScript(fresh.context);
		// The launch: the app starts and posts the user once (the hash goes with its first navigation).
		const launched = fresh.page.waitForRequest((request) => request.url().endsWith("/api/v1/addUser"));
		await fresh.page.goto(`/${launchHash(signInitData(user))}`);
		await launched;

		const addUser = fresh.page.waitForRequest((request) => request.url().endsWith("/api/v1/addUser"));
		await fresh.page.goto("/pages/mine/mine");
		expect(jsonBody(await addUser).chat_id).toBe(user.id);
		await fresh.context.close();
	});

	it("the next launch from Telegram signs the member in by itself", async () => {
		const fresh = await newPhone(browser);
		await stubTelegramScript(fresh.context);

		const answered = fresh.page.waitForResponse((response) => response.url().endsWith("/api/v1/addUser"));
		await fresh.page.goto(`/${launchHash(signInitData(user))}`);
		const envelope = (await (await answered).json()) as { data: { linked: boolean; session: unknown } };
		expect(envelope.data.linked).toBe(true);
		expect(envelope.data.session).not.toBeNull();

		const mine = new MinePage(fresh.page);
		await mine.switchTab("mine");

		await mine.nickname.waitFor();
		expect(await mine.phone.textContent()).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
		await fresh.context.close();
	});
});
