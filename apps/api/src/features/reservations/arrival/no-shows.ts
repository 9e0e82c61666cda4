import { DEFAULT_RESERVATION_SETTINGS } from "@bayon/contract";
import { sql } from "kysely";
import type { AppDeps } from "../../../http/deps.js";
import { deliverReleasedRefunds, releaseBookingMoney } from "../money/booking-money.js";
import { announceReservationChange, changeReservationStatus } from "../records.js";

/** Bookings marked per transaction; the job goes on until none is left. */
const BATCH = 50;

/**
 * Marks bookings no-show whose party has not arrived by the end of the grace period (the
 * shop's grace minutes after the start). Safe on several servers: rows are claimed with
 * FOR UPDATE SKIP LOCKED, and a booking seated or cancelled meanwhile is no longer pending or
 * confirmed when claimed. The deposit, if any, is kept (releaseBookingMoney) in the same
 * transaction; the strike is the no-show booking itself. Returns how many were marked.
 */
export async function markNoShows(deps: AppDeps): Promise<number> {
	let total = 0;
	for (;;) {
		const marked = await deps.db.transaction().execute(async (trx) => {
			const now = deps.clock.now();
			const rows = await trx
				.selectFrom("reservation")
				.selectAll()
				.where("status", "in", ["pending", "confirmed"])
				.where("starts_at", "<", now)
				.where(
					sql<boolean>`starts_at + make_interval(mins => coalesce((SELECT s.grace_minutes FROM reservation_settings s WHERE s.shop_id = reservation.shop_id), ${DEFAULT_RESERVATION_SETTINGS.graceMinutes})::int) < ${now}::timestamptz`,
				)
				.orderBy("starts_at")
				.limit(BATCH)
				.forUpdate()
				.skipLocked()
				.execute();
			const released = [];
			for (const row of rows) {
				released.push(
					await releaseBookingMoney(trx, {
						tenantId: row.tenant_id,
						reservationId: row.id,
						outcome: "keepDeposit",
						now,
					}),
				);
				await changeReservationStatus(trx, row, "no_show", { actor: "system", actorMemberId: null, now });
			}
			return { ids: rows.map((row) => row.id), released };
		});
		// A no-show keeps the deposit but gives back a pre-order paid ahead.
		deliverReleasedRefunds(deps, marked.released);
		for (const id of marked.ids) await announceReservationChange(deps, id, "noShow");
		total += marked.ids.length;
		if (marked.ids.length < BATCH) return total;
	}
}
