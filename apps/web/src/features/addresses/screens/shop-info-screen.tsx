import { Limits, type ShopDetail } from "@bayon/contract";
import { errorText } from "../../../lib/api-client";
import { useCurrency } from "../../../lib/app-config";
import { formatMoney } from "../../../lib/format";
import { useCalendarDay, useI18n } from "../../../lib/i18n";
import type { UiKey } from "../../../lib/i18n/locales/zh-CN";
import { CalendarIcon, PhoneIcon, PinIcon, ScooterIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { splitColor } from "../../maps/map-style";
import { MapView } from "../../maps/map-view";
import { endsNextDay, weekdayInZone, weekOf } from "../shop-hours";
import { useShopInfo, useShopMap } from "./use-shop-info";
import "../addresses.css";

/**
 * address/shop_info: where the shop is. Its delivery zones on the map, the user's position
 * (asked again every 30 s), the address, a phone link and the week's opening hours.
 */
export default function ShopInfoScreen() {
	const { t } = useI18n();
	const { shop, query } = useShopInfo();

	if (shop.error !== null) return <ErrorState message={errorText(shop.error)} onRetry={shop.retry} />;
	if (shop.pending) return <LoadingState />;
	if (shop.shopId === null) return <EmptyState title={t("shopInfo.noShop")} />;
	if (query.isPending) return <LoadingState />;
	if (query.isError) return <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} />;
	return <ShopInfo shop={query.data} />;
}

function ShopInfo({ shop }: { shop: ShopDetail }) {
	return (
		<div className="shop-info" data-testid="shop-info-page">
			<ShopMap shop={shop} />
			<ShopCard shop={shop} />
			<ShopHours shop={shop} />
			{shop.zones.length > 0 && <ShopZones shop={shop} />}
		</div>
	);
}

function ShopMap({ shop }: { shop: ShopDetail }) {
	const { t, m } = useI18n();
	const map = useShopMap(shop);
	return (
		<>
			<MapView
				className="shop-info__map"
				center={{ latitude: shop.latitude, longitude: shop.longitude }}
				zoom={Limits.mapZoom.default}
				zones={shop.zones}
				shop={{ latitude: shop.latitude, longitude: shop.longitude, label: shop.name }}
				user={map.position ? { ...map.position, label: t("map.you") } : null}
				controllerRef={map.controller}
				label={t("shopInfo.mapLabel", { name: shop.name })}
				testId="shop-map"
			/>
			<div className="shop-info__map-actions">
				<button
					type="button"
					className="button button--ghost button--small"
					onClick={map.showShop}
					data-testid="show-shop"
				>
					{t("map.showShop")}
				</button>
				{shop.zones.length > 0 && (
					<button
						type="button"
						className="button button--ghost button--small"
						onClick={map.showZones}
						data-testid="show-zones"
					>
						{t("map.showZones")}
					</button>
				)}
				<button type="button" className="button button--ghost button--small" onClick={map.showMe} data-testid="show-me">
					{t("map.locateMe")}
				</button>
			</div>
			{map.locationFailed && (
				<p className="shop-info__location-failed" role="alert" data-testid="location-failed">
					{m("locationFailed")}
				</p>
			)}
		</>
	);
}

function ShopCard({ shop }: { shop: ShopDetail }) {
	return (
		<section className="card section shop-info__card">
			<h2 className="shop-info__name" data-testid="shop-name">
				{shop.name}
			</h2>
			<p className="shop-info__row">
				<PinIcon className="shop-info__icon" />
				<span data-testid="shop-address">{shop.address}</span>
			</p>
			{shop.phone && (
				<p className="shop-info__row">
					<PhoneIcon className="shop-info__icon" />
					<a href={`tel:${shop.phone.replace(/[^\d+]/g, "")}`} data-testid="shop-phone">
						{shop.phone}
					</a>
				</p>
			)}
		</section>
	);
}

/** The week's opening hours, today marked, and the days the shop is closed. */
function ShopHours({ shop }: { shop: ShopDetail }) {
	const { t } = useI18n();
	// A closure's days are the shop's calendar days, written in the reader's language.
	const calendarDay = useCalendarDay();
	const today = weekdayInZone(shop.timezone);
	return (
		<section className="card section" aria-labelledby="shop-hours-title">
			<h2 className="section__title" id="shop-hours-title">
				<CalendarIcon className="section__title-icon" />
				{t("shopInfo.hours")}
			</h2>
			<ul className="shop-hours" data-testid="shop-hours">
				{weekOf(shop).map(({ weekday, windows }) => (
					<li
						key={weekday}
						className={`shop-hours__day${weekday === today ? " is-today" : ""}`}
						aria-current={weekday === today ? "date" : undefined}
					>
						<span className="shop-hours__name">
							{t(`shopInfo.weekday.${weekday}` as UiKey)}
							{weekday === today && <span className="address-badge">{t("shopInfo.today")}</span>}
						</span>
						<span className="shop-hours__windows">
							{windows.length === 0
								? t("shopInfo.closed")
								: windows.map((window) => (
										<span key={`${window.opensAt}-${window.closesAt}`}>
											{window.opensAt.slice(0, 5)}–{window.closesAt.slice(0, 5)}
											{endsNextDay(window) ? ` ${t("shopInfo.nextDay")}` : ""}
										</span>
									))}
						</span>
					</li>
				))}
			</ul>
			{shop.closures.length > 0 && (
				<ul className="shop-hours__closures" data-testid="shop-closures">
					{shop.closures.map((closure) => (
						<li key={`${closure.startsOn}-${closure.endsOn}`}>
							{t("shopInfo.closure", {
								dates:
									closure.startsOn === closure.endsOn
										? calendarDay(closure.startsOn).day
										: `${calendarDay(closure.startsOn).day} – ${calendarDay(closure.endsOn).day}`,
							})}
							{closure.reason ? ` · ${closure.reason}` : ""}
						</li>
					))}
				</ul>
			)}
		</section>
	);
}

function ShopZones({ shop }: { shop: ShopDetail }) {
	const { t } = useI18n();
	const currency = useCurrency();
	return (
		<section className="card section" aria-labelledby="shop-zones-title">
			<h2 className="section__title" id="shop-zones-title">
				<ScooterIcon className="section__title-icon" />
				{t("shopInfo.zones")}
			</h2>
			<ul className="shop-zones" data-testid="shop-zones">
				{shop.zones.map((zone) => {
					const fill = splitColor(zone.polygon.fillColor, 0.2);
					return (
						<li key={zone.id} className="shop-zones__zone">
							<span
								className="shop-zones__swatch"
								aria-hidden="true"
								style={{
									borderColor: splitColor(zone.polygon.strokeColor, 1).color,
									borderStyle: zone.polygon.dashArray.trim() ? "dashed" : "solid",
									background: fill.color,
									opacity: Math.max(0.35, fill.opacity),
								}}
							/>
							<span className="shop-zones__text">
								<span className="shop-zones__name">{zone.name}</span>
								<span className="shop-zones__terms">
									{t("shopInfo.zoneTerms", {
										fee: formatMoney(zone.fee, currency),
										min: formatMoney(zone.minOrder, currency),
									})}
								</span>
							</span>
						</li>
					);
				})}
			</ul>
		</section>
	);
}
