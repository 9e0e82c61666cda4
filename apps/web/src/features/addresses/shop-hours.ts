import type { OpeningWindow, ShopDetail } from "@bayon/contract";

/** Monday first, Sunday last (weekday 0 = Sunday, as the server sends it). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Today's weekday (0 = Sunday) on the shop's clock; the browser's when the zone is unknown. */
export function weekdayInZone(timeZone: string, now: Date = new Date()): number {
	try {
		const name = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short" }).format(now);
		return WEEKDAYS[name] ?? now.getDay();
	} catch {
		return now.getDay();
	}
}

/** A window that ends at or before it starts runs past midnight. */
export function endsNextDay(window: OpeningWindow): boolean {
	return window.closesAt.slice(0, 5) <= window.opensAt.slice(0, 5);
}

/** The shop's week, Monday first, with each day's windows (empty: closed). */
export function weekOf(shop: Pick<ShopDetail, "weeklyHours">): Array<{ weekday: number; windows: OpeningWindow[] }> {
	return WEEK_ORDER.map((weekday) => ({
		weekday,
		windows: shop.weeklyHours.find((day) => day.weekday === weekday)?.windows ?? [],
	}));
}
