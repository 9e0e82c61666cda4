import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;

/** The shop's staff with their phone and name: owners first, then managers, then staff, oldest first. */
export function listStaff(db: Db, args: { tenantId: number; shopId: number }) {
	return db
		.selectFrom("shop_staff as st")
		.innerJoin("member as m", "m.id", "st.member_id")
		.select(["st.member_id", "st.role", "st.created_at", "m.mobile", "m.nickname", "m.last_login_at"])
		.where("st.shop_id", "=", args.shopId)
		.where("m.tenant_id", "=", args.tenantId)
		.orderBy((eb) =>
			eb.case().when("st.role", "=", "owner").then(0).when("st.role", "=", "manager").then(1).else(2).end(),
		)
		.orderBy("st.created_at")
		.orderBy("st.member_id")
		.execute();
}

/**
 * Locks every staff row of the shop, so changes to one shop's staff happen one at a time: two
 * owners demoting each other at once cannot both pass the "one owner remains" check.
 */
export function lockStaff(trx: Transaction<DB>, shopId: number) {
	return trx
		.selectFrom("shop_staff")
		.select(["member_id", "role"])
		.where("shop_id", "=", shopId)
		.orderBy("member_id")
		.forUpdate()
		.execute();
}

/** Adds a member to the staff; false when they are on it already. */
export async function insertStaff(
	trx: Transaction<DB>,
	args: { shopId: number; memberId: number; role: "owner" | "manager" | "staff" },
): Promise<boolean> {
	const result = await trx
		.insertInto("shop_staff")
		.values({ shop_id: args.shopId, member_id: args.memberId, role: args.role })
		.onConflict((oc) => oc.columns(["shop_id", "member_id"]).doNothing())
		.executeTakeFirst();
	return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function updateRole(
	trx: Transaction<DB>,
	args: { shopId: number; memberId: number; role: "owner" | "manager" | "staff" },
) {
	return trx
		.updateTable("shop_staff")
		.set({ role: args.role })
		.where("shop_id", "=", args.shopId)
		.where("member_id", "=", args.memberId)
		.execute();
}

export function deleteStaff(trx: Transaction<DB>, args: { shopId: number; memberId: number }) {
	return trx
		.deleteFrom("shop_staff")
		.where("shop_id", "=", args.shopId)
		.where("member_id", "=", args.memberId)
		.execute();
}

export function findMemberContact(trx: Transaction<DB>, args: { tenantId: number; memberId: number }) {
	return trx
		.selectFrom("member")
		.select(["mobile", "nickname"])
		.where("tenant_id", "=", args.tenantId)
		.where("id", "=", args.memberId)
		.executeTakeFirst();
}

// ---- The business's administrators (issue 27, migration 0026) ----

/**
 * Locks the tenant's row, so grants and revocations of the business's administrators happen
 * one at a time: two administrators revoking each other at once cannot both pass the "one
 * administrator remains" check.
 */
export async function lockTenant(trx: Transaction<DB>, tenantId: number) {
	await trx.selectFrom("tenant").select("id").where("id", "=", tenantId).forUpdate().execute();
}

export function listTenantAdminIds(db: Db, tenantId: number) {
	return db.selectFrom("tenant_admin").select("member_id").where("tenant_id", "=", tenantId).execute();
}

/** Every owner of one of the tenant's shops, with the shops they own (oldest shop first). */
export function listTenantOwners(db: Db, tenantId: number) {
	return db
		.selectFrom("shop_staff as st")
		.innerJoin("shop as s", "s.id", "st.shop_id")
		.innerJoin("member as m", "m.id", "st.member_id")
		.select(["st.member_id", "m.mobile", "m.nickname", "s.id as shop_id", "s.name as shop_name"])
		.where("s.tenant_id", "=", tenantId)
		.where("m.tenant_id", "=", tenantId)
		.where("st.role", "=", "owner")
		.orderBy("st.member_id")
		.orderBy("s.id")
		.execute();
}

/** The administrators who are no longer anyone's owner still show: their power stays until revoked. */
export function listTenantAdmins(db: Db, tenantId: number) {
	return db
		.selectFrom("tenant_admin as ta")
		.innerJoin("member as m", "m.id", "ta.member_id")
		.select(["ta.member_id", "m.mobile", "m.nickname"])
		.where("ta.tenant_id", "=", tenantId)
		.orderBy("ta.created_at")
		.orderBy("ta.member_id")
		.execute();
}

export async function isTenantOwner(trx: Transaction<DB>, args: { tenantId: number; memberId: number }) {
	const row = await trx
		.selectFrom("shop_staff as st")
		.innerJoin("shop as s", "s.id", "st.shop_id")
		.select("st.member_id")
		.where("s.tenant_id", "=", args.tenantId)
		.where("st.member_id", "=", args.memberId)
		.where("st.role", "=", "owner")
		.limit(1)
		.executeTakeFirst();
	return row !== undefined;
}

/** Makes the member an administrator; false when they are one already. */
export async function insertTenantAdmin(
	trx: Transaction<DB>,
	args: { tenantId: number; memberId: number; grantedBy: number },
): Promise<boolean> {
	const result = await trx
		.insertInto("tenant_admin")
		.values({ tenant_id: args.tenantId, member_id: args.memberId, granted_by: args.grantedBy })
		.onConflict((oc) => oc.columns(["tenant_id", "member_id"]).doNothing())
		.executeTakeFirst();
	return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function deleteTenantAdmin(trx: Transaction<DB>, args: { tenantId: number; memberId: number }) {
	return trx
		.deleteFrom("tenant_admin")
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId)
		.execute();
}
