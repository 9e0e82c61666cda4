import type { ReservationView } from "@bayon/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { OrderingFixture } from "../../../../test/ordering.js";
import { writeReservationRules } from "../../../../test/reservation-rules.js";
import { telegramMember } from "../../../../test/telegram-members.js";
import { fromLocalMoment, toLocalMoment } from "../../venues/hours.js";
import { queueDueReminders } from "./reminders.js";

/**
 * The booking reminders (issue 15): a confirmed booking's 24 h and 2 h reminders go to the
 * bot's outbox when they come due, once each however often (or on however many servers) the
 * job runs; a booking cancelled or already begun is not reminded.
 */

let server: TestServer;
let fx: OrderingFixture;
let counter = 0;
const PP = "Asia/Phnom_Penh";
const HOUR = 3600;

beforeAll(async () => {
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
	});
	fx = await new OrderingFixture(server).load();
	await writeReservationRules(server.deps.db, 1);
});
afterAll(async () => {
	await server?.close();
});
beforeEach(() => {
	fx.moveClockToLocal("12:00");
});

/** A guest with Telegram books a table for the day after tomorrow at 19:00 (confirmed at once). */
async function bookedGuest(options: { telegram?: boolean } = {}) {
	const mobile = `1390400${String(++counter).padStart(4, "0")}`;
	const guest =
		options.telegram === false
			? { ...(await server.signIn(mobile)), telegramUserId: 0 }
			: await telegramMember(server, { mobile, lang: "en" });
	const today = toLocalMoment(server.clock.now(), PP).date;
	const inTwoDays = new Date(fromLocalMoment(today, 12 * 60, PP).getTime() + 48 * HOUR * 1000);
	const startsAt = fromLocalMoment(toLocalMoment(inTwoDays, PP).date, 19 * 60, PP);
	const booked = await server.call<ReservationView>("POST", "/app-api/reservation/create", {
		token: guest.accessToken,
		headers: { "idempotency-key": `reminders-${++counter}` },
		body: { shopId: 1, party: 2, name: "Sokha", phone: mobile, agreed: true, startsAt: startsAt.toISOString() },
	});
	expect(booked.code, booked.msg).toBe(0);
	expect(booked.data.status).toBe("confirmed");
	return { guest, reservationId: booked.data.id, startsAt };
}

/** Moves the clock to `hours` before the booking starts. */
function hoursBefore(startsAt: Date, hours: number) {
	server.clock.set(new Date(startsAt.getTime() - hours * HOUR * 1000));
}

async function reminders(reservationId: number) {
	const rows = await server.deps.db
		.selectFrom("bot_message")
		.select(["kind", "chat_id", "member_id"])
		.where("subject_id", "=", reservationId)
		.where("kind", "in", ["bookingReminder24h", "bookingReminder2h"])
		.orderBy("id")
		.execute();
	return rows.map((row) => ({ ...row, chat_id: Number(row.chat_id) }));
}

async function notices(reservationId: number) {
	const rows = await server.deps.db
		.selectFrom("reservation_notice")
		.select(["kind", "sent_at", "skipped_at"])
		.where("reservation_id", "=", reservationId)
		.orderBy("kind")
		.execute();
	return rows.map((row) => ({ kind: row.kind, sent: row.sent_at !== null, skipped: row.skipped_at !== null }));
}

describe("booking reminders", () => {
	it("queues the 24 h reminder when it is due, once however often the job runs, then the 2 h one", async () => {
		const { guest, reservationId, startsAt } = await bookedGuest();
		const to = { chat_id: guest.telegramUserId, member_id: guest.userId };

		hoursBefore(startsAt, 24.1);
		expect(await queueDueReminders(server.deps)).toBe(0);
		hoursBefore(startsAt, 24);
		const [first, second] = await Promise.all([queueDueReminders(server.deps), queueDueReminders(server.deps)]);
		expect(first + second).toBe(1);
		expect(await queueDueReminders(server.deps)).toBe(0);
		expect(await reminders(reservationId)).toEqual([{ kind: "bookingReminder24h", ...to }]);

		hoursBefore(startsAt, 2);
		expect(await queueDueReminders(server.deps)).toBe(1);
		await queueDueReminders(server.deps);
		expect(await reminders(reservationId)).toEqual([
			{ kind: "bookingReminder24h", ...to },
			{ kind: "bookingReminder2h", ...to },
		]);
		expect(await notices(reservationId)).toEqual([
			{ kind: "remind_24h", sent: true, skipped: false },
			{ kind: "remind_2h", sent: true, skipped: false },
		]);
	});

	it("sends only the 2 h reminder when both are due at once", async () => {
		const { guest, reservationId, startsAt } = await bookedGuest();
		hoursBefore(startsAt, 1.5);

		await queueDueReminders(server.deps);

		expect(await reminders(reservationId)).toEqual([
			{ kind: "bookingReminder2h", chat_id: guest.telegramUserId, member_id: guest.userId },
		]);
		expect(await notices(reservationId)).toEqual([
			{ kind: "remind_24h", sent: false, skipped: true },
			{ kind: "remind_2h", sent: true, skipped: false },
		]);
	});

	it("skips the reminders of a cancelled booking and of one already begun", async () => {
		const cancelled = await bookedGuest();
		const begun = await bookedGuest();
		const answer = await server.call("POST", "/app-api/reservation/cancel", {
			token: cancelled.guest.accessToken,
			body: { reservationId: cancelled.reservationId },
		});
		expect(answer.code, answer.msg).toBe(0);
		// The job did not run until the party was due (a server that was down).
		server.clock.set(new Date(begun.startsAt.getTime() + 60_000));

		expect(await queueDueReminders(server.deps)).toBe(0);

		expect(await reminders(cancelled.reservationId)).toEqual([]);
		expect(await reminders(begun.reservationId)).toEqual([]);
		for (const id of [cancelled.reservationId, begun.reservationId])
			expect(await notices(id)).toEqual([
				{ kind: "remind_24h", sent: false, skipped: true },
				{ kind: "remind_2h", sent: false, skipped: true },
			]);
	});

	it("tells nobody who switched reminders off or has no Telegram, and does not try again", async () => {
		const muted = await bookedGuest();
		await server.deps.db
			.updateTable("member_notice_settings")
			.set({ muted: ["reminders"] })
			.where("member_id", "=", muted.guest.userId)
			.execute();
		const plain = await bookedGuest({ telegram: false });
		hoursBefore(muted.startsAt, 23);

		await queueDueReminders(server.deps);
		await queueDueReminders(server.deps);

		expect(await reminders(muted.reservationId)).toEqual([]);
		expect(await reminders(plain.reservationId)).toEqual([]);
		expect((await notices(muted.reservationId))[0]).toEqual({ kind: "remind_24h", sent: true, skipped: false });
	});
});
