import { LiveSocketClose } from "@bayon/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, type SocketLike, socketUrl, WsClient } from "./ws-client";

class FakeSocket implements SocketLike {
	onopen: SocketLike["onopen"] = null;
	onmessage: SocketLike["onmessage"] = null;
	onclose: SocketLike["onclose"] = null;
	onerror: SocketLike["onerror"] = null;
	closed = false;
	constructor(readonly url: string) {}
	close(): void {
		this.closed = true;
	}
	/** The server accepts the connection. */
	ready(): void {
		this.onmessage?.({ data: JSON.stringify({ type: "ready", data: {} }) });
	}
	send(message: unknown): void {
		this.onmessage?.({ data: JSON.stringify(message) });
	}
	drop(): void {
		this.onerror?.({});
		this.onclose?.({});
	}
	/** The server closes the socket with a code and reason, as a browser reports it. */
	closedByServer(code: number, reason: string): void {
		this.onclose?.({ code, reason });
	}
}

function setup(overrides: { getTicket?: () => Promise<string> } = {}) {
	const sockets: FakeSocket[] = [];
	let tickets = 0;
	const getTicket = vi.fn(overrides.getTicket ?? (async () => `t${++tickets}`));
	const client = new WsClient({
		getTicket,
		url: (ticket) => `ws://test/infra/ws?ticket=${ticket}`,
		createSocket: (url) => {
			const socket = new FakeSocket(url);
			sockets.push(socket);
			return socket;
		},
		baseDelayMs: 1000,
		maxDelayMs: 8000,
		random: () => 1,
	});
	return { client, sockets, getTicket };
}

/** Lets the ticket promise settle. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe("backoffDelay", () => {
	it("doubles per failed attempt up to the cap", () => {
		expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, 1000, 8000))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
	});
});

describe("WsClient", () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it("connects with a fresh ticket on the first listener and delivers messages", async () => {
		const { client, sockets } = setup();
		const messages: unknown[] = [];
		const connected = vi.fn();
		client.subscribe((message) => messages.push(message), connected);
		await flush();
		expect(sockets).toHaveLength(1);
		expect(sockets[0]?.url).toBe("ws://test/infra/ws?ticket=t1");
		sockets[0]?.ready();
		expect(connected).toHaveBeenCalledTimes(1);
		expect(client.isConnected).toBe(true);
		sockets[0]?.send({ type: "order.changed", data: { orderId: 7 } });
		expect(messages).toContainEqual({ type: "order.changed", data: { orderId: 7 } });
	});

	it("shares one socket between listeners", async () => {
		const { client, sockets } = setup();
		client.subscribe(() => {});
		client.subscribe(() => {});
		await flush();
		expect(sockets).toHaveLength(1);
	});

	it("reconnects after a drop with exponential backoff and refetches on every (re)connect", async () => {
		const { client, sockets, getTicket } = setup();
		const connected = vi.fn();
		client.subscribe(() => {}, connected);
		await flush();
		sockets[0]?.ready();

		// Three drops in a row without a successful connection in between: 1 s, 2 s, 4 s.
		sockets[0]?.drop();
		expect(client.isConnected).toBe(false);
		await vi.advanceTimersByTimeAsync(999);
		expect(sockets).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1);
		expect(sockets).toHaveLength(2);

		sockets[1]?.drop();
		await vi.advanceTimersByTimeAsync(1999);
		expect(sockets).toHaveLength(2);
		await vi.advanceTimersByTimeAsync(1);
		expect(sockets).toHaveLength(3);

		sockets[2]?.drop();
		await vi.advanceTimersByTimeAsync(3999);
		expect(sockets).toHaveLength(3);
		await vi.advanceTimersByTimeAsync(1);
		expect(sockets).toHaveLength(4);
		expect(getTicket).toHaveBeenCalledTimes(4);

		// Connected again: the listeners hear it (to refetch), and the backoff starts over.
		sockets[3]?.ready();
		expect(connected).toHaveBeenCalledTimes(2);
		sockets[3]?.drop();
		await vi.advanceTimersByTimeAsync(1000);
		expect(sockets).toHaveLength(5);
	});

	it("tells the resync listeners when the server says events were missed, on the same socket", async () => {
		const { client, sockets } = setup();
		const resync = vi.fn();
		const messages: unknown[] = [];
		client.subscribe((message) => messages.push(message), resync);
		await flush();
		sockets[0]?.ready();
		expect(resync).toHaveBeenCalledTimes(1);

		sockets[0]?.send({ type: "order.changed", data: { orderId: 7 } });
		sockets[0]?.send({ type: "pong" });
		expect(resync).toHaveBeenCalledTimes(1);

		sockets[0]?.send({ type: "resync", data: {} });
		expect(resync).toHaveBeenCalledTimes(2);
		expect(sockets).toHaveLength(1);
		expect(client.isConnected).toBe(true);
		expect(messages).toContainEqual({ type: "resync", data: {} });
	});

	it("waits the longest step after the server refuses a socket as one too many, never retrying at once", async () => {
		const { client, sockets } = setup();
		client.subscribe(() => {});
		await flush();

		// Refused before `ready` (this member already holds the most sockets allowed): 8 s, not 1 s.
		sockets[0]?.closedByServer(LiveSocketClose.TooManySockets, "too many live connections");
		await vi.advanceTimersByTimeAsync(7999);
		expect(sockets).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1);
		expect(sockets).toHaveLength(2);

		// Refused again and again: still 8 s apart, however long it lasts.
		for (let refusal = 0; refusal < 5; refusal++) {
			sockets.at(-1)?.closedByServer(LiveSocketClose.TooManySockets, "too many live connections");
			await vi.advanceTimersByTimeAsync(7999);
			expect(sockets).toHaveLength(2 + refusal);
			await vi.advanceTimersByTimeAsync(1);
		}
		expect(sockets).toHaveLength(7);

		// Let in at last: the backoff starts over.
		sockets.at(-1)?.ready();
		sockets.at(-1)?.drop();
		await vi.advanceTimersByTimeAsync(1000);
		expect(sockets).toHaveLength(8);
	});

	it("reconnects within half a step when the server restarts (1012), and after a failed try backs off from the start", async () => {
		const { client, sockets } = setup();
		const connected = vi.fn();
		client.subscribe(() => {}, connected);
		await flush();
		sockets[0]?.ready();
		// A few drops first: a restart is not one more failure on top of them.
		sockets[0]?.drop();
		await vi.advanceTimersByTimeAsync(1000);
		sockets[1]?.drop();
		await vi.advanceTimersByTimeAsync(2000);
		expect(sockets).toHaveLength(3);

		// The server is stopping for a deploy: gone again within half a base step (jitter at its top).
		sockets[2]?.closedByServer(LiveSocketClose.ServiceRestart, "service restart");
		await vi.advanceTimersByTimeAsync(499);
		expect(sockets).toHaveLength(3);
		await vi.advanceTimersByTimeAsync(1);
		expect(sockets).toHaveLength(4);

		// That try failed too (the balancer had not yet dropped the server): 1 s, not 4 s.
		sockets[3]?.drop();
		await vi.advanceTimersByTimeAsync(1000);
		expect(sockets).toHaveLength(5);
		sockets[4]?.ready();
		expect(connected).toHaveBeenCalledTimes(2);

		// A server from before 1012 said 1001 "going away": the same.
		sockets[4]?.closedByServer(1001, "server shutting down");
		await vi.advanceTimersByTimeAsync(500);
		expect(sockets).toHaveLength(6);
	});

	it("caps the delay", async () => {
		const { client, sockets } = setup();
		client.subscribe(() => {});
		await flush();
		for (let i = 0; i < 6; i++) {
			sockets.at(-1)?.drop();
			await vi.advanceTimersByTimeAsync(8000);
		}
		expect(sockets).toHaveLength(7);
	});

	it("backs off when the ticket cannot be had", async () => {
		let fail = true;
		const { client, sockets, getTicket } = setup({
			getTicket: async () => {
				if (fail) throw new Error("offline");
				return "ok";
			},
		});
		client.subscribe(() => {});
		await flush();
		expect(sockets).toHaveLength(0);
		await vi.advanceTimersByTimeAsync(1000);
		expect(getTicket).toHaveBeenCalledTimes(2);
		fail = false;
		await vi.advanceTimersByTimeAsync(2000);
		expect(sockets).toHaveLength(1);
	});

	it("closes after the last listener leaves and does not reconnect", async () => {
		const { client, sockets } = setup();
		const off = client.subscribe(() => {});
		await flush();
		sockets[0]?.ready();
		off();
		expect(sockets[0]?.closed).toBe(true);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(sockets).toHaveLength(1);
	});

	it("ignores messages that are not JSON objects with a type", async () => {
		const { client, sockets } = setup();
		const listener = vi.fn();
		client.subscribe(listener);
		await flush();
		sockets[0]?.onmessage?.({ data: "not json" });
		sockets[0]?.onmessage?.({ data: JSON.stringify({ nope: 1 }) });
		expect(listener).not.toHaveBeenCalled();
	});
});

describe("socketUrl", () => {
	it("uses wss on https and the page's host", () => {
		expect(socketUrl("a b", { protocol: "https:", host: "x.test" })).toBe("wss://x.test/infra/ws?ticket=a%20b");
		expect(socketUrl("t", { protocol: "http:", host: "127.0.0.1:3000" })).toBe("ws://127.0.0.1:3000/infra/ws?ticket=t");
	});
});
