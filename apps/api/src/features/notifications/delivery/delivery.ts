import { GrammyError, HttpError } from "grammy";
import { sql, type Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import { addSeconds } from "../../../lib/clock.js";
import { BOT_API_TIMEOUT_SECONDS, type TelegramBot } from "../../../lib/telegram-bot.js";
import {
	type ChatKind,
	chatLanguage,
	type OutboxMessage,
	renderBotMessage,
	renderOrderDigest,
} from "../messages/render.js";
import { moveGroupChat } from "./chats.js";

/**
 * Delivers the outbox (decision 024, "Delivery"): workers on every server take due chats, send
 * each one message, and record what Telegram said. Safe on several servers at once:
 *
 * 1. One short transaction claims: the due chats (their oldest open message has come due and
 *    the chat's own pace allows a message) under FOR UPDATE SKIP LOCKED, so two servers never
 *    take one chat; a share of the bot's budget (the one `bot_send_budget` row, about 30 a
 *    second for the whole bot); the oldest open message of each chat (`sending`, leased for
 *    60 s); and the chat's next turn (one second on, three for a group).
 * 2. After commit the messages are rendered and sent, several at once, each under a timeout.
 * 3. Each outcome is recorded only if the claim is still ours (status `sending` with the
 *    attempt number we took).
 *
 * One message per chat per round and only the oldest open one: a chat's messages arrive in the
 * order they were queued, and a message that must wait (backoff, 429) holds back the ones after
 * it. Every time comes from deps.clock, never the database's now(), so tests move time.
 */

export interface BotDeliveryTally {
	sent: number;
	/** Back to pending: Telegram asked us to slow down, or could not be reached. */
	retrying: number;
	failed: number;
	/** Not sent and never will be: stale, the chat blocked, or the subject gone. */
	skipped: number;
	/** Chats found blocked (403, or "chat not found") in this call. */
	blockedChats: number;
	rounds: number;
	/**
	 * The bot's budget ran out before everything due was claimed: more is due as soon as the
	 * budget's window turns (at this instant, on deps.clock).
	 */
	budgetResetsAt: Date | null;
}

export interface BotDeliveryOptions {
	/** Chats taken per round (default: the per-second budget). */
	roundSize?: number;
	/** Messages a second for the whole bot, shared by every server (Telegram: about 30). */
	sendsPerSecond?: number;
	/** Each send gives up after this long (default: the Bot API client's timeout). */
	sendTimeoutMs?: number;
	/** At most this many rounds per call (default: until nothing is due). */
	maxRounds?: number;
}

/** Telegram's limit for a bot's messages across all chats (bots FAQ: about 30 a second). */
export const BOT_SENDS_PER_SECOND = 30;
/** One message a second in a private chat; a group allows 20 a minute. */
const PRIVATE_CHAT_GAP_SECONDS = 1;
const GROUP_CHAT_GAP_SECONDS = 3;
/** A claimed message stays with its worker this long; past it another worker takes it again. */
const LEASE_SECONDS = 60;
/**
 * "Your order is ready" a day late helps no one: a member's message still unsent after this is
 * skipped. A staff group's never are (issue 27): its old order news is folded instead.
 */
const STALE_AFTER_SECONDS = 24 * 3600;
/**
 * A staff group's `shopNewOrder` messages that waited longer than this (the bot was off, the
 * group unreachable, a burst beyond 20 a minute) go out as one digest, a line per order, instead
 * of one by one three seconds apart (decision 024, "A group's backlog").
 */
export const FOLD_ORDER_NEWS_AFTER_SECONDS = 10 * 60;
/** Orders in one digest: well inside Telegram's 4,096 characters; more go in the next one. */
export const ORDER_DIGEST_MAX = 40;
const BACKOFF_FIRST_SECONDS = 5;
const BACKOFF_MAX_SECONDS = 10 * 60;
export const MAX_SEND_ATTEMPTS = 10;
/** Rounds per call when the caller sets no limit: a guard against a loop, never reached in practice. */
const ROUND_GUARD = 1000;

interface ClaimedMessage extends OutboxMessage {
	chatKind: ChatKind;
	attempts: number;
	createdAt: Date;
}

interface RoundResult {
	claimed: ClaimedMessage[];
	skipped: number;
	budgetResetsAt: Date | null;
}

/** Runs delivery rounds until nothing is due (or the budget ran out); returns what happened. */
export async function deliverBotMessages(deps: AppDeps, options: BotDeliveryOptions = {}): Promise<BotDeliveryTally> {
	const tally: BotDeliveryTally = {
		sent: 0,
		retrying: 0,
		failed: 0,
		skipped: 0,
		blockedChats: 0,
		rounds: 0,
		budgetResetsAt: null,
	};
	if (!deps.telegram) return tally;
	const perSecond = options.sendsPerSecond ?? BOT_SENDS_PER_SECOND;
	const roundSize = options.roundSize ?? perSecond;
	const maxRounds = options.maxRounds ?? ROUND_GUARD;
	while (tally.rounds < maxRounds) {
		const round = await claimRound(deps, { roundSize, perSecond });
		tally.rounds += 1;
		tally.skipped += round.skipped;
		tally.budgetResetsAt = round.budgetResetsAt;
		const outcomes = await Promise.all(round.claimed.map((message) => deliverOneSafely(deps, message, options)));
		for (const outcome of outcomes) {
			tally[outcome.result] += 1;
			if (outcome.blockedChat) tally.blockedChats += 1;
		}
		// A round that took fewer chats than it could found nothing more due right now.
		if (round.budgetResetsAt || (round.claimed.length < roundSize && round.skipped === 0)) break;
	}
	return tally;
}

// ---------------------------------------------------------------------------------------------
// 1. Claim

async function claimRound(deps: AppDeps, args: { roundSize: number; perSecond: number }): Promise<RoundResult> {
	const now = deps.clock.now();
	// Without budget left there is no point locking chats: say when it turns.
	const budget = await deps.db.selectFrom("bot_send_budget").selectAll().where("id", "=", 1).executeTakeFirst();
	if (budget) {
		const resetsAt = addSeconds(windowStartOf(budget.window_start), 1);
		if (!clockSteppedBack(windowStartOf(budget.window_start), now) && resetsAt > now && budget.sent >= args.perSecond)
			return { claimed: [], skipped: 0, budgetResetsAt: resetsAt };
	}
	return deps.db.transaction().execute(async (trx) => {
		// Due chats: the oldest open message has come due and the chat's pace allows one now.
		// Blocked chats are taken too, only to skip what was queued for them in a race with
		// the block. SKIP LOCKED: a chat another server holds is that server's this round.
		const due = await sql<{ chat_id: number; kind: ChatKind; blocked: boolean }>`
			SELECT c.chat_id, c.kind, c.blocked_at IS NOT NULL AS blocked
			FROM bot_chat c
			CROSS JOIN LATERAL (
				SELECT m.id, m.next_attempt_at FROM bot_message m
				WHERE m.chat_id = c.chat_id AND m.status IN ('pending', 'sending')
				ORDER BY m.id LIMIT 1
			) head
			WHERE c.chat_id IN (
					SELECT chat_id FROM bot_message
					WHERE status IN ('pending', 'sending') AND next_attempt_at <= ${now}
				)
				AND head.next_attempt_at <= ${now}
				AND (c.next_send_at <= ${now} OR c.blocked_at IS NOT NULL)
			ORDER BY head.id
			LIMIT ${args.roundSize}
			FOR UPDATE OF c SKIP LOCKED
		`.execute(trx);
		if (due.rows.length === 0) return { claimed: [], skipped: 0, budgetResetsAt: null };

		let skipped = 0;
		const blocked = due.rows.filter((chat) => chat.blocked).map((chat) => chat.chat_id);
		if (blocked.length > 0) skipped += await skipOpenMessages(trx, blocked, now, "chat blocked");
		const open = due.rows.filter((chat) => !chat.blocked);
		if (open.length === 0) return { claimed: [], skipped, budgetResetsAt: null };
		const openIds = open.map((chat) => chat.chat_id);

		// Stale: a member's message still unsent a day after it was queued. Skipped under the
		// chat's lock, so the chat's next message (if any is fresh) can go in this very round.
		// A staff group's backlog is never dropped: its old order news goes as one digest.
		const privateIds = open.filter((chat) => chat.kind === "private").map((chat) => chat.chat_id);
		if (privateIds.length > 0) {
			const stale = await sql`
				UPDATE bot_message SET status = 'skipped', lease_until = NULL, last_error = 'stale: not sent within 24 hours'
				WHERE chat_id = ANY(${privateIds}::bigint[]) AND status IN ('pending', 'sending')
					AND next_attempt_at <= ${now} AND created_at <= ${addSeconds(now, -STALE_AFTER_SECONDS)}
			`.execute(trx);
			skipped += Number(stale.numAffectedRows ?? 0);
		}

		const heads = await sql<{ id: number; chat_id: number; next_attempt_at: Date }>`
			SELECT DISTINCT ON (chat_id) id, chat_id, next_attempt_at FROM bot_message
			WHERE chat_id = ANY(${openIds}::bigint[]) AND status IN ('pending', 'sending')
			ORDER BY chat_id, id
		`.execute(trx);
		const dueHeads = heads.rows.filter((head) => new Date(head.next_attempt_at) <= now).sort((a, b) => a.id - b.id);
		if (dueHeads.length === 0) return { claimed: [], skipped, budgetResetsAt: null };

		const granted = await takeBudget(trx, now, dueHeads.length, args.perSecond);
		const taken = dueHeads.slice(0, granted.count);
		if (taken.length === 0) return { claimed: [], skipped, budgetResetsAt: granted.resetsAt };
		const kindOf = new Map(open.map((chat) => [chat.chat_id, chat.kind]));
		const claimed = await sql<{
			id: number;
			tenant_id: number;
			chat_id: number;
			member_id: number | null;
			shop_id: number | null;
			kind: string;
			subject_id: number;
			attempts: number;
			created_at: Date;
		}>`
			UPDATE bot_message
			SET status = 'sending', attempts = attempts + 1, lease_until = ${addSeconds(now, LEASE_SECONDS)},
				next_attempt_at = ${addSeconds(now, LEASE_SECONDS)}
			WHERE id = ANY(${taken.map((head) => head.id)}::bigint[]) AND status IN ('pending', 'sending')
				AND next_attempt_at <= ${now}
			RETURNING id, tenant_id, chat_id, member_id, shop_id, kind, subject_id, attempts, created_at
		`.execute(trx);
		const byGap = { private: [] as number[], group: [] as number[] };
		for (const row of claimed.rows) byGap[kindOf.get(row.chat_id) ?? "private"].push(row.chat_id);
		for (const [kind, chatIds] of Object.entries(byGap)) {
			if (chatIds.length === 0) continue;
			const gap = kind === "group" ? GROUP_CHAT_GAP_SECONDS : PRIVATE_CHAT_GAP_SECONDS;
			await trx
				.updateTable("bot_chat")
				.set({ next_send_at: addSeconds(now, gap) })
				.where("chat_id", "in", chatIds)
				.execute();
		}
		return {
			claimed: claimed.rows.map((row) => ({
				id: row.id,
				tenantId: row.tenant_id,
				chatId: row.chat_id,
				memberId: row.member_id,
				shopId: row.shop_id,
				kind: row.kind,
				subjectId: row.subject_id,
				attempts: row.attempts,
				createdAt: new Date(row.created_at),
				chatKind: kindOf.get(row.chat_id) ?? "private",
			})),
			skipped,
			budgetResetsAt: granted.count < dueHeads.length ? granted.resetsAt : null,
		};
	});
}

/**
 * Takes up to `wanted` sends from the bot's budget for the current one-second window (a new
 * window starts once the last is a second old). The row is locked only for this statement pair.
 */
async function takeBudget(
	trx: Transaction<DB>,
	now: Date,
	wanted: number,
	perSecond: number,
): Promise<{ count: number; resetsAt: Date }> {
	const row = await trx.selectFrom("bot_send_budget").selectAll().where("id", "=", 1).forUpdate().executeTakeFirst();
	const windowStart = windowStartOf(row?.window_start);
	const fresh = !row || addSeconds(windowStart, 1) <= now || clockSteppedBack(windowStart, now);
	const used = fresh ? 0 : row.sent;
	const count = Math.max(0, Math.min(wanted, perSecond - used));
	const start = fresh ? now : windowStart;
	if (count > 0)
		await trx
			.insertInto("bot_send_budget")
			.values({ id: 1, window_start: start, sent: used + count })
			.onConflict((oc) => oc.column("id").doUpdateSet({ window_start: start, sent: used + count }))
			.execute();
	return { count, resetsAt: addSeconds(start, 1) };
}

async function skipOpenMessages(trx: Transaction<DB>, chatIds: number[], now: Date, reason: string): Promise<number> {
	const result = await trx
		.updateTable("bot_message")
		.set({ status: "skipped", lease_until: null, last_error: reason, next_attempt_at: now })
		.where("chat_id", "in", chatIds)
		.where("status", "in", ["pending", "sending"])
		.executeTakeFirst();
	return Number(result.numUpdatedRows);
}

// ---------------------------------------------------------------------------------------------
// 2 and 3. Send, record

/** The budget's window start; the row starts at '-infinity', which a driver may read as an invalid date. */
/**
 * A budget window starting well after now can only come from a clock that stepped back (NTP, a
 * test clock): a new window starts rather than waiting for the old clock's second to come round.
 * A window a little ahead is normal: another worker read the clock after this one did.
 */
function clockSteppedBack(windowStart: Date, now: Date): boolean {
	return windowStart.getTime() > now.getTime() + CLOCK_STEP_BACK_MS;
}
const CLOCK_STEP_BACK_MS = 60_000;

function windowStartOf(value: Date | string | undefined): Date {
	const date = value === undefined ? new Date(0) : new Date(value);
	return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

type GrammySignal = Parameters<TelegramBot["bot"]["api"]["sendMessage"]>[3];

type Outcome = { result: "sent" | "retrying" | "failed" | "skipped"; blockedChat?: boolean };

/**
 * One message, never throwing: when even recording the outcome fails (the database gone for a
 * moment) the message stays claimed and is taken again when its lease passes.
 */
async function deliverOneSafely(deps: AppDeps, message: ClaimedMessage, options: BotDeliveryOptions): Promise<Outcome> {
	try {
		return await deliverOne(deps, message, options);
	} catch (error) {
		deps.log.error(
			{ err: error, botMessageId: message.id },
			"bot message outcome not recorded: retried after its lease",
		);
		return { result: "retrying" };
	}
}

async function deliverOne(deps: AppDeps, message: ClaimedMessage, options: BotDeliveryOptions): Promise<Outcome> {
	const telegram = deps.telegram;
	if (!telegram) return { result: "retrying" };
	let rendered: Awaited<ReturnType<typeof renderBotMessage>>;
	// Order news that waited past the fold threshold, with the group's other such news.
	let folded: FoldedMessage[] = [];
	try {
		const lang = await chatLanguage(deps.db, message, message.chatKind);
		if (isOldOrderNews(deps, message)) {
			folded = await foldOrderNews(deps, message);
			rendered = await renderOrderDigest(
				deps,
				{ tenantId: message.tenantId, orderIds: [message.subjectId, ...folded.map((other) => other.subjectId)] },
				lang,
			);
		} else rendered = await renderBotMessage(deps, message, message.chatKind, lang);
	} catch (error) {
		// Our bug, or the database gone for a moment: try again later like a failed send.
		deps.log.error({ err: error, botMessageId: message.id }, "bot message could not be rendered");
		await unfold(deps, folded);
		return recordTransient(deps, message, `render: ${errorText(error)}`);
	}
	if (!rendered) {
		await finishFolded(deps, folded, { status: "skipped", last_error: "subject gone or no longer relevant" });
		await finish(deps, message, { status: "skipped", last_error: "subject gone or no longer relevant" });
		return { result: "skipped" };
	}
	try {
		const sent = await telegram.bot.api.sendMessage(
			message.chatId,
			rendered.text,
			{
				parse_mode: "HTML",
				link_preview_options: { is_disabled: true },
				...(rendered.replyMarkup ? { reply_markup: rendered.replyMarkup } : {}),
			},
			// grammY types its own AbortSignal shim; it only listens for "abort", which Node's has.
			AbortSignal.timeout(options.sendTimeoutMs ?? BOT_API_TIMEOUT_SECONDS * 1000) as unknown as GrammySignal,
		);
		await recordSent(deps, message, sent.message_id);
		await finishFolded(deps, folded, {
			status: "sent",
			telegram_message_id: sent.message_id,
			sent_at: deps.clock.now(),
			last_error: `in the digest of bot message ${message.id}`,
		});
		return { result: "sent" };
	} catch (error) {
		// The folded news goes back in line behind this message, which fares as any message.
		await unfold(deps, folded);
		return recordFailure(deps, message, error);
	}
}

interface FoldedMessage {
	id: number;
	subjectId: number;
	attempts: number;
}

function isOldOrderNews(deps: AppDeps, message: ClaimedMessage): boolean {
	return (
		message.chatKind === "group" &&
		message.kind === "shopNewOrder" &&
		message.createdAt <= addSeconds(deps.clock.now(), -FOLD_ORDER_NEWS_AFTER_SECONDS)
	);
}

/**
 * Claims the group's other waiting order news as old as the claimed message's, to go in its
 * digest. Only the worker holding the chat's oldest message (leased) sends to the chat, so
 * nobody else takes these meanwhile; SKIP LOCKED all the same.
 */
async function foldOrderNews(deps: AppDeps, head: ClaimedMessage): Promise<FoldedMessage[]> {
	const now = deps.clock.now();
	const taken = await sql<{ id: number; subject_id: number; attempts: number }>`
		UPDATE bot_message SET status = 'sending', attempts = attempts + 1,
			lease_until = ${addSeconds(now, LEASE_SECONDS)}, next_attempt_at = ${addSeconds(now, LEASE_SECONDS)}
		WHERE id IN (
			SELECT id FROM bot_message
			WHERE chat_id = ${head.chatId} AND id <> ${head.id} AND kind = 'shopNewOrder' AND status = 'pending'
				AND tenant_id = ${head.tenantId}
				AND created_at <= ${addSeconds(now, -FOLD_ORDER_NEWS_AFTER_SECONDS)}
			ORDER BY id LIMIT ${ORDER_DIGEST_MAX - 1}
			FOR UPDATE SKIP LOCKED
		)
		RETURNING id, subject_id, attempts
	`.execute(deps.db);
	return taken.rows.map((row) => ({ id: row.id, subjectId: row.subject_id, attempts: row.attempts }));
}

/** The digest did not go: its folded messages wait again, as they were before (not a failed try). */
async function unfold(deps: AppDeps, folded: FoldedMessage[]): Promise<void> {
	for (const message of folded)
		await deps.db
			.updateTable("bot_message")
			.set((eb) => ({
				status: "pending",
				attempts: eb("attempts", "-", 1),
				lease_until: null,
				next_attempt_at: deps.clock.now(),
			}))
			.where("id", "=", message.id)
			.where("status", "=", "sending")
			.where("attempts", "=", message.attempts)
			.execute();
}

async function finishFolded(
	deps: AppDeps,
	folded: FoldedMessage[],
	change: {
		status: "sent" | "skipped";
		telegram_message_id?: number;
		sent_at?: Date;
		last_error: string;
	},
): Promise<void> {
	for (const message of folded)
		await deps.db
			.updateTable("bot_message")
			.set({ ...change, lease_until: null })
			.where("id", "=", message.id)
			.where("status", "=", "sending")
			.where("attempts", "=", message.attempts)
			.execute();
}

/**
 * 200: sent. The chat's next turn is counted again from Telegram's answer, not only from the
 * claim: a slow send followed by a quick one would otherwise land less than a second apart.
 */
async function recordSent(deps: AppDeps, message: ClaimedMessage, telegramMessageId: number): Promise<void> {
	const now = deps.clock.now();
	const gap = message.chatKind === "group" ? GROUP_CHAT_GAP_SECONDS : PRIVATE_CHAT_GAP_SECONDS;
	await deps.db.transaction().execute(async (trx) => {
		// The chat first, then its message: the order a claim takes them in.
		await sql`UPDATE bot_chat SET next_send_at = greatest(next_send_at, ${addSeconds(now, gap)})
			WHERE chat_id = ${message.chatId}`.execute(trx);
		await trx
			.updateTable("bot_message")
			.set({
				status: "sent",
				telegram_message_id: telegramMessageId,
				sent_at: now,
				last_error: null,
				lease_until: null,
			})
			.where("id", "=", message.id)
			.where("status", "=", "sending")
			.where("attempts", "=", message.attempts)
			.execute();
	});
}

/** What Telegram's answer means for the message and its chat. */
async function recordFailure(deps: AppDeps, message: ClaimedMessage, error: unknown): Promise<Outcome> {
	if (error instanceof GrammyError) {
		const code = error.error_code;
		const description = error.description ?? "";
		if (code === 429) return recordTooMany(deps, message, error.parameters.retry_after ?? BACKOFF_FIRST_SECONDS);
		// The group became a supergroup: the link and everything waiting move to its new id,
		// and this message is sent again there (issue 27: it used to be marked failed).
		const movedTo = error.parameters.migrate_to_chat_id;
		if (code === 400 && typeof movedTo === "number") {
			await moveGroupChat(deps.db, {
				fromChatId: message.chatId,
				toChatId: movedTo,
				now: deps.clock.now(),
				resend: { messageId: message.id, attempts: message.attempts },
			});
			deps.log.info({ chatId: message.chatId, movedTo }, "Telegram group became a supergroup: its messages follow");
			return { result: "retrying" };
		}
		if (code === 403 || (code === 400 && /chat not found/i.test(description)))
			return recordBlocked(deps, message, `${code}: ${description}`);
		if (code === 400 || (code > 400 && code < 500 && code !== 401 && code !== 404 && code !== 409)) {
			// A request Telegram will never accept: our bug, not the chat's.
			deps.log.error(
				{ botMessageId: message.id, kind: message.kind, code, description },
				"Telegram refused a bot message",
			);
			await finish(deps, message, { status: "failed", last_error: `${code}: ${description}` });
			return { result: "failed" };
		}
		// 5xx, or a token / API address problem (401, 404) an operator fixes: try again later.
		return recordTransient(deps, message, `${code}: ${description}`);
	}
	if (error instanceof HttpError) return recordTransient(deps, message, errorText(error.error ?? error));
	return recordTransient(deps, message, errorText(error));
}

/** 429: back in line after `retry_after`, and the whole chat waits that long. */
async function recordTooMany(deps: AppDeps, message: ClaimedMessage, retryAfterSeconds: number): Promise<Outcome> {
	const now = deps.clock.now();
	const until = addSeconds(now, Math.max(1, retryAfterSeconds));
	await deps.db.transaction().execute(async (trx) => {
		await sql`UPDATE bot_chat SET next_send_at = greatest(next_send_at, ${until}), updated_at = ${now}
			WHERE chat_id = ${message.chatId}`.execute(trx);
		// Telegram pacing us is not a failed try of the message: it does not count toward giving up.
		await trx
			.updateTable("bot_message")
			.set((eb) => ({
				status: "pending",
				attempts: eb("attempts", "-", 1),
				lease_until: null,
				next_attempt_at: until,
				last_error: `429: retry after ${retryAfterSeconds} s`,
			}))
			.where("id", "=", message.id)
			.where("status", "=", "sending")
			.where("attempts", "=", message.attempts)
			.execute();
	});
	return { result: "retrying" };
}

/** 403 or "chat not found": the chat is blocked; this message fails, the rest of the chat's are skipped. */
async function recordBlocked(deps: AppDeps, message: ClaimedMessage, reason: string): Promise<Outcome> {
	const now = deps.clock.now();
	let mine = false;
	await deps.db.transaction().execute(async (trx) => {
		// The chat first, then its messages: the same order as a claim, so the two never deadlock.
		await trx
			.updateTable("bot_chat")
			.set({ blocked_at: now, updated_at: now })
			.where("chat_id", "=", message.chatId)
			.where("blocked_at", "is", null)
			.execute();
		const failed = await trx
			.updateTable("bot_message")
			.set({ status: "failed", lease_until: null, last_error: reason })
			.where("id", "=", message.id)
			.where("status", "=", "sending")
			.where("attempts", "=", message.attempts)
			.executeTakeFirst();
		mine = Number(failed.numUpdatedRows) > 0;
		await trx
			.updateTable("bot_message")
			.set({ status: "skipped", lease_until: null, last_error: "chat blocked" })
			.where("chat_id", "=", message.chatId)
			.where("id", "!=", message.id)
			.where("status", "in", ["pending", "sending"])
			.execute();
	});
	deps.log.info({ chatId: message.chatId, reason }, "Telegram chat blocked the bot: no more messages to it");
	return { result: mine ? "failed" : "skipped", blockedChat: true };
}

/** No answer, a network error or a 5xx: again after 5 s, doubling up to 10 minutes; after 10 tries, failed. */
async function recordTransient(deps: AppDeps, message: ClaimedMessage, reason: string): Promise<Outcome> {
	if (message.attempts >= MAX_SEND_ATTEMPTS) {
		deps.log.warn({ botMessageId: message.id, reason }, "bot message given up after repeated failures");
		await finish(deps, message, { status: "failed", last_error: reason });
		return { result: "failed" };
	}
	const delay = Math.min(BACKOFF_MAX_SECONDS, BACKOFF_FIRST_SECONDS * 2 ** (message.attempts - 1));
	await finish(deps, message, {
		status: "pending",
		next_attempt_at: addSeconds(deps.clock.now(), delay),
		last_error: reason,
	});
	return { result: "retrying" };
}

/** Records an outcome if the claim is still ours (a worker whose lease ran out lost it). */
async function finish(
	deps: AppDeps,
	message: ClaimedMessage,
	change: {
		status: "pending" | "failed" | "skipped";
		next_attempt_at?: Date;
		last_error: string | null;
	},
): Promise<void> {
	await deps.db
		.updateTable("bot_message")
		.set({ ...change, lease_until: null })
		.where("id", "=", message.id)
		.where("status", "=", "sending")
		.where("attempts", "=", message.attempts)
		.execute();
}

function errorText(error: unknown): string {
	const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
	return text.slice(0, 500);
}

// ---------------------------------------------------------------------------------------------
// The server's loop

const IDLE_WAIT_MS = 1000;

/**
 * Every server's delivery loop (started by startJobs when the bot is on): a call about once a
 * second when idle, at once again when the budget's next window opens with more waiting. Logs
 * tallies, not messages. The returned function stops it, waiting for the call in progress.
 */
export function startBotDeliveryLoop(
	deps: AppDeps,
	log: AppDeps["log"],
	options: BotDeliveryOptions = {},
): () => Promise<void> {
	let stopped = false;
	let wake: (() => void) | null = null;
	let timer: NodeJS.Timeout | null = null;
	const sleep = (ms: number) =>
		new Promise<void>((resolve) => {
			wake = resolve;
			timer = setTimeout(resolve, ms);
			timer.unref();
		});
	const running = (async () => {
		while (!stopped) {
			let waitMs = IDLE_WAIT_MS;
			try {
				const tally = await deliverBotMessages(deps, options);
				if (tally.sent + tally.retrying + tally.failed + tally.skipped > 0) {
					const { budgetResetsAt, rounds, ...counts } = tally;
					log.info(counts, "bot messages delivered");
				}
				if (tally.budgetResetsAt)
					waitMs = Math.max(10, Math.min(IDLE_WAIT_MS, tally.budgetResetsAt.getTime() - deps.clock.now().getTime()));
			} catch (error) {
				log.error({ err: error }, "bot message delivery failed");
			}
			if (!stopped) await sleep(waitMs);
		}
	})();
	return async () => {
		stopped = true;
		if (timer) clearTimeout(timer);
		(wake as (() => void) | null)?.();
		await running;
	};
}
