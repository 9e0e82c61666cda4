import { registerSeatingHooks } from "../../ordering/bills/seating-hooks.js";
import { depositShareOfOrder, refundDepositShare, refundUnusedDepositCredit } from "../money/booking-money.js";
import { announceReservationChange, completeBookingOfSettledBill } from "../records.js";
import { seatOnTableScan } from "./arrival.js";

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
		// A refunded round that the booking's deposit paid part of gives that part back to where the
		// deposit came from (the hold's destination; its gateway too).
		async creditShareOf(trx, orderId) {
			const deposit = await depositShareOfOrder(trx, orderId);
			if (!deposit) return null;
			return {
				amount: deposit.amount,
				destination: deposit.destination,
				refunded: (inner, now) => refundDepositShare(inner, { orderId, deposit, now }),
			};
		},
	});
}
