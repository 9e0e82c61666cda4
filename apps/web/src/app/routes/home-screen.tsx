import type { OrderType, ShopSummary } from "@bayon/contract";
import type { ComponentType, SVGProps } from "react";
import { Link, useNavigate } from "react-router";
import { orderTypeMessage } from "../../features/menu/order-type-names";
import { GuestUpcomingCard } from "../../features/reservations/my-bookings/guest-upcoming-card";
import { ShopLogo } from "../../features/venues/components/shop-logo";
import { ShopStatusPill, useOpensText, useTodayHoursText } from "../../features/venues/components/shop-status";
import { useCurrentShop } from "../../features/venues/current-shop";
import { errorText } from "../../lib/api-client";
import { useMoney } from "../../lib/app-config";
import { formatDistance } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import type { UiKey } from "../../lib/i18n/locales/zh-CN";
import { useSwitchTab } from "../../lib/navigation-hooks";
import { Paths } from "../../lib/paths";
import { appStore } from "../../lib/store";
import { showToast } from "../../lib/toast";
import {
	BagIcon,
	CalendarIcon,
	ChevronIcon,
	CupIcon,
	GiftIcon,
	MegaphoneIcon,
	PhoneIcon,
	PinIcon,
	ScanIcon,
	ScooterIcon,
	TicketIcon,
} from "../../ui/icons";
import { EmptyState, ErrorState } from "../../ui/states";
import { type BannerSlide, HomeBanners } from "./home-banners";
import "./home-screen.css";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const entries: { to: string; titleKey: UiKey; descKey: UiKey; Icon: Icon; testId: string }[] = [
	{ to: Paths.scan, titleKey: "home.scan", descKey: "home.scanDesc", Icon: ScanIcon, testId: "entry-scan" },
	{
		to: Paths.dueIndex,
		titleKey: "home.reservation",
		descKey: "home.reservationDesc",
		Icon: CalendarIcon,
		testId: "entry-reservation",
	},
	{
		to: Paths.scoreProductList,
		titleKey: "home.pointsMall",
		descKey: "home.pointsMallDesc",
		Icon: GiftIcon,
		testId: "entry-points-mall",
	},
	{
		to: Paths.coupons,
		titleKey: "home.coupons",
		descKey: "home.couponsDesc",
		Icon: TicketIcon,
		testId: "entry-coupons",
	},
];

/** The launch page: the shop and whether it is open, banners, and the ways to order. */
export default function HomeScreen() {
	const { t, m } = useI18n();
	const money = useMoney();
	const switchTab = useSwitchTab();
	const navigate = useNavigate();
	const shopQuery = useCurrentShop();
	const shop = shopQuery.data;

	const startOrder = (orderType: OrderType) => {
		if (shop && !shop.orderTypes.includes(orderType)) {
			showToast(m("orderTypeNotOffered", { orderType: m(orderTypeMessage[orderType]) }));
			return;
		}
		appStore.setState({ orderType });
		switchTab("menu");
	};

	const slides: BannerSlide[] = [
		{
			id: "new-drink",
			titleKey: "home.banner1Title",
			textKey: "home.banner1Text",
			Icon: CupIcon,
			colors: ["#fff3b0", "#fae358"],
			onOpen: () => switchTab("menu"),
		},
		{
			id: "pickup",
			titleKey: "home.banner2Title",
			textKey: "home.banner2Text",
			Icon: BagIcon,
			colors: ["#ffe7c7", "#f7c26b"],
			onOpen: () => startOrder("takein"),
		},
		{
			id: "scan",
			titleKey: "home.banner3Title",
			textKey: "home.banner3Text",
			Icon: ScanIcon,
			colors: ["#e4f3dc", "#b6dd98"],
			onOpen: () => navigate(Paths.scan),
		},
	];

	const delivery = shop?.delivery;
	const deliveryTerms =
		delivery?.offered && delivery.minFee !== null
			? t("orderType.deliveryFee", { amount: money(delivery.minFee) })
			: t("home.deliveryDesc");

	return (
		<div className="home" data-testid="home">
			<section className="home__hero">
				<p className="home__greeting">{t("home.greeting")}</p>
				<h1 className="home__brand">{t("app.name")}</h1>
			</section>

			<section className="card home__shop" aria-label={t("home.shopLabel")} data-testid="home-shop">
				{shopQuery.isPending ? (
					<ShopCardSkeleton />
				) : shopQuery.isError ? (
					<ErrorState compact message={errorText(shopQuery.error)} onRetry={() => void shopQuery.refetch()} />
				) : shop ? (
					<ShopCard shop={shop} />
				) : (
					<EmptyState compact title={t("shop.none")} />
				)}
			</section>

			{shopQuery.isPending ? (
				// What follows the card appears with it, never pushed down by it (issue 16: layout shift).
				<div className="home__below-skeleton" aria-hidden="true" />
			) : (
				<>
					<GuestUpcomingCard variant="home" />

					<HomeBanners slides={slides} />

					<section className="home__modes" aria-label={t("home.entries")}>
						<button
							type="button"
							className="card home__mode"
							onClick={() => startOrder("takein")}
							data-testid="entry-self-pickup"
						>
							<BagIcon className="home__mode-icon" />
							<span className="home__mode-title">{t("home.selfPickup")}</span>
							<span className="home__mode-desc">{t("home.selfPickupDesc")}</span>
						</button>
						<button
							type="button"
							className="card home__mode"
							onClick={() => startOrder("takeout")}
							data-testid="entry-delivery"
						>
							<ScooterIcon className="home__mode-icon" />
							<span className="home__mode-title">{t("home.delivery")}</span>
							<span className="home__mode-desc" data-testid="entry-delivery-terms">
								{deliveryTerms}
							</span>
						</button>
					</section>

					<ul className="card home__entries">
						{entries.map(({ to, titleKey, descKey, Icon, testId }) => (
							<li key={to}>
								<Link to={to} className="home__entry" data-testid={testId}>
									<Icon className="home__entry-icon" />
									<span className="home__entry-title">{t(titleKey)}</span>
									<span className="home__entry-desc">{t(descKey)}</span>
								</Link>
							</li>
						))}
					</ul>
				</>
			)}
		</div>
	);
}

/**
 * The shop card's shape while the shop loads: the same rows (logo and name, address, phone,
 * a two-line notice) in the same classes, so the banners and entries below do not jump down
 * when the card arrives (the layout shift Lighthouse counted on the home page, issue 16).
 */
function ShopCardSkeleton() {
	const { t } = useI18n();
	return (
		<div
			className="home-shop home-shop--loading"
			role="status"
			aria-label={t("common.loading")}
			data-testid="state-loading"
		>
			<div className="home-shop__head">
				<span className="shop-logo home-skeleton" />
				<div className="home-shop__titles home-shop__titles--loading">
					<i className="home-skeleton home-skeleton--name" />
					<i className="home-skeleton home-skeleton--status" />
				</div>
			</div>
			<i className="home-skeleton home-skeleton--line" />
			<i className="home-skeleton home-skeleton--line" />
			<span className="home-shop__notice">
				<i className="home-skeleton home-skeleton--notice" />
			</span>
		</div>
	);
}

function ShopCard({ shop }: { shop: ShopSummary }) {
	const { t } = useI18n();
	const hours = useTodayHoursText(shop);
	const opens = useOpensText(shop);
	return (
		<div className="home-shop">
			<div className="home-shop__head">
				<ShopLogo logo={shop.logo} />
				<div className="home-shop__titles">
					<h2 className="home-shop__name" data-testid="home-shop-name">
						{shop.name}
					</h2>
					<p className="home-shop__status">
						<ShopStatusPill shop={shop} />
						<span className="home-shop__hours" data-testid="home-shop-hours">
							{hours}
						</span>
					</p>
				</div>
				<Link to={Paths.shop} className="shop-switch-link" data-testid="home-switch-shop">
					{t("shop.switch")}
					<ChevronIcon />
				</Link>
			</div>
			{opens && (
				<p className="home-shop__opens" data-testid="home-shop-opens">
					{opens}
				</p>
			)}
			<Link to={Paths.addressShopInfo} className="home-shop__address" data-testid="home-shop-address">
				<PinIcon className="home-shop__icon" />
				<span className="home-shop__address-text">
					{shop.address}
					{shop.distanceMeters !== null && (
						<span className="home-shop__distance">
							{" · "}
							{t("shop.distance", { distance: formatDistance(shop.distanceMeters) })}
						</span>
					)}
				</span>
				<ChevronIcon className="home-shop__chevron" />
			</Link>
			{shop.phone && (
				<a
					href={`tel:${shop.phone.replace(/[^\d+]/g, "")}`}
					className="home-shop__address"
					aria-label={`${t("shop.call")} ${shop.phone}`}
					data-testid="home-shop-phone"
				>
					<PhoneIcon className="home-shop__icon" />
					<span className="home-shop__address-text">{shop.phone}</span>
				</a>
			)}
			{shop.notice && (
				<p className="home-shop__notice" data-testid="home-shop-notice">
					<MegaphoneIcon className="home-shop__icon" />
					<span>{shop.notice}</span>
				</p>
			)}
		</div>
	);
}
