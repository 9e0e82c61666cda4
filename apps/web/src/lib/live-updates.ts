import { useEffect, useRef } from "react";
import { api } from "./api-client";
import { readAccessToken } from "./session";
import { type MessageListener, type ResyncListener, socketUrl, WsClient } from "./ws-client";

/** The app's one live-updates socket (see ws-client.ts): connects while a screen listens. */
export const liveClient = new WsClient({
	// Background work: no toast, and a failure never signs the member out.
	getTicket: async () =>
		(await api.post<{ ticket: string }>("/infra/ws/ticket", {}, { toast: false, login: false })).ticket,
	url: (ticket) => socketUrl(ticket),
	canConnect: () => Boolean(readAccessToken()),
});

if (typeof window !== "undefined") {
	window.addEventListener("online", () => liveClient.ensureConnected());
}

/** `order.changed` as the server sends it. */
export interface OrderChangedMessage {
	orderId: number;
	status: string;
	paymentStatus: string;
	refundStatus: string;
	reason: string;
}

/**
 * Listens to the live socket while mounted: `onMessage` for each message, `onResync` whenever
 * events may have been missed (every (re)connection, and the server's `resync` after its event
 * bus was down): refetch what the screen shows.
 */
export function useLiveUpdates(onMessage: MessageListener, onResync?: ResyncListener, enabled = true): void {
	const messageRef = useRef(onMessage);
	const resyncRef = useRef(onResync);
	messageRef.current = onMessage;
	resyncRef.current = onResync;
	useEffect(() => {
		if (!enabled) return;
		return liveClient.subscribe(
			(message) => messageRef.current(message),
			() => resyncRef.current?.(),
		);
	}, [enabled]);
}
