import { createHmac } from "node:crypto";
import { Bot } from "grammy";
import type { Config } from "./config.js";

/**
 * The server's Telegram bot (issue 15, decision 024): grammY's `Bot`, pointed at
 * TELEGRAM_API_URL, shared by the outbox's delivery (which sends through `bot.api`) and the
 * webhook (which hands updates to the handlers in updates.ts). Null when TELEGRAM_BOT_TOKEN is
 * not set: the bot is off, nothing is queued for it, and the pages say so.
 */
export interface TelegramBot {
	bot: Bot;
	/** What Telegram must echo in X-Telegram-Bot-Api-Secret-Token for a webhook call to count. */
	webhookSecret: string;
	/**
	 * Asks Telegram who the bot is (getMe) once and remembers it; a failed ask (at most one Bot
	 * API timeout) is tried again by the next caller. Nothing calls Telegram at start-up, so a server without a network starts.
	 */
	ready(): Promise<{ username: string }>;
	/** The bot's @username once known, else null. */
	username(): string | null;
}

/** Every Bot API call gives up after this long; the outbox tries again later. */
export const BOT_API_TIMEOUT_SECONDS = 10;

export function createTelegramBot(config: Config): TelegramBot | null {
	const token = config.telegramBotToken;
	if (!token) return null;
	const bot = new Bot(token, {
		client: { apiRoot: config.telegramApiUrl, timeoutSeconds: BOT_API_TIMEOUT_SECONDS },
	});
	let pending: Promise<{ username: string }> | null = null;
	return {
		bot,
		webhookSecret: config.telegramWebhookSecret ?? deriveWebhookSecret(config.tokenSecret, token),
		ready() {
			if (bot.isInited()) return Promise.resolve({ username: bot.botInfo.username });
			// getMe itself, not bot.init(): init retries for as long as Telegram cannot be
			// reached, and a caller here would wait with it. One try, bounded by the API timeout.
			pending ??= bot.api
				.getMe()
				.then((me) => {
					bot.botInfo = me;
					return { username: me.username };
				})
				.finally(() => {
					pending = null;
				});
			return pending;
		},
		username: () => (bot.isInited() ? bot.botInfo.username : null),
	};
}

/**
 * Without TELEGRAM_WEBHOOK_SECRET the secret is derived from the token secret and the bot token:
 * every server of a deployment shares both, so they agree without another setting, and a new
 * bot token makes a new secret.
 */
function deriveWebhookSecret(tokenSecret: string, botToken: string): string {
	return createHmac("sha256", tokenSecret).update(`telegram-webhook:${botToken}`).digest("base64url");
}
