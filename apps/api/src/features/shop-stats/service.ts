import { type Localized, localize, roleAllows, type ShopToday } from "@bayon/contract";
import type { AppDeps } from "../../http/deps.js";
import { requireShopPermission } from "../venues/staff/staff-access.js";
import * as queries from "./queries.js";

interface Caller {
	tenant: { id: number };
	lang: string;
	member: { id: number };
}

const TOP_ITEMS = 5;

/**
 * Today at a glance, in the shop's time zone: everyone on the board sees the counts; money
 * figures only those with the `sales` permission (owner, manager), null for staff (decision 017).
 */
export async function shopToday(deps: AppDeps, ctx: Caller, shopId: number): Promise<ShopToday> {
	const role = await requireShopPermission(deps, ctx, shopId, "board");
	const money = roleAllows(role, "sales");
	const args = { tenantId: ctx.tenant.id, shopId, now: deps.clock.now() };
	const [summary, hourly, top] = await Promise.all([
		queries.todaySummary(deps.db, args),
		queries.hourlyTodayAndLastWeek(deps.db, args),
		queries.topItemsOfWeek(deps.db, { ...args, limit: TOP_ITEMS }),
	]);
	// requireShopPermission found the shop: the summary has its row.
	const day = summary as NonNullable<typeof summary>;
	const at = (daysAgo: number, hour: number) => hourly.find((row) => row.days_ago === daysAgo && row.hour === hour);
	const shown = (amount: number) => (money ? Number(amount) : null);
	return {
		date: day.date,
		lastWeekDate: day.last_week_date,
		timezone: day.timezone,
		orders: day.orders,
		openTables: day.open_tables,
		revenue: shown(day.revenue),
		averageTicket: shown(day.orders > 0 ? Math.round(Number(day.revenue) / day.orders) : 0),
		hours: Array.from({ length: 24 }, (_, hour) => ({
			hour,
			orders: at(0, hour)?.orders ?? 0,
			lastWeekOrders: at(7, hour)?.orders ?? 0,
			revenue: shown(at(0, hour)?.revenue ?? 0),
			lastWeekRevenue: shown(at(7, hour)?.revenue ?? 0),
		})),
		topItems: top.map((row) => ({
			itemId: row.item_id,
			name: localize(row.name as Localized, ctx.lang),
			quantity: row.quantity,
			revenue: shown(row.revenue),
		})),
	};
}
