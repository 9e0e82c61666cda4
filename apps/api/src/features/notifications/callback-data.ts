/**
 * The data of the buttons under the bot's messages (decision 024): short (Telegram allows 64
 * bytes) and naming the subject, so a press is checked like an app request against the booking
 * or order it names. Built by the messages that carry the buttons, read by the webhook.
 */

/** Confirm on a booking reminder. */
export const confirmBookingData = (reservationId: number): string => `rc:${reservationId}`;
/** Cancel on a booking reminder. */
export const cancelBookingData = (reservationId: number): string => `rx:${reservationId}`;
/** Accept on a staff group's new-order message. */
export const acceptOrderData = (orderId: number): string => `oa:${orderId}`;

export type CallbackAction =
	| { action: "confirmBooking"; reservationId: number }
	| { action: "cancelBooking"; reservationId: number }
	| { action: "acceptOrder"; orderId: number };

/** The action a button's data names, or null for anything else (an old or forged button). */
export function parseCallbackData(data: string): CallbackAction | null {
	const match = /^(rc|rx|oa):([1-9][0-9]{0,17})$/.exec(data);
	if (!match) return null;
	const id = Number(match[2]);
	if (!Number.isSafeInteger(id)) return null;
	switch (match[1]) {
		case "rc":
			return { action: "confirmBooking", reservationId: id };
		case "rx":
			return { action: "cancelBooking", reservationId: id };
		case "oa":
			return { action: "acceptOrder", orderId: id };
		default:
			return null;
	}
}
