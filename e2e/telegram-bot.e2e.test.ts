import type { OrderView } from "@bayon/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LoginPage } from "./pages/login-page";
import { MERCHANT_ORDER_PATH, MerchantBoardPage } from "./pages/merchant-pages";
import { MinePage } from "./pages/mine-page";
import { launchBrowser, newPhone, screenshot } from "./support/browser";
import { demoShopAndSimpleItem, payOnSandbox, placePickupOrder } from "./support/demo-orders";
import { apiCall, DEMO_OWNER_MOBILE, openSignedIn, sessionFor } from "./support/http-api";
import { uniqueMobile } from "./support/sms-outbox";
import { launchHash, linkTelegram, signInitData, stubTelegramScript, type TelegramUser } from "./support/telegram";

const STAFF_MOBILE = "13800000002";

interface BotApiCall {
	method: string;
	result?: { message_id?: number };
	params: {
		chat_id?: number | string;
		message_id?: number;
		text?: string;
		reply_markup?: {
			inline_keyboard?: Array<Array<{ text: string; web_app?: { url: string }; url?: string; callback_data?: string }>>;
		};
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

/** Waits for the bot's message to a chat that says `needle` (or passes `matches`); the outbox delivers within seconds. */
async function waitForMessage(
	chatId: number,
	needle: string | ((call: BotApiCall) => boolean),
	timeoutMs = 20_000,
): Promise<BotApiCall> {
	const matches =
		typeof needle === "string" ? (call: BotApiCall) => call.params.text?.includes(needle) === true : needle;
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const found = (await messagesTo(chatId)).find(matches);
		if (found) return found;
		if (Date.now() > deadline) {
			const texts = (await messagesTo(chatId)).map((call) => call.params.text);
			throw new Error(`no such message to ${chatId} in ${timeoutMs} ms; got ${JSON.stringify(texts)}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Posts an update to the server's webhook as Telegram would, with the secret it echoes. */
async function postUpdate(update: Record<string, unknown>): Promise<number> {
	const response = await fetch(`${inject("baseUrl")}/api/v1/telegram/webhook`, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			"x-telegram-bot-api-secret-token": inject("telegramWebhookSecret"),
		},
		body: JSON.stringify({ update_id: Math.floor(Math.random() * 1e9), ...update }),
	});
	await response.arrayBuffer();
	return response.status;
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
		// The app has started and kept the launch before the first navigation drops the hash.
		await page.getByTestId("home").waitFor();
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
		// The button names the order's shop and business, so it opens that shop (issue 27).
		expect(button?.web_app?.url).toBe(
			`${inject("baseUrl")}/pages/components/pages/orders/detail?id=${order.id}&tenant=1&shopId=${shop.id}`,
		);
		// Told once, however many times the board refreshed.
		await new Promise((resolve) => setTimeout(resolve, 2_000));
		expect((await messagesTo(user.id)).filter((call) => call.params.text === ready.params.text)).toHaveLength(1);
		await context.close();
	});

	it("the owner links the staff group from the merchant area; the group hears the next order and a staff member accepts it there", async () => {
		const { shop, item } = await demoShopAndSimpleItem();
		const { context, page } = await newPhone(browser, { locale: "zh-CN" });
		await openSignedIn(page, DEMO_OWNER_MOBILE, "/pages/merchant/telegram");
		await page.getByTestId("tg-no-group").waitFor();
		await page.getByTestId("tg-create-link").click();
		const link = (await page.getByTestId("tg-link-url").textContent()) ?? "";
		const token = new URL(link).searchParams.get("startgroup") ?? "";
		expect(link.startsWith("https://t.me/bayon_test_bot?startgroup=")).toBe(true);

		// Telegram opens "add to group"; the group then says /start <token> to the bot.
		const group = {
			id: -1_001_700_000_000 - Math.floor(Math.random() * 1_000_000),
			title: "河滨店厨房",
			type: "supergroup",
		};
		const adder = { id: 7_300_000_000 + Math.floor(Math.random() * 1_000_000), is_bot: false, first_name: "Owner" };
		expect(
			await postUpdate({
				message: {
					message_id: 1,
					date: Math.floor(Date.now() / 1000),
					chat: group,
					from: adder,
					text: `/start@bayon_test_bot ${token}`,
					entities: [{ type: "bot_command", offset: 0, length: "/start@bayon_test_bot".length }],
				},
			}),
		).toBe(200);
		await page.getByTestId("tg-refresh").click();
		await page.getByTestId("tg-group").waitFor();
		expect(await page.getByTestId("tg-group-title").textContent()).toContain("河滨店厨房");
		await page.getByTestId("tg-group-ok").waitFor();
		await screenshot(page, "telegram-group-linked-zh-CN-390");
		await context.close();

		// A member's next paid order reaches the group, with an Accept button.
		const newOrder = await placePickupOrder(accessToken, shop.id, item.id);
		await payOnSandbox(accessToken, newOrder.id);
		// A group hears at most one message every 3 s (Telegram's limit there): other tests' orders
		// may be ahead of this one.
		const acceptData = `oa:${newOrder.id}`;
		const announced = await waitForMessage(
			group.id,
			(call) => call.params.reply_markup?.inline_keyboard?.flat().some((b) => b.callback_data === acceptData) === true,
			90_000,
		);
		expect(announced.params.text).toContain(`#${newOrder.pickupNumber}`);
		const accept = { callback_data: acceptData };

		// A staff member of the shop, with Telegram linked, presses Accept in the group.
		const staffTelegram: TelegramUser = {
			id: 7_400_000_000 + Math.floor(Math.random() * 1_000_000),
			first_name: "Vanna",
		};
		await linkTelegram((await sessionFor(STAFF_MOBILE)).accessToken, staffTelegram);
		const press = {
			callback_query: {
				id: `cq-${newOrder.id}`,
				from: { ...staffTelegram, is_bot: false },
				chat_instance: "e2e",
				data: accept?.callback_data,
				message: {
					message_id: announced.result?.message_id,
					date: Math.floor(Date.now() / 1000),
					chat: group,
					text: announced.params.text,
					reply_markup: announced.params.reply_markup,
				},
			},
		};
		expect(await postUpdate(press)).toBe(200);
		const accepted = await apiCall<OrderView>(`/order/detail/${newOrder.id}`, { token: accessToken });
		expect(accepted.status).toBe("in_production");
		const edits = (await botCalls()).filter(
			(call) => call.method === "editMessageText" && Number(call.params.chat_id) === group.id,
		);
		expect(edits.at(-1)?.params.text).toContain("已接单（Vanna）");
		// Pressed again (a double tap): nothing more happens to the order.
		expect(await postUpdate({ callback_query: { ...press.callback_query, id: `cq-${newOrder.id}-again` } })).toBe(200);
		expect((await apiCall<OrderView>(`/order/detail/${newOrder.id}`, { token: accessToken })).status).toBe(
			"in_production",
		);

		// The demo shop's group stops hearing orders: other browser tests move the server's clock
		// forward and back (merchant-wallet), and messages sent meanwhile would set the bot's pace
		// on that later clock.
		const owner = await sessionFor(DEMO_OWNER_MOBILE);
		await apiCall("/merchant/telegram-group/unlink", {
			method: "POST",
			token: owner.accessToken,
			body: { shopId: shop.id },
		});
	}, 150_000);
});
