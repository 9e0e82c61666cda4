import type { Localized, RedemptionStatus } from "@bayon/contract";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

/** Reads and row locks of points and the points mall (decision 022). */

type Db = Kysely<DB> | Transaction<DB>;
export type ItemRow = Selectable<DB["points_item"]>;
export type RedemptionRow = Selectable<DB["points_redemption"]>;

/** `%` and `_` typed into the search box are letters, not LIKE wildcards. */
function likeContaining(text: string): string {
	return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The tenant's items in their sort order; only those on the shelf unless `all`; `keyword` matches a name in any language. */
export function listItems(db: Db, args: { tenantId: number; all: boolean; keyword?: string }) {
	let query = db.selectFrom("points_item").selectAll().where("tenant_id", "=", args.tenantId);
	if (!args.all) query = query.where("on_shelf", "=", true);
	const keyword = args.keyword;
	if (keyword) {
		const pattern = likeContaining(keyword);
		query = query.where((eb) =>
			eb.or([
				eb(sql`name->>'zh-CN'`, "ilike", pattern),
				eb(sql`name->>'en'`, "ilike", pattern),
				eb(sql`name->>'km'`, "ilike", pattern),
			]),
		);
	}
	return query.orderBy("sort").orderBy("id").execute();
}

export function findItem(db: Db, args: { tenantId: number; id: number }) {
	return db
		.selectFrom("points_item")
		.selectAll()
		.where("tenant_id", "=", args.tenantId)
		.where("id", "=", args.id)
		.executeTakeFirst();
}

/** The item's row lock: redemptions of one item take turns on it. */
export function lockItem(trx: Transaction<DB>, args: { tenantId: number; id: number }) {
	return trx
		.selectFrom("points_item")
		.selectAll()
		.where("tenant_id", "=", args.tenantId)
		.where("id", "=", args.id)
		.forUpdate()
		.executeTakeFirst();
}

/** Takes one from the stock when there is one left: the database decides, never below zero. */
export async function takeOneFromStock(trx: Transaction<DB>, itemId: number, now: Date): Promise<boolean> {
	const taken = await trx
		.updateTable("points_item")
		.set((eb) => ({
			stock: eb("stock", "-", 1),
			redeemed_count: eb("redeemed_count", "+", 1),
			updated_at: now,
		}))
		.where("id", "=", itemId)
		.where("stock", ">", 0)
		.returning("id")
		.executeTakeFirst();
	return taken !== undefined;
}

/** A cancelled redemption's unit goes back on the shelf and out of the redeemed count. */
export async function returnOneToStock(trx: Transaction<DB>, itemId: number, now: Date): Promise<void> {
	await trx
		.updateTable("points_item")
		.set((eb) => ({
			stock: eb("stock", "+", 1),
			redeemed_count: sql<number>`greatest(redeemed_count - 1, 0)`,
			updated_at: now,
		}))
		.where("id", "=", itemId)
		.execute();
}

/** The member's row lock: one member's redemptions take turns (same key, two tabs). */
export async function lockMember(trx: Transaction<DB>, args: { tenantId: number; memberId: number }) {
	return trx
		.selectFrom("member")
		.select(["id", "points"])
		.where("id", "=", args.memberId)
		.where("tenant_id", "=", args.tenantId)
		.forUpdate()
		.executeTakeFirst();
}

export async function memberPoints(db: Db, args: { tenantId: number; memberId: number }): Promise<number> {
	const row = await db
		.selectFrom("member")
		.select("points")
		.where("id", "=", args.memberId)
		.where("tenant_id", "=", args.tenantId)
		.executeTakeFirst();
	return row?.points ?? 0;
}

export async function pointsPerUnit(db: Db, tenantId: number): Promise<number> {
	const row = await db
		.selectFrom("points_rule")
		.select("points_per_unit")
		.where("tenant_id", "=", tenantId)
		.executeTakeFirst();
	return row?.points_per_unit ?? 0;
}

/** The multiplier of the member's card running now, in percent (100 without one). */
export async function activeMultiplierPercent(
	db: Db,
	args: { tenantId: number; memberId: number; now: Date },
): Promise<number> {
	const card = await db
		.selectFrom("member_card")
		.select("points_percent")
		.where("member_id", "=", args.memberId)
		.where("tenant_id", "=", args.tenantId)
		.where("expires_at", ">", args.now)
		.executeTakeFirst();
	return card?.points_percent ?? 100;
}

/** The member's redemptions that count (not cancelled), by item: one per item (spec §9). */
export async function openRedemptionsByItem(
	db: Db,
	args: { memberId: number; itemIds: number[] },
): Promise<Map<number, number>> {
	if (args.itemIds.length === 0) return new Map();
	const rows = await db
		.selectFrom("points_redemption")
		.select(["id", "item_id"])
		.where("member_id", "=", args.memberId)
		.where("item_id", "in", args.itemIds)
		.where("status", "<>", "cancelled")
		.execute();
	return new Map(rows.map((row) => [row.item_id, row.id]));
}

export function findRedemptionByKey(db: Db, args: { memberId: number; key: string }) {
	return db
		.selectFrom("points_redemption")
		.selectAll()
		.where("member_id", "=", args.memberId)
		.where("idempotency_key", "=", args.key)
		.executeTakeFirst();
}

export function findRedemption(db: Db, args: { tenantId: number; id: number }) {
	return db
		.selectFrom("points_redemption")
		.selectAll()
		.where("tenant_id", "=", args.tenantId)
		.where("id", "=", args.id)
		.executeTakeFirst();
}

/** The redemption's row lock: its state changes (hand over, ship, receive, cancel) take turns. */
export function lockRedemption(trx: Transaction<DB>, args: { tenantId: number; id: number }) {
	return trx
		.selectFrom("points_redemption")
		.selectAll()
		.where("tenant_id", "=", args.tenantId)
		.where("id", "=", args.id)
		.forUpdate()
		.executeTakeFirst();
}

/** One page of the member's own redemptions, newest first, with the total. */
export async function listMemberRedemptions(
	db: Db,
	args: { tenantId: number; memberId: number; status?: RedemptionStatus; offset: number; limit: number },
) {
	let query = db
		.selectFrom("points_redemption")
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId);
	if (args.status) query = query.where("status", "=", args.status);
	const [rows, count] = await Promise.all([
		query.selectAll().orderBy("id", "desc").offset(args.offset).limit(args.limit).execute(),
		query.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
	]);
	return { rows, total: Number(count.n) };
}

/** What a shop's staff handle: pickups at this shop and every delivery of the tenant, newest first. */
export async function listShopRedemptions(
	db: Db,
	args: { tenantId: number; shopId: number; status?: RedemptionStatus; offset: number; limit: number },
) {
	let query = db
		.selectFrom("points_redemption")
		.where("tenant_id", "=", args.tenantId)
		.where((eb) =>
			eb.or([
				eb.and([eb("fulfilment", "=", "pickup"), eb("shop_id", "=", args.shopId)]),
				eb("fulfilment", "=", "delivery"),
			]),
		);
	if (args.status) query = query.where("status", "=", args.status);
	const [rows, count] = await Promise.all([
		query.selectAll().orderBy("id", "desc").offset(args.offset).limit(args.limit).execute(),
		query.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
	]);
	return { rows, total: Number(count.n) };
}

/** Names and addresses of the shops redemptions are picked up at. */
export async function shopsByIds(db: Db, args: { tenantId: number; ids: number[] }): Promise<Map<number, ShopNameRow>> {
	if (args.ids.length === 0) return new Map();
	const rows = await db
		.selectFrom("shop")
		.select(["id", "name", "address"])
		.where("tenant_id", "=", args.tenantId)
		.where("id", "in", args.ids)
		.execute();
	return new Map(rows.map((row) => [row.id, row]));
}
export type ShopNameRow = { id: number; name: Localized; address: Localized };

export function findShopOfTenant(db: Db, args: { tenantId: number; shopId: number }) {
	return db
		.selectFrom("shop")
		.select("id")
		.where("tenant_id", "=", args.tenantId)
		.where("id", "=", args.shopId)
		.executeTakeFirst();
}

export function findOwnAddress(db: Db, args: { tenantId: number; memberId: number; id: number }) {
	return db
		.selectFrom("member_address")
		.select(["recipient", "phone", "address", "house_number"])
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId)
		.where("id", "=", args.id)
		.executeTakeFirst();
}

/** Whether someone of the tenant uploaded this image (an owner may use a manager's upload). */
export async function isTenantUpload(db: Db, args: { tenantId: number; url: string }): Promise<boolean> {
	const row = await db
		.selectFrom("uploaded_file")
		.select("id")
		.where("tenant_id", "=", args.tenantId)
		.where("path", "=", args.url)
		.executeTakeFirst();
	return row !== undefined;
}

/** One page of a member's points entries, newest first (index points_entry (member_id, id DESC)). */
export function listEntries(
	db: Db,
	args: { tenantId: number; memberId: number; before: number | null; limit: number },
) {
	let query = db
		.selectFrom("points_entry as e")
		.leftJoin("customer_order as o", "o.id", "e.order_id")
		.leftJoin("points_redemption as r", "r.id", "e.redemption_id")
		.select([
			"e.id",
			"e.kind",
			"e.amount",
			"e.balance_after",
			"e.order_id",
			"e.redemption_id",
			"e.created_at",
			"o.order_no",
			"r.item_name",
		])
		.where("e.member_id", "=", args.memberId)
		.where("e.tenant_id", "=", args.tenantId);
	if (args.before !== null) query = query.where("e.id", "<", args.before);
	return query.orderBy("e.id", "desc").limit(args.limit).execute();
}

export function findRule(db: Db, tenantId: number) {
	return db.selectFrom("points_rule").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst();
}

/** Nicknames and phones of the members who redeemed, for the staff. */
export async function membersByIds(db: Db, args: { tenantId: number; ids: number[] }) {
	if (args.ids.length === 0) return new Map<number, { nickname: string; mobile: string }>();
	const rows = await db
		.selectFrom("member")
		.select(["id", "nickname", "mobile"])
		.where("tenant_id", "=", args.tenantId)
		.where("id", "in", args.ids)
		.execute();
	return new Map(rows.map((row) => [row.id, { nickname: row.nickname, mobile: row.mobile }]));
}
