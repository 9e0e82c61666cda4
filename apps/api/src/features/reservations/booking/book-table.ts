import { randomInt } from "node:crypto";
import {
	ARRIVAL_CODE_ALPHABET,
	ARRIVAL_CODE_LENGTH,
	type CreateReservationInput,
	ErrorCode,
	type Localized,
	localize,
	RESERVATION_PAY_MINUTES,
	type ReservationView,
} from "@bayon/contract";
import { sql, type Transaction } from "kysely";
import type { z } from "zod";
import { claimIdempotencyKey, findIdempotencyRecord, storeIdempotentResponse } from "../../../db/idempotency.js";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { requiredIdempotencyKey } from "../../../http/idempotency-key.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { sha256Hex } from "../../../lib/crypto.js";
import { presentReservations } from "../present.js";
import { announceReservationChange, countStrikes, type ReservationRow, recordReservationCreated } from "../records.js";
import { type PricedPreorder, pricePreorder, storePreorder } from "./preorder.js";
import * as queries from "./queries.js";
import { autoConfirms, checkSlot, depositTerms, type FreeSlot, type SlotRefusal } from "./rules.js";

type BookingFields = z.output<typeof CreateReservationInput>;

const MINUTE = 60_000;
const CREATE_SCOPE = "reservation.create";
const STAFF_CREATE_SCOPE = "reservation.staff-create";

/** The refusal of the rule set as the error the caller reads. */
export function refusalError(refusal: SlotRefusal, shopPhone: string): BusinessError {
	switch (refusal.kind) {
		case "closed":
			return new BusinessError(ErrorCode.ReservationsClosed);
		case "partyTooLarge":
			return new BusinessError(ErrorCode.PartyTooLarge, { max: refusal.max, phone: shopPhone });
		case "outsideHours":
			return new BusinessError(ErrorCode.ReservationOutsideHours);
		case "offGrid":
			return new BusinessError(ErrorCode.ReservationTimeInvalid);
		case "tooSoon":
			return new BusinessError(ErrorCode.ReservationTooSoon, { minutes: refusal.minutes });
		case "tooFar":
			return new BusinessError(ErrorCode.ReservationTooFar, { days: refusal.days });
		case "taken":
			return new BusinessError(ErrorCode.ReservationSlotTaken);
	}
}

/** A fresh arrival code: six characters without look-alikes. */
function arrivalCode(): string {
	let code = "";
	for (let i = 0; i < ARRIVAL_CODE_LENGTH; i++) code += ARRIVAL_CODE_ALPHABET[randomInt(ARRIVAL_CODE_ALPHABET.length)];
	return code;
}

export interface BookingRequest {
	fields:
		| BookingFields
		| (Omit<BookingFields, "agreed" | "otherAreaAccepted"> & { agreed?: true; otherAreaAccepted?: boolean });
	/** A guest online (the online limits and the deposit rule apply), or the staff for a caller. */
	online: boolean;
	/** The member the booking belongs to (null: a caller who is no member). */
	memberId: number | null;
	/** The staff member who booked for a caller. */
	staffMemberId: number | null;
	/** Staff only: the tables to hold; otherwise the rule set picks one. */
	pinnedTableIds?: number[];
}

/** A guest books (see bookTable); the Idempotency-Key header makes a retry answer the same booking. */
export function createReservation(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof CreateReservationInput>,
	idempotencyKey: string | undefined,
): Promise<ReservationView> {
	return bookTable(
		deps,
		ctx,
		{ fields: input, online: true, memberId: ctx.member.id, staffMemberId: null },
		idempotencyKey,
	);
}

/** The call's idempotency: its key (null when the staff sent none), the key's scope and what was asked. */
interface BookingKey {
	key: string | null;
	scope: string;
	requestHash: string;
}

/** The slot as judged under its lock: the rule set's facts, the slot offered, the pinned tables and the area wish. */
interface JudgedSlot {
	facts: Awaited<ReturnType<typeof queries.loadAvailabilityFacts>>;
	slot: FreeSlot;
	pinned: number[] | undefined;
	area: AreaWish;
}

/** The guest's preferred area, the area of each table, and whether another area will do. */
interface AreaWish {
	preference: string | null | undefined;
	areaOf: Map<number, string | null>;
	otherAreaAccepted: boolean;
	refusal: () => BusinessError;
}

/** What the booking asks and how it starts: the deposit, whether money is owed now, its first status. */
interface BookingTerms {
	deposit: number;
	owesNow: boolean;
	autoConfirm: boolean;
	status: "awaiting_payment" | "confirmed" | "pending";
}

/**
 * Books a table in one transaction. The idempotency key is claimed first, so a retried
 * request answers the booking already made. A lock on the shop's slot serialises bookings
 * starting in it (pacing is counted again under it); the slot is checked with the same rule
 * set as the slot list; the tables are taken by inserting holds in priority order with ON
 * CONFLICT DO NOTHING — the exclusion constraint decides, never a check-then-insert — and
 * when none goes in, everything is rolled back (ReservationSlotTaken).
 */
export async function bookTable(
	deps: AppDeps,
	ctx: SignedInContext,
	request: BookingRequest,
	idempotencyKey: string | undefined,
): Promise<ReservationView> {
	const idempotency = bookingKeyOf(request, idempotencyKey);
	const answered = await answeredBefore(deps.db, ctx, idempotency);
	if (answered) return answered;
	const { fields } = request;
	const shop = await queries.findShop(deps.db, ctx.tenant.id, fields.shopId);
	if (!shop) throw new BusinessError(ErrorCode.NotFound);
	if (!request.online && fields.preorder?.pay === "now")
		throw BusinessError.invalidField("preorder.pay", "fieldInvalid");
	const preorder = fields.preorder ? await pricePreorder(deps, ctx, shop.id, fields.preorder) : null;

	const view = await deps.db.transaction().execute(async (trx) => {
		const now = deps.clock.now();
		const replayed = await claimBookingKey(trx, ctx, idempotency, now);
		if (replayed) return { view: replayed, replayed: true };
		const judged = await judgeSlot(trx, ctx, request, shop, now);
		const terms = await bookingTerms(trx, ctx, request, judged, preorder, now);
		const booking = await insertBooking(trx, ctx, request, { shopId: shop.id, slot: judged.slot, terms, now });
		await holdBookedTables(trx, booking, shop.id, judged);
		if (terms.deposit > 0) await insertDueDeposit(trx, booking.id, terms.deposit, now);
		if (preorder) await storePreorder(trx, deps, ctx, { shopId: shop.id, reservationId: booking.id, preorder, now });
		const created = await recordAndPresent(trx, ctx, request, booking, now);
		if (idempotency.key)
			await storeIdempotentResponse(trx, {
				memberId: ctx.member.id,
				scope: idempotency.scope,
				key: idempotency.key,
				response: created,
			});
		return { view: created, replayed: false };
	});
	if (!view.replayed) await announceReservationChange(deps, view.view.id, "created");
	return view.view;
}

/** A guest online always sends a key; the staff may. */
function bookingKeyOf(request: BookingRequest, idempotencyKey: string | undefined): BookingKey {
	const scope = request.online ? CREATE_SCOPE : STAFF_CREATE_SCOPE;
	const key = request.online || idempotencyKey !== undefined ? requiredIdempotencyKey(idempotencyKey) : null;
	// Pinned tables are part of what was asked: the same key with other tables is another request.
	const requestHash = sha256Hex(JSON.stringify({ ...request.fields, tableIds: request.pinnedTableIds ?? null }));
	return { key, scope, requestHash };
}

/** The booking a retry of the same request already made; the same key with another request is refused. */
async function answeredBefore(
	db: AppDeps["db"],
	ctx: SignedInContext,
	{ key, scope, requestHash }: BookingKey,
): Promise<ReservationView | null> {
	if (!key) return null;
	const record = await findIdempotencyRecord(db, { memberId: ctx.member.id, scope, key });
	if (!record) return null;
	if (record.request_hash !== requestHash) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
	return record.response as ReservationView;
}

/** Claims the key in the booking's transaction; a request that lost the race to claim it answers the winner's booking. */
async function claimBookingKey(
	trx: Transaction<DB>,
	ctx: SignedInContext,
	{ key, scope, requestHash }: BookingKey,
	now: Date,
): Promise<ReservationView | null> {
	if (!key) return null;
	const claimed = await claimIdempotencyKey(trx, { memberId: ctx.member.id, scope, key, requestHash, now });
	if (claimed) return null;
	const record = await findIdempotencyRecord(trx, { memberId: ctx.member.id, scope, key });
	if (record?.request_hash !== requestHash) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
	return record.response as ReservationView;
}

/**
 * Locks the slot and judges it with the rule set (the staff's pinned tables by the hours
 * only, and whether they seat the party); refuses a guest whose preferred area has no free
 * table then and who did not accept another.
 */
async function judgeSlot(
	trx: Transaction<DB>,
	ctx: SignedInContext,
	request: BookingRequest,
	shop: queries.BookingShop,
	now: Date,
): Promise<JudgedSlot> {
	const { fields } = request;
	const startsAt = new Date(fields.startsAt);
	// Bookings starting in the same slot of the shop wait for each other here, so the
	// covers counted for pacing are the committed ones.
	await sql`SELECT pg_advisory_xact_lock(${shop.id}::int4, ${Math.floor(startsAt.getTime() / MINUTE) % 2_000_000_000}::int4)`.execute(
		trx,
	);
	const facts = await queries.loadAvailabilityFacts(trx, {
		shop,
		from: new Date(startsAt.getTime() - 2 * 24 * 60 * MINUTE),
		to: new Date(startsAt.getTime() + 2 * 24 * 60 * MINUTE),
		now,
		online: request.online,
		areaPreference: fields.areaPreference,
	});
	const pinned = request.pinnedTableIds;
	if (!request.online && !pinned && facts.tables.every((t) => !(t.minSeats <= fields.party && fields.party <= t.seats)))
		throw new BusinessError(ErrorCode.ReservationTablesDoNotFit);
	const check = pinned ? checkPinned(facts, startsAt, fields.party) : checkSlot(facts, startsAt, fields.party);
	if (!check.ok) throw refusalError(check.refusal, shop.phone);
	const { slot } = check;
	if (pinned) await requireTablesFit(trx, shop.id, pinned, fields.party);
	const area = areaWishOf(ctx, request, facts.tables);
	if (area.preference && !pinned && !area.otherAreaAccepted && !slot.freeAreas.includes(area.preference))
		throw area.refusal();
	return { facts, slot, pinned, area };
}

/**
 * A preferred area with no free table then: a guest is told before booking (the slot
 * list says which areas are free), and one who did not accept another area is refused
 * rather than quietly seated elsewhere (issue 27). The staff choose for their caller.
 */
function areaWishOf(
	ctx: SignedInContext,
	request: BookingRequest,
	tables: Array<{ id: number; area: string | null; areaName: Localized | null }>,
): AreaWish {
	const preference = request.fields.areaPreference;
	const areaOf = new Map(tables.map((table) => [table.id, table.area]));
	const otherAreaAccepted = !request.online || request.fields.otherAreaAccepted === true;
	const refusal = () => {
		const named = tables.find((table) => table.area === preference)?.areaName;
		return new BusinessError(ErrorCode.ReservationAreaTaken, {
			area: named ? localize(named, ctx.lang) : (preference ?? ""),
		});
	};
	return { preference, areaOf, otherAreaAccepted, refusal };
}

/** The deposit (online only, by the party and the guest's no-show strikes), what is owed now, and the first status. */
async function bookingTerms(
	trx: Transaction<DB>,
	ctx: SignedInContext,
	request: BookingRequest,
	{ facts, slot }: JudgedSlot,
	preorder: PricedPreorder | null,
	now: Date,
): Promise<BookingTerms> {
	const { fields } = request;
	const { settings } = facts;
	const strikes = request.online
		? await countStrikes(trx, {
				tenantId: ctx.tenant.id,
				memberId: request.memberId,
				phone: fields.phone,
				windowDays: settings.strikeWindowDays,
				now,
			})
		: 0;
	const deposit = request.online ? depositTerms(settings, fields.party, strikes).amount : 0;
	const owesNow = deposit > 0 || (preorder?.pay === "now" && preorder.total > 0);
	const autoConfirm = request.online
		? autoConfirms(settings, {
				party: fields.party,
				startsAt: slot.startsAt,
				endsAt: slot.endsAt,
				bookings: facts.bookings,
				tables: facts.tables,
			})
		: true;
	const status = owesNow ? "awaiting_payment" : autoConfirm ? "confirmed" : "pending";
	return { deposit, owesNow, autoConfirm, status };
}

/** Inserts the booking under a fresh arrival code (another when the tenant already has that one). */
async function insertBooking(
	trx: Transaction<DB>,
	ctx: SignedInContext,
	request: BookingRequest,
	args: { shopId: number; slot: FreeSlot; terms: BookingTerms; now: Date },
): Promise<ReservationRow> {
	const { fields } = request;
	const { slot, terms, now } = args;
	let row: ReservationRow | undefined;
	for (let attempt = 0; !row; attempt++) {
		if (attempt >= 10) throw new Error("no free arrival code after 10 attempts");
		row = await trx
			.insertInto("reservation")
			.values({
				tenant_id: ctx.tenant.id,
				shop_id: args.shopId,
				member_id: request.memberId,
				code: arrivalCode(),
				status: terms.status,
				party: fields.party,
				starts_at: new Date(slot.startsAt),
				ends_at: new Date(slot.endsAt),
				held_until: new Date(slot.heldUntil),
				guest_name: fields.name,
				guest_phone: fields.phone,
				occasion: fields.occasion,
				area_preference: fields.areaPreference,
				note: fields.note,
				source: request.online ? "web" : "staff",
				created_by_member_id: request.staffMemberId,
				pay_deadline: terms.owesNow ? new Date(now.getTime() + RESERVATION_PAY_MINUTES * MINUTE) : null,
				auto_confirm: terms.autoConfirm,
				created_at: now,
				updated_at: now,
			})
			.onConflict((oc) => oc.columns(["tenant_id", "code"]).doNothing())
			.returningAll()
			.executeTakeFirst();
	}
	return row;
}

/**
 * Holds the booking's tables for its stay (the pinned ones all together, or the first free
 * of the slot's), else refuses; with a preferred area, records whether it was met.
 */
async function holdBookedTables(
	trx: Transaction<DB>,
	booking: ReservationRow,
	shopId: number,
	{ slot, pinned, area }: JudgedSlot,
): Promise<void> {
	const stay = `[${new Date(slot.startsAt).toISOString()},${new Date(slot.heldUntil).toISOString()})`;
	const heldIds = pinned
		? (await holdAllTables(trx, { reservationId: booking.id, shopId, tableIds: pinned, stay }))
			? pinned
			: []
		: await holdFirstFreeTable(trx, { reservationId: booking.id, shopId, tableIds: slot.tableIds, stay });
	if (heldIds.length === 0)
		throw new BusinessError(pinned ? ErrorCode.ReservationTableBusy : ErrorCode.ReservationSlotTaken);
	if (area.preference) {
		// The preferred tables may have gone to a booking of an overlapping start meanwhile.
		const met = heldIds.some((id) => area.areaOf.get(id) === area.preference);
		if (!met && !area.otherAreaAccepted) throw area.refusal();
		await trx.updateTable("reservation").set({ area_preference_met: met }).where("id", "=", booking.id).execute();
		booking.area_preference_met = met;
	}
}

/** The deposit the booking owes, due until paid. */
async function insertDueDeposit(trx: Transaction<DB>, reservationId: number, amount: number, now: Date) {
	await trx
		.insertInto("reservation_payment")
		.values({
			reservation_id: reservationId,
			kind: "deposit",
			amount,
			status: "due",
			pay_method: null,
			gateway_payment_id: null,
			created_at: now,
		})
		.execute();
}

/** Records the booking's creation (by the guest or the staff) and presents it as its booker sees it. */
async function recordAndPresent(
	trx: Transaction<DB>,
	ctx: SignedInContext,
	request: BookingRequest,
	booking: ReservationRow,
	now: Date,
): Promise<ReservationView> {
	await recordReservationCreated(trx, booking, {
		actor: request.online ? "guest" : "staff",
		actorMemberId: ctx.member.id,
		now,
	});
	const [created] = await presentReservations(
		trx,
		[booking],
		request.online ? { kind: "guest", memberId: ctx.member.id } : { kind: "staff" },
		ctx.lang,
		now,
	);
	if (!created) throw new Error("reservation could not be presented");
	return created;
}

/** Staff pin tables: the hours (and, for them, nothing else of the online limits) still apply. */
function checkPinned(
	facts: Parameters<typeof checkSlot>[0],
	startsAt: Date,
	party: number,
): ReturnType<typeof checkSlot> {
	// The rule set judges the time with a table that surely fits: the pinned tables are held
	// by the database below, whatever the rule set thinks of their seats.
	const anyTable = { id: -1, seats: party, minSeats: 1, area: null, sort: 0 };
	const check = checkSlot({ ...facts, tables: [anyTable], stays: [] }, startsAt, party);
	return check;
}

/** Pinned tables must be the shop's reservable-or-not enabled tables and seat the party together. */
async function requireTablesFit(trx: Transaction<DB>, shopId: number, tableIds: number[], party: number) {
	const unique = [...new Set(tableIds)];
	const rows = await trx
		.selectFrom("dining_table")
		.select(["id", "seats"])
		.where("shop_id", "=", shopId)
		.where("enabled", "=", true)
		.where("id", "in", unique)
		.execute();
	if (rows.length !== unique.length || unique.length !== tableIds.length) throw new BusinessError(ErrorCode.NotFound);
	if (rows.reduce((sum, row) => sum + row.seats, 0) < party)
		throw new BusinessError(ErrorCode.ReservationTablesDoNotFit);
}

type TableHolds = { reservationId: number; shopId: number; tableIds: number[]; stay: string };

/** Tries the tables in order; the first whose hold the database accepts is the booking's. */
/** Holds the first table of the list still free: its id, or none when all were taken meanwhile. */
async function holdFirstFreeTable(trx: Transaction<DB>, args: TableHolds): Promise<number[]> {
	for (const tableId of args.tableIds) if (await holdTable(trx, args, tableId)) return [tableId];
	return [];
}

/** Holds every table (in id order, so two staff bookings never wait on each other crosswise), or none. */
export async function holdAllTables(trx: Transaction<DB>, args: TableHolds): Promise<boolean> {
	for (const tableId of [...args.tableIds].sort((a, b) => a - b))
		if (!(await holdTable(trx, args, tableId))) return false;
	return true;
}

/**
 * Holds one table for the stay; false when another booking holds it for an overlapping stay
 * (the exclusion constraint decides, never a check-then-insert).
 */
async function holdTable(trx: Transaction<DB>, args: TableHolds, tableId: number): Promise<boolean> {
	const inserted = await trx
		.insertInto("reservation_table")
		.values({ reservation_id: args.reservationId, table_id: tableId, shop_id: args.shopId, stay: args.stay })
		.onConflict((oc) => oc.doNothing())
		.returning("table_id")
		.executeTakeFirst();
	return inserted !== undefined;
}
