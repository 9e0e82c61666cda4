import { playAlarmSound, useRinging } from "../../../lib/staff/alarm-sound";
import { createOrderAlarm, type OrderAlarm } from "../../../lib/staff/alert";

/**
 * The reservations page's alarm: the order board's rhythm (lib/staff/alert.ts) keyed by booking
 * ids, sounding through the merchant area's one sound, so the board's mute switch silences it
 * too. It rings for bookings that arrived live and for bookings waiting for the staff to
 * confirm, until someone acknowledges them. One per app: what was acknowledged stays silent
 * after a visit to another page.
 */
let alarm: OrderAlarm | null = null;
/** Bookings announced live (`reservation.changed`, reason "created") since the app started. */
const announced = new Set<number>();

export function reservationAlarm(): OrderAlarm {
	alarm ??= createOrderAlarm({ play: playAlarmSound });
	return alarm;
}

export function noteNewBooking(reservationId: number): void {
	announced.add(reservationId);
}

/** The bookings to ring for: every one announced live, and those still waiting for the staff. */
export function bookingsNeedingAttention(waitingIds: Iterable<number>): number[] {
	return [...new Set([...announced, ...waitingIds])];
}

export function useRingingBookings(): number[] {
	return useRinging(reservationAlarm());
}
