import { type MemberNoticeKind, NOTICE_CATEGORY_OF, type NoticeCategory, type ShopNoticeKind } from "@bayon/contract";
import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";

/**
 * Queues the bot's messages (issue 15, decision 024). Call these inside the transaction of the
 * change the message tells about, so a change and its message commit together or not at all;
 * the delivery workers send them after commit.
 *
 * Each is one INSERT … SELECT that finds the chats to tell and writes nothing when there are
 * none (no Telegram sign-in, the bot blocked or stopped, the kind switched off, no staff group,
 * a server with no bot at all): an order pays one cheap statement, never a call to Telegram.
 * The text is not made here but at delivery, in the chat's language then.
 *
 * `dedupe_key` (kind:subject:chat, plus `occurrence` when the same thing can happen twice to one
 * subject) makes a second call for the same event a no-op: each event is told once.
 *
 * What `subject_id` names, by kind:
 * - order…, shopNewOrder: the order (`customer_order.id`). refundApproved, refundRejected and
 *   shopRefundRequested also carry the refund request's time (`refund_requested_at`, epoch ms) as
 *   their occurrence, since a refused refund may be asked for again.
 * - booking…, shopNewBooking: the booking (`reservation.id`); the reminders too.
 * - rechargeCredited: the recharge (`recharge.id`).
 * - withdrawal…: the withdrawal (`shop_withdrawal.id`), `shop_id` its shop.
 * - shopBellCall: the bell call (`table_call.id`).
 */

type Db = Kysely<DB> | Transaction<DB>;

export interface MemberNotice {
	tenantId: number;
	memberId: number;
	kind: MemberNoticeKind;
	/** The order, booking or recharge the message is about. */
	subjectId: number;
	/** The shop it is about, when there is one (shown in the message). */
	shopId?: number | null;
	/** Set when this kind can happen more than once to one subject (e.g. a second refund request). */
	occurrence?: string | number;
	now: Date;
}

/** Tells a member in their private chat(s) with the bot. */
export async function tellMember(trx: Db, notice: MemberNotice): Promise<void> {
	await queueMessages(trx, [memberMessageRows(notice)]);
}

/** The rows of the member's message: one per private chat that may hear it, none when there is none. */
export function memberMessageRows(notice: MemberNotice) {
	const category: NoticeCategory = NOTICE_CATEGORY_OF[notice.kind];
	return sql`
		SELECT ti.tenant_id, c.chat_id, ti.member_id, ${notice.shopId ?? null}::bigint, ${notice.kind}::text, ${notice.subjectId}::bigint,
			${dedupePrefix(notice.kind, notice.subjectId, notice.occurrence)} || c.chat_id, ${notice.now}::timestamptz, ${notice.now}::timestamptz
		FROM telegram_identity ti
		JOIN bot_chat c ON c.chat_id = ti.telegram_user_id AND c.kind = 'private' AND c.blocked_at IS NULL
		LEFT JOIN member_notice_settings s ON s.member_id = ti.member_id
		WHERE ti.tenant_id = ${notice.tenantId} AND ti.member_id = ${notice.memberId}
			AND NOT (coalesce(s.muted, '{}'::text[]) @> ARRAY[${category}]::text[])`;
}

/**
 * Queues the rows of several messages in one statement (a payment's "paid" and "new order"),
 * each told once (`dedupe_key`).
 */
export async function queueMessages(trx: Db, rows: ReturnType<typeof sql>[]): Promise<void> {
	await messagesInsert(rows)?.execute(trx);
}

/** The one INSERT of queueMessages, for a statement that writes more (a CTE); null when there are no rows. */
export function messagesInsert(rows: ReturnType<typeof sql>[]): RawBuilder<Record<string, never>> | null {
	if (rows.length === 0) return null;
	// Typed as giving no rows (it has no RETURNING): a payment's statement carries it as a CTE.
	return sql<Record<string, never>>`
		INSERT INTO bot_message (tenant_id, chat_id, member_id, shop_id, kind, subject_id, dedupe_key, next_attempt_at, created_at)
		${sql.join(rows, sql` UNION ALL `)}
		ON CONFLICT (dedupe_key) DO NOTHING
	`;
}

export interface ShopNotice {
	tenantId: number;
	shopId: number;
	subjectId: number;
	occurrence?: string | number;
	now: Date;
}

/** Tells the shop's owners in their private chats: withdrawal news. */
export async function tellShopOwners(
	trx: Db,
	notice: ShopNotice & { kind: Extract<MemberNoticeKind, `withdrawal${string}`> },
): Promise<void> {
	const category: NoticeCategory = NOTICE_CATEGORY_OF[notice.kind];
	await sql`
		INSERT INTO bot_message (tenant_id, chat_id, member_id, shop_id, kind, subject_id, dedupe_key, next_attempt_at, created_at)
		SELECT ti.tenant_id, c.chat_id, ti.member_id, ${notice.shopId}, ${notice.kind}, ${notice.subjectId},
			${dedupePrefix(notice.kind, notice.subjectId, notice.occurrence)} || c.chat_id, ${notice.now}, ${notice.now}
		FROM shop_staff st
		JOIN telegram_identity ti ON ti.tenant_id = ${notice.tenantId} AND ti.member_id = st.member_id
		JOIN bot_chat c ON c.chat_id = ti.telegram_user_id AND c.kind = 'private' AND c.blocked_at IS NULL
		LEFT JOIN member_notice_settings s ON s.member_id = ti.member_id
		WHERE st.shop_id = ${notice.shopId} AND st.role = 'owner'
			AND NOT (coalesce(s.muted, '{}'::text[]) @> ARRAY[${category}]::text[])
		ON CONFLICT (dedupe_key) DO NOTHING
	`.execute(trx);
}

/** Tells the shop's staff group, when the shop linked one. */
export async function tellShopGroup(trx: Db, notice: ShopNotice & { kind: ShopNoticeKind }): Promise<void> {
	await queueMessages(trx, [shopGroupMessageRows(notice)]);
}

/** The row of the shop group's message, none when the shop has no group (or it blocked the bot). */
export function shopGroupMessageRows(notice: ShopNotice & { kind: ShopNoticeKind }) {
	return sql`
		SELECT g.tenant_id, c.chat_id, NULL::bigint, g.shop_id, ${notice.kind}::text, ${notice.subjectId}::bigint,
			${dedupePrefix(notice.kind, notice.subjectId, notice.occurrence)} || c.chat_id, ${notice.now}::timestamptz, ${notice.now}::timestamptz
		FROM shop_bot_group g
		JOIN bot_chat c ON c.chat_id = g.chat_id AND c.blocked_at IS NULL
		WHERE g.shop_id = ${notice.shopId} AND g.tenant_id = ${notice.tenantId}`;
}

function dedupePrefix(kind: string, subjectId: number, occurrence: string | number | undefined): string {
	return occurrence === undefined ? `${kind}:${subjectId}:` : `${kind}:${subjectId}:${occurrence}:`;
}
