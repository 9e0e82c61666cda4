import type { TestServer } from "./harness.js";

/**
 * A second tenant with one shop near the demo shop: for tests that its rows stay out of
 * reach of the demo tenant's callers. Returns the shop's id.
 */
export async function insertOtherTenantShop(
	server: TestServer,
	shop: { code: string; name: Record<string, string>; at: { lat: number; lng: number } },
): Promise<number> {
	await server.deps.db
		.insertInto("tenant")
		.values({
			id: 2,
			name: "Other",
			shop_key: "other",
			currency_code: "USD",
			currency_symbol: "$",
			currency_decimals: 2,
			currency_symbol_position: "before",
		})
		.execute();
	const row = await server.deps.db
		.insertInto("shop")
		.values({
			tenant_id: 2,
			code: shop.code,
			name: JSON.stringify(shop.name),
			address: JSON.stringify({ "zh-CN": "暹粒", en: "Pub Street, Siem Reap" }),
			phone: "+855 63 000 000",
			latitude: shop.at.lat,
			longitude: shop.at.lng,
			timezone: "Asia/Phnom_Penh",
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	return row.id;
}
