/**
 * The callback data of the bot's buttons (decision 024): short (Telegram allows 64 bytes) and
 * naming the subject, so a press needs no state kept on our side. Delivery writes them on the
 * reminder's and the group's messages; the update handlers read them back.
 */

export type CallbackAction =
	| { action: "confirmBooking"; reservationId: number }
	| { action: "cancelBooking"; reservationId: number }
	| { action: "acceptOrder"; orderId: number };

/** Confirm on a booking reminder. */
export function confirmBookingData(reservationId: number): string {
	return `rc:${reservationId}`;
}

/** Cancel on a booking reminder. */
export function cancelBookingData(reservationId: number): string {
	return `rx:${reservationId}`;
}

/** Accept on a shop group's new-order message. */
export function acceptOrderData(orderId: number): string {
	return `oa:${orderId}`;
}

/** What a pressed button asks for, or null for data we never wrote (old, forged or foreign). */
export function parseCallbackData(data: string | undefined | null): CallbackAction | null {
	if (!data) return null;
	const match = /^(rc|rx|oa):([1-9][0-9]{0,15})$/.exec(data);
	if (!match) return null;
	const id = Number(match[2]);
	if (!Number.isSafeInteger(id)) return null;
	switch (match[1]) {
		case "rc":
			return { action: "confirmBooking", reservationId: id };
		case "rx":
			return { action: "cancelBooking", reservationId: id };
		default:
			return { action: "acceptOrder", orderId: id };
	}
}
