/**
 * Who may do what in a shop's merchant area (issue 10). One table, read by the server to
 * refuse and by the web app to show or hide controls, so the two never disagree.
 *
 * - owner: everything;
 * - manager: everything but the staff list, money settings and members' full phone numbers;
 * - staff: the order board, tables and the bell, sold-out toggles during service, the counter
 *   (charging a member's balance with their payment code) and handing over points-mall rewards.
 */
export const SHOP_ROLES = ["owner", "manager", "staff"] as const;
export type ShopRole = (typeof SHOP_ROLES)[number];

export const SHOP_PERMISSIONS = [
	/** The live order board, refunds decisions, orders for a customer. */
	"board",
	/** Tables' bills, the bell, clearing a table. */
	"tables",
	/** Mark an item or an option sold out / back in stock. */
	"soldOut",
	/** Categories, items, option groups, prices, stock. */
	"menu",
	/** Shop information, hours, closures, pause, delivery zone and fees, tables' list and QR codes. */
	"shop",
	/** Add, change and remove staff and their roles. */
	"staff",
	/** How the shop is paid: dine-in payment, display currency, wallet, bank cards, withdrawals. */
	"money",
	/** The record of who changed what. */
	"changeLog",
	/** Sales figures on the merchant home: revenue, average ticket, revenue by hour and by item (decision 017). */
	"sales",
	/** Take a member's balance at the counter with their payment code, and refund it the same day (issue 12). */
	"counter",
	/** Recharge packages, VIP card types, the stored-value agreement, and members with their balances (issue 12). */
	"members",
	/** Coupon templates, the points rule and the points mall's items (issue 13). */
	"promotions",
	/** Hand over or ship points-mall redemptions, cancel a pending one (issue 13). */
	"redemptions",
	/** See one member's full phone number (the list shows it masked); each look is logged (issue 27). */
	"memberContact",
] as const;
export type ShopPermission = (typeof SHOP_PERMISSIONS)[number];

const GRANTS: Record<ShopRole, readonly ShopPermission[]> = {
	owner: SHOP_PERMISSIONS,
	manager: [
		"board",
		"tables",
		"soldOut",
		"menu",
		"shop",
		"changeLog",
		"sales",
		"counter",
		"members",
		"promotions",
		"redemptions",
	],
	staff: ["board", "tables", "soldOut", "counter", "redemptions"],
};

export function roleAllows(role: ShopRole, permission: ShopPermission): boolean {
	return GRANTS[role].includes(permission);
}
