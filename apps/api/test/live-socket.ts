import WebSocket from "ws";
import type { TestServer } from "./harness.js";

/** A message of the websocket at /infra/ws. */
export interface LiveMessage {
	type: string;
	data: Record<string, unknown>;
}

export interface LiveSocket {
	socket: WebSocket;
	/** Everything received so far, in order. */
	messages: LiveMessage[];
}

const opened: WebSocket[] = [];

/** Opens the websocket with a query (`ticket=…` or `token=…`), waits for `ready`, and collects what it receives. */
export async function connectLive(target: TestServer, query: string, origin?: string): Promise<LiveSocket> {
	const socket = new WebSocket(`${target.url.replace("http", "ws")}/infra/ws?${query}`, {
		headers: origin ? { origin } : {},
	});
	opened.push(socket);
	const messages: LiveMessage[] = [];
	socket.on("message", (raw) => messages.push(JSON.parse(raw.toString()) as LiveMessage));
	await new Promise<void>((resolve, reject) => {
		socket.once("open", () => resolve());
		socket.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
		socket.once("error", reject);
	});
	await until(() => messages.some((m) => m.type === "ready"));
	return { socket, messages };
}

/** Closes every socket connectLive opened (afterAll). */
export function closeLiveSockets(): void {
	for (const socket of opened.splice(0)) socket.close();
}

export async function ticketFor(target: TestServer, token: string): Promise<string> {
	const answer = await target.call<{ ticket: string }>("POST", "/app-api/infra/ws/ticket", { token });
	return answer.data.ticket;
}

/** Waits until the condition holds, checking every 20 ms. */
export async function until(condition: () => boolean | Promise<boolean>, ms = 3000, what = "a websocket message") {
	const start = Date.now();
	while (!(await condition())) {
		if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

export const orderEvents = (messages: LiveMessage[], orderId: number) =>
	messages.filter((m) => m.type === "order.changed" && m.data.orderId === orderId);

/** How a socket was closed by the server. */
export interface LiveClose {
	code: number;
	reason: string;
}

/** Resolves when the socket closes, with the server's code and reason. */
export function closeOf(socket: WebSocket): Promise<LiveClose> {
	if (socket.readyState === WebSocket.CLOSED) return Promise.reject(new Error("socket already closed"));
	return new Promise((resolve) =>
		socket.once("close", (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })),
	);
}

/**
 * Opens the websocket and answers what happened first: `ready` (the socket stays open, collecting
 * messages) or a close before it (a refusal after the upgrade). Extra headers (X-Forwarded-For)
 * go with the upgrade request.
 */
export async function openLive(
	target: TestServer,
	query: string,
	headers: Record<string, string> = {},
): Promise<{ outcome: "ready"; live: LiveSocket } | { outcome: "closed"; close: LiveClose }> {
	const socket = new WebSocket(`${target.url.replace("http", "ws")}/infra/ws?${query}`, { headers });
	opened.push(socket);
	const messages: LiveMessage[] = [];
	return new Promise((resolve, reject) => {
		socket.on("message", (raw) => {
			const message = JSON.parse(raw.toString()) as LiveMessage;
			messages.push(message);
			if (message.type === "ready") resolve({ outcome: "ready", live: { socket, messages } });
		});
		socket.once("close", (code: number, reason: Buffer) =>
			resolve({ outcome: "closed", close: { code, reason: reason.toString() } }),
		);
		socket.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
		socket.once("error", reject);
	});
}
