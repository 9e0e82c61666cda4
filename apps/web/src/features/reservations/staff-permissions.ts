import type { ShopPermission } from "@bayon/contract";

/**
 * The permission the server checks for the reservation pages (shop-roles.ts decides who has
 * it). The day's bookings, their actions and arrival are service work: every member of staff.
 * The booking rules and which tables take bookings are the shop's set-up: owner and manager.
 */
export const RESERVATION_PERMISSION: ShopPermission = "board";
export const RESERVATION_SETTINGS_PERMISSION: ShopPermission = "shop";
