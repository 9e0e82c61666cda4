import type { OrderView } from "@bayon/contract";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LoginPage } from "./pages/login-page";
import { MERCHANT_ORDER_PATH, MerchantBoardPage } from "./pages/merchant-pages";
import { MinePage } from "./pages/mine-page";
import { launchBrowser, newPhone } from "./support/browser";
import { demoShopAndSimpleItem, payOnSandbox, placePickupOrder } from "./support/demo-orders";
import { openSignedIn } from "./support/http-api";
import { uniqueMobile } from "./support/sms-outbox";
import { launchHash, signInitData, type TelegramUser } from "./support/telegram";

const STAFF_MOBILE = "13800000002";

interface BotApiCall {
	method: string;
	params: {
		chat_id?: number | string;
		text?: string;
		reply_markup?: { inline_keyboard?: Array<Array<{ text: string; web_app?: { url: string }; url?: string }>> };
	};
	status: number;
}

/** What the server's bot said to Telegram (the fake Bot API of the global setup). */
async function botCalls(): Promise<BotApiCall[]> {
	return (await (await fetch(`${inject("botApiUrl")}/__calls`)).json()) as BotApiCall[];
}

async function messagesTo(chatId: number): Promise<BotApiCall[]> {
	return (await botCalls()).filter(
		(call) => call.method === "sendMessage" && Number(call.params.chat_id) === chatId && call.status === 200,
	);
}

/** Waits for the bot's message to a chat that says `needle`; the outbox delivers within seconds. */
async function waitForMessage(chatId: number, needle: string, timeoutMs = 20_000): Promise<BotApiCall> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const found = (await messagesTo(chatId)).find((call) => call.params.text?.includes(needle));
		if (found) return found;
		if (Date.now() > deadline) {
			const texts = (await messagesTo(chatId)).map((call) => call.params.text);
			throw new Error(`no message with "${needle}" to ${chatId} in ${timeoutMs} ms; got ${JSON.stringify(texts)}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Telegram's script cannot be downloaded here: an empty one, so the app reads the launch hash. */
async function stubTelegramScript(context: BrowserContext): Promise<void> {
	await context.route("https://telegram.org/js/telegram-web-app.js", (route) =>
		route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
	);
}

describe.sequential("the Telegram bot tells a Mini App member about their order", () => {
	let browser: Browser;
	const mobile = uniqueMobile();
	const user: TelegramUser = {
		id: 7_200_000_000 + Math.floor(Math.random() * 1_000_000),
		first_name: "Dara",
		username: "dara_bot_e2e",
		language_code: "km",
		allows_write_to_pm: true,
	};
	let order: OrderView;
	/** The member's session as the Mini App keeps it (a second SMS code would wait a minute). */
	let accessToken: string;

	beforeAll(async () => {
		browser = await launchBrowser();
	});

	afterAll(async () => {
		await browser?.close();
	});

	it("a member opens the Mini App in Telegram and signs in: the bot may write to them", async () => {
		const { context, page } = await newPhone(browser);
		await stubTelegramScript(context);
		const linked = page.waitForResponse((response) => response.url().endsWith("/api/v1/syncUser"));
		await page.goto(`/${launchHash(signInitData(user))}`);
		const mine = await new MinePage(page).open();
		await mine.signInEntry.click();
		await new LoginPage(page).signIn(mobile);
		expect(((await (await linked).json()) as { code: number }).code).toBe(0);
		accessToken = await page.evaluate(() => localStorage.getItem("accessToken") ?? "");
		expect(accessToken).not.toBe("");
		await context.close();
	});

	it("orders and pays; when the staff mark it ready, the chat hears 'ready for pickup' with its number", async () => {
		const { shop, item } = await demoShopAndSimpleItem();
		order = await placePickupOrder(accessToken, shop.id, item.id);
		await payOnSandbox(accessToken, order.id);
		const pickupNumber = String(order.pickupNumber);
		expect(pickupNumber).not.toBe("");

		const { context, page } = await newPhone(browser, { width: 1024, height: 768, locale: "zh-CN" });
		const board = new MerchantBoardPage(page);
		await board.countBeeps();
		await openSignedIn(page, STAFF_MOBILE, MERCHANT_ORDER_PATH);
		await board.board.waitFor();
		await board.card(order.id).waitFor();
		if ((await board.alert.count()) > 0) await page.getByTestId("merchant-ack").click();
		await board.tap(order.id, "accept");
		await board.column("production").getByTestId(`merchant-order-${order.id}`).waitFor();
		const readyLine = `取餐号：${pickupNumber}`;
		expect((await messagesTo(user.id)).filter((call) => call.params.text?.includes(readyLine))).toHaveLength(0);
		await board.tap(order.id, "ready");
		await board.column("ready").getByTestId(`merchant-order-${order.id}`).waitFor();

		// In the app's language (zh-CN, the default, at sign-in), with the pickup number and a
		// button that opens the order in the Mini App.
		const ready = await waitForMessage(user.id, readyLine);
		const button = ready.params.reply_markup?.inline_keyboard?.flat().find((candidate) => candidate.web_app);
		expect(button?.web_app?.url).toBe(`${inject("baseUrl")}/pages/components/pages/orders/detail?id=${order.id}`);
		// Told once, however many times the board refreshed.
		await new Promise((resolve) => setTimeout(resolve, 2_000));
		expect((await messagesTo(user.id)).filter((call) => call.params.text === ready.params.text)).toHaveLength(1);
		await context.close();
	});
});
