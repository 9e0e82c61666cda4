import type { Selectable, Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import type { RequestContext } from "../../../http/request-context.js";
import type { AccountRef } from "../../wallet/ledger.js";

/**
 * What happens beyond ordering when a table's seating moves (decision 030). A seating is the
 * table's open bill (decision 009); a booking may sit on it, which ordering knows only as data:
 * the bill's `reservation_id` and the deposit `credit` the booking brought. Reservations sits
 * above ordering (a booking uses the menu, stock, carts and the table's bill) and registers
 * here at start-up what its bookings do when a table is scanned and when a bill is settled;
 * ordering imports none of it.
 */
export interface SeatingHooks {
	/** Who registers; registering the same name again replaces (tests build many apps in one process). */
	readonly name: string;
	/**
	 * A printed table code was scanned, before an ordinary seating opens: seat the scanner on
	 * something of theirs due at this table (in a transaction of its own, announced after it)
	 * and answer the seating's bill; null lets the scan go on as an ordinary one.
	 */
	tableScanned?(
		deps: AppDeps,
		ctx: RequestContext,
		table: { shopId: number; tableId: number },
	): Promise<{ billId: number } | null>;
	/**
	 * A bill was settled (paid, taken at the counter, cleared, or a stale seating closed): inside
	 * the settling transaction, after its rounds were paid and the bill marked settled.
	 */
	billSettled?(trx: Transaction<DB>, bill: SettledBill, now: Date): Promise<void>;
	/** After a bill paid or a table cleared has committed: whoever watches what sat on the bill hears of it. */
	billClosed?(deps: AppDeps, bill: { id: number; reservationId: number | null }): Promise<void>;
	/**
	 * An order is being refunded, inside the refund's transaction: the part of it that the
	 * seating's credit paid (a booking's deposit), if any, and how that part goes back.
	 */
	creditShareOf?(trx: Transaction<DB>, orderId: number): Promise<CreditShare | null>;
}

/** The part of an order that a seating's credit paid, as the order's refund gives it back. */
export interface CreditShare {
	amount: number;
	/** Where the refund books that part (in the refund's own ledger transaction). */
	destination: AccountRef;
	/** After the refund was booked: what else giving that part back takes (its gateway refund queued). */
	refunded(trx: Transaction<DB>, now: Date): Promise<void>;
}

/** A bill just settled, and the part of its credit that no round used (0 when it had none). */
export type SettledBill = Pick<Selectable<DB["table_bill"]>, "id" | "tenant_id" | "shop_id" | "reservation_id"> & {
	unusedCredit: number;
};

const registered = new Map<string, SeatingHooks>();

/** Called at start-up by each feature that seats something on a table's bill. */
export function registerSeatingHooks(hooks: SeatingHooks): void {
	registered.set(hooks.name, hooks);
}

/** The first registered seating a scan of this table gives its scanner; null: an ordinary scan. */
export async function seatOnScan(
	deps: AppDeps,
	ctx: RequestContext,
	table: { shopId: number; tableId: number },
): Promise<{ billId: number } | null> {
	for (const hooks of registered.values()) {
		const seated = await hooks.tableScanned?.(deps, ctx, table);
		if (seated) return seated;
	}
	return null;
}

/** Runs every registered billSettled inside the settling transaction. */
export async function tellBillSettled(trx: Transaction<DB>, bill: SettledBill, now: Date): Promise<void> {
	// A booking's bill settled on a server where nothing completes the booking would keep its
	// tables and its unused deposit: refuse (the transaction rolls back) rather than lose them.
	if (bill.reservation_id !== null && registered.size === 0)
		throw new Error(`bill ${bill.id} carries booking ${bill.reservation_id}, but no seating hooks are registered`);
	for (const hooks of registered.values()) await hooks.billSettled?.(trx, bill, now);
}

/** The part of an order a seating's credit paid (null when none did), asked of every registered seating. */
export async function creditShareOfOrder(trx: Transaction<DB>, orderId: number): Promise<CreditShare | null> {
	for (const hooks of registered.values()) {
		const share = await hooks.creditShareOf?.(trx, orderId);
		if (share) return share;
	}
	return null;
}

/** Runs every registered billClosed after the settling committed; a lost one is healed by the pages refetching. */
export async function tellBillClosed(deps: AppDeps, bill: { id: number; reservationId: number | null }): Promise<void> {
	for (const hooks of registered.values()) await hooks.billClosed?.(deps, bill);
}
