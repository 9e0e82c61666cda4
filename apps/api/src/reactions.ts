import { usableCouponCountQuery } from "./features/coupons/queries.js";
import { countCouponsWith, listenToTelegramUsers } from "./features/identity/hooks.js";
import { rememberNoticeLanguage, rememberPrivateChat } from "./features/notifications/delivery/chats.js";
import { registerButtonActions } from "./features/notifications/webhook/button-actions.js";
import { actOnOrder } from "./features/ordering/board/merchant.js";
import { registerBookingSeating } from "./features/reservations/arrival/seating.js";
import { tryCancelOwnReservation } from "./features/reservations/guest/own-bookings.js";
import { announceReservationChange } from "./features/reservations/records.js";

/**
 * Reactions that cross features against their layering (decision 030): a lower feature offers a
 * typed hook, and this file, part of the composition root, plugs the higher feature's code into
 * it. Low to high: identity; notifications (the bot); coupons, points, membership, stored value,
 * merchant wallet; ordering; reservations. Called by buildApp (app.ts) before any request.
 */
export function registerReactions(): void {
	// The bot may write to a Telegram user who signed in allowing it, in the language they use.
	listenToTelegramUsers("notifications", {
		seen: (db, user) => rememberPrivateChat(db, user),
		memberLanguage: (db, args) => rememberNoticeLanguage(db, args),
	});
	// get-info's coupon count, as GET /coupon/count counts.
	countCouponsWith(usableCouponCountQuery);
	// The bot's buttons run the features' own use cases.
	registerButtonActions({
		acceptOrder: async (deps, ctx, orderId) => {
			await actOnOrder(deps, ctx, { orderId, action: "accept" });
		},
		cancelOwnBooking: (deps, ctx, reservationId, keepAtMost) =>
			tryCancelOwnReservation(deps, ctx, { reservationId }, { keepAtMost }),
		bookingConfirmedByGuest: (deps, reservationId) => announceReservationChange(deps, reservationId, "guestConfirmed"),
	});
	// A booking on its table's seating: a scan seats it, its bill settled completes it (ordering's seating hooks).
	registerBookingSeating();
}
