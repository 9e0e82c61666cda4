import { roleAllows, type ShopPermission, type ShopRole } from "@bayon/contract";
import type { UiKey } from "../../lib/i18n/locales/zh-CN";
import { type PathName, Paths } from "../../lib/paths";

/**
 * Every page of the merchant area with the permission it needs (shop-roles.ts decides who has
 * it), in menu order. The merchant centre and merchant/my both list exactly the pages the
 * signed-in role may use from here, so no page that works is missing or labelled "not open"
 * (issue 27). `entry` names the centre's row for tests (`merchant-entry-<entry>`).
 */
type MerchantPathName = Extract<PathName, `merchant${string}`>;

const MERCHANT_PAGES: ReadonlyArray<{ name: MerchantPathName; permission: ShopPermission; entry: string }> = [
	{ name: "merchantIndex", permission: "board", entry: "home" },
	{ name: "merchantOrder", permission: "board", entry: "orders" },
	{ name: "merchantBell", permission: "tables", entry: "tables" },
	{ name: "merchantReservations", permission: "board", entry: "reservations" },
	{ name: "merchantTill", permission: "counter", entry: "till" },
	{ name: "merchantCounter", permission: "counter", entry: "counter" },
	{ name: "merchantRedemptions", permission: "redemptions", entry: "redemptions" },
	{ name: "merchantMenu", permission: "menu", entry: "menu" },
	{ name: "merchantReservationSettings", permission: "shop", entry: "reservation-settings" },
	{ name: "merchantShopInfo", permission: "shop", entry: "shop-info" },
	{ name: "merchantMembers", permission: "members", entry: "members" },
	{ name: "merchantStoredValue", permission: "members", entry: "stored-value" },
	{ name: "merchantVipCards", permission: "members", entry: "vip-cards" },
	{ name: "merchantCoupons", permission: "promotions", entry: "coupons" },
	{ name: "merchantPointsMall", permission: "promotions", entry: "points-mall" },
	{ name: "merchantStaff", permission: "staff", entry: "staff" },
	{ name: "merchantTelegram", permission: "staff", entry: "telegram" },
	{ name: "merchantChanges", permission: "changeLog", entry: "changes" },
	{ name: "merchantWallet", permission: "money", entry: "wallet" },
	{ name: "merchantCash", permission: "money", entry: "cash" },
	{ name: "merchantWithdrawal", permission: "money", entry: "withdrawals" },
	// Opening a branch copies the shop: the owner's, like the staff list (decision 018).
	{ name: "merchantNewBranch", permission: "staff", entry: "new-branch" },
];

export type MerchantPage = (typeof MERCHANT_PAGES)[number] & {
	path: string;
	/** The page's title, as its route shows it. */
	title: UiKey;
};

/** The merchant pages a role may open, in menu order. */
export function merchantPagesFor(role: ShopRole): MerchantPage[] {
	return MERCHANT_PAGES.filter((page) => roleAllows(role, page.permission)).map((page) => ({
		...page,
		path: Paths[page.name],
		title: `page.${page.name}` satisfies UiKey,
	}));
}
