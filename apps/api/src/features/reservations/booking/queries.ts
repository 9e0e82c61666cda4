import { DEFAULT_RESERVATION_SETTINGS, type Localized } from "@bayon/contract";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { Closure, WeeklyWindow } from "../../venues/hours.js";
import { settingsOfRow } from "../records.js";
import type { AvailabilityFacts, BookableTable } from "./rules.js";

type Db = Kysely<DB> | Transaction<DB>;

/** The key a seating area is chosen by: its zh-CN name (always present, the same in every language). */
export function areaKey(area: Localized | null): string | null {
	return area ? area["zh-CN"] : null;
}

export function findShop(db: Db, tenantId: number, shopId: number) {
	return db
		.selectFrom("shop")
		.select(["id", "tenant_id", "name", "phone", "address", "timezone"])
		.where("tenant_id", "=", tenantId)
		.where("id", "=", shopId)
		.executeTakeFirst();
}
export type BookingShop = NonNullable<Awaited<ReturnType<typeof findShop>>>;

export async function listWindows(db: Db, shopId: number): Promise<WeeklyWindow[]> {
	const rows = await db
		.selectFrom("shop_opening_hours")
		.select(["weekday", "opens_at", "closes_at"])
		.where("shop_id", "=", shopId)
		.execute();
	return rows.map((row) => ({ weekday: row.weekday, opensAt: row.opens_at, closesAt: row.closes_at }));
}

export async function listClosures(db: Db, shopId: number, fromDate: string): Promise<Closure[]> {
	const rows = await db
		.selectFrom("shop_closure")
		.select(["starts_on", "ends_on"])
		.where("shop_id", "=", shopId)
		.where("ends_on", ">=", fromDate)
		.execute();
	return rows.map((row) => ({ startsOn: row.starts_on, endsOn: row.ends_on }));
}

interface FactsRow {
	settings: Selectable<DB["reservation_settings"]> | null;
	windows: Array<{ weekday: number; opensAt: string; closesAt: string }> | null;
	closures: Closure[] | null;
	tables: Array<{
		id: number;
		number: string;
		seats: number;
		minSeats: number;
		area: Localized | null;
		sort: number;
	}> | null;
	stays: Array<{ tableId: number; start: string; end: string }> | null;
	bookings: Array<{ startsAt: string; endsAt: string; party: number }> | null;
}

/** No stay is longer than this (turn times up to 600 minutes plus a buffer up to 120). */
const LONGEST_STAY_MS = 24 * 3600_000;

/**
 * Everything the rule set needs about a shop around [from, to), in one round trip (the slot
 * list is the busiest read of bookings): settings, hours, closures, bookable tables, the
 * stays holding them and the bookings for pacing and the auto-confirm share.
 */
export async function loadAvailabilityFacts(
	db: Db,
	args: {
		shop: BookingShop;
		from: Date;
		to: Date;
		now: Date;
		online: boolean;
		areaPreference?: string | null;
	},
): Promise<AvailabilityFacts & { tables: Array<BookableTable & { number: string; areaName: Localized | null }> }> {
	const shopId = args.shop.id;
	// A day before `from` in UTC covers every time zone's local day of it.
	const fromDate = new Date(args.from.getTime() - 24 * 3600_000).toISOString().slice(0, 10);
	const earliestStart = new Date(args.from.getTime() - LONGEST_STAY_MS);
	const result = await sql<FactsRow>`
		SELECT
			(SELECT row_to_json(rs) FROM reservation_settings rs WHERE rs.shop_id = ${shopId}) AS settings,
			(SELECT json_agg(json_build_object('weekday', h.weekday, 'opensAt', h.opens_at, 'closesAt', h.closes_at))
				FROM shop_opening_hours h WHERE h.shop_id = ${shopId}) AS windows,
			(SELECT json_agg(json_build_object('startsOn', c.starts_on, 'endsOn', c.ends_on))
				FROM shop_closure c WHERE c.shop_id = ${shopId} AND c.ends_on >= ${fromDate}::date) AS closures,
			(SELECT json_agg(json_build_object('id', t.id, 'number', t.number, 'seats', t.seats, 'minSeats', t.min_seats,
					'area', t.area, 'sort', t.sort) ORDER BY t.sort, t.id)
				FROM dining_table t WHERE t.shop_id = ${shopId} AND t.enabled AND t.reservable) AS tables,
			(SELECT json_agg(json_build_object('tableId', rt.table_id, 'start', lower(rt.stay), 'end', upper(rt.stay)))
				FROM reservation_table rt
				WHERE rt.shop_id = ${shopId} AND rt.holding
					AND rt.stay && tstzrange(${args.from}::timestamptz, ${args.to}::timestamptz, '[)')) AS stays,
			(SELECT json_agg(json_build_object('startsAt', r.starts_at, 'endsAt', r.ends_at, 'party', r.party))
				FROM reservation r
				WHERE r.shop_id = ${shopId} AND r.status IN ('awaiting_payment', 'pending', 'confirmed', 'seated')
					AND r.starts_at >= ${earliestStart}::timestamptz AND r.starts_at < ${args.to}::timestamptz
					AND r.held_until > ${args.from}::timestamptz) AS bookings`.execute(db);
	const row = result.rows[0];
	const settings = row?.settings
		? settingsOfRow(row.settings)
		: { ...DEFAULT_RESERVATION_SETTINGS, shopId, version: 1 };
	return {
		settings,
		windows: row?.windows ?? [],
		closures: row?.closures ?? [],
		timeZone: args.shop.timezone,
		tables: (row?.tables ?? []).map((table) => ({
			id: table.id,
			number: table.number,
			seats: table.seats,
			minSeats: table.minSeats,
			area: areaKey(table.area),
			areaName: table.area,
			sort: table.sort,
		})),
		stays: (row?.stays ?? []).map((stay) => ({
			tableId: stay.tableId,
			start: new Date(stay.start).getTime(),
			end: new Date(stay.end).getTime(),
		})),
		bookings: (row?.bookings ?? []).map((booking) => ({
			startsAt: new Date(booking.startsAt).getTime(),
			endsAt: new Date(booking.endsAt).getTime(),
			party: booking.party,
		})),
		now: args.now,
		online: args.online,
		areaPreference: args.areaPreference ?? null,
	};
}
