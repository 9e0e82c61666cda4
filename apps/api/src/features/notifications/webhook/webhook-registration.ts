import type { AppDeps } from "../../../http/deps.js";

/** The path Telegram posts updates to (the webhook route answers there). */
export const TELEGRAM_WEBHOOK_PATH = "/api/v1/telegram/webhook";
/** Only what the bot handles: messages (/start, /stop), button presses, being added or removed. */
export const TELEGRAM_ALLOWED_UPDATES = ["message", "callback_query", "my_chat_member"] as const;

export interface WebhookRegistrationOptions {
	/** First wait after a failed attempt, doubling up to `maxDelayMs`. */
	baseDelayMs?: number;
	maxDelayMs?: number;
}

/**
 * Tells Telegram where to post the bot's updates (decision 024, "Webhook"): setWebhook with
 * PUBLIC_URL and the secret it must echo, in the background, tried again with backoff until
 * Telegram says yes, so a server starts even when Telegram cannot be reached. Nothing happens
 * without PUBLIC_URL (no address Telegram could reach) or without the bot. Every server does it
 * at start; setWebhook with the same arguments is idempotent. The returned function stops
 * trying and waits for an attempt in flight.
 */
export function registerWebhookInBackground(
	deps: Pick<AppDeps, "telegram" | "config" | "log">,
	options: WebhookRegistrationOptions = {},
): () => Promise<void> {
	const telegram = deps.telegram;
	const publicUrl = deps.config.publicUrl;
	if (!telegram || !publicUrl) return async () => {};
	const baseDelayMs = options.baseDelayMs ?? 5_000;
	const maxDelayMs = options.maxDelayMs ?? 5 * 60_000;
	const url = `${publicUrl}${TELEGRAM_WEBHOOK_PATH}`;
	let stopped = false;
	let timer: NodeJS.Timeout | null = null;
	let wake: (() => void) | null = null;

	const running = (async () => {
		for (let attempt = 0; !stopped; attempt++) {
			try {
				await telegram.bot.api.setWebhook(url, {
					secret_token: telegram.webhookSecret,
					allowed_updates: [...TELEGRAM_ALLOWED_UPDATES],
				});
				deps.log.info({ url }, "Telegram webhook registered");
				return;
			} catch (error) {
				const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
				deps.log.warn({ err: error, url, retryInMs: delay }, "Telegram webhook not registered yet: trying again");
				await new Promise<void>((resolve) => {
					wake = resolve;
					timer = setTimeout(resolve, delay);
					timer.unref();
				});
			}
		}
	})();

	return async () => {
		stopped = true;
		if (timer) clearTimeout(timer);
		(wake as (() => void) | null)?.();
		await running;
	};
}
