import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../../db/schema.js";

/**
 * The merchant home's figures, each in one query over the orders (read only: ordering owns
 * them). Days are the shop's local days: `day` below is the shop's row with its local date at
 * `now`, and a local date's bounds are `date::timestamp AT TIME ZONE timezone`, so a shop in any
 * time zone (and across a daylight-saving change) gets its own midnight.
 */

/** Orders that never count: never paid and cancelled, turned down by the shop, or given back. */
const NOT_COUNTED = sql`('unpaid', 'cancelled', 'rejected', 'refunded')`;

function shopDay(args: { tenantId: number; shopId: number; now: Date }): RawBuilder<unknown> {
	return sql`SELECT id, timezone, (${args.now.toISOString()}::timestamptz AT TIME ZONE timezone)::date AS today
		FROM shop WHERE id = ${args.shopId} AND tenant_id = ${args.tenantId}`;
}

/** The instant a local date starts, `offset` days after `today`. */
const dayStart = (offset: number) => sql`((day.today + ${sql.lit(offset)})::timestamp AT TIME ZONE day.timezone)`;

export async function todaySummary(db: Kysely<DB>, args: { tenantId: number; shopId: number; now: Date }) {
	const result = await sql<{
		timezone: string;
		date: string;
		last_week_date: string;
		orders: number;
		revenue: number;
		open_tables: number;
	}>`WITH day AS (${shopDay(args)})
		SELECT day.timezone, day.today::text AS date, (day.today - 7)::text AS last_week_date,
			(SELECT count(*)::int FROM customer_order o
				WHERE o.shop_id = day.id AND o.created_at >= ${dayStart(0)} AND o.created_at < ${dayStart(1)}
				AND o.status NOT IN ${NOT_COUNTED}) AS orders,
			(SELECT coalesce(sum(o.total), 0)::bigint FROM customer_order o
				WHERE o.shop_id = day.id AND o.created_at >= ${dayStart(0)} AND o.created_at < ${dayStart(1)}
				AND o.status NOT IN ${NOT_COUNTED}) AS revenue,
			(SELECT count(*)::int FROM table_bill b WHERE b.shop_id = day.id AND b.status = 'open') AS open_tables
		FROM day`.execute(db);
	return result.rows[0];
}

/** Orders and revenue per local hour, today (`days_ago` 0) and the same weekday a week ago (7). */
export async function hourlyTodayAndLastWeek(db: Kysely<DB>, args: { tenantId: number; shopId: number; now: Date }) {
	const result = await sql<{ days_ago: number; hour: number; orders: number; revenue: number }>`
		WITH day AS (${shopDay(args)})
		SELECT (day.today - (o.created_at AT TIME ZONE day.timezone)::date)::int AS days_ago,
			extract(hour FROM o.created_at AT TIME ZONE day.timezone)::int AS hour,
			count(*)::int AS orders, sum(o.total)::bigint AS revenue
		FROM day JOIN customer_order o ON o.shop_id = day.id
		WHERE ((o.created_at >= ${dayStart(0)} AND o.created_at < ${dayStart(1)})
			OR (o.created_at >= ${dayStart(-7)} AND o.created_at < ${dayStart(-6)}))
			AND o.status NOT IN ${NOT_COUNTED}
		GROUP BY 1, 2`.execute(db);
	return result.rows;
}

/** The items sold most over the last 7 local days (today included), by quantity. */
export async function topItemsOfWeek(
	db: Kysely<DB>,
	args: { tenantId: number; shopId: number; now: Date; limit: number },
) {
	const result = await sql<{ item_id: number; name: Record<string, string>; quantity: number; revenue: number }>`
		WITH day AS (${shopDay(args)})
		SELECT l.item_id, i.name, sum(l.quantity)::int AS quantity, sum(l.line_total)::bigint AS revenue
		FROM day JOIN customer_order o ON o.shop_id = day.id
			JOIN order_line l ON l.order_id = o.id
			JOIN menu_item i ON i.id = l.item_id
		WHERE o.created_at >= ${dayStart(-6)} AND o.created_at < ${dayStart(1)}
			AND o.status NOT IN ${NOT_COUNTED}
		GROUP BY l.item_id, i.name
		ORDER BY quantity DESC, revenue DESC, l.item_id
		LIMIT ${args.limit}`.execute(db);
	return result.rows;
}
