import type { AppDeps } from "../../http/deps.js";

/** The updates the handlers in updates.ts use; Telegram sends nothing else. */
const ALLOWED_UPDATES = ["message", "callback_query", "my_chat_member"] as const;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 10 * 60_000;

/**
 * Tells Telegram where to send the bot's updates (decision 024): setWebhook with PUBLIC_URL's
 * webhook and the secret it must echo. In the background, so a server starts without Telegram;
 * retried with backoff (5 s doubling, at most 10 minutes) until Telegram says yes. Every server
 * does it at start: the call is idempotent and they all register the same URL and secret.
 * Nothing to do without a bot or without PUBLIC_URL. Returns a stop for shutdown.
 */
export function registerTelegramWebhook(deps: Pick<AppDeps, "config" | "telegram" | "log">): () => void {
	const telegram = deps.telegram;
	const publicUrl = deps.config.publicUrl?.replace(/\/+$/, "");
	if (!telegram || !publicUrl) return () => {};
	const url = `${publicUrl}/api/v1/telegram/webhook`;
	let stopped = false;
	let timer: NodeJS.Timeout | undefined;
	const attempt = async (delayMs: number) => {
		if (stopped) return;
		try {
			await telegram.bot.api.setWebhook(url, {
				secret_token: telegram.webhookSecret,
				allowed_updates: [...ALLOWED_UPDATES],
			});
			deps.log.info({ url }, "Telegram webhook registered");
		} catch (error) {
			if (stopped) return;
			deps.log.warn({ err: error, retryInMs: delayMs }, "Telegram webhook not registered yet");
			timer = setTimeout(() => void attempt(Math.min(delayMs * 2, LONGEST_RETRY_MS)), delayMs);
		}
	};
	void attempt(FIRST_RETRY_MS);
	return () => {
		stopped = true;
		clearTimeout(timer);
	};
}
