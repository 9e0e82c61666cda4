import { randomInt } from "node:crypto";
import {
	ARRIVAL_CODE_ALPHABET,
	ARRIVAL_CODE_LENGTH,
	type CreateReservationInput,
	ErrorCode,
	type Localized,
	localize,
	type PreorderInput,
	type PricedCart,
	RESERVATION_PAY_MINUTES,
	type ReservationView,
} from "@bayon/contract";
import { sql, type Transaction } from "kysely";
import type { z } from "zod";
import { claimIdempotencyKey, findIdempotencyRecord, storeIdempotentResponse } from "../../db/idempotency.js";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { requiredIdempotencyKey } from "../../http/idempotency-key.js";
import type { RequestContext, SignedInContext } from "../../http/request-context.js";
import { sha256Hex } from "../../lib/crypto.js";
import type { MenuNames } from "../menu/service.js";
import { takeStock } from "../menu/stock.js";
import { evaluateCart } from "../ordering/checkout/pricing.js";
import { getOrderingTerms } from "../venues/service.js";
import { presentReservations } from "./present.js";
import * as queries from "./queries.js";
import {
	announceReservationChange,
	countStrikes,
	type ReservationRow,
	recordReservationCreated,
	type StoredPreorderLine,
} from "./records.js";
import { autoConfirms, checkSlot, depositTerms, type SlotRefusal } from "./rules.js";

type BookingFields = z.output<typeof CreateReservationInput>;

const MINUTE = 60_000;
const CREATE_SCOPE = "reservation.create";
const STAFF_CREATE_SCOPE = "reservation.staff-create";

/** A pre-order priced by the server with the cart rules of dine-in orders, ready to store. */
export interface PricedPreorder {
	pay: "now" | "atTable";
	lines: StoredPreorderLine[];
	total: number;
}

/**
 * Prices a pre-order exactly like a dine-in cart (items on the menu and for dine-in, options,
 * stock, the shop offering dine-in), judged as if the party were seated: the shop being
 * closed or paused right now says nothing about the booking's time. Any problem refuses it
 * with the whole priced cart in `data`, as checkout does.
 */
export async function pricePreorder(
	deps: AppDeps,
	ctx: RequestContext,
	shopId: number,
	preorder: z.output<typeof PreorderInput>,
): Promise<PricedPreorder> {
	const terms = await getOrderingTerms(deps, ctx, shopId);
	const openTerms = {
		...terms,
		openState: { ...terms.openState, isOpen: true, acceptingOrders: true, closedToday: false, pausedUntil: null },
	};
	const { priced, names } = await evaluateCart(
		deps,
		ctx,
		{ shopId, orderType: "desk", lines: preorder.lines },
		{ terms: openTerms },
	);
	refuseUnorderable(priced);
	return { pay: preorder.pay, lines: storedLines(priced, preorder.lines, names), total: priced.total };
}

/**
 * Prices a pre-order inside a transaction, seeing what it changed: the stock a replaced
 * pre-order gave back counts as left for its replacement (a guest keeping the last two of a
 * dish while adding another is not told it sold out).
 */
export function pricePreorderIn(
	trx: Transaction<DB>,
	deps: AppDeps,
	ctx: RequestContext,
	shopId: number,
	preorder: z.output<typeof PreorderInput>,
): Promise<PricedPreorder> {
	return pricePreorder({ ...deps, db: trx }, ctx, shopId, preorder);
}

function refuseUnorderable(priced: PricedCart) {
	const firstProblem = priced.problems[0] ?? priced.lines.flatMap((line) => line.problems)[0];
	if (!priced.orderable && firstProblem)
		throw new BusinessError(firstProblem.code as Exclude<ErrorCode, 0>, {}, priced, undefined, firstProblem.message);
}

function storedLines(
	priced: PricedCart,
	input: Array<{ optionIds: number[] }>,
	names: MenuNames,
): StoredPreorderLine[] {
	return priced.lines.map((line, index) => ({
		itemId: line.itemId,
		optionIds: input[index]?.optionIds ?? line.options.map((option) => option.id),
		quantity: line.quantity,
		unitPrice: line.unitPrice,
		lineTotal: line.lineTotal,
		name: line.name,
		names: {
			item: names.items.get(line.itemId) ?? { "zh-CN": line.name },
			options: Object.fromEntries(
				line.options.map((option) => [option.id, names.options.get(option.id) ?? { "zh-CN": option.name }]),
			),
		},
		options: line.options,
	}));
}

/**
 * Writes a booking's pre-order (replacing any) and, when paid now, its due payment. Its
 * dishes' tracked stock is taken here, in the transaction that stores it, as an order takes
 * its stock (the menu's takeStock: the same conditional updates and lock order), so a guest
 * cannot pre-order days ahead a dish that will not be there; the booking's exits give it
 * back (changeReservationStatus) and arrival hands it on to the pre-order's order. A
 * pre-order being replaced must have given its stock back first (givePreorderStockBack).
 * When another order or booking took the last ones since the pre-order was priced, it is
 * refused like checkout refuses: InsufficientStock with the cart priced again from the stock
 * left (each short line saying how many are left), in the caller's language; the caller's
 * transaction then stores nothing.
 */
export async function storePreorder(
	trx: Transaction<DB>,
	deps: AppDeps,
	ctx: RequestContext,
	args: { shopId: number; reservationId: number; preorder: PricedPreorder; now: Date },
): Promise<void> {
	const { reservationId, preorder, now } = args;
	await sql`SAVEPOINT preorder_stock`.execute(trx);
	try {
		await takeStock(trx, preorder.lines);
	} catch (error) {
		if (!(error instanceof BusinessError && error.code === ErrorCode.InsufficientStock)) throw error;
		// Priced again without the dishes this pre-order took before one ran short, so each
		// line is told what the others left.
		await sql`ROLLBACK TO SAVEPOINT preorder_stock`.execute(trx);
		await pricePreorderIn(trx, deps, ctx, args.shopId, {
			pay: preorder.pay,
			lines: preorder.lines.map(({ itemId, optionIds, quantity }) => ({ itemId, optionIds, quantity })),
		});
		throw error;
	}
	await trx
		.insertInto("reservation_preorder")
		.values({
			reservation_id: reservationId,
			pay_mode: preorder.pay,
			lines: JSON.stringify(preorder.lines),
			total: preorder.total,
			updated_at: now,
		})
		.onConflict((oc) =>
			oc.column("reservation_id").doUpdateSet({
				pay_mode: preorder.pay,
				lines: JSON.stringify(preorder.lines),
				total: preorder.total,
				updated_at: now,
			}),
		)
		.execute();
	if (preorder.pay === "now" && preorder.total > 0)
		await trx
			.insertInto("reservation_payment")
			.values({
				reservation_id: reservationId,
				kind: "preorder",
				amount: preorder.total,
				status: "due",
				pay_method: null,
				gateway_payment_id: null,
				created_at: now,
			})
			.execute();
}

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
	const scope = request.online ? CREATE_SCOPE : STAFF_CREATE_SCOPE;
	const key = request.online || idempotencyKey !== undefined ? requiredIdempotencyKey(idempotencyKey) : null;
	// Pinned tables are part of what was asked: the same key with other tables is another request.
	const requestHash = sha256Hex(JSON.stringify({ ...request.fields, tableIds: request.pinnedTableIds ?? null }));
	if (key) {
		const record = await findIdempotencyRecord(deps.db, { memberId: ctx.member.id, scope, key });
		if (record) {
			if (record.request_hash !== requestHash) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
			return record.response as ReservationView;
		}
	}
	const { fields } = request;
	const shop = await queries.findShop(deps.db, ctx.tenant.id, fields.shopId);
	if (!shop) throw new BusinessError(ErrorCode.NotFound);
	if (!request.online && fields.preorder?.pay === "now")
		throw BusinessError.invalidField("preorder.pay", "fieldInvalid");
	const preorder = fields.preorder ? await pricePreorder(deps, ctx, shop.id, fields.preorder) : null;
	const startsAt = new Date(fields.startsAt);

	const view = await deps.db.transaction().execute(async (trx) => {
		const now = deps.clock.now();
		if (key) {
			const claimed = await claimIdempotencyKey(trx, {
				memberId: ctx.member.id,
				scope,
				key,
				requestHash,
				now,
			});
			if (!claimed) {
				const record = await findIdempotencyRecord(trx, { memberId: ctx.member.id, scope, key });
				if (record?.request_hash !== requestHash) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
				return { view: record.response as ReservationView, replayed: true };
			}
		}
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
		const { settings } = facts;
		const pinned = request.pinnedTableIds;
		if (
			!request.online &&
			!pinned &&
			facts.tables.every((t) => !(t.minSeats <= fields.party && fields.party <= t.seats))
		)
			throw new BusinessError(ErrorCode.ReservationTablesDoNotFit);
		const check = pinned ? checkPinned(facts, startsAt, fields.party) : checkSlot(facts, startsAt, fields.party);
		if (!check.ok) throw refusalError(check.refusal, shop.phone);
		const { slot } = check;
		if (pinned) await requireTablesFit(trx, shop.id, pinned, fields.party);
		// A preferred area with no free table then: a guest is told before booking (the slot
		// list says which areas are free), and one who did not accept another area is refused
		// rather than quietly seated elsewhere (issue 27). The staff choose for their caller.
		const preference = fields.areaPreference;
		const namedTables: Array<{ id: number; area: string | null; areaName: Localized | null }> = facts.tables;
		const areaOf = new Map(namedTables.map((table) => [table.id, table.area]));
		const otherAreaAccepted = !request.online || fields.otherAreaAccepted === true;
		const areaRefusal = () => {
			const named = namedTables.find((table) => table.area === preference)?.areaName;
			return new BusinessError(ErrorCode.ReservationAreaTaken, {
				area: named ? localize(named, ctx.lang) : (preference ?? ""),
			});
		};
		if (preference && !pinned && !otherAreaAccepted && !slot.freeAreas.includes(preference)) throw areaRefusal();

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

		let row: ReservationRow | undefined;
		for (let attempt = 0; !row; attempt++) {
			if (attempt >= 10) throw new Error("no free arrival code after 10 attempts");
			row = await trx
				.insertInto("reservation")
				.values({
					tenant_id: ctx.tenant.id,
					shop_id: shop.id,
					member_id: request.memberId,
					code: arrivalCode(),
					status,
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
					pay_deadline: owesNow ? new Date(now.getTime() + RESERVATION_PAY_MINUTES * MINUTE) : null,
					auto_confirm: autoConfirm,
					created_at: now,
					updated_at: now,
				})
				.onConflict((oc) => oc.columns(["tenant_id", "code"]).doNothing())
				.returningAll()
				.executeTakeFirst();
		}
		const booking = row;
		const stay = `[${new Date(slot.startsAt).toISOString()},${new Date(slot.heldUntil).toISOString()})`;
		const heldIds = pinned
			? (await holdAllTables(trx, { reservationId: booking.id, shopId: shop.id, tableIds: pinned, stay }))
				? pinned
				: []
			: await holdFirstFreeTable(trx, { reservationId: booking.id, shopId: shop.id, tableIds: slot.tableIds, stay });
		if (heldIds.length === 0)
			throw new BusinessError(pinned ? ErrorCode.ReservationTableBusy : ErrorCode.ReservationSlotTaken);
		if (preference) {
			// The preferred tables may have gone to a booking of an overlapping start meanwhile.
			const met = heldIds.some((id) => areaOf.get(id) === preference);
			if (!met && !otherAreaAccepted) throw areaRefusal();
			await trx.updateTable("reservation").set({ area_preference_met: met }).where("id", "=", booking.id).execute();
			booking.area_preference_met = met;
		}

		if (deposit > 0)
			await trx
				.insertInto("reservation_payment")
				.values({
					reservation_id: booking.id,
					kind: "deposit",
					amount: deposit,
					status: "due",
					pay_method: null,
					gateway_payment_id: null,
					created_at: now,
				})
				.execute();
		if (preorder) await storePreorder(trx, deps, ctx, { shopId: shop.id, reservationId: booking.id, preorder, now });
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
		if (key) await storeIdempotentResponse(trx, { memberId: ctx.member.id, scope, key, response: created });
		return { view: created, replayed: false };
	});
	if (!view.replayed) await announceReservationChange(deps, view.view.id, "created");
	return view.view;
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
