import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A Telegram sign-in whose user let the bot write to them (`allows_write_to_pm`) opens their
 * private chat for the bot's messages. A chat marked blocked stays blocked: only the user's
 * /start in the chat proves they want messages again (decision 024).
 */
export async function rememberPrivateChat(
	db: Db,
	args: { telegramUserId: number; allowsWriteToPm: boolean | null; now: Date },
): Promise<void> {
	if (args.allowsWriteToPm !== true) return;
	await db
		.insertInto("bot_chat")
		.values({ chat_id: args.telegramUserId, kind: "private", created_at: args.now, updated_at: args.now })
		.onConflict((oc) => oc.column("chat_id").doNothing())
		.execute();
}

/** The language the bot speaks to a member: the app's, as they last used it with Telegram. */
export async function rememberNoticeLanguage(
	db: Db,
	args: { tenantId: number; memberId: number; lang: string; now: Date },
): Promise<void> {
	await sql`
		INSERT INTO member_notice_settings (member_id, tenant_id, language, updated_at)
		SELECT ${args.memberId}, ${args.tenantId}, code, ${args.now} FROM language WHERE code = ${args.lang}
		ON CONFLICT (member_id) DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at
		WHERE member_notice_settings.language IS DISTINCT FROM excluded.language
	`.execute(db);
}

/**
 * A group became a supergroup: Telegram gives it a new id and the old one stops working. The
 * chat moves to the new id with its shops and its messages still waiting to be sent; the old
 * id is blocked so nothing more is queued for it. Learnt two ways: the update Telegram sends
 * the webhook, or a send refused with `migrate_to_chat_id` (delivery.ts): then `resend`, the
 * message that was refused, goes back in line under the new id, as it was before its try.
 * Safe to run twice: the second finds nothing to move.
 */
export async function moveGroupChat(
	db: Kysely<DB>,
	args: { fromChatId: number; toChatId: number; now: Date; resend?: { messageId: number; attempts: number } },
): Promise<void> {
	const { fromChatId, toChatId, now } = args;
	await db.transaction().execute(async (trx) => {
		// The chat first, then its messages: the order a delivery claim takes them in.
		const old = await trx
			.selectFrom("bot_chat")
			.selectAll()
			.where("chat_id", "=", fromChatId)
			.forUpdate()
			.executeTakeFirst();
		if (!old) return;
		await trx
			.insertInto("bot_chat")
			.values({ chat_id: toChatId, kind: "group", title: old.title, created_at: now, updated_at: now })
			.onConflict((oc) => oc.column("chat_id").doUpdateSet({ title: old.title, blocked_at: null, updated_at: now }))
			.execute();
		await trx.updateTable("shop_bot_group").set({ chat_id: toChatId }).where("chat_id", "=", fromChatId).execute();
		if (args.resend)
			await trx
				.updateTable("bot_message")
				.set((eb) => ({
					chat_id: toChatId,
					status: "pending",
					// Not a failed try: the message was never refused for what it says.
					attempts: eb("attempts", "-", 1),
					lease_until: null,
					next_attempt_at: now,
					last_error: `moved to supergroup ${toChatId}`,
				}))
				.where("id", "=", args.resend.messageId)
				.where("status", "=", "sending")
				.where("attempts", "=", args.resend.attempts)
				.execute();
		await trx
			.updateTable("bot_message")
			.set({ chat_id: toChatId })
			.where("chat_id", "=", fromChatId)
			.where("status", "=", "pending")
			.execute();
		await trx
			.updateTable("bot_chat")
			.set({ blocked_at: now, updated_at: now })
			.where("chat_id", "=", fromChatId)
			.execute();
	});
}
