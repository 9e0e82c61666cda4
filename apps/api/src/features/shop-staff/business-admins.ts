import {
	type BusinessAdminInput,
	type BusinessAdminPerson,
	type BusinessAdmins,
	ErrorCode,
	localize,
} from "@bayon/contract";
import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { recordShopChange } from "../shop-changes/record.js";
import { isBusinessAdmin, requireBusinessAdmin, requireShopPermission } from "../venues/staff/staff-access.js";
import * as queries from "./queries.js";

/**
 * The business's administrators (issue 27, migration 0026), beside the staff list they are
 * chosen from: a shop's owners (permission `staff`) read who they are; an administrator grants it
 * to another owner of one of the business's shops and takes it back; the last one stays, or
 * nobody could change the business's recharge packages, cards, coupons, points or rate again.
 * Each grant and revocation is recorded in the change log of the shop it was made from.
 */

interface Caller {
	tenant: { id: number };
	lang: string;
	member: { id: number };
}

/** Who administers the business, and the owners it could be granted to. */
export async function listBusinessAdmins(deps: AppDeps, ctx: Caller, shopId: number): Promise<BusinessAdmins> {
	await requireShopPermission(deps, ctx, shopId, "staff");
	const tenantId = ctx.tenant.id;
	const [admins, owners, readerIsAdmin] = await Promise.all([
		queries.listTenantAdmins(deps.db, tenantId),
		queries.listTenantOwners(deps.db, tenantId),
		isBusinessAdmin(deps, { tenantId, memberId: ctx.member.id }),
	]);
	const ownedShops = new Map<number, string[]>();
	const people = new Map<number, { mobile: string; nickname: string }>();
	for (const row of owners) {
		ownedShops.set(row.member_id, [...(ownedShops.get(row.member_id) ?? []), localize(row.shop_name, ctx.lang)]);
		people.set(row.member_id, { mobile: row.mobile, nickname: row.nickname });
	}
	const adminIds = new Set(admins.map((row) => row.member_id));
	const person = (memberId: number, contact: { mobile: string; nickname: string }): BusinessAdminPerson => ({
		memberId,
		mobile: contact.mobile,
		nickname: contact.nickname,
		ownedShops: ownedShops.get(memberId) ?? [],
	});
	return {
		admins: admins.map((row) => person(row.member_id, row)),
		candidates: [...people].filter(([memberId]) => !adminIds.has(memberId)).map(([id, contact]) => person(id, contact)),
		readerIsAdmin,
	};
}

/**
 * Locks the tenant and checks again, under the lock, that the caller is still an administrator:
 * one revoked a moment ago must not finish a grant or revocation started before.
 */
async function lockAsAdmin(trx: Transaction<DB>, ctx: Caller): Promise<Set<number>> {
	await queries.lockTenant(trx, ctx.tenant.id);
	const admins = new Set((await queries.listTenantAdminIds(trx, ctx.tenant.id)).map((row) => row.member_id));
	if (!admins.has(ctx.member.id)) throw new BusinessError(ErrorCode.NotBusinessAdmin);
	return admins;
}

async function recordAdminChange(
	trx: Transaction<DB>,
	ctx: Caller,
	input: BusinessAdminInput,
	action: "create" | "delete",
) {
	const contact = await queries.findMemberContact(trx, { tenantId: ctx.tenant.id, memberId: input.memberId });
	const entry = { mobile: contact?.mobile };
	await recordShopChange(trx, {
		tenantId: ctx.tenant.id,
		shopId: input.shopId,
		memberId: ctx.member.id,
		subject: "business_admin",
		subjectId: input.memberId,
		action,
		before: action === "delete" ? entry : undefined,
		after: action === "create" ? entry : undefined,
	});
}

/** An administrator makes another owner of one of the business's shops an administrator too. */
export async function grantBusinessAdmin(
	deps: AppDeps,
	ctx: Caller,
	input: BusinessAdminInput,
): Promise<BusinessAdmins> {
	await requireBusinessAdmin(deps, ctx, input.shopId, "staff");
	await deps.db.transaction().execute(async (trx) => {
		await lockAsAdmin(trx, ctx);
		if (!(await queries.isTenantOwner(trx, { tenantId: ctx.tenant.id, memberId: input.memberId })))
			throw new BusinessError(ErrorCode.BusinessAdminNotOwner);
		const granted = await queries.insertTenantAdmin(trx, {
			tenantId: ctx.tenant.id,
			memberId: input.memberId,
			grantedBy: ctx.member.id,
		});
		// Granted already: nothing changed, nothing to record.
		if (granted) await recordAdminChange(trx, ctx, input, "create");
	});
	return listBusinessAdmins(deps, ctx, input.shopId);
}

/** An administrator takes the role back from another, or steps down; the last one stays. */
export async function revokeBusinessAdmin(
	deps: AppDeps,
	ctx: Caller,
	input: BusinessAdminInput,
): Promise<BusinessAdmins> {
	await requireBusinessAdmin(deps, ctx, input.shopId, "staff");
	await deps.db.transaction().execute(async (trx) => {
		const admins = await lockAsAdmin(trx, ctx);
		if (!admins.has(input.memberId)) throw new BusinessError(ErrorCode.NotFound);
		if (admins.size === 1) throw new BusinessError(ErrorCode.BusinessAdminLast);
		await queries.deleteTenantAdmin(trx, { tenantId: ctx.tenant.id, memberId: input.memberId });
		await recordAdminChange(trx, ctx, input, "delete");
	});
	return listBusinessAdmins(deps, ctx, input.shopId);
}
