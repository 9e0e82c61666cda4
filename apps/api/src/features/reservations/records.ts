import {
	DEFAULT_RESERVATION_SETTINGS,
	HOLDING_RESERVATION_STATUSES,
	type Localized,
	type MemberNoticeKind,
	RESERVATION_REMINDER_MINUTES,
	type ReservationSettings,
	type ReservationStatus,
} from "@bayon/contract";
import { type Kysely, type Selectable, sql, type Transaction, type Updateable } from "kysely";
import type { DB } from "../../db/schema.js";
import type { AppDeps } from "../../http/deps.js";
import { giveStockBack, stockMoves } from "../menu/stock.js";
import { tellMember, tellShopGroup } from "../notifications/outbox/outbox.js";

type Db = Kysely<DB> | Transaction<DB>;

/** A booking as stored. */
export type ReservationRow = Selectable<DB["reservation"]>;

/** A pre-order line as stored in reservation_preorder.lines: priced, with its names in every language. */
export interface StoredPreorderLine {
	itemId: number;
	optionIds: number[];
	quantity: number;
	unitPrice: number;
	lineTotal: number;
	name: string;
	names: { item: Localized; options: Record<string, Localized> };
	options: Array<{ id: number; name: string; priceDelta: number }>;
}

/** Who changed a booking: the guest, the shop's staff, or a job of the server. */
export type ReservationActor = "guest" | "staff" | "system";

const HOLDING: readonly ReservationStatus[] = HOLDING_RESERVATION_STATUSES;
/**
 * Before the party arrives: the booking still stands, its pre-order holds its stock and may
 * still change.
 */
export const BEFORE_ARRIVAL: readonly ReservationStatus[] = ["awaiting_payment", "pending", "confirmed"];

export function isHoldingStatus(status: ReservationStatus): boolean {
	return HOLDING.includes(status);
}

/** The shop's booking rules: its saved row, or the contract's defaults (bookings off) until the owner saves. */
export async function readReservationSettings(db: Db, shopId: number): Promise<ReservationSettings> {
	const row = await db.selectFrom("reservation_settings").selectAll().where("shop_id", "=", shopId).executeTakeFirst();
	// Version 1 until the first save, so the first save names a version like every later one.
	if (!row) return { ...DEFAULT_RESERVATION_SETTINGS, shopId, version: 1 };
	return settingsOfRow(row);
}

export function settingsOfRow(row: Selectable<DB["reservation_settings"]>): ReservationSettings {
	return {
		shopId: row.shop_id,
		enabled: row.enabled,
		slotMinutes: row.slot_minutes,
		turnTimes: row.turn_times,
		bufferMinutes: row.buffer_minutes,
		minNoticeMinutes: row.min_notice_minutes,
		maxDaysAhead: row.max_days_ahead,
		onlinePartyMax: row.online_party_max,
		pacingCoversPerSlot: row.pacing_covers_per_slot,
		autoConfirmPercent: row.auto_confirm_percent,
		cancelWindowMinutes: row.cancel_window_minutes,
		graceMinutes: row.grace_minutes,
		depositMinParty: row.deposit_min_party,
		depositPerPerson: Number(row.deposit_per_person),
		depositStrikes: row.deposit_strikes,
		strikeWindowDays: row.strike_window_days,
		version: row.version,
	};
}

/** Locks a booking of the tenant for a change; undefined when there is none with this id. */
export function lockReservation(
	trx: Transaction<DB>,
	tenantId: number,
	id: number,
): Promise<ReservationRow | undefined> {
	return trx
		.selectFrom("reservation")
		.selectAll()
		.where("tenant_id", "=", tenantId)
		.where("id", "=", id)
		.forUpdate()
		.executeTakeFirst();
}

/**
 * Moves a locked booking to another status and does everything that goes with it, so no
 * change can forget a part: the history row (the guest's timeline), freeing its tables when
 * it stops holding them, skipping its reminders when it ends, and queueing the reminders
 * still ahead when it becomes confirmed, and giving its pre-order's stock back when it will
 * not be served. `set` carries other columns changed with it (a reject or cancel reason).
 * Money is not touched here: exits call releaseBookingMoney.
 */
export async function changeReservationStatus(
	trx: Transaction<DB>,
	row: ReservationRow,
	to: ReservationStatus,
	by: {
		actor: ReservationActor;
		actorMemberId: number | null;
		note?: string | null;
		now: Date;
		set?: Updateable<DB["reservation"]>;
	},
): Promise<ReservationRow> {
	const leavingPayment = row.status === "awaiting_payment" && to !== "awaiting_payment";
	const updated = await trx
		.updateTable("reservation")
		.set({
			...by.set,
			status: to,
			updated_at: by.now,
			...(leavingPayment ? { pay_deadline: null } : {}),
		})
		.where("id", "=", row.id)
		.returningAll()
		.executeTakeFirstOrThrow();
	await trx
		.insertInto("reservation_history")
		.values({
			reservation_id: row.id,
			status: to,
			actor: by.actor,
			actor_member_id: by.actorMemberId,
			note: by.note ?? null,
			at: by.now,
		})
		.execute();
	if (!isHoldingStatus(to)) {
		await trx
			.updateTable("reservation_table")
			.set({ holding: false })
			.where("reservation_id", "=", row.id)
			.where("holding", "=", true)
			.execute();
		// The pre-order's stock was taken when it was stored (decision 020). It goes back here,
		// with the status, rather than in each exit: every exit — the guest's cancel in time or
		// late, the staff's reject or cancel, a no-show (job or staff), an unpaid hold expiring —
		// moves the locked booking through this function, so none can forget it. Leaving the
		// statuses before arrival for one that holds no table happens once in a booking's life
		// (nothing leads back: undoing a no-show goes on to completed), so it goes back exactly
		// once. Seating keeps it taken: the pre-order becomes the table's order, whose stock
		// the order's own cancel or reject gives back.
		if (BEFORE_ARRIVAL.includes(row.status)) await givePreorderStockBack(trx, row.id);
		if (isHoldingStatus(row.status)) {
			await trx
				.updateTable("reservation_notice")
				.set({ skipped_at: by.now })
				.where("reservation_id", "=", row.id)
				.where("sent_at", "is", null)
				.where("skipped_at", "is", null)
				.execute();
		}
	}
	if (to === "confirmed" && row.status !== "confirmed") await queueReminders(trx, updated, by.now);
	await tellBookingNews(trx, updated, row.status, by.now);
	return updated;
}

/**
 * The bot's news of a booking reaching `row.status` (from `from`, null when just made), queued
 * in the change's transaction (decision 024). The guest hears confirmed, rejected and no-show;
 * the staff group hears of a booking once it is theirs to see: waiting for their confirmation or
 * confirmed, never while it waits for its deposit (the outbox's key tells it once).
 */
async function tellBookingNews(
	trx: Transaction<DB>,
	row: ReservationRow,
	from: ReservationStatus | null,
	now: Date,
): Promise<void> {
	const to = row.status;
	if (to === from) return;
	const guestKind = GUEST_NEWS_OF[to];
	if (guestKind && row.member_id !== null)
		await tellMember(trx, {
			tenantId: row.tenant_id,
			memberId: row.member_id,
			kind: guestKind,
			subjectId: row.id,
			shopId: row.shop_id,
			now,
		});
	if ((to === "pending" || to === "confirmed") && (from === null || from === "awaiting_payment"))
		await tellShopGroup(trx, {
			tenantId: row.tenant_id,
			shopId: row.shop_id,
			kind: "shopNewBooking",
			subjectId: row.id,
			now,
		});
}

const GUEST_NEWS_OF: Partial<Record<ReservationStatus, MemberNoticeKind>> = {
	confirmed: "bookingConfirmed",
	rejected: "bookingRejected",
	no_show: "bookingNoShow",
};

/**
 * Gives back the tracked stock the booking's stored pre-order holds (what storePreorder took
 * for its lines), in the lock order of orders: items, then options, each in id order.
 */
export async function givePreorderStockBack(trx: Transaction<DB>, reservationId: number): Promise<void> {
	const preorder = await trx
		.selectFrom("reservation_preorder")
		.select("lines")
		.where("reservation_id", "=", reservationId)
		.executeTakeFirst();
	if (!preorder) return;
	await giveStockBack(trx, stockMoves(preorder.lines as StoredPreorderLine[]));
}

/**
 * The first history row of a booking just written, and its reminders when it starts
 * confirmed: what changeReservationStatus does for later changes.
 */
export async function recordReservationCreated(
	trx: Transaction<DB>,
	row: ReservationRow,
	by: { actor: ReservationActor; actorMemberId: number | null; note?: string | null; now: Date },
): Promise<void> {
	await trx
		.insertInto("reservation_history")
		.values({
			reservation_id: row.id,
			status: row.status,
			actor: by.actor,
			actor_member_id: by.actorMemberId,
			note: by.note ?? null,
			at: by.now,
		})
		.execute();
	if (row.status === "confirmed") await queueReminders(trx, row, by.now);
	await tellBookingNews(trx, row, null, by.now);
}

/** The 24 h and 2 h reminders of a confirmed booking, those still ahead of now; once each. */
async function queueReminders(trx: Transaction<DB>, row: ReservationRow, now: Date): Promise<void> {
	const startsAt = new Date(row.starts_at).getTime();
	const notices = RESERVATION_REMINDER_MINUTES.map((minutes) => ({
		reservation_id: row.id,
		kind: minutes === 24 * 60 ? ("remind_24h" as const) : ("remind_2h" as const),
		due_at: new Date(startsAt - minutes * 60_000),
	})).filter((notice) => notice.due_at.getTime() > now.getTime());
	if (notices.length === 0) return;
	await trx
		.insertInto("reservation_notice")
		.values(notices)
		.onConflict((oc) => oc.columns(["reservation_id", "kind"]).doNothing())
		.execute();
}

/**
 * The guest's no-shows inside the strike window, counted from the bookings themselves (so the
 * count can never disagree with them): by member when the guest is one, else by phone. Counted
 * across the tenant's shops — a brand's branches share their guests.
 */
export async function countStrikes(
	db: Db,
	args: { tenantId: number; memberId: number | null; phone: string | null; windowDays: number; now: Date },
): Promise<number> {
	if (args.memberId === null && !args.phone) return 0;
	const since = new Date(args.now.getTime() - args.windowDays * 24 * 3600_000);
	let query = db
		.selectFrom("reservation")
		.select((eb) => eb.fn.countAll<string>().as("n"))
		.where("tenant_id", "=", args.tenantId)
		.where("status", "=", "no_show")
		.where("starts_at", ">=", since);
	query =
		args.memberId !== null
			? query.where("member_id", "=", args.memberId)
			: query.where("member_id", "is", null).where("guest_phone", "=", args.phone ?? "");
	const row = await query.executeTakeFirstOrThrow();
	return Number(row.n);
}

/** Shortens a booking's held stay to end at `until` (a stay finished early), never to nothing. */
export async function shortenStay(trx: Transaction<DB>, reservationId: number, until: Date): Promise<void> {
	await trx
		.updateTable("reservation_table")
		.set({
			stay: sql<string>`tstzrange(lower(stay), greatest(lower(stay) + interval '1 second', least(upper(stay), ${until}::timestamptz)), '[)')`,
		})
		.where("reservation_id", "=", reservationId)
		.execute();
}

/**
 * The table's bill of a seated booking was settled (paid, taken at the counter, or the table
 * cleared): the party has left, so the booking is completed and its tables are free from now,
 * in the settling transaction. Call announceBookingOfBill after commit.
 */
export async function completeBookingOfSettledBill(
	trx: Transaction<DB>,
	bill: { tenant_id: number; reservation_id: number | null },
	now: Date,
): Promise<void> {
	if (bill.reservation_id === null) return;
	const row = await lockReservation(trx, bill.tenant_id, bill.reservation_id);
	if (row?.status !== "seated") return;
	await shortenStay(trx, row.id, now);
	await changeReservationStatus(trx, row, "completed", { actor: "system", actorMemberId: null, note: null, now });
}

/**
 * Tells the guest's pages and the shop's reservations page that a booking changed; call after
 * the change has committed. A lost notification is healed by the pages refetching.
 */
export async function announceReservationChange(
	deps: Pick<AppDeps, "db" | "events">,
	reservationId: number,
	reason: string,
): Promise<void> {
	const row = await deps.db
		.selectFrom("reservation")
		.select(["tenant_id", "shop_id", "member_id", "status"])
		.where("id", "=", reservationId)
		.executeTakeFirst();
	if (!row) return;
	await deps.events
		.publish({
			type: "reservation.changed",
			tenantId: row.tenant_id,
			shopId: row.shop_id,
			reservationId,
			memberId: row.member_id,
			status: row.status,
			reason,
		})
		.catch(() => {});
}
