import { registerSeatingHooks } from "../ordering/seating-hooks.js";
import { seatOnTableScan } from "./arrival.js";
import { refundUnusedDepositCredit } from "./booking-money.js";
import { announceReservationChange, completeBookingOfSettledBill } from "./records.js";

/**
 * A booking's part in its table's seating (decisions 020, 030). Ordering keeps the seating and
 * its bill and knows no booking; reservations, above it, registers what a booking does when
 * ordering's seating moves: a guest scanning the booked table is seated on the booking; the
 * bill settled completes the booking and gives back the deposit credit no round used; the
 * booking's pages hear of it after commit. Called once by the composition root (reactions.ts).
 */
export function registerBookingSeating(): void {
	registerSeatingHooks({
		name: "reservations",
		tableScanned: seatOnTableScan,
		async billSettled(trx, bill, now) {
			if (bill.reservation_id === null) return;
			await refundUnusedDepositCredit(trx, {
				tenantId: bill.tenant_id,
				reservationId: bill.reservation_id,
				amount: bill.unusedCredit,
				now,
			});
			await completeBookingOfSettledBill(trx, bill, now);
		},
		async billClosed(deps, bill) {
			if (bill.reservationId !== null) await announceReservationChange(deps, bill.reservationId, "completed");
		},
	});
}
