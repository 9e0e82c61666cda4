import { RESERVATION_REMINDER_MINUTES } from "@bayon/contract";
import type { AppDeps } from "../../../http/deps.js";
import { tellMember } from "./outbox.js";

/** Reminders handed to the outbox per transaction; the job goes on until none is due. */
const BATCH = 100;

/** The shorter reminder: when it is due, a longer one not yet sent is old news. */
const LAST_REMINDER_MINUTES = Math.min(...RESERVATION_REMINDER_MINUTES);

/**
 * Hands the booking reminders that have come due (`reservation_notice`, queued when a booking
 * is confirmed) to the bot's outbox as `bookingReminder24h` / `bookingReminder2h`, and marks
 * them sent; the delivery workers send them with their Confirm and Cancel buttons.
 *
 * A reminder of a booking that is no longer confirmed, or has already begun, is skipped; so is a
 * 24 h reminder once the 2 h one is due too (a booking made late, or a server that was down):
 * the guest gets the nearer one only. Safe on several servers: each notice and its booking are
 * claimed with FOR UPDATE SKIP LOCKED, and a booking being cancelled at that moment (its row
 * locked) waits for the next run, when its reminders read skipped. Returns how many were queued.
 */
export async function queueDueReminders(deps: Pick<AppDeps, "db" | "clock">): Promise<number> {
	let queued = 0;
	for (;;) {
		const round = await deps.db.transaction().execute(async (trx) => {
			const now = deps.clock.now();
			const due = await trx
				.selectFrom("reservation_notice as n")
				.innerJoin("reservation as r", "r.id", "n.reservation_id")
				.select([
					"n.id",
					"n.kind",
					"r.id as reservation_id",
					"r.tenant_id",
					"r.shop_id",
					"r.member_id",
					"r.status",
					"r.starts_at",
				])
				.where("n.sent_at", "is", null)
				.where("n.skipped_at", "is", null)
				.where("n.due_at", "<=", now)
				.orderBy("n.due_at")
				.limit(BATCH)
				.forUpdate(["n", "r"])
				.skipLocked()
				.execute();
			const sent: number[] = [];
			const skipped: number[] = [];
			for (const notice of due) {
				const startsAt = new Date(notice.starts_at).getTime();
				const outdated =
					notice.status !== "confirmed" ||
					startsAt <= now.getTime() ||
					(notice.kind === "remind_24h" && now.getTime() >= startsAt - LAST_REMINDER_MINUTES * 60_000);
				// A booking the staff took for a guest who is not a member has no chat to remind.
				if (outdated || notice.member_id === null) {
					skipped.push(notice.id);
					continue;
				}
				await tellMember(trx, {
					tenantId: notice.tenant_id,
					memberId: notice.member_id,
					kind: notice.kind === "remind_24h" ? "bookingReminder24h" : "bookingReminder2h",
					subjectId: notice.reservation_id,
					shopId: notice.shop_id,
					now,
				});
				sent.push(notice.id);
			}
			if (sent.length > 0)
				await trx.updateTable("reservation_notice").set({ sent_at: now }).where("id", "in", sent).execute();
			if (skipped.length > 0)
				await trx.updateTable("reservation_notice").set({ skipped_at: now }).where("id", "in", skipped).execute();
			return { claimed: due.length, sent: sent.length };
		});
		queued += round.sent;
		if (round.claimed < BATCH) return queued;
	}
}
