import {
	formatMoney,
	type LanguageCode,
	localize,
	MEMBER_NOTICE_KINDS,
	type MemberNoticeKind,
	type NoticeKind,
	type OrderView,
	SHOP_NOTICE_KINDS,
} from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BookingMoneyFixture } from "../../../../test/booking-money.js";
import { type FakeBotApi, startFakeBotApi } from "../../../../test/fake-bot-api.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { addShop } from "../../../../test/shops.js";
import { linkShopGroup, telegramMember } from "../../../../test/telegram-members.js";
import { findTenant } from "../../tenancy/service.js";
import { postLedgerTxn } from "../../wallet/ledger.js";
import { parseCallbackData } from "../messages/callback-data.js";
import { type ChatKind, renderBotMessage } from "../messages/render.js";
import { botText } from "../messages/texts.js";
import { tellMember, tellShopGroup } from "../outbox/outbox.js";
import { registerWebhookInBackground } from "../webhook/webhook-registration.js";
import { deliverBotMessages, startBotDeliveryLoop } from "./delivery.js";

const PUBLIC_URL = "https://order.example.com";
const COCONUT = "Fresh young coconut";
const GROUP_CHAT_ID = -1_001_234_567_890;

type Member = { accessToken: string; userId: number; telegramUserId: number };

let fake: FakeBotApi;
let server: TestServer;
let fx: OrderingFixture;
let nextMobile = 13_900_002_000;

beforeAll(async () => {
	fake = await startFakeBotApi();
	server = await startTestServer({
		configure: (config) => {
			config.telegramApiUrl = fake.url;
			config.publicUrl = PUBLIC_URL;
		},
	});
	fx = await new OrderingFixture(server).load();
	fx.moveClockToLocal("10:00");
	// Many stories order the coconut: the demo's stock of it would run out.
	await fx.setStock(fx.item(COCONUT).id, null);
}, 60_000);
afterAll(async () => {
	await server?.close();
	await fake?.close();
});
// Every story starts in a new second: the bot's budget is per second of the server's clock.
beforeEach(() => server.clock.advance(1));

/**
 * Delivers with the Bot API client's own send timeout: the fake answers at once, so on a slow
 * machine a send takes long but still succeeds (a timeout of a few hundred ms made a starved
 * machine's sends fail, and a story's counts with them).
 */
const deliver = () => deliverBotMessages(server.deps);
/** For a send the fake never answers: gives up after 300 ms instead of the client's 10 s. */
const deliverGivingUpSoon = () => deliverBotMessages(server.deps, { sendTimeoutMs: 300 });

async function member(lang: LanguageCode = "en"): Promise<Member> {
	return telegramMember(server, { mobile: String(nextMobile++), lang });
}

/**
 * A paid pickup order of the member's (the demo shop), with money granted for it. What paying
 * queued by itself (the member's "paid", the shop group's "new order") is taken out: each story
 * queues its own messages.
 */
async function paidOrder(who: Member): Promise<OrderView> {
	await fx.grant(who.userId, 100_000);
	const order = await fx.paidOrder(who.accessToken, COCONUT);
	await server.deps.db
		.deleteFrom("bot_message")
		.where("subject_id", "=", order.id)
		.where("chat_id", "in", [who.telegramUserId, GROUP_CHAT_ID])
		.execute();
	return order;
}

async function tell(who: Member, kind: MemberNoticeKind, subjectId: number) {
	await server.deps.db
		.transaction()
		.execute((trx) =>
			tellMember(trx, { tenantId: 1, memberId: who.userId, kind, subjectId, shopId: 1, now: server.clock.now() }),
		);
}

const sentTo = (chatId: number) => fake.sentMessages().filter((message) => message.chatId === chatId);
const sendCallsTo = (chatId: number) =>
	fake.calls.filter((call) => call.method === "sendMessage" && Number(call.params.chat_id) === chatId);

/** Texts go out as HTML: what the database holds ("Tea & Kitchen") is escaped in them. */
const asHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function outboxOf(chatId: number) {
	return server.deps.db.selectFrom("bot_message").selectAll().where("chat_id", "=", chatId).orderBy("id").execute();
}

describe("the outbox's messages reach the chat once, in its language, with their buttons", () => {
	const READY_TITLE = { "zh-CN": "可以取餐了", en: "Your order is ready", km: "ការកម្មង់រួចរាល់ហើយ" } as const;

	it.each(["zh-CN", "en", "km"] as const)(
		"order ready in %s: pickup number, shop, total and a button to the order",
		async (lang) => {
			const who = await member(lang);
			const order = await paidOrder(who);
			await tell(who, "orderReady", order.id);

			const tally = await deliver();
			expect(tally.sent).toBe(1);
			await deliver();

			const [message, ...more] = sentTo(who.telegramUserId);
			expect(more).toEqual([]);
			const shop = await server.deps.db.selectFrom("shop").select("name").where("id", "=", 1).executeTakeFirstOrThrow();
			const tenant = await findTenant(server.deps, 1);
			const lines = message?.text.split("\n") ?? [];
			expect(lines[0]).toBe(`<b>${READY_TITLE[lang]}</b>`);
			expect(lines[1]).toBe(
				botText(lang, "orderReady.pickup.body", {
					shop: asHtml(localize(shop.name, lang)),
					pickup: order.pickupNumber,
				}),
			);
			expect(lines).toContain(
				`${botText(lang, "label.pickup")}${botText(lang, "label.separator")}${order.pickupNumber}`,
			);
			expect(lines).toContain(`${botText(lang, "label.orderNo")}${botText(lang, "label.separator")}${order.orderNo}`);
			expect(lines).toContain(
				`${botText(lang, "label.total")}${botText(lang, "label.separator")}${formatMoney(order.total, tenant?.currency as never)}`,
			);
			expect(lines).toContain(
				`${botText(lang, "label.type")}${botText(lang, "label.separator")}${botText(lang, "orderType.takein")}`,
			);
			expect(message?.replyMarkup).toEqual({
				inline_keyboard: [
					[
						{
							text: botText(lang, "button.viewOrder"),
							web_app: { url: `${PUBLIC_URL}/pages/components/pages/orders/detail?id=${order.id}&tenant=1&shopId=1` },
						},
					],
				],
			});
			const [row] = await outboxOf(who.telegramUserId);
			expect(row).toMatchObject({ status: "sent", attempts: 1, telegram_message_id: message?.messageId });
		},
	);

	it("a booking reminder carries Confirm and Cancel for that booking, and a button to it", async () => {
		const who = await member("en");
		const bookings = new BookingMoneyFixture(server, fx);
		const booking = await bookings.book({ memberId: who.userId, startsInMinutes: 24 * 60, party: 4 });
		await tell(who, "bookingReminder24h", booking.id);

		await deliver();

		const [message, ...more] = sentTo(who.telegramUserId);
		expect(more).toEqual([]);
		expect(message?.text).toContain("<b>See you tomorrow</b>");
		expect(message?.text).toContain(`Booking code: ${booking.code}`);
		expect(message?.text).toContain("Guests: 4 guests");
		expect(message?.replyMarkup).toEqual({
			inline_keyboard: [
				[
					{ text: "I'm coming", callback_data: `rc:${booking.id}` },
					{ text: "Cancel booking", callback_data: `rx:${booking.id}` },
				],
				[
					{
						text: "View booking",
						web_app: { url: `${PUBLIC_URL}/pages/components/pages/due/detail?id=${booking.id}&tenant=1&shopId=1` },
					},
				],
			],
		});
		expect(parseCallbackData(`rc:${booking.id}`)).toEqual({ action: "confirmBooking", reservationId: booking.id });
	});

	it("a reminder of a booking cancelled before it left is not sent", async () => {
		const who = await member("en");
		const booking = await new BookingMoneyFixture(server, fx).book({ memberId: who.userId, startsInMinutes: 120 });
		await tell(who, "bookingReminder2h", booking.id);
		await server.deps.db.updateTable("reservation").set({ status: "cancelled" }).where("id", "=", booking.id).execute();

		const tally = await deliver();

		expect(tally.skipped).toBe(1);
		expect(sendCallsTo(who.telegramUserId)).toEqual([]);
		expect((await outboxOf(who.telegramUserId))[0]?.status).toBe("skipped");
	});

	it("a shop's group hears a new order with Accept while it is new, and a link (not a Mini App) to it", async () => {
		const now = server.clock.now();
		await linkShopGroup(server.deps.db, { shopId: 1, chatId: GROUP_CHAT_ID, language: "km", now });
		const customer = await member("en");
		const fresh = await paidOrder(customer);
		const taken = await paidOrder(customer);
		await server.deps.db
			.updateTable("customer_order")
			.set({ status: "in_production" })
			.where("id", "=", taken.id)
			.execute();
		await server.deps.db.transaction().execute(async (trx) => {
			for (const order of [fresh, taken])
				await tellShopGroup(trx, { tenantId: 1, shopId: 1, kind: "shopNewOrder", subjectId: order.id, now });
		});

		await deliver();
		// A group is paced at one message per three seconds.
		server.clock.advance(2);
		await deliver();
		expect(sentTo(GROUP_CHAT_ID)).toHaveLength(1);
		server.clock.advance(1);
		await deliver();

		const [first, second] = sentTo(GROUP_CHAT_ID);
		expect(first?.text.split("\n")[0]).toBe(`<b>ការកម្មង់ថ្មី #${fresh.pickupNumber}</b>`);
		expect(first?.replyMarkup).toEqual({
			inline_keyboard: [
				[{ text: "ទទួលការកម្មង់", callback_data: `oa:${fresh.id}` }],
				[
					{
						text: "បើកការកម្មង់",
						url: `${PUBLIC_URL}/pages/components/pages/merchant/orderDetail?id=${fresh.id}&tenant=1&shopId=1`,
					},
				],
			],
		});
		expect(second?.replyMarkup).toEqual({
			inline_keyboard: [
				[
					{
						text: "បើកការកម្មង់",
						url: `${PUBLIC_URL}/pages/components/pages/merchant/orderDetail?id=${taken.id}&tenant=1&shopId=1`,
					},
				],
			],
		});
	});
});

describe("what Telegram answers", () => {
	it("a send that fails (500, then no answer) is tried again later and arrives once", async () => {
		const who = await member("en");
		const order = await paidOrder(who);
		await tell(who, "orderAccepted", order.id);
		fake.failNext(who.telegramUserId, { kind: "serverError" });
		fake.failNext(who.telegramUserId, { kind: "timeout" });

		expect(await deliver()).toMatchObject({ sent: 0, retrying: 1 });
		// Backoff: 5 s after the first failure, 10 s after the second.
		server.clock.advance(4);
		await deliver();
		expect(sendCallsTo(who.telegramUserId)).toHaveLength(1);
		server.clock.advance(1);
		// This send is never answered: it ends as "try again" whether it timed out early or late.
		expect(await deliverGivingUpSoon()).toMatchObject({ sent: 0, retrying: 1 });
		server.clock.advance(10);
		expect(await deliver()).toMatchObject({ sent: 1 });
		server.clock.advance(60);
		await deliver();

		expect(sendCallsTo(who.telegramUserId).map((call) => call.status)).toEqual([500, 0, 200]);
		expect(sentTo(who.telegramUserId)).toHaveLength(1);
		expect((await outboxOf(who.telegramUserId))[0]).toMatchObject({ status: "sent", attempts: 3 });
	});

	it("429: nothing more goes to that chat before retry_after has passed", async () => {
		const who = await member("en");
		const order = await paidOrder(who);
		await tell(who, "orderPaid", order.id);
		await tell(who, "orderAccepted", order.id);
		fake.failNext(who.telegramUserId, { kind: "tooMany", retryAfter: 30 });

		expect(await deliver()).toMatchObject({ retrying: 1 });
		for (const seconds of [1, 10, 18]) {
			server.clock.advance(seconds);
			await deliver();
		}
		expect(sendCallsTo(who.telegramUserId)).toHaveLength(1);
		server.clock.advance(1);
		await deliver();
		server.clock.advance(1);
		await deliver();

		expect(sendCallsTo(who.telegramUserId).map((call) => call.status)).toEqual([429, 200, 200]);
		// The chat's order is kept: the first message queued is the first to arrive.
		expect(sentTo(who.telegramUserId).map((message) => message.text.split("\n")[0])).toEqual([
			"<b>Order paid</b>",
			"<b>Order accepted</b>",
		]);
	});

	it("403: the chat is marked blocked and its messages stop, while another chat still gets its message", async () => {
		const blocker = await member("en");
		const other = await member("en");
		const blockerOrder = await paidOrder(blocker);
		const otherOrder = await paidOrder(other);
		await tell(blocker, "orderPaid", blockerOrder.id);
		await tell(blocker, "orderAccepted", blockerOrder.id);
		await tell(other, "orderPaid", otherOrder.id);
		fake.block(blocker.telegramUserId);

		const tally = await deliver();

		expect(tally).toMatchObject({ sent: 1, failed: 1, blockedChats: 1 });
		expect(sentTo(other.telegramUserId)).toHaveLength(1);
		const chat = await server.deps.db
			.selectFrom("bot_chat")
			.select("blocked_at")
			.where("chat_id", "=", blocker.telegramUserId)
			.executeTakeFirstOrThrow();
		expect(chat.blocked_at).not.toBeNull();
		expect((await outboxOf(blocker.telegramUserId)).map((row) => row.status)).toEqual(["failed", "skipped"]);
		server.clock.advance(60);
		await tell(blocker, "orderReady", blockerOrder.id);
		await deliver();
		expect(sendCallsTo(blocker.telegramUserId)).toHaveLength(1);
	});

	it("one chat gets at most one message a second, in the order they were queued", async () => {
		const who = await member("en");
		const order = await paidOrder(who);
		await tell(who, "orderPaid", order.id);
		await tell(who, "orderAccepted", order.id);
		await tell(who, "orderReady", order.id);

		await deliver();
		await deliver();
		expect(sentTo(who.telegramUserId)).toHaveLength(1);
		server.clock.advance(0.5);
		await deliver();
		expect(sentTo(who.telegramUserId)).toHaveLength(1);
		server.clock.advance(0.5);
		await deliver();
		expect(sentTo(who.telegramUserId)).toHaveLength(2);
		server.clock.advance(1);
		await deliver();

		expect(sentTo(who.telegramUserId).map((message) => message.text.split("\n")[0])).toEqual([
			"<b>Order paid</b>",
			"<b>Order accepted</b>",
			"<b>Your order is ready</b>",
		]);
		// The pickup number is the "ready" message's news.
		expect(sentTo(who.telegramUserId).map((message) => message.text.includes("Pickup number:"))).toEqual([
			false,
			false,
			true,
		]);
	});

	it("a message still unsent a day after it was queued is skipped as stale", async () => {
		const who = await member("en");
		const order = await paidOrder(who);
		await tell(who, "orderDelivered", order.id);
		server.clock.advance(24 * 3600 + 1);

		const tally = await deliver();

		expect(tally.skipped).toBeGreaterThanOrEqual(1);
		expect(sendCallsTo(who.telegramUserId)).toEqual([]);
		expect((await outboxOf(who.telegramUserId))[0]).toMatchObject({ status: "skipped" });
		expect((await outboxOf(who.telegramUserId))[0]?.last_error).toMatch(/stale/);
	});

	it("the bot's budget: about 30 messages a second across all chats", async () => {
		const who = await member("en");
		const order = await paidOrder(who);
		// 40 chats of one message each, written as the outbox would have.
		const now = server.clock.now();
		const chatIds = Array.from({ length: 40 }, (_, i) => 7_900_000_000 + i);
		await server.deps.db
			.insertInto("bot_chat")
			.values(chatIds.map((chat_id) => ({ chat_id, kind: "private" as const, created_at: now, updated_at: now })))
			.execute();
		await server.deps.db
			.insertInto("bot_message")
			.values(
				chatIds.map((chat_id) => ({
					tenant_id: 1,
					chat_id,
					member_id: who.userId,
					shop_id: 1,
					kind: "orderPaid",
					subject_id: order.id,
					dedupe_key: `orderPaid:${order.id}:${chat_id}`,
					next_attempt_at: now,
					created_at: now,
				})),
			)
			.execute();
		server.clock.advance(1);
		// The budget is counted in seconds of the server's clock, which stands still between the
		// test's own steps: how fast this machine sends does not change what a second allows.
		const claimed = async () =>
			(
				await server.deps.db
					.selectFrom("bot_message")
					.select("id")
					.where("chat_id", "in", chatIds)
					.where("attempts", ">", 0)
					.execute()
			).length;
		const reachedTelegram = () => chatIds.filter((chatId) => sendCallsTo(chatId).length > 0).length;
		const startedAt = server.clock.now();

		const first = await deliver();
		expect({ claimed: await claimed(), reachedTelegram: reachedTelegram() }).toEqual({
			claimed: 30,
			reachedTelegram: 30,
		});
		expect(first.sent).toBe(30);
		expect(first.budgetResetsAt).toEqual(new Date(startedAt.getTime() + 1000));

		// Still the same second: nothing more, however long the first 30 took on this machine.
		const again = await deliver();
		expect(again.sent).toBe(0);
		expect({ claimed: await claimed(), reachedTelegram: reachedTelegram() }).toEqual({
			claimed: 30,
			reachedTelegram: 30,
		});

		server.clock.advance(1);
		const next = await deliver();
		expect(next.sent).toBe(10);
		expect({ claimed: await claimed(), reachedTelegram: reachedTelegram() }).toEqual({
			claimed: 40,
			reachedTelegram: 40,
		});
	});

	it("a clock that stepped back does not hold the bot's budget until the later second comes round", async () => {
		const who = await member("en");
		const order = await paidOrder(who);
		// The budget spent in a second a day ahead (a test clock moved forward, then back).
		const later = new Date(server.clock.now().getTime() + 24 * 3600_000);
		await server.deps.db
			.updateTable("bot_send_budget")
			.set({ window_start: later, sent: 30 })
			.where("id", "=", 1)
			.execute();
		await tell(who, "orderAccepted", order.id);

		const tally = await deliver();

		expect(tally.sent).toBe(1);
		expect(sentTo(who.telegramUserId)).toHaveLength(1);
	});
});

describe("every kind has its words in every language", () => {
	it("renders each member and group kind in zh-CN, en and km, filled in, with its buttons", async () => {
		const who = await member("en");
		const order = await paidOrder(who);
		const booking = await new BookingMoneyFixture(server, fx).book({ memberId: who.userId, startsInMinutes: 180 });
		const subjects = await otherSubjects(who.userId);
		const subjectOf = (kind: NoticeKind): number =>
			kind.startsWith("booking") || kind === "shopNewBooking"
				? booking.id
				: kind === "rechargeCredited"
					? subjects.rechargeId
					: kind.startsWith("withdrawal")
						? subjects.withdrawalId
						: kind === "shopBellCall"
							? subjects.callId
							: order.id;
		const kinds: Array<[NoticeKind, ChatKind]> = [
			...MEMBER_NOTICE_KINDS.map((kind) => [kind, "private"] as [NoticeKind, ChatKind]),
			...SHOP_NOTICE_KINDS.map((kind) => [kind, "group"] as [NoticeKind, ChatKind]),
		];
		for (const [kind, chat] of kinds) {
			const texts = new Set<string>();
			for (const lang of ["zh-CN", "en", "km"] as const) {
				const message = {
					id: 0,
					tenantId: 1,
					chatId: chat === "group" ? GROUP_CHAT_ID : who.telegramUserId,
					memberId: chat === "group" ? null : who.userId,
					shopId: 1,
					kind,
					subjectId: subjectOf(kind),
				};
				const rendered = await renderBotMessage(server.deps, message, chat, lang);
				const where = `${kind} in ${lang}`;
				expect(rendered, where).not.toBeNull();
				expect(rendered?.text, where).toMatch(/^<b>[^<{}]+<\/b>\n[^{}]+$/);
				const buttons = rendered?.replyMarkup?.inline_keyboard.flat() ?? [];
				const pageButton = buttons.at(-1);
				expect(pageButton && (chat === "private" ? "web_app" in pageButton : "url" in pageButton), where).toBe(true);
				// Every page opens the tenant and the shop the message is about (issue 27).
				const address = new URL(pageAddress(pageButton));
				expect(address.searchParams.get("tenant"), where).toBe("1");
				expect(address.searchParams.get("shopId"), where).toBe(kind === "rechargeCredited" ? null : "1");
				texts.add(rendered?.text ?? "");
			}
			expect(texts.size, `${kind}: three languages, three texts`).toBe(3);
		}
	});
});

describe("page buttons", () => {
	it("open the shop the message is about, not the one the app chose last: another shop's withdrawal opens that shop's wallet", async () => {
		const who = await member("en");
		const branch = await addShop(server, "bot-wallet-branch");
		const ofBranch = await withdrawalOf(who.userId, branch);
		const ofFirst = await withdrawalOf(who.userId, 1);
		const walletOf = async (withdrawalId: number) => {
			const rendered = await renderBotMessage(
				server.deps,
				{
					id: 0,
					tenantId: 1,
					chatId: who.telegramUserId,
					memberId: who.userId,
					shopId: 1,
					kind: "withdrawalApproved",
					subjectId: withdrawalId,
				},
				"private",
				"en",
			);
			return pageAddress(rendered?.replyMarkup?.inline_keyboard.flat().at(-1));
		};

		expect(await walletOf(ofBranch.withdrawalId)).toBe(
			`${PUBLIC_URL}/pages/components/pages/merchant/wallet?tenant=1&shopId=${branch}`,
		);
		expect(await walletOf(ofFirst.withdrawalId)).toBe(
			`${PUBLIC_URL}/pages/components/pages/merchant/wallet?tenant=1&shopId=1`,
		);
	});
});

/** A shop's withdrawal (and the card it goes to), as the wallet leaves them. */
async function withdrawalOf(memberId: number, shopId: number) {
	const now = server.clock.now();
	const card = await server.deps.db
		.insertInto("shop_bank_card")
		.values({
			tenant_id: 1,
			shop_id: shopId,
			holder: "Sok Dara",
			bank: "ABA Bank",
			last4: "7890",
			number_encrypted: "test",
			number_hmac: `test-${memberId}-${shopId}`,
			added_by_member_id: memberId,
			created_at: now,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	const withdrawal = await server.deps.db
		.insertInto("shop_withdrawal")
		.values({
			tenant_id: 1,
			shop_id: shopId,
			card_id: card.id,
			amount: 12_345,
			status: 1,
			requested_by_member_id: memberId,
			created_at: now,
			updated_at: now,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	return { withdrawalId: withdrawal.id };
}

/** The address a page button opens: a Mini App's in a private chat, a link's in a group. */
function pageAddress(button: unknown): string {
	const found = button as { url?: string; web_app?: { url: string } } | undefined;
	return found?.web_app?.url ?? found?.url ?? "";
}

/** A recharge, a shop withdrawal and a bell call, written as their features leave them. */
async function otherSubjects(memberId: number) {
	const db = server.deps.db;
	const now = server.clock.now();
	return db.transaction().execute(async (trx) => {
		const pack = await trx.selectFrom("recharge_package").selectAll().orderBy("id").executeTakeFirstOrThrow();
		const recharge = await trx
			.insertInto("recharge")
			.values({
				tenant_id: 1,
				member_id: memberId,
				package_id: pack.id,
				package_name: JSON.stringify(pack.name),
				pay_amount: pack.pay_amount,
				bonus_amount: pack.bonus_amount,
				provider: "sandbox",
				status: "paid",
				idempotency_key: `bot-test-${memberId}`,
				expires_at: now,
				paid_at: now,
				created_at: now,
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		await postLedgerTxn(trx, {
			tenantId: 1,
			kind: "recharge",
			idempotencyKey: `recharge:${recharge.id}:paid`,
			orderId: null,
			rechargeId: recharge.id,
			now,
			moves: [
				{ account: { kind: "external_funds", tenantId: 1 }, amount: -pack.pay_amount },
				{ account: { kind: "member_wallet", tenantId: 1, memberId }, amount: pack.pay_amount },
			],
		});
		const card = await trx
			.insertInto("shop_bank_card")
			.values({
				tenant_id: 1,
				shop_id: 1,
				holder: "Sok Dara",
				bank: "ABA Bank",
				last4: "7890",
				number_encrypted: "test",
				number_hmac: `test-${memberId}`,
				added_by_member_id: memberId,
				created_at: now,
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		const withdrawal = await trx
			.insertInto("shop_withdrawal")
			.values({
				tenant_id: 1,
				shop_id: 1,
				card_id: card.id,
				amount: 12_345,
				status: 2,
				reject_reason: "Card holder <name> does not match",
				requested_by_member_id: memberId,
				created_at: now,
				updated_at: now,
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		const table = await trx
			.selectFrom("dining_table")
			.select("id")
			.where("shop_id", "=", 1)
			.orderBy("id")
			.executeTakeFirstOrThrow();
		const bill = await trx
			.insertInto("table_bill")
			.values({ tenant_id: 1, shop_id: 1, table_id: table.id, status: "open", opened_at: now })
			.returning("id")
			.executeTakeFirstOrThrow();
		const call = await trx
			.insertInto("table_call")
			.values({
				tenant_id: 1,
				shop_id: 1,
				table_id: table.id,
				bill_id: bill.id,
				member_id: memberId,
				kind: "bill",
				called_at: now,
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		return { rechargeId: recharge.id, withdrawalId: withdrawal.id, callId: call.id };
	});
}

describe("the server's delivery loop", () => {
	it("delivers what is queued without being called, and stops cleanly", async () => {
		const who = await member("en");
		const order = await paidOrder(who);
		const logged: unknown[] = [];
		const stop = startBotDeliveryLoop(server.deps, {
			info: (details: unknown) => logged.push(details),
			warn: () => {},
			error: () => {},
		} as never);
		await tell(who, "orderPaid", order.id);
		await fake.waitFor((calls) => calls.some((call) => Number(call.params.chat_id) === who.telegramUserId));
		await stop();

		expect(sentTo(who.telegramUserId)).toHaveLength(1);
		expect(logged).toContainEqual(expect.objectContaining({ sent: 1 }));
	});
});

describe("the webhook", () => {
	it("is registered with PUBLIC_URL, the secret and the updates the bot handles", async () => {
		const stop = registerWebhookInBackground(server.deps, { baseDelayMs: 10 });
		await fake.waitFor((calls) => calls.some((call) => call.method === "setWebhook" && call.status === 200));
		await stop();

		const [call, ...more] = fake.calls.filter((c) => c.method === "setWebhook");
		expect(more).toEqual([]);
		expect(call?.params).toEqual({
			url: `${PUBLIC_URL}/api/v1/telegram/webhook`,
			secret_token: server.deps.telegram?.webhookSecret,
			allowed_updates: ["message", "callback_query", "my_chat_member"],
		});
	});
});
