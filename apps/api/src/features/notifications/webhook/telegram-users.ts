import type { AppDeps } from "../../../http/deps.js";
import { languageOfTelegramUser } from "../messages/replies.js";

/**
 * The language to answer a Telegram user in: their member's bot language (the most recently
 * saved, when the account is a member of several tenants), else their Telegram client's.
 */
export async function languageForTelegramUser(
	deps: AppDeps,
	user: { id: number; language_code?: string | undefined },
): Promise<string> {
	const saved = await deps.db
		.selectFrom("telegram_identity as ti")
		.innerJoin("member_notice_settings as s", "s.member_id", "ti.member_id")
		.select("s.language")
		.where("ti.telegram_user_id", "=", user.id)
		.where("s.language", "is not", null)
		.orderBy("s.updated_at", "desc")
		.limit(1)
		.executeTakeFirst();
	return saved?.language ?? languageOfTelegramUser(user.language_code);
}

/**
 * The member a Telegram user is in one tenant (a press is checked in the tenant of the booking
 * or order it names), with the language to answer them in; null when they never signed in
 * there with this Telegram account.
 */
export async function memberOfTelegramUser(
	deps: AppDeps,
	tenantId: number,
	user: { id: number; language_code?: string | undefined },
): Promise<{ memberId: number; lang: string } | null> {
	const row = await deps.db
		.selectFrom("telegram_identity as ti")
		.leftJoin("member_notice_settings as s", "s.member_id", "ti.member_id")
		.select(["ti.member_id", "s.language"])
		.where("ti.tenant_id", "=", tenantId)
		.where("ti.telegram_user_id", "=", user.id)
		.executeTakeFirst();
	if (!row?.member_id) return null;
	return { memberId: row.member_id, lang: row.language ?? languageOfTelegramUser(user.language_code) };
}
