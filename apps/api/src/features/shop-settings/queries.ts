import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;

/** The shop row as the settings page edits it; `lock` takes the row for an update (FOR UPDATE). */
export function findShopForSettings(db: Db, args: { tenantId: number; shopId: number; lock?: boolean }) {
	const query = db
		.selectFrom("shop")
		.select([
			"id",
			"name",
			"logo",
			"photos",
			"notice",
			"phone",
			"address",
			"latitude",
			"longitude",
			"timezone",
			"offers_takein",
			"offers_takeout",
			"offers_desk",
			"preparation_minutes",
			"version",
			"paused_until",
			"accepting_orders",
		])
		.where("tenant_id", "=", args.tenantId)
		.where("id", "=", args.shopId);
	return (args.lock ? query.forUpdate() : query).executeTakeFirst();
}
export type SettingsShopRow = NonNullable<Awaited<ReturnType<typeof findShopForSettings>>>;

export function listHours(db: Db, shopId: number) {
	return db
		.selectFrom("shop_opening_hours")
		.select(["weekday", "opens_at", "closes_at"])
		.where("shop_id", "=", shopId)
		.orderBy("weekday")
		.orderBy("opens_at")
		.execute();
}

/** Closures not over before `fromDate` (the shop's local today); past ones stay as history. */
export function listCurrentClosures(db: Db, shopId: number, fromDate: string) {
	return db
		.selectFrom("shop_closure")
		.select(["starts_on", "ends_on", "reason"])
		.where("shop_id", "=", shopId)
		.where("ends_on", ">=", fromDate)
		.orderBy("starts_on")
		.orderBy("id")
		.execute();
}

export function listEnabledZones(db: Db, shopId: number) {
	return db
		.selectFrom("delivery_zone")
		.select(["id", "points", "fee", "min_order"])
		.where("shop_id", "=", shopId)
		.where("enabled", "=", true)
		.orderBy("sort")
		.orderBy("id")
		.execute();
}
