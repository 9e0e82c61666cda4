import type { OrderView } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeBotApi, startFakeBotApi } from "../../../../test/fake-bot-api.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { linkShopGroup, telegramMember } from "../../../../test/telegram-members.js";
import { tellShopGroup } from "../outbox/outbox.js";
import { deliverBotMessages, FOLD_ORDER_NEWS_AFTER_SECONDS } from "./delivery.js";

/**
 * Issue 27: a staff group's waiting messages were dropped as stale after a day, and a group that
 * became a supergroup had its messages marked failed. A group's backlog is delivered, its old
 * order news folded into one digest (decision 024, "A group's backlog"); a send answered with
 * `migrate_to_chat_id` moves the group's link and messages to the new id and is sent there.
 */

const PUBLIC_URL = "https://order.example.com";
const COCONUT = "Fresh young coconut";

let fake: FakeBotApi;
let server: TestServer;
let fx: OrderingFixture;
let customer: { accessToken: string; userId: number };
let nextGroup = -1_001_000_270_000;

beforeAll(async () => {
	fake = await startFakeBotApi();
	server = await startTestServer({
		configure: (config) => {
			config.telegramApiUrl = fake.url;
			config.publicUrl = PUBLIC_URL;
		},
	});
	fx = await new OrderingFixture(server).load();
	await fx.setStock(fx.item(COCONUT).id, null);
}, 60_000);
afterAll(async () => {
	await server?.close();
	await fake?.close();
});
beforeEach(async () => {
	fx.moveClockToLocal("10:00");
	// Nothing of an earlier story waits: each story's group hears only its own news.
	await server.deps.db.updateTable("bot_message").set({ status: "skipped" }).where("status", "=", "pending").execute();
	await server.deps.db.deleteFrom("shop_bot_group").execute();
	customer = await server.signIn("13900002801");
	await fx.grant(customer.userId, 100_000);
	fake.reset();
});

const deliver = () => deliverBotMessages(server.deps);
const sentTo = (chatId: number) => fake.sentMessages().filter((message) => message.chatId === chatId);
const outboxOf = (chatId: number) =>
	server.deps.db.selectFrom("bot_message").selectAll().where("chat_id", "=", chatId).orderBy("id").execute();

async function newGroup(language = "en"): Promise<number> {
	const chatId = nextGroup--;
	await linkShopGroup(server.deps.db, { shopId: 1, chatId, language, now: server.clock.now() });
	return chatId;
}

/** Paying queues the group's "new order" itself, in the payment's transaction. */
const paidOrder = (): Promise<OrderView> => fx.paidOrder(customer.accessToken, COCONUT);

describe("a staff group's backlog", () => {
	it("is delivered after a day unreachable: old order news as one digest listing every order, the rest as it is", async () => {
		const group = await newGroup("en");
		const who = await telegramMember(server, { mobile: "13900002802", lang: "en" });
		const orders = [await paidOrder(), await paidOrder(), await paidOrder()];
		await server.deps.db.transaction().execute((trx) =>
			tellShopGroup(trx, {
				tenantId: 1,
				shopId: 1,
				kind: "shopRefundRequested",
				subjectId: orders[0]?.id as number,
				now: server.clock.now(),
			}),
		);
		await fx.grant(who.userId, 100_000);
		const mine = await fx.paidOrder(who.accessToken, COCONUT);
		const queued = await outboxOf(group);
		expect(queued.map((row) => row.kind)).toEqual([
			"shopNewOrder",
			"shopNewOrder",
			"shopNewOrder",
			"shopRefundRequested",
			"shopNewOrder",
		]);

		// The bot could not reach anyone for a day and a bit.
		server.clock.advance(24 * 3600 + 60);
		await deliver();
		for (let turn = 0; turn < 3; turn++) {
			server.clock.advance(3);
			await deliver();
		}

		const [digest, refund, last, ...more] = sentTo(group);
		expect(more).toEqual([]);
		// The four new orders (the fifth was the member's own) in one message, oldest first,
		// then the refund request in its place in line.
		expect(digest?.text.split("\n")[0]).toBe("<b>4 orders came in while messages waited</b>");
		for (const order of [...orders, mine])
			expect(digest?.text).toContain(`#${String(order.pickupNumber).padStart(3, "0")} · ${order.orderNo}`);
		expect(digest?.replyMarkup).toEqual({
			inline_keyboard: [
				[{ text: "Open orders", url: `${PUBLIC_URL}/pages/components/pages/merchant/order?tenant=1&shopId=1` }],
			],
		});
		expect(refund?.text.split("\n")[0]).toBe("<b>Refund requested</b>");
		expect(last).toBeUndefined();
		const after = await outboxOf(group);
		expect(after.map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
		expect(new Set(after.filter((row) => row.kind === "shopNewOrder").map((row) => row.telegram_message_id)).size).toBe(
			1,
		);
		// A member's own message a day late is still dropped as stale: "paid" yesterday helps no one.
		expect(fake.sentMessages().filter((message) => message.chatId === who.telegramUserId)).toEqual([]);
		expect((await outboxOf(who.telegramUserId)).map((row) => row.status)).toEqual(["skipped"]);
	});

	it("folds order news only once it is old: fresh news goes one by one, with Accept", async () => {
		const group = await newGroup("en");
		const first = await paidOrder();
		await paidOrder();

		server.clock.advance(FOLD_ORDER_NEWS_AFTER_SECONDS - 5);
		await deliver();

		const [one] = sentTo(group);
		expect(one?.text.split("\n")[0]).toBe(`<b>New order #${first.pickupNumber}</b>`);
		expect(JSON.stringify(one?.replyMarkup)).toContain(`oa:${first.id}`);
	});
});

describe("a group that became a supergroup", () => {
	it("moves its link and waiting messages to the new id and sends them there, none failed", async () => {
		const group = await newGroup("en");
		const supergroup = nextGroup--;
		const [first, second] = [await paidOrder(), await paidOrder()];
		fake.migrate(group, supergroup);

		const tally = await deliver();
		expect(tally.failed).toBe(0);
		await deliver();
		server.clock.advance(3);
		await deliver();

		expect(sentTo(supergroup).map((message) => message.text.split("\n")[0])).toEqual([
			`<b>New order #${first?.pickupNumber}</b>`,
			`<b>New order #${second?.pickupNumber}</b>`,
		]);
		expect((await outboxOf(supergroup)).map((row) => row.status)).toEqual(["sent", "sent"]);
		expect(await outboxOf(group)).toEqual([]);
		const link = await server.deps.db.selectFrom("shop_bot_group").selectAll().where("shop_id", "=", 1).execute();
		expect(link.map((row) => row.chat_id)).toEqual([supergroup]);
		const old = await server.deps.db
			.selectFrom("bot_chat")
			.select("blocked_at")
			.where("chat_id", "=", group)
			.executeTakeFirst();
		expect(old?.blocked_at).not.toBeNull();

		// The shop's next news goes to the supergroup directly.
		server.clock.advance(3);
		const third = await paidOrder();
		await deliver();
		expect(sentTo(supergroup).at(-1)?.text.split("\n")[0]).toBe(`<b>New order #${third.pickupNumber}</b>`);
	});
});
