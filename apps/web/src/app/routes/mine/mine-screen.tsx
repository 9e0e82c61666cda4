import type { ComponentType, SVGProps } from "react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { AddressListState } from "../../../features/addresses/screens/address-list-screen";
import { NewsList } from "../../../features/content/components/news-list";
import { ServiceList } from "../../../features/content/components/service-list";
import { useMemberInfo } from "../../../features/identity/api";
import { GuestMineCard } from "../../../features/membership/cards/guest-mine-card";
import { GuestUpcomingCard } from "../../../features/reservations/my-bookings/guest-upcoming-card";
import { errorText } from "../../../lib/api-client";
import { useAppConfig, useCurrency } from "../../../lib/app-config";
import { formatMoney, formatPoints } from "../../../lib/format";
import { useI18n } from "../../../lib/i18n";
import type { UiKey } from "../../../lib/i18n/locales/zh-CN";
import { Paths } from "../../../lib/paths";
import { refetchActive } from "../../../lib/query-client";
import { useAppState } from "../../../lib/store";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import {
	BellIcon,
	CalendarIcon,
	CardIcon,
	ChevronIcon,
	GiftIcon,
	LogoutIcon,
	PinIcon,
	ReceiptIcon,
	ShieldIcon,
	StoreIcon,
	ToolsIcon,
	WalletIcon,
	WarningIcon,
} from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { ErrorState } from "../../../ui/states";
import { LanguageSwitcher } from "./language-switcher";
import { ProfileHeader } from "./profile-header";
import "./mine-screen.css";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const shortcuts: { to: string; labelKey: UiKey; Icon: Icon; testId: string; state?: AddressListState }[] = [
	{ to: Paths.orders, labelKey: "mine.orders", Icon: ReceiptIcon, testId: "link-orders" },
	{ to: Paths.dueList, labelKey: "mine.reservations", Icon: CalendarIcon, testId: "link-reservations" },
	{ to: Paths.address, labelKey: "mine.addresses", Icon: PinIcon, testId: "link-addresses", state: { from: "mine" } },
	{ to: Paths.vip, labelKey: "mine.vip", Icon: CardIcon, testId: "link-vip" },
	{ to: Paths.balanceBill, labelKey: "mine.bill", Icon: WalletIcon, testId: "link-bill" },
	{ to: Paths.scoreProductList, labelKey: "mine.pointsMall", Icon: GiftIcon, testId: "link-points-mall" },
];

/** A platform operator's pages (issue 14): shown only to members flagged `isPlatformOperator`. */
const platformLinks: { to: string; labelKey: UiKey; Icon: Icon; testId: string }[] = [
	{
		to: Paths.platformWithdrawals,
		labelKey: "page.platformWithdrawals",
		Icon: ShieldIcon,
		testId: "link-platform-withdrawals",
	},
	{ to: Paths.platformShops, labelKey: "page.platformShops", Icon: WalletIcon, testId: "link-platform-shops" },
	{
		to: Paths.platformSettings,
		labelKey: "page.platformSettings",
		Icon: ToolsIcon,
		testId: "link-platform-settings",
	},
	{
		to: Paths.platformPaymentRails,
		labelKey: "page.platformPaymentRails",
		Icon: CardIcon,
		testId: "link-platform-payment-rails",
	},
	{
		to: Paths.platformPaymentDiscrepancies,
		labelKey: "page.platformPaymentDiscrepancies",
		Icon: WarningIcon,
		testId: "link-platform-payment-discrepancies",
	},
	{
		to: Paths.platformRefundTransfers,
		labelKey: "page.platformRefundTransfers",
		Icon: CardIcon,
		testId: "link-platform-refund-transfers",
	},
];

/** Tab "mine": profile, balance and points, shortcuts, services, news, language, sign-out. */
export default function MineScreen() {
	const { t } = useI18n();
	const navigate = useNavigate();
	const [confirmingSignOut, setConfirmingSignOut] = useState(false);
	const member = useAppState((s) => s.member);
	const isMerchant = useAppState((s) => s.isMerchant);
	const memberInfo = useMemberInfo();
	useAppConfig();
	const currency = useCurrency();

	const stats = [
		{
			to: Paths.balance,
			label: t("mine.balance"),
			value: member ? formatMoney(member.balance, currency) : "--",
			testId: "mine-balance",
		},
		{
			to: Paths.pointsBill,
			label: t("mine.points"),
			value: member ? formatPoints(member.points) : "--",
			testId: "mine-points",
		},
		{
			to: Paths.coupons,
			label: t("mine.coupons"),
			value: member ? formatPoints(member.couponCount) : "--",
			testId: "mine-coupons",
		},
	];

	return (
		<PullRefresh onRefresh={refetchActive}>
			<div className="mine" data-testid="mine">
				<header className="mine__hero">
					<h1 className="visually-hidden">{t("page.mine")}</h1>
					<ProfileHeader member={member} />
				</header>

				{member && memberInfo.isError && (
					<ErrorState compact message={errorText(memberInfo.error)} onRetry={() => memberInfo.refetch()} />
				)}

				<section className="card mine-stats" aria-label={t("mine.balance")}>
					{stats.map((stat) => (
						<Link key={stat.testId} to={stat.to} className="mine-stats__item" data-testid={stat.testId}>
							<span className="mine-stats__value">{stat.value}</span>
							<span className="mine-stats__label">{stat.label}</span>
						</Link>
					))}
				</section>

				<GuestMineCard />

				<GuestUpcomingCard variant="mine" />

				<section className="card section" aria-labelledby="mine-shortcuts">
					<h2 className="section__title" id="mine-shortcuts">
						{t("mine.shortcuts")}
					</h2>
					<ul className="mine-shortcuts">
						{shortcuts.map(({ to, labelKey, Icon, testId, state }) => (
							<li key={testId}>
								<Link to={to} state={state} className="mine-shortcuts__item" data-testid={testId}>
									<Icon className="mine-shortcuts__icon" />
									<span>{t(labelKey)}</span>
								</Link>
							</li>
						))}
					</ul>
					{member && (
						<Link to={Paths.mineNotices} className="list__row mine__merchant" data-testid="link-notices">
							<BellIcon className="list__icon" />
							<span className="list__label">{t("page.mineNotices")}</span>
							<ChevronIcon className="list__chevron" />
						</Link>
					)}
					{isMerchant && (
						<Link to={Paths.merchantIndex} className="list__row mine__merchant" data-testid="link-merchant">
							<StoreIcon className="list__icon" />
							<span className="list__label">{t("mine.merchantCentre")}</span>
							<ChevronIcon className="list__chevron" />
						</Link>
					)}
					{member?.isPlatformOperator && (
						<ul className="list mine__merchant" data-testid="mine-platform">
							{platformLinks.map(({ to, labelKey, Icon, testId }) => (
								<li key={testId}>
									<Link to={to} className="list__row" data-testid={testId}>
										<Icon className="list__icon" />
										<span className="list__label">{t(labelKey)}</span>
										<ChevronIcon className="list__chevron" />
									</Link>
								</li>
							))}
						</ul>
					)}
				</section>

				<ServiceList />
				<NewsList />
				<LanguageSwitcher />

				{member && (
					<button
						type="button"
						className="card mine__sign-out"
						onClick={() => setConfirmingSignOut(true)}
						data-testid="sign-out"
					>
						<LogoutIcon />
						<span>{t("mine.signOut")}</span>
					</button>
				)}
				<ConfirmDialog
					open={confirmingSignOut}
					message={t("mine.signOutConfirm")}
					confirmLabel={t("mine.signOut")}
					destructive
					onCancel={() => setConfirmingSignOut(false)}
					onConfirm={() => {
						setConfirmingSignOut(false);
						navigate(Paths.logout);
					}}
					testId="sign-out-confirm"
				/>
			</div>
		</PullRefresh>
	);
}
