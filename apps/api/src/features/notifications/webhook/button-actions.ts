import type { AppDeps } from "../../../http/deps.js";
import type { RequestContext, SignedInMember } from "../../../http/request-context.js";

/**
 * What the buttons under the bot's messages do beyond the bot itself (decision 024). The bot
 * carries the news of features above it (orders, bookings); those features register here, at
 * start-up, the use cases their buttons run, so the bot imports none of them (decision 030). The
 * press is checked by the bot (callback-actions.ts) and then acts as an app request of the
 * presser would: through the feature's own code, with the presser's context.
 */

/** The presser, as an app request of theirs would be: the services check it the same way. */
export type PresserContext = RequestContext & { member: SignedInMember };

/** What a booking cancel from a button came to: the warning that it would keep a deposit, or what moved. */
export type BookingCancelResult =
	| { wouldKeep: number }
	| {
			/** False when the booking was cancelled already (a double tap): nothing moved now. */
			changed: boolean;
			refunded: number;
			kept: number;
	  };

export interface ButtonActions {
	/** Accept on a staff group's new-order message: the board's own accept (ordering). */
	acceptOrder(deps: AppDeps, ctx: PresserContext, orderId: number): Promise<void>;
	/**
	 * Cancel on a booking reminder: the member's own cancel (reservations), keeping no more of a
	 * deposit than `keepAtMost`; when it would keep more, nothing is cancelled.
	 */
	cancelOwnBooking(
		deps: AppDeps,
		ctx: PresserContext,
		reservationId: number,
		keepAtMost: number,
	): Promise<BookingCancelResult>;
	/** Confirm on a reminder was recorded: the staff's booking screens learn the guest is coming. */
	bookingConfirmedByGuest(deps: AppDeps, reservationId: number): Promise<void>;
}

const registered: Partial<ButtonActions> = {};

/** Each feature registers the actions of its own buttons; registering again replaces (tests build many apps). */
export function registerButtonActions(actions: Partial<ButtonActions>): void {
	Object.assign(registered, actions);
}

export function buttonAction<K extends keyof ButtonActions>(name: K): ButtonActions[K] {
	const action = registered[name];
	if (!action) throw new Error(`no bot button action "${name}" is registered (the composition root registers them)`);
	return action as ButtonActions[K];
}
