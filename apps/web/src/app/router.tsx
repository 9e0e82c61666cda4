import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import type { UiKey } from "../lib/i18n/locales/zh-CN";
import { type PathName, Paths } from "../lib/paths";
import { LoadingState } from "../ui/states";
import { RootLayout } from "./layouts/root-layout";
import { SubPageLayout } from "./layouts/sub-page-layout";
import { TabLayout } from "./layouts/tab-layout";
import { isStaffPage } from "./merchant/staff-pages";
import NotFoundScreen from "./routes/not-found-screen";
import { RouteErrorScreen } from "./routes/route-error-screen";

type ScreenModule = { default: ComponentType };
type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** Each screen is its own chunk, downloaded when its route is first visited. */
function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
	return async () => ({ Component: (await load()).default });
}

/**
 * A staff page behind the staff frame (the merchant guard, `merchant/merchant-guard.tsx`), put on
 * here so that no feature imports the shell: the page reads the frame's shop with
 * `ui/staff/staff-shop.tsx`. The frame is a chunk of its own, loaded with the page, so customers
 * never download it.
 */
function behindStaffFrame(screen: LazyScreen): LazyScreen {
	return lazyScreen(async () => {
		const [{ MerchantGuard }, { Component: Page }] = await Promise.all([import("./merchant/merchant-guard"), screen()]);
		return { default: () => <MerchantGuard>{() => <Page />}</MerchantGuard> };
	});
}

/**
 * A payments operator page behind merchant-wallet's platform guard, put on here: web payments
 * may not import merchant-wallet (merchant-wallet → stored-value → payments would be a circle).
 */
async function behindPlatformGuard(page: Promise<ScreenModule>): Promise<ScreenModule> {
	const [{ PlatformGuard }, { default: Page }] = await Promise.all([
		import("../features/merchant-wallet/platform/platform-guard"),
		page,
	]);
	return { default: () => <PlatformGuard>{() => <Page />}</PlatformGuard> };
}

const home = lazyScreen(() => import("./routes/home-screen"));
const placeholder = lazyScreen(() => import("./routes/placeholder-screen"));

/** Screens this issue completes; every other path of spec §2 gets the placeholder screen. */
const screens: Partial<Record<PathName, LazyScreen>> = {
	home,
	menu: lazyScreen(() => import("../features/ordering/cart/menu-screen")),
	order: lazyScreen(() => import("../features/ordering/orders/order-tab-screen")),
	mine: lazyScreen(() => import("./routes/mine/mine-screen")),
	login: lazyScreen(() => import("../features/identity/screens/login-screen")),
	logout: lazyScreen(() => import("../features/identity/screens/logout-screen")),
	mineUserinfo: lazyScreen(() => import("../features/identity/screens/userinfo-screen")),
	mineContent: lazyScreen(() => import("../features/content/screens/content-screen")),
	mineNews: lazyScreen(() => import("../features/content/screens/news-screen")),
	menuDetail: lazyScreen(() => import("../features/ordering/cart/menu-detail-screen")),
	cart: lazyScreen(() => import("../features/ordering/cart/cart-screen")),
	scan: lazyScreen(() => import("../features/tables/screens/scan-screen")),
	scanOperate: lazyScreen(() => import("./routes/table-screen")),
	address: lazyScreen(() => import("../features/addresses/screens/address-list-screen")),
	addressAdd: lazyScreen(() => import("../features/addresses/screens/address-edit-screen")),
	addressShopInfo: lazyScreen(() => import("../features/addresses/screens/shop-info-screen")),
	shop: lazyScreen(() => import("../features/venues/screens/shop-list-screen")),
	pay: lazyScreen(() => import("../features/ordering/pay/pay-screen")),
	payCheckout: lazyScreen(() => import("../features/payments/checkout/checkout-screen")),
	remark: lazyScreen(() => import("../features/ordering/pay/remark-screen")),
	orders: lazyScreen(() => import("../features/ordering/orders/orders-screen")),
	orderDetail: lazyScreen(() => import("../features/ordering/orders/order-detail-screen")),
	orderRefund: lazyScreen(() => import("../features/ordering/orders/refund-screen")),
	tableBill: lazyScreen(() => import("../features/ordering/bill/table-bill-screen")),
	merchantBell: lazyScreen(() => import("../features/tables/screens/bell-screen")),
	merchantIndex: lazyScreen(() => import("./merchant/merchant-index-screen")),
	merchantOrder: lazyScreen(() => import("../features/ordering/board/merchant-order-screen")),
	merchantOrderDetail: lazyScreen(() => import("../features/ordering/board/merchant-order-detail-screen")),
	merchantShopInfo: lazyScreen(() => import("../features/shop-settings/shop-settings-screen")),
	merchantMy: lazyScreen(() => import("./merchant/merchant-my-screen")),
	merchantStaff: lazyScreen(() => import("../features/shop-staff/screens/staff-screen")),
	merchantChanges: lazyScreen(() => import("../features/shop-changes/screens/changes-screen")),
	merchantMenu: lazyScreen(() => import("../features/menu-admin/list/menu-admin-screen")),
	merchantMenuItem: lazyScreen(() => import("../features/menu-admin/item/menu-item-screen")),
	merchantNewBranch: lazyScreen(() => import("../features/branches/screens/new-branch-screen")),
	dueIndex: lazyScreen(() => import("../features/reservations/booking/booking-screen")),
	dueList: lazyScreen(() => import("../features/reservations/my-bookings/my-reservations-screen")),
	dueDetail: lazyScreen(() => import("../features/reservations/my-bookings/reservation-detail-screen")),
	balance: lazyScreen(() => import("../features/stored-value/balance/balance-screen")),
	balanceBill: lazyScreen(() => import("../features/stored-value/balance/bill-screen")),
	merchantReservations: lazyScreen(() => import("../features/reservations/staff/staff-reservations-screen")),
	vip: lazyScreen(() => import("../features/membership/cards/vip-list-screen")),
	vipDetail: lazyScreen(() => import("../features/membership/cards/vip-detail-screen")),
	merchantReservationSettings: lazyScreen(
		() => import("../features/reservations/settings/staff-reservation-settings-screen"),
	),
	merchantCounter: lazyScreen(() => import("../features/stored-value/counter/staff-counter-screen")),
	merchantTill: lazyScreen(() => import("../features/counter/till/till-screen")),
	merchantStoredValue: lazyScreen(() => import("../features/stored-value/packages/staff-stored-value-screen")),
	merchantVipCards: lazyScreen(() => import("../features/membership/card-types/staff-vip-cards-screen")),
	merchantMembers: lazyScreen(() => import("../features/stored-value/members/staff-members-screen")),
	packages: lazyScreen(() => import("../features/coupons/center/coupon-center-screen")),
	coupons: lazyScreen(() => import("../features/coupons/mine/my-coupons-screen")),
	merchantCoupons: lazyScreen(() => import("../features/coupons/templates/staff-coupons-screen")),
	scoreProductList: lazyScreen(() => import("../features/points/mall/points-mall-screen")),
	scoreProductDetail: lazyScreen(() => import("../features/points/mall/points-item-screen")),
	scoreProductConfirm: lazyScreen(() => import("../features/points/mall/redeem-confirm-screen")),
	scoreProductOrder: lazyScreen(() => import("../features/points/redemptions/redemptions-screen")),
	scoreProductOrderDetail: lazyScreen(() => import("../features/points/redemptions/redemption-detail-screen")),
	pointsBill: lazyScreen(() => import("../features/points/mall/points-bill-screen")),
	merchantPointsMall: lazyScreen(() => import("../features/points/staff/staff-points-mall-screen")),
	merchantRedemptions: lazyScreen(() => import("../features/points/staff/staff-redemptions-screen")),
	merchantWallet: lazyScreen(() => import("../features/merchant-wallet/wallet/wallet-screen")),
	merchantCash: lazyScreen(() => import("../features/merchant-wallet/withdrawals/cash-screen")),
	merchantAddCard: lazyScreen(() => import("../features/merchant-wallet/cards/add-card-screen")),
	merchantCashAccount: lazyScreen(() => import("../features/merchant-wallet/cards/cash-account-screen")),
	merchantWithdrawal: lazyScreen(() => import("../features/merchant-wallet/withdrawals/withdrawals-screen")),
	platformWithdrawals: lazyScreen(
		() => import("../features/merchant-wallet/platform/review/platform-withdrawals-screen"),
	),
	platformShops: lazyScreen(() => import("../features/merchant-wallet/platform/shops/platform-shops-screen")),
	platformSettings: lazyScreen(() => import("../features/merchant-wallet/platform/settings/platform-settings-screen")),
	platformPaymentRails: lazyScreen(() =>
		behindPlatformGuard(import("../features/payments/operator/rails/rail-settings-screen")),
	),
	platformPaymentDiscrepancies: lazyScreen(() =>
		behindPlatformGuard(import("../features/payments/operator/discrepancies/discrepancies-screen")),
	),
	platformRefundTransfers: lazyScreen(() =>
		behindPlatformGuard(import("../features/payments/operator/transfers/refund-transfers-screen")),
	),
	mineNotices: lazyScreen(() => import("../features/notifications/screens/notice-settings-screen")),
	merchantTelegram: lazyScreen(() => import("../features/notifications/screens/staff-telegram-group-screen")),
};

const tabNames = ["home", "menu", "order", "mine"] as const satisfies readonly PathName[];

function titleKey(name: PathName): UiKey {
	return name === "root" ? "page.home" : (`page.${name}` satisfies UiKey);
}

function route(name: PathName): RouteObject {
	return {
		path: Paths[name],
		// Merchant pages not built yet get the placeholder, behind the staff frame too.
		lazy: isStaffPage(name) ? behindStaffFrame(screens[name] ?? placeholder) : (screens[name] ?? placeholder),
		handle: { titleKey: titleKey(name) },
	};
}

const subPageNames = (Object.keys(Paths) as PathName[]).filter(
	(name) => name !== "root" && !(tabNames as readonly string[]).includes(name),
);

export const routes: RouteObject[] = [
	{
		element: <RootLayout />,
		errorElement: <RouteErrorScreen />,
		hydrateFallbackElement: <LoadingState />,
		children: [
			{
				element: <TabLayout />,
				children: [{ ...route("home"), path: Paths.root }, ...tabNames.map(route)],
			},
			{
				element: <SubPageLayout />,
				children: [
					...subPageNames.map(route),
					{
						path: "*",
						Component: NotFoundScreen,
						handle: { titleKey: "page.notFound" satisfies UiKey },
					},
				],
			},
		],
	},
];

export function createAppRouter() {
	return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
