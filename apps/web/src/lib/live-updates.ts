import { useEffect, useRef } from "react";
import { api } from "./api-client";
import { readAccessToken } from "./session";
import { type ConnectListener, type MessageListener, socketUrl, WsClient } from "./ws-client";

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
 * Listens to the live socket while mounted: `onMessage` for each message, `onConnect` on every
 * (re)connection (refetch what may have been missed while disconnected).
 */
export function useLiveUpdates(onMessage: MessageListener, onConnect?: ConnectListener, enabled = true): void {
	const messageRef = useRef(onMessage);
	const connectRef = useRef(onConnect);
	messageRef.current = onMessage;
	connectRef.current = onConnect;
	useEffect(() => {
		if (!enabled) return;
		return liveClient.subscribe(
			(message) => messageRef.current(message),
			() => connectRef.current?.(),
		);
	}, [enabled]);
}
