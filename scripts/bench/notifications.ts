import type { Kysely } from "kysely";
import type { DB } from "../../apps/api/src/db/schema.js";
import {
	BOT_SENDS_PER_SECOND,
	type BotDeliveryOptions,
	startBotDeliveryLoop,
} from "../../apps/api/src/features/notifications/delivery/delivery.js";
import type { AppDeps } from "../../apps/api/src/http/deps.js";
import { createTelegramBot } from "../../apps/api/src/lib/telegram-bot.js";
import { startFakeBotApi } from "../../apps/api/test/fake-bot-api.js";

/** Two delivery loops, as two servers on one database would run them. */
const LOOPS = 2;
const KINDS = ["orderPaid", "orderAccepted", "orderReady", "orderDelivered"] as const;

export interface OutboxRun {
	label: string;
	chats: number;
	messages: number;
	sent: number;
	seconds: number;
	perSecond: number;
	/** The shortest time between two messages arriving in one chat, in ms. */
	minChatGapMs: number;
	/** The most messages the fake received within any one second. */
	busiestSecond: number;
	/** The most messages the fake received within any five seconds. */
	busiestFiveSeconds: number;
}

export interface NotificationsBenchResult {
	runs: OutboxRun[];
	invariants: Array<{ name: string; holds: boolean; detail: string }>;
}

/**
 * The bot's outbox (issue 15) delivered to a local fake Bot API by the real delivery loops (two,
 * as two servers would run them), on the bench database: messages a second, with the per-chat
 * pace (one a second) always on. First with Telegram's limit for the whole bot (about 30 a
 * second), which is the figure production sees; then with that limit lifted, to show what the
 * machinery itself can carry. Each message is an order's news, rendered from the database.
 */
export async function benchNotifications(args: { db: Kysely<DB>; deps: AppDeps }): Promise<NotificationsBenchResult> {
	const fake = await startFakeBotApi();
	const telegram = createTelegramBot({
		...args.deps.config,
		telegramBotToken: "1234567890:BENCH-bot-token",
		telegramApiUrl: fake.url,
	});
	const deps: AppDeps = { ...args.deps, telegram };
	const order = await args.db
		.selectFrom("customer_order")
		.select(["id", "member_id"])
		.orderBy("id")
		.executeTakeFirstOrThrow();
	const invariants: NotificationsBenchResult["invariants"] = [];
	const runs: OutboxRun[] = [];
	try {
		let firstChat = 7_950_000_000;
		const run = async (label: string, chats: number, perChat: number, options: BotDeliveryOptions) => {
			const before = fake.calls.length;
			const chatIds = Array.from({ length: chats }, (_, i) => firstChat + i);
			firstChat += chats;
			await fillOutbox(args.db, chatIds, perChat, order, deps.clock.now());
			const started = Date.now();
			const loops = Array.from({ length: LOOPS }, () =>
				startBotDeliveryLoop(deps, { info() {}, warn() {}, error: (...a: unknown[]) => console.error(...a) }, options),
			);
			const messages = chats * perChat;
			try {
				await fake.waitFor(
					(calls) => calls.slice(before).filter((call) => call.method === "sendMessage").length >= messages,
					600_000,
				);
			} finally {
				await Promise.all(loops.map((stop) => stop()));
			}
			const calls = fake.calls.slice(before).filter((call) => call.method === "sendMessage");
			// Sending time: first arrival to last, plus the last budget window's second (ten windows of
			// 30 take ten seconds though the tenth starts nine seconds after the first).
			const seconds = ((calls.at(-1)?.at ?? started) - (calls[0]?.at ?? started)) / 1000 + 1;
			const result: OutboxRun = {
				label,
				chats,
				messages,
				sent: calls.filter((call) => call.status === 200).length,
				seconds: Math.round(seconds * 10) / 10,
				perSecond: Math.round(messages / seconds),
				minChatGapMs: minChatGap(calls),
				busiestSecond: busiest(
					calls.map((call) => call.at),
					1000,
				),
				busiestFiveSeconds: busiest(
					calls.map((call) => call.at),
					5000,
				),
			};
			runs.push(result);
			return result;
		};

		const limited = await run(`Telegram's limit (${BOT_SENDS_PER_SECOND}/s for the bot)`, 100, 3, {});
		await run("bot-wide limit lifted (machinery)", 2000, 2, {
			sendsPerSecond: 100_000,
			roundSize: 500,
		});
		for (const result of runs)
			invariants.push({
				name: `${result.label}: every message sent once`,
				holds: result.sent === result.messages,
				detail: `${result.sent} of ${result.messages}`,
			});
		// A chat's next turn comes a second after Telegram answered its last message.
		for (const result of runs)
			invariants.push({
				name: `${result.label}: one message a second per chat`,
				holds: result.minChatGapMs >= 1000,
				detail: `shortest gap in one chat ${result.minChatGapMs} ms`,
			});
		// The budget hands out 30 sends per one-second window; a window's sends reach Telegram a
		// little after its claim, so two windows can land within one second: judged over five.
		invariants.push({
			name: `Telegram's limit: at most ${BOT_SENDS_PER_SECOND} a second over any five seconds (one window of arrival jitter allowed)`,
			holds: limited.busiestFiveSeconds <= BOT_SENDS_PER_SECOND * 6,
			detail: `busiest five seconds ${limited.busiestFiveSeconds}, busiest second ${limited.busiestSecond}`,
		});
	} finally {
		await fake.close();
	}
	return { runs, invariants };
}

async function fillOutbox(
	db: Kysely<DB>,
	chatIds: number[],
	perChat: number,
	order: { id: number; member_id: number },
	now: Date,
): Promise<void> {
	for (let from = 0; from < chatIds.length; from += 500) {
		const batch = chatIds.slice(from, from + 500);
		await db
			.insertInto("bot_chat")
			.values(batch.map((chat_id) => ({ chat_id, kind: "private" as const, created_at: now, updated_at: now })))
			.execute();
		for (const kind of KINDS.slice(0, perChat))
			await db
				.insertInto("bot_message")
				.values(
					batch.map((chat_id) => ({
						tenant_id: 1,
						chat_id,
						member_id: order.member_id,
						shop_id: null,
						kind,
						subject_id: order.id,
						dedupe_key: `bench:${kind}:${order.id}:${chat_id}`,
						next_attempt_at: now,
						created_at: now,
					})),
				)
				.execute();
	}
}

function minChatGap(calls: Array<{ params: Record<string, unknown>; at: number }>): number {
	const last = new Map<number, number>();
	let min = Number.POSITIVE_INFINITY;
	for (const call of calls) {
		const chat = Number(call.params.chat_id);
		const previous = last.get(chat);
		if (previous !== undefined) min = Math.min(min, call.at - previous);
		last.set(chat, call.at);
	}
	return Number.isFinite(min) ? min : 0;
}

/** The most of `times` within any `spanMs`. */
function busiest(times: number[], spanMs: number): number {
	const sorted = [...times].sort((a, b) => a - b);
	let busiest = 0;
	let start = 0;
	for (let end = 0; end < sorted.length; end++) {
		while ((sorted[end] as number) - (sorted[start] as number) >= spanMs) start++;
		busiest = Math.max(busiest, end - start + 1);
	}
	return busiest;
}

/** Prints the figures like the other bench sections; false when an invariant failed. */
export function reportNotificationsBench(result: NotificationsBenchResult): boolean {
	console.log(
		`\nbot outbox: ${LOOPS} delivery loops (as two servers) sending to a local fake Bot API, order news rendered from the database, one message a second per chat; time is first to last arrival plus one second:`,
	);
	for (const run of result.runs)
		console.log(
			`  ${run.label}: ${run.messages} messages to ${run.chats} chats in ${run.seconds} s, ${run.perSecond} messages/s (busiest second ${run.busiestSecond}, busiest five seconds ${run.busiestFiveSeconds}, shortest gap in one chat ${run.minChatGapMs} ms)`,
		);
	for (const invariant of result.invariants)
		console.log(`  ${invariant.holds ? "ok  " : "FAIL"} ${invariant.name}: ${invariant.detail}`);
	return result.invariants.every((invariant) => invariant.holds);
}
