import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A small stand-in for Telegram's Bot API (issue 15), on loopback only: the server under test
 * points TELEGRAM_API_URL at it. It answers the methods the bot uses the way Telegram does,
 * records every call, and can be told to fail a chat's sends the ways Telegram fails: 429 with
 * `retry_after`, 403 (the bot was blocked), a 500, or no answer at all (a timeout).
 *
 * Other processes (the browser tests) read the record at `GET /__calls`.
 */

export interface BotApiCall {
	method: string;
	params: Record<string, unknown>;
	/** When the call arrived (Date.now()). */
	at: number;
	/** What the fake answered: 200, 400 (migrated), 429, 403, 500, or 0 when it never answered. */
	status: number;
	/** The `result` of a 200 answer. */
	result?: unknown;
}

export type BotApiFailure =
	| { kind: "tooMany"; retryAfter: number }
	| { kind: "blocked" }
	| { kind: "serverError" }
	| { kind: "timeout" }
	| { kind: "migrated"; toChatId: number };

export interface FakeBotApi {
	/** The API root for TELEGRAM_API_URL, e.g. http://127.0.0.1:41234 */
	url: string;
	botUsername: string;
	calls: BotApiCall[];
	/** The messages Telegram accepted (sendMessage answered 200), in arrival order. */
	sentMessages(): Array<{ chatId: number; text: string; replyMarkup: unknown; messageId: number; at: number }>;
	/** The next `times` sendMessage calls to `chatId` fail this way. */
	failNext(chatId: number, failure: BotApiFailure, times?: number): void;
	/** Every call for this chat answers 403 until `unblock`. */
	block(chatId: number): void;
	unblock(chatId: number): void;
	/**
	 * The group became a supergroup: every call for `chatId` answers 400 with
	 * `parameters.migrate_to_chat_id` (as Telegram does for the old id), until `reset`.
	 */
	migrate(chatId: number, toChatId: number): void;
	/** Every answer waits this long first (a slow Telegram). */
	setLatency(ms: number): void;
	/** Resolves once `predicate` holds for the record, or fails after `timeoutMs`. */
	waitFor(predicate: (calls: BotApiCall[]) => boolean, timeoutMs?: number): Promise<void>;
	reset(): void;
	close(): Promise<void>;
}

export const FAKE_BOT_ID = 7_000_000_001;
export const FAKE_BOT_USERNAME = "bayon_test_bot";

export async function startFakeBotApi(options: { port?: number } = {}): Promise<FakeBotApi> {
	const calls: BotApiCall[] = [];
	const failures = new Map<number, BotApiFailure[]>();
	const blocked = new Set<number>();
	const migrated = new Map<number, number>();
	const hanging = new Set<ServerResponse>();
	const sockets = new Set<Socket>();
	let latencyMs = 0;
	let nextMessageId = 1;

	const server: Server = createServer((request, response) => {
		void handle(request, response).catch(() => {
			if (!response.headersSent) answer(response, 500, { ok: false, error_code: 500, description: "fake failed" });
		});
	});
	server.on("connection", (socket) => {
		sockets.add(socket);
		socket.on("close", () => sockets.delete(socket));
	});

	async function handle(request: IncomingMessage, response: ServerResponse) {
		const url = new URL(request.url ?? "/", "http://fake");
		if (request.method === "GET" && url.pathname === "/__calls") {
			answer(response, 200, calls);
			return;
		}
		const match = /^\/bot[^/]+\/(\w+)$/.exec(url.pathname);
		if (!match?.[1]) {
			answer(response, 404, { ok: false, error_code: 404, description: "Not Found" });
			return;
		}
		const method = match[1];
		const params = await readParams(request, url);
		const call: BotApiCall = { method, params, at: Date.now(), status: 0 };
		calls.push(call);
		if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
		const chatId = typeof params.chat_id === "number" ? params.chat_id : Number(params.chat_id);
		const failure = Number.isFinite(chatId) ? takeFailure(chatId, method) : undefined;
		if (failure) {
			fail(call, response, failure);
			return;
		}
		call.status = 200;
		call.result = resultOf(method, params, chatId);
		answer(response, 200, { ok: true, result: call.result });
	}

	function takeFailure(chatId: number, method: string): BotApiFailure | undefined {
		if (blocked.has(chatId)) return { kind: "blocked" };
		const movedTo = migrated.get(chatId);
		if (movedTo !== undefined) return { kind: "migrated", toChatId: movedTo };
		if (method !== "sendMessage") return undefined;
		const queue = failures.get(chatId);
		const failure = queue?.shift();
		if (queue && queue.length === 0) failures.delete(chatId);
		return failure;
	}

	function fail(call: BotApiCall, response: ServerResponse, failure: BotApiFailure) {
		switch (failure.kind) {
			case "tooMany":
				call.status = 429;
				answer(response, 429, {
					ok: false,
					error_code: 429,
					description: `Too Many Requests: retry after ${failure.retryAfter}`,
					parameters: { retry_after: failure.retryAfter },
				});
				return;
			case "blocked":
				call.status = 403;
				answer(response, 403, { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" });
				return;
			case "serverError":
				call.status = 500;
				answer(response, 500, { ok: false, error_code: 500, description: "Internal Server Error" });
				return;
			case "migrated":
				call.status = 400;
				answer(response, 400, {
					ok: false,
					error_code: 400,
					description: "Bad Request: group chat was upgraded to a supergroup chat",
					parameters: { migrate_to_chat_id: failure.toChatId },
				});
				return;
			case "timeout":
				// Never answered: the caller's own timeout has to end the wait.
				hanging.add(response);
				return;
		}
	}

	function resultOf(method: string, params: Record<string, unknown>, chatId: number): unknown {
		const now = Math.floor(Date.now() / 1000);
		switch (method) {
			case "getMe":
				return {
					id: FAKE_BOT_ID,
					is_bot: true,
					first_name: "Bayon",
					username: FAKE_BOT_USERNAME,
					can_join_groups: true,
					can_read_all_group_messages: false,
					supports_inline_queries: false,
				};
			case "sendMessage":
				return {
					message_id: nextMessageId++,
					date: now,
					chat: { id: chatId, type: chatId < 0 ? "group" : "private" },
					text: params.text,
				};
			case "editMessageText":
				return {
					message_id: Number(params.message_id),
					date: now,
					chat: { id: chatId, type: chatId < 0 ? "group" : "private" },
					text: params.text,
				};
			default:
				return true;
		}
	}

	server.listen(options.port ?? 0, "127.0.0.1");
	await once(server, "listening");
	const { port } = server.address() as AddressInfo;

	return {
		url: `http://127.0.0.1:${port}`,
		botUsername: FAKE_BOT_USERNAME,
		calls,
		sentMessages() {
			return calls
				.filter((call) => call.method === "sendMessage" && call.status === 200)
				.map((call) => ({
					chatId: Number(call.params.chat_id),
					text: String(call.params.text),
					replyMarkup: call.params.reply_markup,
					messageId: (call.result as { message_id: number }).message_id,
					at: call.at,
				}));
		},
		failNext(chatId, failure, times = 1) {
			const queue = failures.get(chatId) ?? [];
			for (let i = 0; i < times; i++) queue.push(failure);
			failures.set(chatId, queue);
		},
		block: (chatId) => blocked.add(chatId),
		unblock: (chatId) => blocked.delete(chatId),
		migrate: (chatId, toChatId) => migrated.set(chatId, toChatId),
		setLatency(ms) {
			latencyMs = ms;
		},
		async waitFor(predicate, timeoutMs = 10_000) {
			const deadline = Date.now() + timeoutMs;
			while (!predicate(calls)) {
				if (Date.now() > deadline) throw new Error(`fake Bot API: not seen within ${timeoutMs} ms`);
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
		},
		reset() {
			calls.length = 0;
			failures.clear();
			blocked.clear();
			migrated.clear();
			latencyMs = 0;
		},
		async close() {
			for (const response of hanging) response.destroy();
			for (const socket of sockets) socket.destroy();
			server.close();
			await once(server, "close").catch(() => {});
		},
	};
}

async function readParams(request: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	const body = Buffer.concat(chunks).toString("utf8");
	const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
	if (!body) return params;
	const type = request.headers["content-type"] ?? "";
	if (type.includes("application/json")) return { ...params, ...(JSON.parse(body) as Record<string, unknown>) };
	return { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
}

function answer(response: ServerResponse, status: number, body: unknown) {
	response.writeHead(status, { "content-type": "application/json" });
	response.end(JSON.stringify(body));
}
