import type { ReservationSettings } from "@bayon/contract";
import type { Kysely } from "kysely";
import type { DB } from "../src/db/schema.js";

/** A shop's booking rules as the owner's settings page keeps them. */
export type ReservationRules = Omit<ReservationSettings, "shopId" | "version">;

/**
 * The rules most booking stories start from: bookings on, 15-minute slots, every party stays
 * 90 minutes plus 10 minutes' buffer, 60 minutes' notice, up to 30 days ahead and 12 guests
 * online, every booking confirmed at once, free cancelling until 120 minutes before, no
 * deposit. Written out here rather than taken from the contract's defaults, so a change of
 * those defaults does not quietly change what the stories test.
 */
export const STORY_RULES: ReservationRules = {
	enabled: true,
	slotMinutes: 15,
	turnTimes: [{ upToParty: 50, minutes: 90 }],
	bufferMinutes: 10,
	minNoticeMinutes: 60,
	maxDaysAhead: 30,
	onlinePartyMax: 12,
	pacingCoversPerSlot: null,
	autoConfirmPercent: 100,
	cancelWindowMinutes: 120,
	graceMinutes: 15,
	depositMinParty: null,
	depositPerPerson: 0,
	depositStrikes: null,
	strikeWindowDays: 180,
};

/**
 * Writes a shop's booking rules (STORY_RULES with `changes`) straight into the database,
 * replacing every rule saved before (the demo seed saves the contract's defaults for its
 * shops). No owner, no change log: for test stories and the benchmark (scripts/bench).
 */
export async function writeReservationRules(
	db: Kysely<DB>,
	shopId: number,
	changes: Partial<ReservationRules> = {},
	now = new Date(),
): Promise<void> {
	const rules = { ...STORY_RULES, ...changes };
	const row = {
		enabled: rules.enabled,
		slot_minutes: rules.slotMinutes,
		turn_times: JSON.stringify(rules.turnTimes),
		buffer_minutes: rules.bufferMinutes,
		min_notice_minutes: rules.minNoticeMinutes,
		max_days_ahead: rules.maxDaysAhead,
		online_party_max: rules.onlinePartyMax,
		pacing_covers_per_slot: rules.pacingCoversPerSlot,
		auto_confirm_percent: rules.autoConfirmPercent,
		cancel_window_minutes: rules.cancelWindowMinutes,
		grace_minutes: rules.graceMinutes,
		deposit_min_party: rules.depositMinParty,
		deposit_per_person: rules.depositPerPerson,
		deposit_strikes: rules.depositStrikes,
		strike_window_days: rules.strikeWindowDays,
		updated_at: now,
	};
	await db
		.insertInto("reservation_settings")
		.values({ shop_id: shopId, ...row })
		.onConflict((oc) => oc.column("shop_id").doUpdateSet(row))
		.execute();
}
