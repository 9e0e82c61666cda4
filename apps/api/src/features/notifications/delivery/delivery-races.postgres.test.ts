import type { MemberNoticeKind } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeBotApi, startFakeBotApi } from "../../../../test/fake-bot-api.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { botText } from "../messages/texts.js";
import { deliverBotMessages } from "./delivery.js";

const CHATS = 250;
/** Four messages a chat, each a different text, so the fake can tell every message apart. */
const KINDS: MemberNoticeKind[] = ["orderPaid", "orderAccepted", "orderReady", "orderDelivered"];
const MESSAGES = CHATS * KINDS.length;
const WORKERS_PER_SERVER = 3;
const FIRST_CHAT_ID = 7_800_000_000;

/**
 * Two servers' workers delivering one outbox on PostgreSQL (PGlite has one connection, so
 * nothing runs at the same time there): every message reaches Telegram exactly once, each chat's
 * in the order queued, and the two servers together stay within the bot's budget.
 */
describe("two servers delivering one outbox", () => {
	let fake: FakeBotApi;
	let first: TestServer;
	let second: TestServer;
	let orderId: number;
	let memberId: number;

	beforeAll(async () => {
		fake = await startFakeBotApi();
		const pointAtFake = (config: { telegramApiUrl: string }) => {
			config.telegramApiUrl = fake.url;
		};
		first = await startTestServer({ configure: pointAtFake });
		second = await startTestServer({ sameDatabaseAs: first, configure: pointAtFake });
		const fx = await new OrderingFixture(first).load();
		fx.moveClockToLocal("10:00");
		const customer = await first.signIn("13900003001");
		await fx.grant(customer.userId, 100_000);
		orderId = (await fx.paidOrder(customer.accessToken, "Fresh young coconut")).id;
		memberId = customer.userId;
		second.clock.set(first.clock.now());
	}, 60_000);
	afterAll(async () => {
		await second?.close();
		await first?.close();
		await fake?.close();
	});

	it("1,000 messages to 250 chats: each sent exactly once, in order, within the budget", async () => {
		const now = first.clock.now();
		const chatIds = Array.from({ length: CHATS }, (_, i) => FIRST_CHAT_ID + i);
		const db = first.deps.db;
		await db
			.insertInto("bot_chat")
			.values(chatIds.map((chat_id) => ({ chat_id, kind: "private" as const, created_at: now, updated_at: now })))
			.execute();
		// Queued kind by kind, as events happen: every chat's orderPaid first, then its orderAccepted…
		for (const kind of KINDS)
			await db
				.insertInto("bot_message")
				.values(
					chatIds.map((chat_id) => ({
						tenant_id: 1,
						chat_id,
						member_id: memberId,
						shop_id: 1,
						kind,
						subject_id: orderId,
						dedupe_key: `${kind}:${orderId}:${chat_id}`,
						next_attempt_at: now,
						created_at: now,
					})),
				)
				.execute();

		const sendsPerTick: number[] = [];
		for (let tick = 0; tick < 120; tick++) {
			const before = fake.calls.length;
			await Promise.all(
				[first, second].flatMap((server) =>
					Array.from({ length: WORKERS_PER_SERVER }, () => deliverBotMessages(server.deps)),
				),
			);
			sendsPerTick.push(fake.calls.length - before);
			const open = await db
				.selectFrom("bot_message")
				.select((eb) => eb.fn.countAll<number>().as("n"))
				.where("status", "in", ["pending", "sending"])
				.executeTakeFirstOrThrow();
			if (Number(open.n) === 0) break;
			// One second passes on both servers' clocks.
			first.clock.advance(1);
			second.clock.set(first.clock.now());
		}

		const sent = fake.sentMessages();
		const calls = fake.calls.filter((call) => call.method === "sendMessage");
		expect(calls).toHaveLength(MESSAGES);
		expect(sent).toHaveLength(MESSAGES);
		const perMessage = new Map<string, number>();
		for (const message of sent) {
			const key = `${message.chatId}\n${message.text}`;
			perMessage.set(key, (perMessage.get(key) ?? 0) + 1);
		}
		expect(perMessage.size).toBe(MESSAGES);
		expect([...perMessage.values()].every((count) => count === 1)).toBe(true);
		// Each chat heard its four messages in the order they were queued (the chats speak zh-CN).
		const titles = [
			botText("zh-CN", "orderPaid.title"),
			botText("zh-CN", "orderAccepted.title"),
			botText("zh-CN", "orderReady.pickup.title"),
			botText("zh-CN", "orderDelivered.title"),
		].map((title) => `<b>${title}</b>`);
		const titlesOf = new Map<number, string[]>();
		for (const message of sent)
			titlesOf.set(message.chatId, [...(titlesOf.get(message.chatId) ?? []), message.text.split("\n")[0] ?? ""]);
		expect(titlesOf.size).toBe(CHATS);
		for (const chatTitles of titlesOf.values()) expect(chatTitles).toEqual(titles);
		const statuses = await db
			.selectFrom("bot_message")
			.select(["status", (eb) => eb.fn.countAll<number>().as("n")])
			.groupBy("status")
			.execute();
		expect(statuses.map((row) => ({ status: row.status, n: Number(row.n) }))).toEqual([
			{ status: "sent", n: MESSAGES },
		]);
		// Both servers shared one budget of 30 a second.
		expect(Math.max(...sendsPerTick)).toBeLessThanOrEqual(30);
		expect(sendsPerTick.length).toBeGreaterThanOrEqual(Math.ceil(MESSAGES / 30));
	}, 120_000);
});
