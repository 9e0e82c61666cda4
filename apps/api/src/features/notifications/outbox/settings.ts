import {
	NOTICE_CATEGORIES,
	type NoticeCategory,
	type NoticeSettings,
	type SaveNoticeSettingInput,
} from "@bayon/contract";
import { sql } from "kysely";
import type { AppDeps } from "../../../http/deps.js";

interface Caller {
	tenant: { id: number };
	lang: string;
	member: { id: number };
}

/** How long a page waits for Telegram to say who the bot is: a page never waits on Telegram for long. */
const BOT_NAME_WAIT_MS = 1500;

/**
 * The member's switches (decision 024) and whether the bot can reach them at all, so the page
 * can say what to do: sign in through the Mini App, press Start in the bot, or nothing.
 */
export async function noticeSettings(deps: AppDeps, ctx: Caller): Promise<NoticeSettings> {
	const [reach, muted, isOwner, botUsername] = await Promise.all([
		reachOf(deps, ctx),
		mutedOf(deps, ctx.member.id),
		ownsAShop(deps, ctx),
		botUsernameOf(deps),
	]);
	return {
		reach,
		botUsername,
		categories: NOTICE_CATEGORIES.filter((category) => category !== "withdrawals" || isOwner).map((category) => ({
			category,
			enabled: !muted.includes(category),
		})),
	};
}

/**
 * Turns one category on or off. The array is changed in SQL, not replaced, so two devices
 * changing two switches at once both keep their change. The app's language is recorded too:
 * the bot speaks to the member in the language they last used the app in.
 */
export async function saveNoticeSetting(
	deps: AppDeps,
	ctx: Caller,
	input: SaveNoticeSettingInput,
): Promise<NoticeSettings> {
	const now = deps.clock.now();
	const mutedAfter = input.enabled
		? sql`array_remove(member_notice_settings.muted, ${input.category}::text)`
		: sql`CASE WHEN member_notice_settings.muted @> ARRAY[${input.category}]::text[] THEN member_notice_settings.muted
			ELSE array_append(member_notice_settings.muted, ${input.category}::text) END`;
	await sql`
		INSERT INTO member_notice_settings (member_id, tenant_id, muted, language, updated_at)
		SELECT ${ctx.member.id}, ${ctx.tenant.id}, ${input.enabled ? sql`'{}'::text[]` : sql`ARRAY[${input.category}]::text[]`},
			(SELECT code FROM language WHERE code = ${ctx.lang}), ${now}
		ON CONFLICT (member_id) DO UPDATE SET
			muted = ${mutedAfter},
			language = coalesce(excluded.language, member_notice_settings.language),
			updated_at = excluded.updated_at
	`.execute(deps.db);
	return noticeSettings(deps, ctx);
}

async function reachOf(deps: AppDeps, ctx: Caller): Promise<NoticeSettings["reach"]> {
	if (!deps.telegram) return "botOff";
	const identity = await deps.db
		.selectFrom("telegram_identity as ti")
		.leftJoin("bot_chat as c", (join) =>
			join.onRef("c.chat_id", "=", "ti.telegram_user_id").on("c.kind", "=", "private"),
		)
		.select(["ti.telegram_user_id", "c.chat_id", "c.blocked_at"])
		.where("ti.tenant_id", "=", ctx.tenant.id)
		.where("ti.member_id", "=", ctx.member.id)
		// A member has one linked Telegram account; the chat that exists wins if ever there were two.
		.orderBy(sql`c.chat_id IS NULL`)
		.executeTakeFirst();
	if (!identity) return "notLinked";
	if (identity.chat_id === null) return "notAllowed";
	if (identity.blocked_at !== null) return "blocked";
	return "on";
}

async function mutedOf(deps: AppDeps, memberId: number): Promise<NoticeCategory[]> {
	const row = await deps.db
		.selectFrom("member_notice_settings")
		.select("muted")
		.where("member_id", "=", memberId)
		.executeTakeFirst();
	return (row?.muted ?? []) as NoticeCategory[];
}

/** Withdrawal news goes to a shop's owners only, so only they see its switch. */
async function ownsAShop(deps: AppDeps, ctx: Caller): Promise<boolean> {
	const row = await deps.db
		.selectFrom("shop_staff as st")
		.innerJoin("shop as s", "s.id", "st.shop_id")
		.select("st.shop_id")
		.where("st.member_id", "=", ctx.member.id)
		.where("st.role", "=", "owner")
		.where("s.tenant_id", "=", ctx.tenant.id)
		.limit(1)
		.executeTakeFirst();
	return row !== undefined;
}

/** When each bot last failed to say who it is within the wait: pages stop waiting on it for a while. */
const lastGaveUp = new WeakMap<object, number>();
const STOP_WAITING_MS = 60_000;

/**
 * The bot's @username for the "open the bot" link. Telegram is asked once (getMe) and the
 * answer kept; a slow or failing Telegram (one getMe may take a whole Bot API timeout) leaves
 * it null after `waitMs` rather than holding the page, and for a minute after such a
 * failure pages do not wait at all unless they must (`mustWait`, a link being made).
 */
export async function botUsernameOf(
	deps: AppDeps,
	{ waitMs = BOT_NAME_WAIT_MS, mustWait = false }: { waitMs?: number; mustWait?: boolean } = {},
): Promise<string | null> {
	const telegram = deps.telegram;
	if (!telegram) return null;
	const known = telegram.username();
	if (known) return known;
	const gaveUpAt = lastGaveUp.get(telegram);
	const wait = !mustWait && gaveUpAt !== undefined && Date.now() - gaveUpAt < STOP_WAITING_MS ? 0 : waitMs;
	let timer: NodeJS.Timeout | undefined;
	const gaveUp = new Promise<null>((resolve) => {
		timer = setTimeout(() => resolve(null), wait);
	});
	try {
		const answer = await Promise.race([telegram.ready().then((me) => me.username), gaveUp]);
		if (answer === null) lastGaveUp.set(telegram, Date.now());
		return answer;
	} catch (error) {
		lastGaveUp.set(telegram, Date.now());
		deps.log.warn({ err: error }, "Telegram getMe failed: the page shows no bot link");
		return null;
	} finally {
		clearTimeout(timer);
	}
}
