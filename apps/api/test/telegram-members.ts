import { sign } from "@telegram-apps/init-data-node";
import type { Kysely } from "kysely";
import type { DB } from "../src/db/schema.js";
import { TEST_BOT_TOKEN, type TestServer } from "./harness.js";

let nextTelegramUserId = 7_100_000_000;

/** A fresh Telegram user id (above 2^32, as real ones can be). */
export function newTelegramUserId(): number {
	return nextTelegramUserId++;
}

/** initData exactly as Telegram hands it to the Mini App, signed with the test bot token. */
export function telegramInitData(
	server: TestServer,
	user: { id: number; languageCode?: string; allowsWriteToPm?: boolean; firstName?: string },
): string {
	return sign(
		{
			query_id: "AAHdF6IQAAAAAN0XohDhrOrc",
			user: {
				id: user.id,
				first_name: user.firstName ?? "Sokha",
				last_name: "Chan",
				username: `u${user.id}`,
				language_code: user.languageCode ?? "km",
				allows_write_to_pm: user.allowsWriteToPm ?? true,
			},
		},
		TEST_BOT_TOKEN,
		server.clock.now(),
	);
}

/**
 * A member who signed in by SMS and then linked their Telegram account in the Mini App
 * (/api/v1/syncUser), in `lang`: what makes the bot write to them.
 */
export async function telegramMember(
	server: TestServer,
	args: { mobile: string; telegramUserId?: number; lang?: string; languageCode?: string; allowsWriteToPm?: boolean },
): Promise<{ accessToken: string; userId: number; telegramUserId: number }> {
	const session = await server.signIn(args.mobile);
	const telegramUserId = args.telegramUserId ?? newTelegramUserId();
	const initData = telegramInitData(server, {
		id: telegramUserId,
		...(args.languageCode ? { languageCode: args.languageCode } : {}),
		...(args.allowsWriteToPm === undefined ? {} : { allowsWriteToPm: args.allowsWriteToPm }),
	});
	const linked = await server.call("POST", "/api/v1/syncUser", {
		body: { initData },
		token: session.accessToken,
		...(args.lang ? { lang: args.lang } : {}),
	});
	if (linked.code !== 0) throw new Error(`syncUser failed: ${linked.code} ${linked.msg}`);
	return { accessToken: session.accessToken, userId: session.userId, telegramUserId };
}

/**
 * A staff group the bot was added to and that claimed a link of `shopId`: what the bot's
 * `/start <token>` leaves behind (webhook.test.ts covers that flow itself).
 */
export async function linkShopGroup(
	db: Kysely<DB>,
	group: { shopId: number; chatId: number; title?: string; language: string; linkedBy?: number; now: Date },
): Promise<void> {
	await db
		.insertInto("bot_chat")
		.values({
			chat_id: group.chatId,
			kind: "group",
			title: group.title ?? "Kitchen",
			created_at: group.now,
			updated_at: group.now,
		})
		.execute();
	await db
		.insertInto("shop_bot_group")
		.values({
			shop_id: group.shopId,
			tenant_id: 1,
			chat_id: group.chatId,
			language: group.language,
			linked_by_member_id: group.linkedBy ?? null,
			linked_at: group.now,
		})
		.execute();
}
