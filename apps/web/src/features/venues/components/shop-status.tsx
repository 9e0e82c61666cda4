import type { ShopSummary } from "@bayon/contract";
import { formatDate, formatTimeInZone } from "../../../lib/format";
import { useDateLabels, useI18n } from "../../../lib/i18n";
import { useShopTimezone } from "../current-shop";
import { bannerMessage, formatWindows, pauseParams, shopStatus } from "../open-state";
import "../venues.css";

/** "Opens tomorrow at 08:00", in the shop's time zone; empty while that zone is unknown. */
export function useOpensText(shop: ShopSummary | null | undefined): string {
	const { t, lang } = useI18n();
	const labels = useDateLabels();
	const timeZone = useShopTimezone(shop);
	const next = shop?.openState.nextOpenAt;
	if (!shop || !next || !timeZone || shopStatus(shop.openState) === "open") return "";
	const at = formatTimeInZone(next, timeZone);
	if (!at) return "";
	if (at.dayOffset <= 0) return t("shop.opensToday", { time: at.time });
	if (at.dayOffset === 1) return t("shop.opensTomorrow", { time: at.time });
	return t("shop.opensOn", { date: formatDate(at.date, lang, labels), time: at.time });
}

/** Today's hours: "Today 08:00–22:00", or "Closed today". */
export function useTodayHoursText(shop: ShopSummary): string {
	const { t } = useI18n();
	const { todayHours, closedToday } = shop.openState;
	if (closedToday || todayHours.length === 0) return t("shop.closedAllDay");
	return t("shop.todayHours", { hours: formatWindows(todayHours) });
}

/** Open now / closed pill. */
export function ShopStatusPill({ shop }: { shop: ShopSummary }) {
	const { t } = useI18n();
	const status = shopStatus(shop.openState);
	const open = status === "open";
	return (
		<span className={`shop-pill${open ? " shop-pill--open" : ""}`} data-testid="shop-status" data-open={open}>
			{open ? t("shop.openNow") : status === "paused" ? t("shop.pausedNow") : t("shop.closedNow")}
		</span>
	);
}

/**
 * The store-closed / outside-hours banner (spec §8 messages) with today's hours and when the
 * shop opens again. Renders nothing while the shop takes orders.
 */
export function StoreClosedBanner({ shop }: { shop: ShopSummary }) {
	const { m } = useI18n();
	const status = shopStatus(shop.openState);
	const hours = useTodayHoursText(shop);
	const opens = useOpensText(shop);
	const timeZone = useShopTimezone(shop);
	if (status === "open") return null;
	return (
		<div className="closed-banner" role="status" data-testid="store-closed-banner" data-status={status}>
			<strong className="closed-banner__title">
				{m(bannerMessage[status], pauseParams(shop.openState, timeZone))}
			</strong>
			<span className="closed-banner__detail">
				{hours}
				{opens && status !== "paused" && ` · ${opens}`}
			</span>
		</div>
	);
}
