import type { TestServer } from "./harness.js";

let nextUpdateId = 900_000_000;

/** Posts an update to the server's webhook as Telegram does; `secret: null` leaves the header out. */
export async function postUpdate(
	server: TestServer,
	update: Record<string, unknown>,
	options: { secret?: string | null } = {},
): Promise<number> {
	const secret = options.secret === undefined ? server.deps.telegram?.webhookSecret : options.secret;
	const response = await fetch(`${server.url}/api/v1/telegram/webhook`, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}),
		},
		body: JSON.stringify({ update_id: nextUpdateId++, ...update }),
	});
	await response.arrayBuffer();
	return response.status;
}

export interface TelegramUserFields {
	id: number;
	first_name?: string;
	language_code?: string;
}

function userOf(user: TelegramUserFields) {
	return { is_bot: false, first_name: "Sokha", ...user };
}

/** A text message (a command) from `from` in a private chat, or in the group `group`. */
export function textMessage(
	from: TelegramUserFields,
	text: string,
	group?: { id: number; title: string; type?: "group" | "supergroup" },
) {
	const chat = group
		? { id: group.id, title: group.title, type: group.type ?? "group" }
		: { id: from.id, type: "private", first_name: "Sokha" };
	const command = /^\/\S+/.exec(text)?.[0];
	return {
		message: {
			message_id: Math.floor(Math.random() * 1_000_000),
			date: Math.floor(Date.now() / 1000),
			chat,
			from: userOf(from),
			text,
			...(command ? { entities: [{ type: "bot_command", offset: 0, length: command.length }] } : {}),
		},
	};
}

/** A press of a button under the bot's message `messageId` in `chatId`. */
export function buttonPress(
	from: TelegramUserFields,
	data: string,
	message: { chatId: number; messageId: number; text: string; keyboard: unknown[][]; group?: boolean },
) {
	return {
		callback_query: {
			id: `cq-${Math.random().toString(36).slice(2)}`,
			from: userOf(from),
			chat_instance: "ci-1",
			data,
			message: {
				message_id: message.messageId,
				date: Math.floor(Date.now() / 1000),
				chat: message.group
					? { id: message.chatId, type: "group", title: "Kitchen" }
					: { id: message.chatId, type: "private" },
				from: { id: 7_000_000_001, is_bot: true, first_name: "Bayon", username: "bayon_test_bot" },
				text: message.text,
				reply_markup: { inline_keyboard: message.keyboard },
			},
		},
	};
}

/** The bot's own membership in `chat` changed (removed, added back). */
export function botMembership(
	chat: { id: number; title: string },
	by: TelegramUserFields,
	status: "member" | "left" | "kicked",
) {
	const bot = { id: 7_000_000_001, is_bot: true, first_name: "Bayon", username: "bayon_test_bot" };
	return {
		my_chat_member: {
			chat: { ...chat, type: "group" },
			from: userOf(by),
			date: Math.floor(Date.now() / 1000),
			old_chat_member: status === "member" ? { status: "left", user: bot } : { status: "member", user: bot },
			new_chat_member: status === "kicked" ? { status: "kicked", user: bot, until_date: 0 } : { status, user: bot },
		},
	};
}
