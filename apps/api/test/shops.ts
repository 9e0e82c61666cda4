import type { TestServer } from "./harness.js";

/** A second shop of the demo tenant (the demo has one), for stories across shops. */
export async function addShop(server: TestServer, code: string): Promise<number> {
	const shop = await server.deps.db
		.insertInto("shop")
		.values({
			tenant_id: 1,
			code,
			name: JSON.stringify({ "zh-CN": "吴哥店", en: "Angkor" }),
			address: JSON.stringify({ "zh-CN": "暹粒" }),
			phone: "+855 63 000 000",
			latitude: 13.36,
			longitude: 103.86,
			timezone: "Asia/Phnom_Penh",
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	return shop.id;
}

/** Signs a member in and puts them on a shop's staff with a role (the demo shop by default). */
export async function memberWithRole(
	server: TestServer,
	mobile: string,
	role: "owner" | "manager" | "staff",
	shopId = 1,
) {
	const session = await server.signIn(mobile);
	await server.deps.db.insertInto("shop_staff").values({ shop_id: shopId, member_id: session.userId, role }).execute();
	return session;
}

/**
 * An owner of a shop who also administers the business (migration 0026), as the demo owner
 * does: defines the tenant-wide recharge packages, cards, coupons, points and rate.
 */
export async function businessAdmin(server: TestServer, mobile: string, shopId = 1) {
	const session = await memberWithRole(server, mobile, "owner", shopId);
	await server.deps.db.insertInto("tenant_admin").values({ tenant_id: 1, member_id: session.userId }).execute();
	return session;
}
