import type { MessageKey, OrderType } from "@bayon/contract";

/** The contract's name of each order type ("pickup", "delivery", "dine-in"). */
export const orderTypeMessage: Record<OrderType, MessageKey> = {
	takein: "orderTypeTakein",
	takeout: "orderTypeTakeout",
	desk: "orderTypeDesk",
};
