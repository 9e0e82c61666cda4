import {
	ErrorCode,
	localize,
	type MerchantShopRef,
	roleAllows,
	type ShopPermission,
	type ShopRole,
} from "@bayon/contract";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { CallerContext } from "../caller.js";
import * as queries from "../queries.js";

/**
 * Staff calls on one record (a bill, a round, a table) of some shop: a caller who works at
 * no shop is refused Forbidden and a staff member of another shop is told NotFound, in both
 * cases whether or not the record exists, so its id cannot be probed. `shopId` is the
 * record's shop, or undefined when there is no such record.
 */
export async function requireStaffWithoutOracle(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	shopId: number | undefined,
): Promise<void> {
	await requireStaffSomewhere(deps, ctx);
	if (shopId === undefined || !(await staffRoleAt(deps, ctx, shopId))) throw new BusinessError(ErrorCode.NotFound);
}

/**
 * Refuses anyone who does not work at the shop. A caller who works at no shop at all (a
 * customer) is refused alike whether the shop exists or not, and a shop of another tenant
 * answers exactly like a shop that does not exist, so ids cannot be probed.
 */
export async function requireStaff(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	shopId: number,
): Promise<ShopRole> {
	const role = await staffRoleAt(deps, ctx, shopId);
	if (role) return role;
	await requireStaffSomewhere(deps, ctx);
	if (!(await queries.findShop(deps.db, ctx.tenant.id, shopId))) throw new BusinessError(ErrorCode.NotFound);
	throw new BusinessError(ErrorCode.Forbidden);
}

/** The caller's role at a shop of the caller's tenant, or null when they do not work there. */
export async function staffRoleAt(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	shopId: number,
): Promise<ShopRole | null> {
	const staff = await queries.findStaffRole(deps.db, { shopId, memberId: ctx.member.id });
	if (!staff || !(await queries.findShop(deps.db, ctx.tenant.id, shopId))) return null;
	return staff.role;
}

/**
 * Refuses a caller whose role at the shop does not allow `permission` (shop-roles.ts in the
 * contract): like requireStaff, a caller who works at no shop is answered alike whether the
 * shop exists or not. Returns the caller's role.
 */
export async function requireShopPermission(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	shopId: number,
	permission: ShopPermission,
): Promise<ShopRole> {
	const role = await requireStaff(deps, ctx, shopId);
	if (!roleAllows(role, permission)) throw new BusinessError(ErrorCode.Forbidden);
	return role;
}

/**
 * The shop a counter call works at (the stored-value charge, the till), once the caller holds
 * the "counter" permission there; else Forbidden.
 */
export async function counterShop(deps: AppDeps, ctx: CallerContext & { member: { id: number } }, shopId: number) {
	await requireShopPermission(deps, ctx, shopId, "counter");
	return deps.db
		.selectFrom("shop")
		.select(["id", "name", "timezone"])
		.where("tenant_id", "=", ctx.tenant.id)
		.where("id", "=", shopId)
		.executeTakeFirstOrThrow();
}

/**
 * Whether the member administers the business (migration 0026): defines what every shop of the
 * tenant shares and that touches money (recharge packages, the stored-value agreement, VIP card
 * types, coupon templates, the points rule and mall, the second currency's rate).
 */
export async function isBusinessAdmin(deps: AppDeps, args: { tenantId: number; memberId: number }): Promise<boolean> {
	return (await queries.findTenantAdmin(deps.db, args)) !== undefined;
}

/**
 * Refuses a change to something tenant-wide unless the caller, who must hold `permission` at the
 * shop named (answered exactly as requireShopPermission answers), is also a business
 * administrator: a shop's owner or manager who is not is told NotBusinessAdmin, whose message
 * says who can. Reading stays with the shop's permission alone.
 */
export async function requireBusinessAdmin(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	shopId: number,
	permission: ShopPermission,
): Promise<ShopRole> {
	const role = await requireShopPermission(deps, ctx, shopId, permission);
	if (!(await isBusinessAdmin(deps, { tenantId: ctx.tenant.id, memberId: ctx.member.id })))
		throw new BusinessError(ErrorCode.NotBusinessAdmin);
	return role;
}

/**
 * Merchant calls that name an order or a bill refuse a caller who works at no shop before
 * looking the row up, so a customer gets the same answer for ids that exist and ids that do not.
 */
export async function requireStaffSomewhere(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
): Promise<void> {
	if (!(await isStaffMember(deps, { tenantId: ctx.tenant.id, memberId: ctx.member.id })))
		throw new BusinessError(ErrorCode.Forbidden);
}

/** The shops a member works at, with their role there; empty for customers. */
export async function listStaffShops(
	deps: AppDeps,
	args: { tenantId: number; memberId: number; lang: string },
): Promise<MerchantShopRef[]> {
	const rows = await queries.listStaffShops(deps.db, args);
	return rows.map((row) => ({ shopId: row.id, shopName: localize(row.name, args.lang), role: row.role }));
}

/** Whether the member works at any shop of the tenant (staff sessions are shorter). */
export async function isStaffMember(deps: AppDeps, args: { tenantId: number; memberId: number }): Promise<boolean> {
	return (await queries.listStaffShops(deps.db, args)).length > 0;
}
