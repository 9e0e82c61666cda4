import { useQueryClient } from "@tanstack/react-query";
import { type OrderChangedMessage, useLiveUpdates } from "../../../lib/live-updates";
import { isLoggedIn, useAppState } from "../../../lib/store";
import { orderKeys } from "./api";

/**
 * Keeps the order screens live: an `order.changed` refetches the lists and that order's
 * detail; every (re)connection and every server `resync` refetches all of them (events may
 * have been missed meanwhile).
 */
export function useLiveOrders(onChanged?: (change: OrderChangedMessage) => void): void {
	const queryClient = useQueryClient();
	const signedIn = useAppState(isLoggedIn);
	useLiveUpdates(
		(message) => {
			if (message.type !== "order.changed" || !message.data) return;
			const change = message.data as OrderChangedMessage;
			void queryClient.invalidateQueries({ queryKey: ["orders", "list"] });
			void queryClient.invalidateQueries({ queryKey: ["orders", "current"] });
			void queryClient.invalidateQueries({
				predicate: (query) =>
					query.queryKey[0] === orderKeys.all[0] &&
					query.queryKey[1] === "detail" &&
					query.queryKey[2] === change.orderId,
			});
			onChanged?.(change);
		},
		() => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
		signedIn,
	);
}
