import { useEffect, useRef } from "react";
import { api } from "../../lib/api-client";
import { appStore, isLoggedIn } from "../../lib/store";
import { socketUrl, WsClient, type WsMessage } from "../../lib/ws-client";

/** The `order.changed` event's data (apps/api realtime bus). */
export interface OrderChanged {
	orderId: number;
	shopId: number;
	status: string;
	paymentStatus: string;
	refundStatus: string;
	reason: string;
}

let client: WsClient | null = null;

/**
 * The merchant screens' live connection: lib/ws-client (ticket per attempt, backoff
 * reconnect), one instance for all merchant screens.
 */
function merchantSocket(): WsClient {
	client ??= new WsClient({
		getTicket: async () => (await api.post<{ ticket: string }>("/infra/ws/ticket", {}, { toast: false })).ticket,
		url: (ticket) => socketUrl(ticket),
		canConnect: () => isLoggedIn(appStore.getState()),
	});
	return client;
}

export function orderChangeOf(message: WsMessage): OrderChanged | null {
	if (message.type !== "order.changed" || !message.data || typeof message.data !== "object") return null;
	const data = message.data as Partial<OrderChanged>;
	return typeof data.orderId === "number" && typeof data.shopId === "number" ? (data as OrderChanged) : null;
}

/**
 * Calls `onChange` for every change of this shop's orders, and `onReconnect` each time the
 * socket is (re)connected, so the screen refetches what it may have missed.
 */
export function useShopOrderEvents(
	shopId: number | null,
	onChange: (event: OrderChanged) => void,
	onReconnect: () => void,
): void {
	const handlers = useRef({ onChange, onReconnect });
	handlers.current = { onChange, onReconnect };
	useEffect(() => {
		if (shopId === null) return;
		return merchantSocket().subscribe(
			(message) => {
				const event = orderChangeOf(message);
				if (event && event.shopId === shopId) handlers.current.onChange(event);
			},
			() => handlers.current.onReconnect(),
		);
	}, [shopId]);
}
