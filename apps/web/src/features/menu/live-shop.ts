import { DEFAULT_TENANT_ID } from "@bayon/contract";
import { useEffect } from "react";
import { queryClient } from "../../lib/query-client";
import { WsClient, type WsMessage } from "../../lib/ws-client";
import { menuKeys } from "./api";

/**
 * The shop's public feed (`/infra/ws/shop`, issue 27): a price, a sold-out tap, a pause or a
 * closure reaches every customer looking at the shop at once, signed in or not, as orders
 * reach their pages. One socket per shop, open while a screen of that shop listens; it
 * reconnects with the live socket's backoff (lib/ws-client.ts).
 */

/** `ws(s)://<this host>/infra/ws/shop?shopId=…&tenant=…` */
export function shopFeedUrl(shopId: number, location: Pick<Location, "protocol" | "host"> = window.location): string {
	const scheme = location.protocol === "https:" ? "wss:" : "ws:";
	return `${scheme}//${location.host}/infra/ws/shop?shopId=${shopId}&tenant=${DEFAULT_TENANT_ID}`;
}

const feeds = new Map<number, WsClient>();

function feedOf(shopId: number): WsClient {
	let feed = feeds.get(shopId);
	if (!feed) {
		// Public: no ticket to fetch, anyone may listen.
		feed = new WsClient({ getTicket: async () => "", url: () => shopFeedUrl(shopId) });
		feeds.set(shopId, feed);
	}
	return feed;
}

/**
 * What a change of the shop makes stale: its menu (every language) and single items, the
 * shop's open state and rules, and every priced cart (prices, sold-out lines and "the shop is
 * paused" are the server's answer to the cart, so the cart's lines say what changed).
 */
export function refreshShop(shopId: number, what: "menu" | "shop" | "all"): void {
	if (what !== "shop") {
		void queryClient.invalidateQueries({ queryKey: menuKeys.shop(shopId) });
		void queryClient.invalidateQueries({ queryKey: ["menu", "item"] });
	}
	if (what !== "menu") void queryClient.invalidateQueries({ queryKey: ["venues"] });
	void queryClient.invalidateQueries({ queryKey: ["ordering", "price"] });
}

function isForShop(message: WsMessage, shopId: number): boolean {
	const data = message.data as { shopId?: unknown } | undefined;
	return data?.shopId === shopId;
}

/** Keeps the shop's menu, its state and the cart's prices live while the screen is shown. */
export function useLiveShop(shopId: number | null | undefined): void {
	useEffect(() => {
		if (!shopId) return;
		// The first `ready` comes right after the screen fetched what it shows: only a
		// reconnection (or the server's resync) may have missed something.
		let connectedBefore = false;
		return feedOf(shopId).subscribe(
			(message) => {
				if (message.type === "menu.changed" && isForShop(message, shopId)) refreshShop(shopId, "menu");
				else if (message.type === "shop.changed" && isForShop(message, shopId)) refreshShop(shopId, "shop");
			},
			() => {
				if (connectedBefore) refreshShop(shopId, "all");
				connectedBefore = true;
			},
		);
	}, [shopId]);
}
