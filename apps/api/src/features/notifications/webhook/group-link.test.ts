import { BOT_GROUP_LINK_MINUTES, ErrorCode, type ShopTelegramGroup, type TelegramGroupLink } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeBotApi, startFakeBotApi } from "../../../../test/fake-bot-api.js";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { addShop, memberWithRole } from "../../../../test/shops.js";
import { linkShopGroup } from "../../../../test/telegram-members.js";
import { hashGroupLinkToken } from "./group-link-token.js";

let server: TestServer;
let fake: FakeBotApi;
let owner: { accessToken: string; userId: number };
let angkorShopId: number;
beforeAll(async () => {
	fake = await startFakeBotApi();
	server = await startTestServer({
		configure: (config) => {
			config.telegramApiUrl = fake.url;
		},
	});
	owner = await server.signIn("13800000001");
	angkorShopId = await addShop(server, "angkor");
});
afterAll(async () => {
	await server?.close();
	await fake?.close();
});

const group = (on: TestServer, token: string, shopId = 1) =>
	on.call<ShopTelegramGroup>("GET", `/app-api/merchant/telegram-group?shopId=${shopId}`, { token });
const link = (on: TestServer, token: string, body: unknown = { shopId: 1 }, lang?: string) =>
	on.call<TelegramGroupLink>("POST", "/app-api/merchant/telegram-group/link", { token, body, lang });
const unlink = (on: TestServer, token: string, body: unknown = { shopId: 1 }) =>
	on.call<ShopTelegramGroup>("POST", "/app-api/merchant/telegram-group/unlink", { token, body });

const LINK = /^https:\/\/t\.me\/bayon_test_bot\?startgroup=([A-Za-z0-9_-]{22})$/;

async function linksOf(shopId: number) {
	return server.deps.db
		.selectFrom("shop_bot_group_link")
		.selectAll()
		.where("shop_id", "=", shopId)
		.orderBy("created_at")
		.execute();
}

async function changesOf(shopId: number) {
	return server.deps.db
		.selectFrom("shop_change")
		.select(["subject", "action", "member_id", "before", "after"])
		.where("shop_id", "=", shopId)
		.where("subject", "=", "telegram_group")
		.orderBy("id")
		.execute();
}

/** A group the bot was added to and that claimed a link of `shopId` (what the bot's /start does). */
async function linkedGroup(shopId: number, chatId: number, title: string) {
	await linkShopGroup(server.deps.db, {
		shopId,
		chatId,
		title,
		language: "en",
		linkedBy: owner.userId,
		now: server.clock.now(),
	});
}

describe("the owner's one-time link", () => {
	it("shows no group yet, with the bot's name", async () => {
		const answer = await group(server, owner.accessToken);
		expect(answer).toMatchObject({
			code: 0,
			data: { shopId: 1, botOn: true, botUsername: "bayon_test_bot", group: null },
		});
	});

	it("hands out a t.me startgroup link, keeps only its hash for 30 minutes, and voids the one before", async () => {
		const first = await link(server, owner.accessToken, { shopId: 1 }, "km");
		expect(first.code).toBe(0);
		const firstToken = LINK.exec(first.data.url)?.[1];
		expect(firstToken).toBeDefined();
		const now = server.clock.now().getTime();
		expect(new Date(first.data.expiresAt).getTime()).toBe(now + BOT_GROUP_LINK_MINUTES * 60_000);
		expect(await linksOf(1)).toEqual([
			expect.objectContaining({
				token_hash: hashGroupLinkToken(firstToken ?? ""),
				tenant_id: 1,
				member_id: owner.userId,
				language: "km",
				used_at: null,
			}),
		]);
		// The token itself is nowhere in the database.
		const stored = JSON.stringify(await linksOf(1));
		expect(stored).not.toContain(firstToken);

		server.clock.advance(60);
		const second = await link(server, owner.accessToken);
		const secondToken = LINK.exec(second.data.url)?.[1];
		expect(secondToken).toBeDefined();
		expect(secondToken).not.toBe(firstToken);
		const links = await linksOf(1);
		expect(links.map((row) => row.token_hash)).toEqual([hashGroupLinkToken(secondToken ?? "")]);
		expect(links[0]?.language).toBe("zh-CN");

		expect(await changesOf(1)).toEqual([
			expect.objectContaining({ action: "create_link", member_id: owner.userId }),
			expect.objectContaining({ action: "create_link", member_id: owner.userId }),
		]);
	});

	it("keeps a link already used when a new one is made", async () => {
		const shopId = await addShop(server, "used-link");
		await memberWithRole(server, "13900001701", "owner", shopId).then(async (shopOwner) => {
			await link(server, shopOwner.accessToken, { shopId });
			await server.deps.db
				.updateTable("shop_bot_group_link")
				.set({ used_at: server.clock.now() })
				.where("shop_id", "=", shopId)
				.execute();
			await link(server, shopOwner.accessToken, { shopId });
		});
		const links = await linksOf(shopId);
		expect(links).toHaveLength(2);
		expect(links.filter((row) => row.used_at === null)).toHaveLength(1);
	});
});

describe("the linked group", () => {
	it("shows its title and since when, says when the bot was removed, and unlinks", async () => {
		const shopId = await addShop(server, "grouped");
		const shopOwner = await memberWithRole(server, "13900001711", "owner", shopId);
		await linkedGroup(shopId, -1_001_234_567_890, "Riverside kitchen");
		const linked = await group(server, shopOwner.accessToken, shopId);
		expect(linked.data.group).toEqual({
			title: "Riverside kitchen",
			linkedAt: server.clock.now().toISOString(),
			reachable: true,
		});

		await server.deps.db
			.updateTable("bot_chat")
			.set({ blocked_at: server.clock.now() })
			.where("chat_id", "=", -1_001_234_567_890)
			.execute();
		expect((await group(server, shopOwner.accessToken, shopId)).data.group?.reachable).toBe(false);

		const unlinked = await unlink(server, shopOwner.accessToken, { shopId });
		expect(unlinked).toMatchObject({ code: 0, data: { shopId, group: null } });
		const left = await server.deps.db
			.selectFrom("shop_bot_group")
			.select("chat_id")
			.where("shop_id", "=", shopId)
			.execute();
		expect(left).toEqual([]);
		expect(await changesOf(shopId)).toEqual([
			{
				subject: "telegram_group",
				action: "unlink",
				member_id: shopOwner.userId,
				before: { title: "Riverside kitchen" },
				after: null,
			},
		]);

		// Unlinking again is harmless and records nothing more.
		expect((await unlink(server, shopOwner.accessToken, { shopId })).code).toBe(0);
		expect(await changesOf(shopId)).toHaveLength(1);
	});
});

describe("who may link the staff group", () => {
	it("refuses managers, staff, customers and another shop's owner on every route", async () => {
		const shopId = await addShop(server, "guarded");
		await memberWithRole(server, "13900001721", "owner", shopId);
		await linkedGroup(shopId, -1_009_000_000_001, "Guarded group");
		const manager = await memberWithRole(server, "13900001722", "manager", shopId);
		const clerk = await memberWithRole(server, "13900001723", "staff", shopId);
		const customer = await server.signIn("13900001724");
		const otherOwner = await memberWithRole(server, "13900001725", "owner", angkorShopId);
		for (const caller of [manager, clerk, customer, otherOwner]) {
			const answers = await Promise.all([
				group(server, caller.accessToken, shopId),
				link(server, caller.accessToken, { shopId }),
				unlink(server, caller.accessToken, { shopId }),
			]);
			for (const answer of answers) expect(answer).toMatchObject({ code: ErrorCode.Forbidden, data: null });
		}
		expect(await linksOf(shopId)).toEqual([]);
		expect(
			await server.deps.db.selectFrom("shop_bot_group").select("chat_id").where("shop_id", "=", shopId).execute(),
		).toHaveLength(1);
	});

	it("refuses a shop id that is not a whole number, and fields it does not know", async () => {
		for (const body of [{ shopId: "1" }, { shopId: 1, chatId: -100 }, {}]) {
			expect((await link(server, owner.accessToken, body)).code).toBe(ErrorCode.BadRequest);
			expect((await unlink(server, owner.accessToken, body)).code).toBe(ErrorCode.BadRequest);
		}
		expect(
			(await server.call("GET", "/app-api/merchant/telegram-group?shopId=x", { token: owner.accessToken })).code,
		).toBe(ErrorCode.BadRequest);
	});
});

describe("without a bot", () => {
	it("says the bot is off and makes no link", async () => {
		const botless = await startTestServer({ telegram: false });
		try {
			const botlessOwner = await botless.signIn("13800000001");
			expect((await group(botless, botlessOwner.accessToken)).data).toEqual({
				shopId: 1,
				botOn: false,
				botUsername: null,
				group: null,
			});
			expect((await link(botless, botlessOwner.accessToken)).code).toBe(ErrorCode.TelegramNotConfigured);
		} finally {
			await botless.close();
		}
	});

	it("asks to try again when Telegram cannot be reached, and stores no link", async () => {
		const cutOff = await startTestServer({
			configure: (config) => {
				config.telegramApiUrl = "http://127.0.0.1:9";
			},
		});
		try {
			const cutOffOwner = await cutOff.signIn("13800000001");
			const answer = await link(cutOff, cutOffOwner.accessToken, { shopId: 1 }, "en");
			expect(answer).toMatchObject({
				code: ErrorCode.TelegramUnreachable,
				msg: "Telegram is not reachable right now, please try again",
			});
			expect(await cutOff.deps.db.selectFrom("shop_bot_group_link").select("token_hash").execute()).toEqual([]);
			expect((await group(cutOff, cutOffOwner.accessToken)).data).toMatchObject({ botOn: true, botUsername: null });
		} finally {
			await cutOff.close();
		}
	});
});
