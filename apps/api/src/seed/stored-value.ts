import type { Transaction } from "kysely";
import type { DB } from "../db/schema.js";
import { DEFAULT_STORED_VALUE_AGREEMENT } from "../features/stored-value/recharge/recharge-agreement.js";

/**
 * Demo recharge packages, in cents of the demo tenant's US dollars: pay X, receive X + bonus.
 * Names in the three languages the demo ships.
 */
export const demoRechargePackages = [
	{
		name: { "zh-CN": "充 $50 得 $55", en: "Pay $50, get $55", km: "បង់ $50 បាន $55" },
		payAmount: 5000,
		bonusAmount: 500,
	},
	{
		name: { "zh-CN": "充 $100 得 $115", en: "Pay $100, get $115", km: "បង់ $100 បាន $115" },
		payAmount: 10_000,
		bonusAmount: 1500,
	},
	{
		name: { "zh-CN": "充 $200 得 $240", en: "Pay $200, get $240", km: "បង់ $200 បាន $240" },
		payAmount: 20_000,
		bonusAmount: 4000,
	},
];

/**
 * The tenant's recharge packages and stored-value agreement (issue 12). Packages have no
 * natural key and are the owner's to change, so they are written only while the tenant has
 * none; the agreement only while it has none. A second run adds and changes nothing.
 */
export async function seedStoredValue(db: Transaction<DB>, tenantId: number): Promise<void> {
	const now = new Date();
	// Two seeds at once (two servers on a fresh database) take turns on the tenant's row.
	await db.selectFrom("tenant").select("id").where("id", "=", tenantId).forUpdate().execute();
	const existing = await db
		.selectFrom("recharge_package")
		.select("id")
		.where("tenant_id", "=", tenantId)
		.limit(1)
		.executeTakeFirst();
	if (!existing)
		await db
			.insertInto("recharge_package")
			.values(
				demoRechargePackages.map((pkg, index) => ({
					tenant_id: tenantId,
					name: JSON.stringify(pkg.name),
					pay_amount: pkg.payAmount,
					bonus_amount: pkg.bonusAmount,
					sort: index + 1,
					created_at: now,
					updated_at: now,
				})),
			)
			.execute();
	await db
		.insertInto("stored_value_settings")
		.values({ tenant_id: tenantId, agreement: JSON.stringify(DEFAULT_STORED_VALUE_AGREEMENT), updated_at: now })
		.onConflict((oc) => oc.column("tenant_id").doNothing())
		.execute();
}
