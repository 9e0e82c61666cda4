import type { OrderView } from "@bayon/contract";

/** The board's columns, in the order a shop works through them. */
export const BOARD_GROUPS = ["new", "production", "ready", "refunds"] as const;
export type BoardGroup = (typeof BOARD_GROUPS)[number];

/**
 * Which column an order belongs to. An open refund request outranks the order's state (the
 * shop must decide it first); orders that left the active states are not on the board.
 */
export function boardGroupOf(order: Pick<OrderView, "status" | "refundStatus">): BoardGroup | null {
	if (order.refundStatus === "requested") return "refunds";
	switch (order.status) {
		case "new":
			return "new";
		case "in_production":
			return "production";
		case "ready":
		case "delivering":
			return "ready";
		default:
			return null;
	}
}

/** The board's orders by column, oldest first within a column (first come, first served). */
export function groupBoard<T extends Pick<OrderView, "id" | "status" | "refundStatus" | "createdAt">>(
	orders: readonly T[],
): Record<BoardGroup, T[]> {
	const groups: Record<BoardGroup, T[]> = { new: [], production: [], ready: [], refunds: [] };
	for (const order of orders) {
		const group = boardGroupOf(order);
		if (group) groups[group].push(order);
	}
	for (const list of Object.values(groups)) {
		list.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
	}
	return groups;
}

/**
 * An order nobody has accepted yet, paid or (dine-in paid after the meal) on a table's bill:
 * it rings until someone acknowledges it.
 */
export function needsAttention(order: Pick<OrderView, "status" | "paymentStatus" | "billId">): boolean {
	return order.status === "new" && (order.paymentStatus === "paid" || order.billId !== null);
}
