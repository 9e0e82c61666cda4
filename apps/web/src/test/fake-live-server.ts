import type { MemberInfo } from "@bayon/contract";
import { vi } from "vitest";
import { appStore } from "../lib/store";
import { testMember } from "./member-fixtures";

/** The browser's WebSocket as the app's live socket (lib/ws-client) uses it, driven by the test. */
export class FakeWebSocket {
	onopen: ((event: unknown) => void) | null = null;
	onmessage: ((event: { data: unknown }) => void) | null = null;
	onclose: ((event: unknown) => void) | null = null;
	onerror: ((event: unknown) => void) | null = null;
	closed = false;
	constructor(readonly url: string) {}
	close(): void {
		this.closed = true;
	}
	/** The server sends a message. */
	receive(message: { type: string; data?: unknown }): void {
		this.onmessage?.({ data: JSON.stringify(message) });
	}
}

/**
 * Replaces the global WebSocket with FakeWebSocket; the returned list records every socket
 * the app opens, in order. For a test whose own fake `fetch` answers the ticket request.
 */
export function fakeWebSockets(): FakeWebSocket[] {
	const sockets: FakeWebSocket[] = [];
	vi.stubGlobal(
		"WebSocket",
		class extends FakeWebSocket {
			constructor(url: string) {
				super(url);
				sockets.push(this);
			}
		},
	);
	return sockets;
}

/**
 * Stands in for the server of /infra/ws: a signed-in member, `fetch` answering the ticket
 * request, and the global WebSocket recording every socket the app opens.
 */
export function fakeLiveServer(member: Partial<MemberInfo> = {}): { sockets: FakeWebSocket[] } {
	const sockets = fakeWebSockets();
	vi.stubGlobal(
		"fetch",
		vi.fn(
			async () =>
				new Response(JSON.stringify({ code: 0, msg: "", data: { ticket: "ticket-1", expiresIn: 60 } }), {
					headers: { "Content-Type": "application/json" },
				}),
		),
	);
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("refreshToken", "refresh-1");
	localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
	localStorage.setItem("userinfo", JSON.stringify(testMember(member)));
	appStore.reload();
	return { sockets };
}
