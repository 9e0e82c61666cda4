/**
 * Every route of the product (spec §2), in one place. Screens and links refer to these
 * constants, never to string literals, so a renamed path changes in exactly one line.
 */
const SUB = "/pages/components/pages";

export const TabPaths = {
	home: "/pages/index/index",
	menu: "/pages/menu/menu",
	order: "/pages/order/order",
	mine: "/pages/mine/mine",
} as const;

export type TabName = keyof typeof TabPaths;

export const Paths = {
	root: "/",
	...TabPaths,

	mineContent: `${SUB}/mine/content`,
	mineNews: `${SUB}/mine/news`,
	mineUserinfo: `${SUB}/mine/userinfo`,
	/** Not in spec §2: which Telegram messages the member gets (issue 15). */
	mineNotices: `${SUB}/mine/notices`,
	pay: `${SUB}/pay/pay`,
	/** Not in spec §2: a rail's checkout with no page of its own, a QR code or WeChat's in-app sheet (issue 29); the pay calls' redirectUrl names it. */
	payCheckout: "/pay/checkout/:paymentId",
	remark: `${SUB}/remark/remark`,
	packages: `${SUB}/packages/index`,
	login: `${SUB}/login/login`,
	logout: `${SUB}/login/logout`,
	address: `${SUB}/address/address`,
	addressAdd: `${SUB}/address/add`,
	addressShopInfo: `${SUB}/address/shop_info`,
	orders: `${SUB}/orders/orders`,
	orderDetail: `${SUB}/orders/detail`,
	orderRefund: `${SUB}/orders/refund`,
	/** Not in spec §2: a dine-in table's open bill, paid after the meal. */
	tableBill: `${SUB}/orders/bill`,
	coupons: `${SUB}/coupons/coupons`,
	shop: `${SUB}/shop/shop`,
	balanceBill: `${SUB}/balance/bill`,
	balance: `${SUB}/balance/balance`,
	scoreProductList: `${SUB}/scoreproduct/list`,
	scoreProductDetail: `${SUB}/scoreproduct/detail`,
	scoreProductOrder: `${SUB}/scoreproduct/order`,
	scoreProductOrderDetail: `${SUB}/scoreproduct/orderDetail`,
	scoreProductConfirm: `${SUB}/scoreproduct/confirm`,
	scan: `${SUB}/scan/scan`,
	scanOperate: `${SUB}/scan/operate`,
	vipDetail: `${SUB}/vip/detail`,
	vip: `${SUB}/vip/vip`,
	menuDetail: `${SUB}/menudetail/menudetail`,
	merchantIndex: `${SUB}/merchant/index`,
	merchantOrder: `${SUB}/merchant/order`,
	merchantCash: `${SUB}/merchant/cash`,
	merchantAddCard: `${SUB}/merchant/addCard`,
	merchantWallet: `${SUB}/merchant/wallet`,
	merchantOrderDetail: `${SUB}/merchant/orderDetail`,
	merchantMy: `${SUB}/merchant/my`,
	merchantShopInfo: `${SUB}/merchant/shopInfo`,
	merchantCashAccount: `${SUB}/merchant/cashAccount`,
	merchantWithdrawal: `${SUB}/merchant/withdrawal`,
	merchantBell: `${SUB}/merchant/bell`,
	/** Not in spec §2: the owner's staff list (issue 10). */
	merchantStaff: "/pages/merchant/staff",
	/** Not in spec §2: who changed what in the merchant area (issue 10). */
	merchantChanges: "/pages/merchant/changes",
	/** Not in spec §2: the shop's menu (owners and managers edit it, staff mark sold out). */
	merchantMenu: "/pages/merchant/menu",
	/** Not in spec §2: one item's editor (`?id=`, or `?categoryId=` for a new one). */
	merchantMenuItem: "/pages/merchant/menuItem",
	/** Not in spec §2: an owner opens another branch of the business (decision 018). */
	merchantNewBranch: "/pages/merchant/newBranch",
	/** Not in spec §2: the day's table bookings, the grid, arrivals (issue 11). */
	merchantReservations: "/pages/merchant/reservations",
	/** Not in spec §2: the owner's booking rules and bookable tables (issue 11). */
	merchantReservationSettings: "/pages/merchant/reservationSettings",
	/** Not in spec §2: charge a member's balance with their payment code; the day's counter payments (issue 12). */
	merchantCounter: "/pages/merchant/counter",
	/** Not in spec §2: the counter's till, shifts and Take payment (issue 28, decision 029). */
	merchantTill: "/pages/merchant/till",
	/** Not in spec §2: recharge packages and the stored-value agreement (issue 12). */
	merchantStoredValue: "/pages/merchant/storedValue",
	/** Not in spec §2: VIP card types (issue 12). */
	merchantVipCards: "/pages/merchant/vipCards",
	/** Not in spec §2: members with their balance, card and last visit (issue 12). */
	merchantMembers: "/pages/merchant/members",
	/** Not in spec §2: coupon templates, who claimed and used them (issue 13). */
	merchantCoupons: "/pages/merchant/coupons",
	/** Not in spec §2: the points rule and the points mall's items (issue 13). */
	merchantPointsMall: "/pages/merchant/pointsMall",
	/** Not in spec §2: points-mall redemptions to hand over or ship (issue 13). */
	merchantRedemptions: "/pages/merchant/redemptions",
	/** Not in spec §2: the shop's Telegram staff group (issue 15). */
	merchantTelegram: "/pages/merchant/telegram",
	/** Not in spec §2: the member's points and every change to them (issue 13). */
	pointsBill: `${SUB}/scoreproduct/points`,
	dueIndex: `${SUB}/due/index`,
	dueDetail: `${SUB}/due/detail`,
	/** Not in spec §2: the member's bookings under the spec's reservation tabs (issue 11). */
	dueList: `${SUB}/due/list`,
	cart: `${SUB}/cart/cart`,
	/** Not in spec §2: the platform operator's review of every shop's withdrawals (issue 14). */
	platformWithdrawals: "/pages/platform/withdrawals",
	/** Not in spec §2: every shop's wallet for the platform operator; `?shopId=` opens one (issue 14). */
	platformShops: "/pages/platform/shops",
	/** Not in spec §2: the platform's terms: commission, hold, minimum withdrawal (issue 14). */
	platformSettings: "/pages/platform/settings",
	/** Not in spec §2: the payment rails the platform takes money with: WeChat Pay, Alipay, KHQR (issue 29). */
	platformPaymentRails: "/pages/platform/payment-rails",
	/** Not in spec §2: differences between our payments and the rails' own statements, for the operator (issue 29). */
	platformPaymentDiscrepancies: "/pages/platform/payment-discrepancies",
	/** Not in spec §2: KHQR refunds the platform's staff transfer back and record (issue 29). */
	platformRefundTransfers: "/pages/platform/refund-transfers",
} as const;

export type PathName = keyof typeof Paths;

/** A path with its query string, e.g. `withQuery(Paths.mineContent, { id: 3 })`. */
export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
	const params = new URLSearchParams();
	for (const [key, value] of Object.entries(query)) {
		if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
	}
	const qs = params.toString();
	return qs ? `${path}?${qs}` : path;
}

export function isTabPath(pathname: string): boolean {
	return pathname === Paths.root || Object.values(TabPaths).includes(pathname as never);
}
