import type { AppDeps } from "../../http/deps.js";
import type { WalletChangedEvent } from "../../realtime/bus.js";

/**
 * Tells the shop's owners' and the platform operators' open pages that the shop's money moved
 * (after the transaction committed). A lost event costs a refetch, never money: the pages also
 * refetch on every reconnection and resync, so a failed publish is only logged.
 */
export async function publishWalletChanged(deps: AppDeps, event: Omit<WalletChangedEvent, "type">): Promise<void> {
	await deps.events
		.publish({ type: "wallet.changed", ...event })
		.catch((error: unknown) => deps.log.warn({ err: error, shopId: event.shopId }, "wallet.changed not published"));
}
