import { localize, type MerchantShopRef } from "@bayon/contract";
import type { AppDeps } from "../../http/deps.js";

/** The shops a member works at, with their role there; empty for customers. */
export async function listStaffShops(
	deps: AppDeps,
	args: { tenantId: number; memberId: number; lang: string },
): Promise<MerchantShopRef[]> {
	const rows = await deps.db
		.selectFrom("shop_staff as st")
		.innerJoin("shop as s", "s.id", "st.shop_id")
		.select(["s.id", "s.name", "st.role"])
		.where("st.member_id", "=", args.memberId)
		.where("s.tenant_id", "=", args.tenantId)
		.orderBy("s.id")
		.execute();
	return rows.map((row) => ({ shopId: row.id, shopName: localize(row.name, args.lang), role: row.role }));
}

/** Whether the member works at any shop of the tenant (staff sessions are shorter). */
export async function isStaffMember(deps: AppDeps, args: { tenantId: number; memberId: number }): Promise<boolean> {
	const row = await deps.db
		.selectFrom("shop_staff as st")
		.innerJoin("shop as s", "s.id", "st.shop_id")
		.select("st.shop_id")
		.where("st.member_id", "=", args.memberId)
		.where("s.tenant_id", "=", args.tenantId)
		.executeTakeFirst();
	return row !== undefined;
}
