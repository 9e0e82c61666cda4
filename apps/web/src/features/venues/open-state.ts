import type { MessageKey, OpeningWindow, ShopOpenState } from "@bayon/contract";
import { formatTimeInZone } from "../../lib/format";

/**
 * Whether a shop takes orders now, from the server's open state (computed from its hours in
 * its own time zone). The order of the checks is the server's (ordering/cart-rules.ts), so the
 * page says what checkout would say.
 */
export type ShopStatus = "open" | "notAccepting" | "closedToday" | "paused" | "outsideHours";

export function shopStatus(state: ShopOpenState): ShopStatus {
	if (!state.acceptingOrders) return "notAccepting";
	if (state.closedToday) return "closedToday";
	if (state.pausedUntil) return "paused";
	if (!state.isOpen) return "outsideHours";
	return "open";
}

/** The spec's message for the banner (§8: store closed, not during store hours). */
export const bannerMessage: Record<Exclude<ShopStatus, "open">, MessageKey> = {
	notAccepting: "storeNotAccepting",
	closedToday: "storeClosed",
	paused: "storePausedUntil",
	outsideHours: "notStoreHours",
};

/** The spec's message when the customer tries to check out (§8: cannot order outside hours). */
export const checkoutMessage: Record<Exclude<ShopStatus, "open">, MessageKey> = {
	notAccepting: "storeNotAccepting",
	closedToday: "storeClosed",
	paused: "storePausedUntil",
	outsideHours: "cannotOrderOutsideHours",
};

/** The `{time}` of "paused until {time}": when the pause ends, on the shop's clock. */
export function pauseParams(state: ShopOpenState, timeZone: string | null): Record<string, string> {
	if (!state.pausedUntil) return {};
	const at = timeZone ? formatTimeInZone(state.pausedUntil, timeZone) : null;
	return { time: at?.time ?? state.pausedUntil.slice(11, 16) };
}

/** "08:00–22:00" or "11:00–14:00, 17:00–01:00" (a window may end after midnight). */
export function formatWindows(windows: readonly OpeningWindow[]): string {
	return windows.map((window) => `${window.opensAt.slice(0, 5)}–${window.closesAt.slice(0, 5)}`).join(", ");
}
