import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;

const shopColumns = [
	"id",
	"name",
	"logo",
	"photos",
	"address",
	"phone",
	"latitude",
	"longitude",
	"timezone",
	"notice",
	"accepting_orders",
	"preparation_minutes",
	"offers_takein",
	"offers_takeout",
	"offers_desk",
	"delivery_radius_m",
	"delivery_radius_fee",
	"delivery_radius_min_order",
	"desk_pay_after_meal",
	"version",
	"paused_until",
] as const;

export function listShops(db: Db, tenantId: number) {
	return db.selectFrom("shop").select(shopColumns).where("tenant_id", "=", tenantId).orderBy("id").execute();
}

export function findShop(db: Db, tenantId: number, shopId: number) {
	return db
		.selectFrom("shop")
		.select(shopColumns)
		.where("tenant_id", "=", tenantId)
		.where("id", "=", shopId)
		.executeTakeFirst();
}

export type ShopRow = NonNullable<Awaited<ReturnType<typeof findShop>>>;

export function listOpeningHours(db: Db, shopIds: number[]) {
	if (shopIds.length === 0) return Promise.resolve([]);
	return db
		.selectFrom("shop_opening_hours")
		.select(["shop_id", "weekday", "opens_at", "closes_at"])
		.where("shop_id", "in", shopIds)
		.orderBy("weekday")
		.orderBy("opens_at")
		.execute();
}

/** Closures that have not ended before `fromDate` (a local date; a day of slack covers time zones). */
export function listClosures(db: Db, shopIds: number[], fromDate: string) {
	if (shopIds.length === 0) return Promise.resolve([]);
	return db
		.selectFrom("shop_closure")
		.select(["shop_id", "starts_on", "ends_on", "reason"])
		.where("shop_id", "in", shopIds)
		.where("ends_on", ">=", fromDate)
		.orderBy("starts_on")
		.execute();
}

export function listDeliveryZones(db: Db, shopIds: number[]) {
	if (shopIds.length === 0) return Promise.resolve([]);
	return db
		.selectFrom("delivery_zone")
		.select([
			"id",
			"shop_id",
			"name",
			"points",
			"fee",
			"min_order",
			"stroke_width",
			"stroke_color",
			"fill_color",
			"dash_array",
			"z_index",
		])
		.where("shop_id", "in", shopIds)
		.where("enabled", "=", true)
		.orderBy("sort")
		.orderBy("id")
		.execute();
}

export function findTable(db: Db, args: { tenantId: number; tableId: number }) {
	return db
		.selectFrom("dining_table as t")
		.innerJoin("shop as s", "s.id", "t.shop_id")
		.select(["t.id", "t.shop_id", "t.number", "t.seats", "t.area", "t.qr_version", "t.enabled", "s.name as shop_name"])
		.where("t.id", "=", args.tableId)
		.where("s.tenant_id", "=", args.tenantId)
		.executeTakeFirst();
}

export function listTables(db: Db, shopId: number) {
	return db
		.selectFrom("dining_table")
		.select(["id", "number", "seats", "area", "qr_version"])
		.where("shop_id", "=", shopId)
		.where("enabled", "=", true)
		.orderBy("sort")
		.orderBy("number")
		.execute();
}

export function findStaffRole(db: Db, args: { shopId: number; memberId: number }) {
	return db
		.selectFrom("shop_staff")
		.select("role")
		.where("shop_id", "=", args.shopId)
		.where("member_id", "=", args.memberId)
		.executeTakeFirst();
}

/** The member's row as a business administrator of the tenant (migration 0026), if they are one. */
export function findTenantAdmin(db: Db, args: { tenantId: number; memberId: number }) {
	return db
		.selectFrom("tenant_admin")
		.select("member_id")
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId)
		.executeTakeFirst();
}

export function listStaffShops(db: Db, args: { tenantId: number; memberId: number }) {
	return db
		.selectFrom("shop_staff as st")
		.innerJoin("shop as s", "s.id", "st.shop_id")
		.select(["s.id", "s.name", "st.role"])
		.where("st.member_id", "=", args.memberId)
		.where("s.tenant_id", "=", args.tenantId)
		.orderBy("s.id")
		.execute();
}

/**
 * The time zone a tenant-wide date is told in (a balance bill's "this month", a VIP card's end
 * date): one balance and one card serve all the tenant's shops, so it is the tenant's first
 * shop's (by id). A tenant without shops uses UTC.
 */
export async function tenantTimeZone(db: Db, tenantId: number): Promise<string> {
	const shop = await db
		.selectFrom("shop")
		.select("timezone")
		.where("tenant_id", "=", tenantId)
		.orderBy("id")
		.limit(1)
		.executeTakeFirst();
	return shop?.timezone ?? "UTC";
}
