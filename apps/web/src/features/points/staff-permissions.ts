import type { ShopPermission } from "@bayon/contract";

/**
 * The permissions the server checks for the points pages (shop-roles.ts decides who has them,
 * decision 022): the earning rule and the mall's items are the owner's and manager's
 * (`promotions`); handing over and shipping redemptions is counter work, every role's.
 */
export const MALL_PERMISSION: ShopPermission = "promotions";
export const REDEMPTIONS_PERMISSION: ShopPermission = "redemptions";
