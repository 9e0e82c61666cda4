import { useLiveUpdates } from "../../../lib/live-updates";
import { queryClient } from "../../../lib/query-client";
import type { WsMessage } from "../../../lib/ws-client";
import { type WalletScope, walletKeys } from "./wallet-api";

/** The `wallet.changed` event's data (apps/api realtime bus): a shop's money moved. */
export interface WalletChanged {
	tenantId: number;
	shopId: number;
	reason: string;
	withdrawalId: number | null;
	withdrawalStatus: number | null;
}

export function walletChangeOf(message: WsMessage): WalletChanged | null {
	if (message.type !== "wallet.changed" || !message.data || typeof message.data !== "object") return null;
	const data = message.data as Partial<WalletChanged>;
	return typeof data.shopId === "number" ? (data as WalletChanged) : null;
}

/**
 * Keeps a wallet page live: a `wallet.changed` of `shopId` (every shop's for "all", the
 * operator's list) refetches what the page shows of it; so does every (re)connection and
 * server `resync`, when events may have been missed. The server sends the event to the shop's
 * owners and the platform's operators only.
 */
export function useLiveWallet(scope: WalletScope, shopId: number | "all", enabled = true): void {
	const refresh = () =>
		void queryClient.invalidateQueries({
			queryKey: shopId === "all" ? walletKeys.scope(scope) : walletKeys.shop(scope, shopId),
		});
	useLiveUpdates(
		(message) => {
			const change = walletChangeOf(message);
			if (change && (shopId === "all" || change.shopId === shopId)) refresh();
		},
		refresh,
		enabled,
	);
}
