import type { ShopPermission } from "@bayon/contract";

/**
 * The permissions the server checks for the stored-value pages (shop-roles.ts decides who has
 * them). Charging a member's payment code is counter work: every member of staff. Packages,
 * VIP card types and the members list with their balances are the owner's and manager's:
 * staff never see the balances of people who are not paying at their counter (decision 021).
 */
export const COUNTER_PERMISSION: ShopPermission = "counter";
export const MEMBERS_PERMISSION: ShopPermission = "members";
/** A member's full phone number, one at a time and logged: the owner's alone (issue 27). */
export const MEMBER_CONTACT_PERMISSION: ShopPermission = "memberContact";
