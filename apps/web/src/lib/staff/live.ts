import { useEffect, useRef } from "react";
import { liveClient } from "../live-updates";
import type { WsMessage } from "../ws-client";

/** The `order.changed` event's data (apps/api realtime bus). */
export interface OrderChanged {
	orderId: number;
	shopId: number;
	status: string;
	paymentStatus: string;
	refundStatus: string;
	reason: string;
}

export function orderChangeOf(message: WsMessage): OrderChanged | null {
	if (message.type !== "order.changed" || !message.data || typeof message.data !== "object") return null;
	const data = message.data as Partial<OrderChanged>;
	return typeof data.orderId === "number" && typeof data.shopId === "number" ? (data as OrderChanged) : null;
}

/**
 * Calls `onChange` for every change of this shop's orders, and `onResync` whenever events may
 * have been missed (each (re)connection, each server `resync`), so the screen refetches.
 */
export function useShopOrderEvents(
	shopId: number | null,
	onChange: (event: OrderChanged) => void,
	onResync: () => void,
): void {
	const handlers = useRef({ onChange, onResync });
	handlers.current = { onChange, onResync };
	useEffect(() => {
		if (shopId === null) return;
		// The app's one live socket: its ticket requests never sign the member out when the
		// server is briefly unreachable.
		return liveClient.subscribe(
			(message) => {
				const event = orderChangeOf(message);
				if (event && event.shopId === shopId) handlers.current.onChange(event);
			},
			() => handlers.current.onResync(),
		);
	}, [shopId]);
}
