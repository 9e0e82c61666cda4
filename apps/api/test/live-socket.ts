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
