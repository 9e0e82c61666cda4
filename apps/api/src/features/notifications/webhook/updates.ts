import { localize, NOTICE_CATEGORIES } from "@bayon/contract";
import type { Bot, Context } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { sql } from "kysely";
import type { AppDeps } from "../../../http/deps.js";
import { moveGroupChat } from "../delivery/chats.js";
import { repliesIn } from "../messages/replies.js";
import { handleCallbackQuery } from "./callback-actions.js";
import { hashGroupLinkToken } from "./group-link-token.js";
import { languageForTelegramUser } from "./telegram-users.js";

/**
 * What the bot does with the updates Telegram sends to the webhook (decision 024): /start and
 * /stop in a member's private chat, /start <token> in a group (linking it to a shop), the bot
 * being removed from or added back to a chat, a group becoming a supergroup, and presses of
 * the buttons under its messages (callback-actions.ts).
 *
 * Every handler is safe to run twice for one update: Telegram delivers again what was not
 * answered in time.
 */

const installed = new WeakSet<Bot>();

/** Puts the handlers on the server's bot, once however often the routes are registered. */
export function installUpdateHandlers(deps: AppDeps): void {
	const telegram = deps.telegram;
	if (!telegram || installed.has(telegram.bot)) return;
	installed.add(telegram.bot);
	const { bot } = telegram;

	bot.command("start", async (ctx) => {
		if (ctx.chat.type === "private") await startPrivateChat(deps, ctx);
		else if (ctx.chat.type === "group" || ctx.chat.type === "supergroup") await linkGroup(deps, ctx, ctx.match.trim());
	});
	bot.command("stop", async (ctx) => {
		if (ctx.chat.type === "private") await stopPrivateChat(deps, ctx);
	});
	bot.on("my_chat_member", async (ctx) => {
		const { status } = ctx.myChatMember.new_chat_member;
		const gone = status === "left" || status === "kicked";
		await deps.db
			.updateTable("bot_chat")
			.set({ blocked_at: gone ? deps.clock.now() : null, updated_at: deps.clock.now() })
			.where("chat_id", "=", ctx.myChatMember.chat.id)
			.execute();
	});
	bot.on("message:migrate_to_chat_id", async (ctx) => {
		await moveGroupChat(deps.db, {
			fromChatId: ctx.chat.id,
			toChatId: ctx.message.migrate_to_chat_id,
			now: deps.clock.now(),
		});
	});
	bot.on("callback_query:data", (ctx) => handleCallbackQuery(deps, ctx));
}

/** The members (of any tenant) who signed in with this Telegram account. */
function membersOfTelegramUser(deps: AppDeps, telegramUserId: number) {
	return deps.db
		.selectFrom("telegram_identity")
		.select(["tenant_id", "member_id"])
		.where("telegram_user_id", "=", telegramUserId)
		.where("member_id", "is not", null)
		.execute();
}

/**
 * /start in the private chat: the user wants messages. The chat is opened (or its block
 * cleared: the user may have blocked the bot or had it answer 403 before) and every switch of
 * their members turned back on.
 */
async function startPrivateChat(deps: AppDeps, ctx: Context & { chat: { id: number } }) {
	const user = ctx.from;
	if (!user) return;
	const now = deps.clock.now();
	await deps.db.transaction().execute(async (trx) => {
		await trx
			.insertInto("bot_chat")
			.values({ chat_id: ctx.chat.id, kind: "private", created_at: now, updated_at: now })
			.onConflict((oc) => oc.column("chat_id").doUpdateSet({ blocked_at: null, updated_at: now }))
			.execute();
		await sql`
			UPDATE member_notice_settings SET muted = '{}', updated_at = ${now}
			WHERE member_id IN (
				SELECT member_id FROM telegram_identity WHERE telegram_user_id = ${user.id} AND member_id IS NOT NULL
			) AND muted <> '{}'
		`.execute(trx);
	});
	const texts = repliesIn(await languageForTelegramUser(deps, user));
	const publicUrl = deps.config.publicUrl?.replace(/\/+$/, "");
	const keyboard: InlineKeyboardMarkup | undefined = publicUrl
		? { inline_keyboard: [[{ text: texts.openApp, web_app: { url: `${publicUrl}/` } }]] }
		: undefined;
	await ctx.reply(texts.welcome, keyboard ? { reply_markup: keyboard } : {});
}

/** /stop in the private chat: every kind of message off for every member of this account. */
async function stopPrivateChat(deps: AppDeps, ctx: Context) {
	const user = ctx.from;
	if (!user) return;
	const now = deps.clock.now();
	const members = await membersOfTelegramUser(deps, user.id);
	const everything = sql`ARRAY[${sql.join(NOTICE_CATEGORIES.map((category) => sql`${category}`))}]::text[]`;
	for (const member of members) {
		await sql`
			INSERT INTO member_notice_settings (member_id, tenant_id, muted, updated_at)
			VALUES (${member.member_id}, ${member.tenant_id}, ${everything}, ${now})
			ON CONFLICT (member_id) DO UPDATE SET muted = excluded.muted, updated_at = excluded.updated_at
		`.execute(deps.db);
	}
	await ctx.reply(repliesIn(await languageForTelegramUser(deps, user)).stopped);
}

/**
 * `/start <token>` in a group, sent by whoever added the bot with the owner's link: the link
 * is claimed under its row lock (once, before it expires), the group becomes the shop's staff
 * group (replacing an earlier one), and the group is told so in the language of the owner who
 * made the link. A dead link links nothing and says so.
 */
async function linkGroup(
	deps: AppDeps,
	ctx: Context & { chat: { id: number; title?: string | undefined } },
	token: string,
) {
	if (!token) return;
	const now = deps.clock.now();
	const linked = await deps.db.transaction().execute(async (trx) => {
		const link = await trx
			.selectFrom("shop_bot_group_link")
			.selectAll()
			.where("token_hash", "=", hashGroupLinkToken(token))
			.forUpdate()
			.executeTakeFirst();
		if (!link || link.used_at !== null || new Date(link.expires_at).getTime() <= now.getTime()) return null;
		const title = ctx.chat.title ?? null;
		await trx
			.insertInto("bot_chat")
			.values({ chat_id: ctx.chat.id, kind: "group", title, created_at: now, updated_at: now })
			.onConflict((oc) => oc.column("chat_id").doUpdateSet({ title, blocked_at: null, updated_at: now }))
			.execute();
		const group = {
			tenant_id: link.tenant_id,
			chat_id: ctx.chat.id,
			language: link.language,
			linked_by_member_id: link.member_id,
			linked_at: now,
		};
		await trx
			.insertInto("shop_bot_group")
			.values({ shop_id: link.shop_id, ...group })
			.onConflict((oc) => oc.column("shop_id").doUpdateSet(group))
			.execute();
		await trx
			.updateTable("shop_bot_group_link")
			.set({ used_at: now })
			.where("token_hash", "=", link.token_hash)
			.execute();
		const shop = await trx.selectFrom("shop").select("name").where("id", "=", link.shop_id).executeTakeFirstOrThrow();
		return { language: link.language, shopName: localize(shop.name, link.language) };
	});
	if (linked) await ctx.reply(repliesIn(linked.language).groupLinked(linked.shopName));
	else await ctx.reply(repliesIn(await languageForTelegramUser(deps, ctx.from ?? { id: 0 })).groupLinkDead);
}
