import type { ResolvedTable } from "@bayon/contract";
import { appStore, type Desk, useAppState } from "../../lib/store";

/**
 * The desk (spec §3): the table a customer scanned. Scanning sets it, switches the order type
 * to dine-in (`desk`) and makes the table's shop the one they order from. Type imports only
 * from the contract, so screens of the first load can use these hooks without pulling in zod.
 */

export function deskFromTable(table: ResolvedTable): Desk {
	return {
		shopId: table.shopId,
		shopName: table.shopName,
		tableId: table.tableId,
		number: table.number,
		seats: table.seats,
		token: table.token,
		scanned: true,
	};
}

/** Stores a resolved table as the desk and switches to dine-in at its shop. */
export function setScannedDesk(table: ResolvedTable): Desk {
	const desk = deskFromTable(table);
	appStore.setState((current) => ({
		desk,
		orderType: "desk",
		store: current.store?.id === desk.shopId ? current.store : { id: desk.shopId, name: desk.shopName },
	}));
	return desk;
}

/** Forgets the table; dine-in falls back to self-pickup (the default order type). */
export function clearDesk(): void {
	appStore.setState((current) => ({
		desk: null,
		orderType: current.orderType === "desk" ? "takein" : current.orderType,
	}));
}

/** The scanned table, or null. */
export function useDesk(): Desk | null {
	return useAppState((s) => s.desk);
}
