import { ErrorCode, roleAllows, type SecondCurrency } from "@bayon/contract";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { setSecondCurrency } from "../../tenancy/service.js";
import type { CallerContext } from "../caller.js";
import { isBusinessAdmin, requireShopPermission, requireStaffSomewhere, staffRoleAt } from "../staff/staff-access.js";
import { announceShopChange } from "./ordering-terms.js";

/**
 * The owner decides how dine-in guests pay: each round up front, or the table's bill after
 * the meal. Bills already open stay open and payable either way; the setting applies to the
 * next round ordered.
 */
export async function setDineInPayment(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	input: { shopId: number; payAfterMeal: boolean },
): Promise<{ shopId: number; deskPayAfterMeal: boolean }> {
	await requireShopPermission(deps, ctx, input.shopId, "money");
	await deps.db
		.updateTable("shop")
		.set({ desk_pay_after_meal: input.payAfterMeal })
		.where("tenant_id", "=", ctx.tenant.id)
		.where("id", "=", input.shopId)
		.execute();
	await announceShopChange(deps, { tenantId: ctx.tenant.id, shopId: input.shopId });
	return { shopId: input.shopId, deskPayAfterMeal: input.payAfterMeal };
}

/**
 * The business shows prices also in a second currency at its own rate (decision 011), or
 * (null) in the shop's currency alone. It applies to the whole tenant, whose ledger
 * currency it sits beside, so only a business administrator changes it (issue 27): a shop's
 * owner who is not one is told NotBusinessAdmin. Anyone but the shop's owner gets Forbidden,
 * whether or not the shop exists, so the call tells nothing about other shops.
 */
export async function setDisplayCurrency(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	input: { shopId: number; second: SecondCurrency | null },
): Promise<{ shopId: number; second: SecondCurrency | null }> {
	// A customer is refused before any shop is looked up; an owner's role is checked at a shop
	// of the caller's tenant only, and every other answer is the same Forbidden.
	await requireStaffSomewhere(deps, ctx);
	const role = await staffRoleAt(deps, ctx, input.shopId);
	if (!role || !roleAllows(role, "money")) throw new BusinessError(ErrorCode.Forbidden);
	if (!(await isBusinessAdmin(deps, { tenantId: ctx.tenant.id, memberId: ctx.member.id })))
		throw new BusinessError(ErrorCode.NotBusinessAdmin);
	return { shopId: input.shopId, second: await setSecondCurrency(deps, ctx.tenant.id, input.second) };
}
