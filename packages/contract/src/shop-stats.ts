import { z } from "zod";
import { queryIdField } from "./common.js";

/**
 * The merchant home's "today at a glance" (issue 10), computed on the server in the shop's
 * time zone. Counts are for everyone on the board; money figures only for roles with the
 * `sales` permission (owner, manager), otherwise null (decision 017).
 *
 * An order counts from the moment it is placed, unless it was never paid for and cancelled
 * (`unpaid`, `cancelled`), turned down (`rejected`) or given back (`refunded`). Revenue is
 * the total of the orders that count, delivery fees included.
 */
export const ShopTodayQuery = z.object({ shopId: queryIdField });

export interface ShopToday {
	/** The shop's local date (YYYY-MM-DD) the figures are for, and the one a week earlier. */
	date: string;
	lastWeekDate: string;
	timezone: string;
	orders: number;
	/** Tables with an open seating (their bill is open). */
	openTables: number;
	revenue: number | null;
	/** Revenue divided by orders, rounded to a minor unit; 0 without orders; null without `sales`. */
	averageTicket: number | null;
	/** 24 local hours of today and of the same weekday last week. */
	hours: Array<{
		hour: number;
		orders: number;
		lastWeekOrders: number;
		revenue: number | null;
		lastWeekRevenue: number | null;
	}>;
	/** The most sold items of the last 7 local days (today included), by quantity. */
	topItems: Array<{ itemId: number; name: string; quantity: number; revenue: number | null }>;
}
