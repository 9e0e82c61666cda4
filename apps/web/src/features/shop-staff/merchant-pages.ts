import { roleAllows, type ShopPermission, type ShopRole } from "@bayon/contract";
import { type PathName, Paths } from "../../app/paths";
import type { staffStrings } from "./strings";

type StaffKey = Parameters<typeof staffStrings.text>[1];

/** Every page of the merchant area with the permission it needs (shop-roles.ts decides who has it). */
const MERCHANT_PAGES: ReadonlyArray<{ name: PathName; label: StaffKey; permission: ShopPermission }> = [
	{ name: "merchantIndex", label: "page.home", permission: "board" },
	{ name: "merchantOrder", label: "page.orders", permission: "board" },
	{ name: "merchantBell", label: "page.tables", permission: "tables" },
	{ name: "merchantReservations", label: "page.reservations", permission: "board" },
	{ name: "merchantCounter", label: "page.counter", permission: "counter" },
	{ name: "merchantRedemptions", label: "page.redemptions", permission: "redemptions" },
	{ name: "merchantReservationSettings", label: "page.reservationSettings", permission: "shop" },
	{ name: "merchantShopInfo", label: "page.shopInfo", permission: "shop" },
	{ name: "merchantMembers", label: "page.members", permission: "members" },
	{ name: "merchantStoredValue", label: "page.storedValue", permission: "members" },
	{ name: "merchantVipCards", label: "page.vipCards", permission: "members" },
	{ name: "merchantCoupons", label: "page.coupons", permission: "promotions" },
	{ name: "merchantPointsMall", label: "page.pointsMall", permission: "promotions" },
	{ name: "merchantStaff", label: "page.staff", permission: "staff" },
	{ name: "merchantTelegram", label: "page.telegram", permission: "staff" },
	{ name: "merchantChanges", label: "page.changes", permission: "changeLog" },
	{ name: "merchantWallet", label: "page.wallet", permission: "money" },
];

/** The merchant pages a role may open, in menu order. */
export function merchantPagesFor(role: ShopRole) {
	return MERCHANT_PAGES.filter((page) => roleAllows(role, page.permission)).map((page) => ({
		...page,
		path: Paths[page.name],
	}));
}
