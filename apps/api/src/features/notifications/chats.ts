import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

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
