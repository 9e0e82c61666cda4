/**
 * The data of the buttons under the bot's messages (decision 024): short (Telegram allows 64
 * bytes) and naming the subject, so a press is checked like an app request against the booking
 * or order it names. Built by the messages that carry the buttons, read by the webhook.
 */

/** Confirm on a booking reminder. */
export const confirmBookingData = (reservationId: number): string => `rc:${reservationId}`;
/** Cancel on a booking reminder. */
export const cancelBookingData = (reservationId: number): string => `rx:${reservationId}`;
/**
 * "Cancel anyway" under the warning that cancelling now keeps the deposit: names the amount the
 * guest was warned of, so the cancel never keeps more than they saw.
 */
export const cancelBookingAnywayData = (reservationId: number, keptAmount: number): string =>
	`ry:${reservationId}:${keptAmount}`;
/** "Keep my booking" under that warning. */
export const keepBookingData = (reservationId: number): string => `rk:${reservationId}`;
/** Accept on a staff group's new-order message. */
export const acceptOrderData = (orderId: number): string => `oa:${orderId}`;

export type CallbackAction =
	| { action: "confirmBooking"; reservationId: number }
	| { action: "cancelBooking"; reservationId: number }
	| { action: "cancelBookingAnyway"; reservationId: number; keptAmount: number }
	| { action: "keepBooking"; reservationId: number }
	| { action: "acceptOrder"; orderId: number };

/** Whether a button's data is a booking cancel's "Cancel anyway" (the message shows a warning). */
export const isCancelAnywayData = (data: string): boolean => data.startsWith("ry:");

/** The action a button's data names, or null for anything else (an old or forged button). */
export function parseCallbackData(data: string): CallbackAction | null {
	const match = /^(rc|rx|rk|oa):([1-9][0-9]{0,17})$|^ry:([1-9][0-9]{0,17}):(0|[1-9][0-9]{0,15})$/.exec(data);
	if (!match) return null;
	if (match[3] !== undefined) {
		const reservationId = Number(match[3]);
		const keptAmount = Number(match[4]);
		if (!Number.isSafeInteger(reservationId) || !Number.isSafeInteger(keptAmount)) return null;
		return { action: "cancelBookingAnyway", reservationId, keptAmount };
	}
	const id = Number(match[2]);
	if (!Number.isSafeInteger(id)) return null;
	switch (match[1]) {
		case "rc":
			return { action: "confirmBooking", reservationId: id };
		case "rx":
			return { action: "cancelBooking", reservationId: id };
		case "rk":
			return { action: "keepBooking", reservationId: id };
		case "oa":
			return { action: "acceptOrder", orderId: id };
		default:
			return null;
	}
}
