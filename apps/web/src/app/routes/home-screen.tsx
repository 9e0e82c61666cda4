import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";
import { useI18n } from "../../lib/i18n";
import type { UiKey } from "../../lib/i18n/locales/zh-CN";
import { appStore, type OrderType } from "../../lib/store";
import { BagIcon, CalendarIcon, GiftIcon, ScanIcon, ScooterIcon, StoreIcon, TicketIcon } from "../../ui/icons";
import { useSwitchTab } from "../navigation-hooks";
import { Paths } from "../paths";
import "./home-screen.css";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const modes: { orderType: OrderType; titleKey: UiKey; descKey: UiKey; Icon: Icon; testId: string }[] = [
	{
		orderType: "takein",
		titleKey: "home.selfPickup",
		descKey: "home.selfPickupDesc",
		Icon: BagIcon,
		testId: "entry-self-pickup",
	},
	{
		orderType: "takeout",
		titleKey: "home.delivery",
		descKey: "home.deliveryDesc",
		Icon: ScooterIcon,
		testId: "entry-delivery",
	},
];

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

/** The launch page. The shop header is a placeholder until the venues issue. */
export default function HomeScreen() {
	const { t } = useI18n();
	const switchTab = useSwitchTab();

	const startOrder = (orderType: OrderType) => {
		appStore.setState({ orderType });
		switchTab("menu");
	};

	return (
		<div className="home" data-testid="home">
			<section className="home__hero">
				<p className="home__greeting">{t("home.greeting")}</p>
				<h1 className="home__brand">{t("app.name")}</h1>
			</section>

			<section className="card home__shop" aria-label={t("home.shopName")}>
				<span className="home__shop-icon" aria-hidden="true">
					<StoreIcon />
				</span>
				<div>
					<h2 className="home__shop-name">{t("home.shopName")}</h2>
					<p className="home__shop-hint">{t("home.shopHint")}</p>
				</div>
			</section>

			<section className="home__modes" aria-label={t("home.entries")}>
				{modes.map(({ orderType, titleKey, descKey, Icon, testId }) => (
					<button
						key={orderType}
						type="button"
						className="card home__mode"
						onClick={() => startOrder(orderType)}
						data-testid={testId}
					>
						<Icon className="home__mode-icon" />
						<span className="home__mode-title">{t(titleKey)}</span>
						<span className="home__mode-desc">{t(descKey)}</span>
					</button>
				))}
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
		</div>
	);
}
