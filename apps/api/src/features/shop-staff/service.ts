import {
	type AddStaffInput,
	type ChangeStaffRoleInput,
	ErrorCode,
	type RemoveStaffInput,
	type ShopRole,
	type StaffMember,
} from "@bayon/contract";
import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { findOrCreateMemberByMobile } from "../identity/service.js";
import { recordShopChange } from "../shop-changes/record.js";
import { requireShopPermission } from "../venues/staff/staff-access.js";
import * as queries from "./queries.js";

interface Caller {
	tenant: { id: number };
	lang: string;
	member: { id: number };
}

/** The shop's staff, for its owners. */
export async function listStaff(deps: AppDeps, ctx: Caller, shopId: number): Promise<StaffMember[]> {
	await requireShopPermission(deps, ctx, shopId, "staff");
	const rows = await queries.listStaff(deps.db, { tenantId: ctx.tenant.id, shopId });
	return rows.map((row) => ({
		memberId: row.member_id,
		mobile: row.mobile,
		nickname: row.nickname,
		role: row.role,
		addedAt: new Date(row.created_at).toISOString(),
		hasSignedIn: row.last_login_at !== null,
	}));
}

type LockedStaff = Awaited<ReturnType<typeof queries.lockStaff>>;

/**
 * Locks the shop's staff and checks again, under the lock, that the caller is still one of its
 * owners: an owner demoted a moment ago must not finish a change started before.
 */
async function lockAsOwner(trx: Transaction<DB>, ctx: Caller, shopId: number): Promise<LockedStaff> {
	const staff = await queries.lockStaff(trx, shopId);
	if (staff.find((row) => row.member_id === ctx.member.id)?.role !== "owner")
		throw new BusinessError(ErrorCode.Forbidden);
	return staff;
}

function requireOnStaff(staff: LockedStaff, memberId: number) {
	const row = staff.find((candidate) => candidate.member_id === memberId);
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	return row;
}

/** The last owner stays an owner: a shop nobody can manage could not be repaired from the app. */
function keepAnOwner(staff: LockedStaff, memberId: number, newRole: ShopRole | null) {
	const owners = staff.filter((row) => row.role === "owner");
	const losesOwner = owners.some((row) => row.member_id === memberId) && newRole !== "owner";
	if (losesOwner && owners.length === 1) throw new BusinessError(ErrorCode.StaffLastOwner);
}

/** Records a staff change as the owner reads it: whose phone, and the role before and after. */
async function recordStaffChange(
	trx: Transaction<DB>,
	ctx: Caller,
	target: { shopId: number; memberId: number },
	change: { action: "create" | "update" | "delete"; before: ShopRole | null; after: ShopRole | null },
) {
	const contact = await queries.findMemberContact(trx, { tenantId: ctx.tenant.id, memberId: target.memberId });
	const as = (role: ShopRole | null) => (role ? { mobile: contact?.mobile, role } : undefined);
	await recordShopChange(trx, {
		tenantId: ctx.tenant.id,
		shopId: target.shopId,
		memberId: ctx.member.id,
		subject: "shop_staff",
		subjectId: target.memberId,
		action: change.action,
		before: as(change.before),
		after: as(change.after),
	});
}

/** Tells every server (and the member's app) after commit; a lost event is caught by the role checked on every call. */
async function announce(deps: AppDeps, ctx: Caller, shopId: number, memberId: number, role: ShopRole | null) {
	await deps.events
		.publish({ type: "staff.changed", tenantId: ctx.tenant.id, shopId, memberId, role })
		.catch((error) => deps.log.warn({ err: error, shopId, memberId }, "staff change not announced"));
}

/**
 * The owner adds someone by phone. A phone nobody has signed in with yet gets its member now,
 * so the role is there at that person's first SMS sign-in (decision 017).
 */
export async function addStaff(deps: AppDeps, ctx: Caller, input: AddStaffInput): Promise<StaffMember[]> {
	await requireShopPermission(deps, ctx, input.shopId, "staff");
	const memberId = await deps.db.transaction().execute(async (trx) => {
		await lockAsOwner(trx, ctx, input.shopId);
		const member = await findOrCreateMemberByMobile(trx, {
			tenantId: ctx.tenant.id,
			mobile: input.mobile,
			lang: ctx.lang,
			now: deps.clock.now(),
		});
		if (!(await queries.insertStaff(trx, { shopId: input.shopId, memberId: member.id, role: input.role })))
			throw new BusinessError(ErrorCode.StaffAlreadyAdded);
		await recordStaffChange(
			trx,
			ctx,
			{ shopId: input.shopId, memberId: member.id },
			{ action: "create", before: null, after: input.role },
		);
		return member.id;
	});
	await announce(deps, ctx, input.shopId, memberId, input.role);
	return listStaff(deps, ctx, input.shopId);
}

/** The owner gives a member of the staff another role; the last owner keeps theirs. */
export async function changeStaffRole(deps: AppDeps, ctx: Caller, input: ChangeStaffRoleInput): Promise<StaffMember[]> {
	await requireShopPermission(deps, ctx, input.shopId, "staff");
	const changed = await deps.db.transaction().execute(async (trx) => {
		const staff = await lockAsOwner(trx, ctx, input.shopId);
		const current = requireOnStaff(staff, input.memberId);
		if (current.role === input.role) return false;
		keepAnOwner(staff, input.memberId, input.role);
		await queries.updateRole(trx, input);
		await recordStaffChange(trx, ctx, input, { action: "update", before: current.role, after: input.role });
		return true;
	});
	if (changed) await announce(deps, ctx, input.shopId, input.memberId, input.role);
	return listStaff(deps, ctx, input.shopId);
}

/**
 * The owner removes a member from the staff: every merchant call checks the role when it is
 * made, so their next one is refused, and their open websockets stop hearing the shop's orders.
 */
export async function removeStaff(deps: AppDeps, ctx: Caller, input: RemoveStaffInput): Promise<StaffMember[]> {
	await requireShopPermission(deps, ctx, input.shopId, "staff");
	await deps.db.transaction().execute(async (trx) => {
		const staff = await lockAsOwner(trx, ctx, input.shopId);
		const current = requireOnStaff(staff, input.memberId);
		keepAnOwner(staff, input.memberId, null);
		await queries.deleteStaff(trx, input);
		await recordStaffChange(trx, ctx, input, { action: "delete", before: current.role, after: null });
	});
	await announce(deps, ctx, input.shopId, input.memberId, null);
	// The owner may have removed themselves: they no longer read the list.
	return input.memberId === ctx.member.id ? [] : listStaff(deps, ctx, input.shopId);
}
