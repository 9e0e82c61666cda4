import { NOTICE_CATEGORIES } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeBotApi, startFakeBotApi } from "../../../../test/fake-bot-api.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { telegramMember } from "../../../../test/telegram-members.js";
import { botMembership, postUpdate, textMessage } from "../../../../test/telegram-updates.js";
import { hashGroupLinkToken, newGroupLinkToken } from "./group-link-token.js";

let fake: FakeBotApi;
let server: TestServer;
let ownerId: number;
beforeAll(async () => {
	fake = await startFakeBotApi();
	server = await startTestServer({
		configure: (config) => {
			config.telegramApiUrl = fake.url;
			config.publicUrl = "https://bayon.example";
		},
	});
	ownerId = (await server.signIn("13900002999")).userId;
});
afterAll(async () => {
	await server?.close();
	await fake?.close();
});
beforeEach(() => fake.reset());

const db = () => server.deps.db;

async function mutedOf(memberId: number): Promise<string[]> {
	const row = await db()
		.selectFrom("member_notice_settings")
		.select("muted")
		.where("member_id", "=", memberId)
		.executeTakeFirstOrThrow();
	return row.muted;
}

async function chatOf(chatId: number) {
	return db().selectFrom("bot_chat").selectAll().where("chat_id", "=", chatId).executeTakeFirst();
}

function repliesTo(chatId: number): string[] {
	return fake
		.sentMessages()
		.filter((m) => m.chatId === chatId)
		.map((m) => m.text);
}

/** A link the owner's page would make for the demo shop, stored as that page stores it. */
async function groupLink(args: { expiresInMinutes?: number; used?: boolean; language?: string } = {}) {
	const token = newGroupLinkToken();
	const now = server.clock.now();
	await db()
		.insertInto("shop_bot_group_link")
		.values({
			token_hash: hashGroupLinkToken(token),
			tenant_id: 1,
			shop_id: 1,
			member_id: ownerId,
			language: args.language ?? "en",
			created_at: now,
			expires_at: new Date(now.getTime() + (args.expiresInMinutes ?? 30) * 60_000),
			used_at: args.used ? now : null,
		})
		.execute();
	return token;
}

async function groupOfShop(shopId: number) {
	return db().selectFrom("shop_bot_group").selectAll().where("shop_id", "=", shopId).executeTakeFirst();
}

describe("the webhook only takes Telegram's updates", () => {
	it("refuses an update without the secret header or with a wrong one, and handles nothing", async () => {
		const member = await telegramMember(server, { mobile: "13900002001", lang: "en" });
		const stop = textMessage({ id: member.telegramUserId }, "/stop");
		expect(await postUpdate(server, stop, { secret: null })).toBe(401);
		expect(await postUpdate(server, stop, { secret: "not-the-secret" })).toBe(401);
		const secret = server.deps.telegram?.webhookSecret ?? "";
		expect(await postUpdate(server, stop, { secret: `${secret.slice(0, -1)}x` })).toBe(401);
		expect(await mutedOf(member.userId)).toEqual([]);
		expect(fake.calls).toEqual([]);
	});

	it("is not there on a server without a bot", async () => {
		const botless = await startTestServer({ telegram: false });
		try {
			const response = await fetch(`${botless.url}/api/v1/telegram/webhook`, {
				method: "POST",
				headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": "anything" },
				body: JSON.stringify({ update_id: 1 }),
			});
			expect(response.status).toBe(404);
		} finally {
			await botless.close();
		}
	});

	it("answers 503 (Telegram sends it again) when the bot cannot reach Telegram to know itself", async () => {
		// Nothing listens there: grammY keeps retrying getMe, the webhook stops waiting.
		const unreachable = await startTestServer({
			configure: (config) => {
				config.telegramApiUrl = "http://127.0.0.1:9";
			},
		});
		try {
			const member = await telegramMember(unreachable, { mobile: "13900002003" });
			await unreachable.deps.db
				.insertInto("member_notice_settings")
				.values({ member_id: member.userId, tenant_id: 1, muted: [], updated_at: new Date() })
				.onConflict((oc) => oc.column("member_id").doNothing())
				.execute();
			expect(await postUpdate(unreachable, textMessage({ id: member.telegramUserId }, "/stop"))).toBe(503);
			const settings = await unreachable.deps.db
				.selectFrom("member_notice_settings")
				.select("muted")
				.where("member_id", "=", member.userId)
				.executeTakeFirstOrThrow();
			expect(settings.muted).toEqual([]);
		} finally {
			await unreachable.close();
		}
	}, 30_000);

	it("answers a body that is not an update with 400, not 500", async () => {
		const secret = server.deps.telegram?.webhookSecret ?? "";
		const post = (body: string) =>
			fetch(`${server.url}/api/v1/telegram/webhook`, {
				method: "POST",
				headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
				body,
			}).then((response) => response.status);
		expect(await post("[]")).toBe(400);
		expect(await post('{"update_id":"7"}')).toBe(400);
		expect(await post("{not json")).toBe(400);
		// An update of a kind the bot does not handle is taken and forgotten.
		expect(await post('{"update_id":7,"poll":{"id":"1"}}')).toBe(200);
	});
});

describe("/stop and /start in the member's chat", () => {
	it("/stop turns every kind of message off; /start turns them on again and clears a block", async () => {
		const member = await telegramMember(server, { mobile: "13900002002", lang: "km" });
		expect(await postUpdate(server, textMessage({ id: member.telegramUserId, language_code: "en" }, "/stop"))).toBe(
			200,
		);
		expect([...(await mutedOf(member.userId))].sort()).toEqual([...NOTICE_CATEGORIES].sort());
		// In the member's bot language (km, from the app), not their Telegram client's.
		expect(repliesTo(member.telegramUserId)).toEqual(["សារទាំងអស់ត្រូវបានបិទ។ ផ្ញើ /start ដើម្បីបើកវាឡើងវិញ។"]);

		await db()
			.updateTable("bot_chat")
			.set({ blocked_at: server.clock.now() })
			.where("chat_id", "=", member.telegramUserId)
			.execute();
		expect(await postUpdate(server, textMessage({ id: member.telegramUserId }, "/start"))).toBe(200);
		expect(await mutedOf(member.userId)).toEqual([]);
		expect(await chatOf(member.telegramUserId)).toMatchObject({ kind: "private", blocked_at: null });
		const welcome = fake.sentMessages().at(-1);
		expect(welcome?.text).toMatch(/^សូមស្វាគមន៍/);
		expect(welcome?.replyMarkup).toEqual({
			inline_keyboard: [[{ text: "បើកកម្មវិធី", web_app: { url: "https://bayon.example/" } }]],
		});
	});

	it("/start from someone who never signed in opens their chat and welcomes them in their client's language", async () => {
		const telegramUserId = 7_200_000_001;
		expect(await postUpdate(server, textMessage({ id: telegramUserId, language_code: "en-US" }, "/start"))).toBe(200);
		expect(await chatOf(telegramUserId)).toMatchObject({ kind: "private", blocked_at: null });
		expect(repliesTo(telegramUserId)[0]).toMatch(/^Welcome!/);
	});
});

describe("linking a shop's staff group", () => {
	const group = { id: -100_200_300_1, title: "Kitchen crew" };

	it("links the group with the owner's one-time link and says so in the link's language", async () => {
		const token = await groupLink({ language: "en" });
		const adder = { id: 7_200_000_101, language_code: "en" };
		expect(await postUpdate(server, textMessage(adder, `/start@bayon_test_bot ${token}`, group))).toBe(200);
		expect(await groupOfShop(1)).toMatchObject({ chat_id: group.id, language: "en", tenant_id: 1 });
		expect(await chatOf(group.id)).toMatchObject({ kind: "group", title: "Kitchen crew", blocked_at: null });
		expect(repliesTo(group.id)).toEqual([
			"This group now hears Bayon Tea & Kitchen · Riverside: new orders, bookings, bell calls and refund requests.",
		]);
		const link = await db()
			.selectFrom("shop_bot_group_link")
			.select("used_at")
			.where("token_hash", "=", hashGroupLinkToken(token))
			.executeTakeFirstOrThrow();
		expect(link.used_at).not.toBeNull();

		// The same link again (Telegram redelivering, or someone reusing it elsewhere) links nothing.
		const other = { id: -100_200_300_2, title: "Elsewhere" };
		expect(await postUpdate(server, textMessage(adder, `/start ${token}`, other))).toBe(200);
		expect((await groupOfShop(1))?.chat_id).toBe(group.id);
		expect(await chatOf(other.id)).toBeUndefined();
		expect(repliesTo(other.id)[0]).toMatch(/no longer works/);
	});

	it("refuses an expired link, a used one and an unknown one", async () => {
		const before = await groupOfShop(1);
		const expired = await groupLink({ expiresInMinutes: 30 });
		server.clock.advance(31 * 60);
		const used = await groupLink({ used: true });
		const adder = { id: 7_200_000_102, language_code: "en" };
		for (const [index, token] of [expired, used, newGroupLinkToken()].entries()) {
			const chat = { id: -100_200_400_0 - index, title: `Group ${index}` };
			expect(await postUpdate(server, textMessage(adder, `/start@bayon_test_bot ${token}`, chat))).toBe(200);
			expect(await chatOf(chat.id)).toBeUndefined();
			expect(repliesTo(chat.id)).toEqual([
				"This link no longer works. Ask the shop's owner for a new one from the merchant area.",
			]);
		}
		expect(await groupOfShop(1)).toEqual(before);
	});

	it("a later link replaces the group; removing the bot blocks the chat, adding it back clears that", async () => {
		const next = { id: -100_200_500_1, title: "Front of house" };
		const token = await groupLink({ language: "zh-CN" });
		expect(await postUpdate(server, textMessage({ id: 7_200_000_103 }, `/start ${token}`, next))).toBe(200);
		expect(await groupOfShop(1)).toMatchObject({ chat_id: next.id, language: "zh-CN" });
		expect(repliesTo(next.id)[0]).toMatch(/^本群现在会收到「/);

		expect(await postUpdate(server, botMembership(next, { id: 7_200_000_103 }, "kicked"))).toBe(200);
		expect((await chatOf(next.id))?.blocked_at).not.toBeNull();
		expect(await postUpdate(server, botMembership(next, { id: 7_200_000_103 }, "member"))).toBe(200);
		expect((await chatOf(next.id))?.blocked_at).toBeNull();
	});

	it("a group that becomes a supergroup keeps its link and its waiting messages under the new id", async () => {
		const old = { id: -100_200_600_1, title: "Bar" };
		const token = await groupLink();
		await postUpdate(server, textMessage({ id: 7_200_000_104 }, `/start ${token}`, old));
		const now = server.clock.now();
		await db()
			.insertInto("bot_message")
			.values({
				tenant_id: 1,
				chat_id: old.id,
				shop_id: 1,
				kind: "shopNewOrder",
				subject_id: 1,
				dedupe_key: `shopNewOrder:1:${old.id}`,
				next_attempt_at: now,
				created_at: now,
			})
			.execute();
		const supergroup = -1_001_234_567_890;
		const migrated = {
			message: {
				message_id: 5,
				date: Math.floor(Date.now() / 1000),
				chat: { ...old, type: "group" },
				from: { id: 7_200_000_104, is_bot: false, first_name: "Sokha" },
				migrate_to_chat_id: supergroup,
			},
		};
		expect(await postUpdate(server, migrated)).toBe(200);
		expect((await groupOfShop(1))?.chat_id).toBe(supergroup);
		expect(await chatOf(supergroup)).toMatchObject({ kind: "group", title: "Bar", blocked_at: null });
		expect((await chatOf(old.id))?.blocked_at).not.toBeNull();
		const waiting = await db()
			.selectFrom("bot_message")
			.select("chat_id")
			.where("dedupe_key", "=", `shopNewOrder:1:${old.id}`)
			.executeTakeFirstOrThrow();
		expect(waiting.chat_id).toBe(supergroup);
	});
});
