import { timingSafeEqual } from "node:crypto";
import type { FastifyError, FastifyInstance } from "fastify";
import type { Update } from "grammy/types";
import type { AppDeps } from "../../../http/deps.js";
import { headerValue } from "../../../http/language.js";
import { BOT_API_TIMEOUT_SECONDS, type TelegramBot } from "../../../lib/telegram-bot.js";
import { installUpdateHandlers } from "./updates.js";

export const WEBHOOK_SECRET_HEADER = "x-telegram-bot-api-secret-token";

/**
 * `POST /api/v1/telegram/webhook` (decision 024): Telegram's updates for the bot. It answers
 * Telegram, not the app, so it speaks plain HTTP rather than the app's envelope, in its own
 * scope (no tenant, no session):
 *
 * - no bot on this server: 404;
 * - the secret-token header missing or wrong (compared in constant time): 401, before the body
 *   is read, and nothing is handled;
 * - a body that is not an update (an object with a numeric update_id): 400;
 * - Telegram unreachable when the bot first needs to know itself (getMe): 503, so Telegram
 *   sends the update again later, as nothing of it was handled yet;
 * - otherwise 200, also when a handler failed. Telegram redelivers every update not answered
 *   2xx, in order, holding back the ones after it: an update our code cannot handle (a bug, a
 *   row that breaks a rule) would fail the same way every time and block the bot's chats for
 *   hours. The failure is logged instead; a person whose press or /start went unanswered can
 *   simply do it again, and every handler is safe to repeat.
 */
export async function telegramWebhookRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
	installUpdateHandlers(deps);
	await app.register(async (scope) => {
		scope.setErrorHandler((error: FastifyError, request, reply) => {
			const status = typeof error.statusCode === "number" && error.statusCode < 500 ? error.statusCode : 500;
			if (status === 500) request.log.error({ err: error }, "telegram webhook failed");
			return reply.code(status).send({ ok: false });
		});
		scope.addHook("onRequest", async (request, reply) => {
			const telegram = deps.telegram;
			if (!telegram) return reply.code(404).send({ ok: false });
			const given = headerValue(request.headers[WEBHOOK_SECRET_HEADER]);
			if (!given || !sameSecret(given, telegram.webhookSecret)) {
				request.log.warn("telegram webhook refused: missing or wrong secret token");
				return reply.code(401).send({ ok: false });
			}
		});
		scope.post("/api/v1/telegram/webhook", async (request, reply) => {
			const telegram = deps.telegram;
			if (!telegram) return reply.code(404).send({ ok: false });
			const update = request.body;
			if (!isUpdate(update)) return reply.code(400).send({ ok: false });
			try {
				await readyWithin(telegram, BOT_API_TIMEOUT_SECONDS * 1000);
			} catch (error) {
				request.log.warn({ err: error }, "telegram webhook: the bot could not reach Telegram (getMe)");
				return reply.code(503).send({ ok: false });
			}
			try {
				await telegram.bot.handleUpdate(update);
			} catch (error) {
				request.log.error({ err: error, updateId: update.update_id }, "telegram update failed");
			}
			return reply.code(200).send({ ok: true });
		});
	});
}

/**
 * `ready()` asks getMe once, bounded by the Bot API client's timeout; this bound keeps the
 * webhook's answer within one timeout whatever the client does, and the caller answers 503 so
 * Telegram sends the update again later.
 */
async function readyWithin(telegram: TelegramBot, timeoutMs: number): Promise<void> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`Telegram's getMe took longer than ${timeoutMs} ms`)), timeoutMs);
	});
	try {
		await Promise.race([telegram.ready(), timeout]);
	} finally {
		clearTimeout(timer);
	}
}

function isUpdate(body: unknown): body is Update {
	return (
		typeof body === "object" &&
		body !== null &&
		!Array.isArray(body) &&
		Number.isSafeInteger((body as { update_id?: unknown }).update_id)
	);
}

/** Constant-time comparison; a length mismatch is refused without comparing (lengths are not secret). */
function sameSecret(given: string, expected: string): boolean {
	const a = Buffer.from(given, "utf8");
	const b = Buffer.from(expected, "utf8");
	return a.length === b.length && timingSafeEqual(a, b);
}
