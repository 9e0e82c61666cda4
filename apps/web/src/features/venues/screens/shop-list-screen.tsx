import { Limits, type ShopSummary } from "@bayon/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { formatDistance } from "../../../lib/format";
import { useI18n } from "../../../lib/i18n";
import { useSwitchTab } from "../../../lib/navigation-hooks";
import { queryClient } from "../../../lib/query-client";
import { type GeoLocation, useAppState } from "../../../lib/store";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { CheckIcon, PinIcon, SearchIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useUserLocation } from "../../maps/geolocation";
import { shopListQuery, venueKeys } from "../api";
import { chooseShop, otherCartShop } from "../choose-shop";
import { ShopLogo } from "../components/shop-logo";
import { ShopStatusPill, useOpensText, useTodayHoursText } from "../components/shop-status";
import "../venues.css";

/** About 100 m: a position that wanders a few metres does not ask the server again. */
const roundPoint = (point: GeoLocation): GeoLocation => ({
	latitude: Math.round(point.latitude * 1000) / 1000,
	longitude: Math.round(point.longitude * 1000) / 1000,
});

/** The typed text once it has rested for the spec's debounce (§9: 500 ms). */
function useSettled(value: string, delayMs: number): string {
	const [settled, setSettled] = useState(value);
	useEffect(() => {
		const timer = setTimeout(() => setSettled(value), delayMs);
		return () => clearTimeout(timer);
	}, [value, delayMs]);
	return settled;
}

/**
 * shop/shop: the business's branches, nearest first when the device tells where the customer
 * is (without it, in the server's order and without distances), each open or closed with
 * today's hours; search by name or address. Choosing one switches the menu and the cart to it;
 * a cart of another branch is cleared only after the customer agrees (decision 018).
 */
export default function ShopListScreen() {
	const { t, lang } = useI18n();
	const searchId = useId();
	const switchTab = useSwitchTab();
	const location = useUserLocation();
	const [keyword, setKeyword] = useState("");
	const settled = useSettled(keyword.trim(), Limits.debounceMs);
	const point = location.position ? roundPoint(location.position) : null;
	const list = useQuery({ ...shopListQuery(lang, point, settled), placeholderData: keepPreviousData });
	const currentId = useAppState((s) => s.store?.id ?? s.desk?.shopId ?? s.cart[0]?.shopId ?? null);
	const cart = useAppState((s) => s.cart);
	const knownName = useAppState((s) => s.store?.name ?? null);
	const [pending, setPending] = useState<{ shop: ShopSummary; cartShopName: string } | null>(null);

	const choose = (shop: ShopSummary) => {
		chooseShop(shop);
		queryClient.setQueryData(venueKeys.shop(shop.id, lang), shop);
		switchTab("menu");
	};
	const pick = (shop: ShopSummary) => {
		const cartShopId = otherCartShop(cart, shop.id);
		if (cartShopId === null) return choose(shop);
		const cartShopName =
			list.data?.find((candidate) => candidate.id === cartShopId)?.name ??
			(cartShopId === currentId ? knownName : null) ??
			t("shops.anotherShop");
		setPending({ shop, cartShopName });
	};

	let body: React.ReactNode;
	if (list.isPending) body = <LoadingState />;
	else if (list.isError) body = <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />;
	else if (list.data.length === 0)
		body = <EmptyState title={settled ? t("shops.noMatch", { keyword: settled }) : t("shop.none")} />;
	else
		body = (
			<ul className="shop-list" data-testid="shop-list">
				{list.data.map((shop) => (
					<li key={shop.id}>
						<ShopRow shop={shop} current={shop.id === currentId} onPick={() => pick(shop)} />
					</li>
				))}
			</ul>
		);

	return (
		<PullRefresh onRefresh={() => list.refetch()}>
			<div className="shop-list-page" data-testid="shop-list-page">
				<label className="shop-search" htmlFor={searchId}>
					<SearchIcon className="shop-search__icon" />
					<span className="visually-hidden">{t("shops.search")}</span>
					<input
						id={searchId}
						className="shop-search__input"
						type="search"
						enterKeyHint="search"
						value={keyword}
						maxLength={50}
						placeholder={t("shops.searchPlaceholder")}
						onChange={(event) => setKeyword(event.target.value)}
						data-testid="shop-search"
					/>
				</label>
				{location.problem && (
					<p className="shop-list-page__hint" role="status" data-testid="shop-location-hint">
						<PinIcon className="shop-list-page__hint-icon" />
						{t(location.problem === "denied" ? "shops.locationDenied" : "shops.locationUnavailable")}
					</p>
				)}
				{body}
			</div>
			<ConfirmDialog
				open={pending !== null}
				message={pending ? t("shops.switchClearsCart", { from: pending.cartShopName, to: pending.shop.name }) : ""}
				confirmLabel={t("shops.switchConfirm")}
				destructive
				onCancel={() => setPending(null)}
				onConfirm={() => {
					const shop = pending?.shop;
					setPending(null);
					if (shop) choose(shop);
				}}
				testId="shop-switch-dialog"
			/>
		</PullRefresh>
	);
}

function ShopRow({ shop, current, onPick }: { shop: ShopSummary; current: boolean; onPick: () => void }) {
	const { t } = useI18n();
	const hours = useTodayHoursText(shop);
	const opens = useOpensText(shop);
	return (
		<button
			type="button"
			className={`card shop-row${current ? " is-current" : ""}`}
			onClick={onPick}
			aria-current={current ? "true" : undefined}
			data-testid={`shop-row-${shop.id}`}
		>
			<ShopLogo logo={shop.logo} />
			<span className="shop-row__body">
				<span className="shop-row__head">
					<span className="shop-row__name" data-testid="shop-row-name">
						{shop.name}
					</span>
					{shop.distanceMeters !== null && (
						<span className="shop-row__distance" data-testid="shop-row-distance">
							{formatDistance(shop.distanceMeters)}
						</span>
					)}
				</span>
				<span className="shop-row__status">
					<ShopStatusPill shop={shop} />
					<span className="shop-row__hours" data-testid="shop-row-hours">
						{hours}
					</span>
				</span>
				{opens && <span className="shop-row__opens">{opens}</span>}
				<span className="shop-row__address">{shop.address}</span>
			</span>
			{current && (
				<span className="shop-row__current" data-testid="shop-row-current">
					<CheckIcon className="shop-row__current-icon" />
					{t("shops.current")}
				</span>
			)}
		</button>
	);
}
