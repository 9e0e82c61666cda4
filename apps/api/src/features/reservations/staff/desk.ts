import {
	type AssignReservationTablesInput,
	ErrorCode,
	HOLDING_RESERVATION_STATUSES,
	localize,
	type MerchantReservationListQuery,
	type PageResult,
	type ReservationGridQuery,
	type ReservationGridView,
	type ReservationStatus,
	type ReservationView,
	type StaffCreateReservationInput,
	type StaffReservationActionInput,
} from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { addDays, fromLocalMoment, toLocalMoment } from "../../venues/hours.js";
import { requireShopPermission, requireStaffWithoutOracle } from "../../venues/staff/staff-access.js";
import { bookTable, holdAllTables } from "../booking/book-table.js";
import * as queries from "../booking/queries.js";
import { openingWindowsOf } from "../booking/rules.js";
import { deliverReleasedRefunds, releaseBookingMoney, returnKeptDeposit } from "../money/booking-money.js";
import { presentReservations, staffActionsOf } from "../present.js";
import {
	announceReservationChange,
	changeReservationStatus,
	lockReservation,
	type ReservationRow,
	readReservationSettings,
	shortenStay,
} from "../records.js";

type Db = Kysely<DB> | Transaction<DB>;

const HOLDING: ReservationStatus[] = [...HOLDING_RESERVATION_STATUSES];
/** The day's bookings, decisions, tables and staff bookings: everyone on the board. */
const BOARD_PERMISSION = "board" as const;

// ---------------------------------------------------------------------------------------------
// The day's bookings

/**
 * The instants a local day of the shop covers for its bookings: from the end of the day
 * before's windows that ran past midnight (else midnight) to the end of the day's last
 * window (at least the next midnight), so a booking at 00:30 shows on the evening it belongs to.
 */
async function dayRange(db: Db, shop: queries.BookingShop, date: string): Promise<{ from: Date; to: Date }> {
	const [windows, closures] = await Promise.all([
		queries.listWindows(db, shop.id),
		queries.listClosures(db, shop.id, addDays(date, -2)),
	]);
	const midnight = fromLocalMoment(date, 0, shop.timezone).getTime();
	const nextMidnight = fromLocalMoment(addDays(date, 1), 0, shop.timezone).getTime();
	const before = openingWindowsOf(addDays(date, -1), windows, closures, shop.timezone);
	const today = openingWindowsOf(date, windows, closures, shop.timezone);
	const from = Math.max(midnight, ...before.map((window) => window.closesAt));
	const to = Math.max(nextMidnight, ...today.map((window) => window.closesAt));
	return { from: new Date(from), to: new Date(to) };
}

async function requireShop(deps: AppDeps, ctx: SignedInContext, shopId: number): Promise<queries.BookingShop> {
	await requireShopPermission(deps, ctx, shopId, BOARD_PERMISSION);
	const shop = await queries.findShop(deps.db, ctx.tenant.id, shopId);
	if (!shop) throw new BusinessError(ErrorCode.NotFound);
	return shop;
}

/** The staff's list: one local day (default today), or every booking from today on; by start time. */
export async function listShopReservations(
	deps: AppDeps,
	ctx: SignedInContext,
	query: MerchantReservationListQuery,
): Promise<PageResult<ReservationView>> {
	const shop = await requireShop(deps, ctx, query.shopId);
	const now = deps.clock.now();
	const date = query.date ?? toLocalMoment(now, shop.timezone).date;
	const range = await dayRange(deps.db, shop, date);
	let base = deps.db
		.selectFrom("reservation")
		.where("tenant_id", "=", ctx.tenant.id)
		.where("shop_id", "=", shop.id)
		.where("starts_at", ">=", range.from);
	if (query.scope === "day") base = base.where("starts_at", "<", range.to);
	const [rows, total] = await Promise.all([
		base
			.selectAll()
			.orderBy("starts_at")
			.orderBy("id")
			.offset((query.page - 1) * query.pageSize)
			.limit(query.pageSize)
			.execute(),
		base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
	]);
	return { list: await presentReservations(deps.db, rows, { kind: "staff" }, ctx.lang, now), total: Number(total.n) };
}

/** The table × time grid of a local day: its windows, the shop's tables and the bookings holding them. */
export async function getReservationGrid(
	deps: AppDeps,
	ctx: SignedInContext,
	query: ReservationGridQuery,
): Promise<ReservationGridView> {
	const shop = await requireShop(deps, ctx, query.shopId);
	const range = await dayRange(deps.db, shop, query.date);
	const [settings, windows, closures, tables, bookings] = await Promise.all([
		readReservationSettings(deps.db, shop.id),
		queries.listWindows(deps.db, shop.id),
		queries.listClosures(deps.db, shop.id, addDays(query.date, -1)),
		deps.db
			.selectFrom("dining_table")
			.select(["id", "number", "seats", "min_seats", "area", "reservable"])
			.where("shop_id", "=", shop.id)
			.where("enabled", "=", true)
			.orderBy("sort")
			.orderBy("id")
			.execute(),
		deps.db
			.selectFrom("reservation as r")
			.innerJoin("reservation_table as rt", "rt.reservation_id", "r.id")
			.select([
				"r.id",
				"r.starts_at",
				"r.ends_at",
				"r.held_until",
				"r.status",
				"r.party",
				"r.guest_name",
				"rt.table_id",
			])
			.where("r.shop_id", "=", shop.id)
			.where("r.status", "in", [...HOLDING, "completed"])
			.where("r.starts_at", "<", range.to)
			.where("r.held_until", ">", range.from)
			.orderBy("r.starts_at")
			.orderBy("r.id")
			.orderBy("rt.table_id")
			.execute(),
	]);
	const byBooking = new Map<number, ReservationGridView["bookings"][number]>();
	for (const row of bookings) {
		const entry = byBooking.get(row.id);
		if (entry) entry.tableIds.push(row.table_id);
		else
			byBooking.set(row.id, {
				reservationId: row.id,
				tableIds: [row.table_id],
				startsAt: new Date(row.starts_at).toISOString(),
				endsAt: new Date(row.ends_at).toISOString(),
				heldUntil: new Date(row.held_until).toISOString(),
				status: row.status,
				party: row.party,
				name: row.guest_name,
			});
	}
	return {
		shopId: shop.id,
		date: query.date,
		shopTimeZone: shop.timezone,
		windows: openingWindowsOf(query.date, windows, closures, shop.timezone).map((window) => ({
			opensAt: new Date(window.opensAt).toISOString(),
			closesAt: new Date(window.closesAt).toISOString(),
		})),
		slotMinutes: settings.slotMinutes,
		tables: tables.map((table) => ({
			id: table.id,
			number: table.number,
			seats: table.seats,
			minSeats: table.min_seats,
			area: table.area ? localize(table.area, ctx.lang) : null,
			reservable: table.reservable,
		})),
		bookings: [...byBooking.values()],
	};
}

function findReservationOfTenant(db: Db, tenantId: number, id: number) {
	return db
		.selectFrom("reservation")
		.selectAll()
		.where("tenant_id", "=", tenantId)
		.where("id", "=", id)
		.executeTakeFirst();
}

/**
 * A booking for the staff of its shop. A customer is refused before the booking is looked up
 * and a staff member of another shop is told NotFound, so ids cannot be probed.
 */
async function requireBoardFor(deps: AppDeps, ctx: SignedInContext, row: ReservationRow | undefined) {
	await requireStaffWithoutOracle(deps, ctx, row?.shop_id);
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	await requireShopPermission(deps, ctx, row.shop_id, BOARD_PERMISSION);
	return row;
}

export async function getShopReservation(deps: AppDeps, ctx: SignedInContext, id: number): Promise<ReservationView> {
	const row = await requireBoardFor(deps, ctx, await findReservationOfTenant(deps.db, ctx.tenant.id, id));
	return presentForStaff(deps, ctx, row);
}

async function presentForStaff(deps: AppDeps, ctx: SignedInContext, row: ReservationRow): Promise<ReservationView> {
	const [view] = await presentReservations(deps.db, [row], { kind: "staff" }, ctx.lang, deps.clock.now());
	if (!view) throw new BusinessError(ErrorCode.NotFound);
	return view;
}

// ---------------------------------------------------------------------------------------------
// Decisions

const ACTION_RESULT: Record<
	StaffReservationActionInput["action"],
	{ to: ReservationStatus; money: "refund" | "keepDeposit" | null; reason: string }
> = {
	confirm: { to: "confirmed", money: null, reason: "confirmed" },
	reject: { to: "rejected", money: "refund", reason: "rejected" },
	cancel: { to: "cancelled", money: "refund", reason: "cancelled" },
	complete: { to: "completed", money: null, reason: "completed" },
	noShow: { to: "no_show", money: "keepDeposit", reason: "noShow" },
	// The strike goes with the no-show (strikes are counted from no-show bookings), and so does
	// the deposit it kept: it goes back the way it was paid (returnKeptDeposit, decision 020).
	undoNoShow: { to: "completed", money: null, reason: "undoNoShow" },
};

/**
 * A staff decision on a booking, allowed by the same rules that list the staff's actions
 * (present.ts). A repeated decision (the booking is already where it would go) answers the
 * booking as it is; any other state answers ReservationStateChanged.
 */
export async function actOnReservation(
	deps: AppDeps,
	ctx: SignedInContext,
	input: StaffReservationActionInput,
): Promise<ReservationView> {
	await requireBoardFor(deps, ctx, await findReservationOfTenant(deps.db, ctx.tenant.id, input.reservationId));
	if (input.action === "reject" && !input.reason) throw BusinessError.invalidField("reason", "enterReason");
	const result = ACTION_RESULT[input.action];
	const changed = await deps.db.transaction().execute(async (trx) => {
		const now = deps.clock.now();
		const row = await lockReservation(trx, ctx.tenant.id, input.reservationId);
		if (!row) throw new BusinessError(ErrorCode.NotFound);
		if (row.status === result.to && input.action !== "undoNoShow") return null;
		// Undone already (a double tap, a second screen): a booking that was a no-show and is now
		// completed got there by an undo, since a no-show can go nowhere else.
		if (input.action === "undoNoShow" && row.status === "completed" && (await wasNoShow(trx, row.id))) return null;
		if (!staffActionsOf({ row, now }).includes(input.action))
			throw new BusinessError(ErrorCode.ReservationStateChanged);
		const released = result.money
			? await releaseBookingMoney(trx, {
					tenantId: ctx.tenant.id,
					reservationId: row.id,
					outcome: result.money,
					now,
				})
			: input.action === "undoNoShow"
				? await returnKeptDeposit(trx, { tenantId: ctx.tenant.id, reservationId: row.id, now })
				: { gatewayPaymentIds: [] };
		if (input.action === "complete") await shortenStay(trx, row.id, now);
		await changeReservationStatus(trx, row, result.to, {
			actor: "staff",
			actorMemberId: ctx.member.id,
			note: input.reason ?? null,
			now,
			set:
				input.action === "reject"
					? { reject_reason: input.reason ?? null }
					: input.action === "cancel"
						? { cancel_reason: input.reason ?? null }
						: {},
		});
		return released;
	});
	if (changed) {
		deliverReleasedRefunds(deps, [changed]);
		await announceReservationChange(deps, input.reservationId, result.reason);
	}
	return getShopReservation(deps, ctx, input.reservationId);
}

/** Whether the booking was ever a no-show (its history says so). */
async function wasNoShow(trx: Transaction<DB>, reservationId: number): Promise<boolean> {
	const row = await trx
		.selectFrom("reservation_history")
		.select("id")
		.where("reservation_id", "=", reservationId)
		.where("status", "=", "no_show")
		.executeTakeFirst();
	return row !== undefined;
}

/**
 * Puts the party at other tables (up to four combined). The seats together must take the
 * party; the booking's holds are replaced in one transaction and the database's exclusion
 * constraint refuses a table another booking holds for an overlapping stay (ReservationTableBusy).
 */
export async function assignTables(
	deps: AppDeps,
	ctx: SignedInContext,
	input: AssignReservationTablesInput,
): Promise<ReservationView> {
	const found = await requireBoardFor(
		deps,
		ctx,
		await findReservationOfTenant(deps.db, ctx.tenant.id, input.reservationId),
	);
	const tableIds = [...new Set(input.tableIds)];
	const tables = await deps.db
		.selectFrom("dining_table")
		.select(["id", "seats"])
		.where("shop_id", "=", found.shop_id)
		.where("enabled", "=", true)
		.where("id", "in", tableIds)
		.execute();
	if (tables.length !== tableIds.length) throw BusinessError.invalidField("tableIds", "fieldInvalid");
	if (tables.reduce((sum, table) => sum + table.seats, 0) < found.party)
		throw new BusinessError(ErrorCode.ReservationTablesDoNotFit);
	await deps.db.transaction().execute(async (trx) => {
		const now = deps.clock.now();
		const row = await lockReservation(trx, ctx.tenant.id, input.reservationId);
		if (!row) throw new BusinessError(ErrorCode.NotFound);
		if (!staffActionsOf({ row, now }).includes("assign")) throw new BusinessError(ErrorCode.ReservationStateChanged);
		await trx.deleteFrom("reservation_table").where("reservation_id", "=", row.id).execute();
		const held = await holdAllTables(trx, {
			reservationId: row.id,
			shopId: row.shop_id,
			tableIds,
			stay: `[${new Date(row.starts_at).toISOString()},${new Date(row.held_until).toISOString()})`,
		});
		if (!held) throw new BusinessError(ErrorCode.ReservationTableBusy);
	});
	await announceReservationChange(deps, input.reservationId, "tablesChanged");
	return getShopReservation(deps, ctx, input.reservationId);
}

/**
 * The staff book for a caller: a staff booking, confirmed, no deposit; the online limits are
 * waived but never the opening hours or another booking's tables. The booking belongs to the
 * member with the caller's phone, when there is one.
 */
export async function createStaffReservation(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof StaffCreateReservationInput>,
	idempotencyKey: string | undefined,
): Promise<ReservationView> {
	await requireShop(deps, ctx, input.shopId);
	const member = await deps.db
		.selectFrom("member")
		.select("id")
		.where("tenant_id", "=", ctx.tenant.id)
		.where("mobile", "=", input.phone)
		.executeTakeFirst();
	const { tableIds, ...fields } = input;
	return bookTable(
		deps,
		ctx,
		{
			fields,
			online: false,
			memberId: member?.id ?? null,
			staffMemberId: ctx.member.id,
			...(tableIds ? { pinnedTableIds: tableIds } : {}),
		},
		idempotencyKey,
	);
}
