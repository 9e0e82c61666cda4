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
