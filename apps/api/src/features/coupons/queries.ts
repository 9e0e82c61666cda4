import type { CouponUseType, Localized } from "@bayon/contract";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import type { CouponForPricing } from "./pricing.js";

type Db = Kysely<DB> | Transaction<DB>;
export type TemplateRow = Selectable<DB["coupon_template"]>;

/** A member's coupon with what its template says (the terms are fixed once claimed, decision 022). */
export interface CouponRow {
	id: number;
	template_id: number;
	member_id: number;
	status: "unused" | "used";
	valid_from: Date;
	valid_until: Date;
	claimed_at: Date;
	order_id: number | null;
	used_at: Date | null;
	title: Localized;
	instructions: Localized;
	kind: TemplateRow["kind"];
	amount_off: number | null;
	percent_off: number | null;
	max_discount: number | null;
	threshold: number;
	use_type: 0 | 1 | 2;
	limited_to_shops: boolean;
	enabled: boolean;
}

function selectCoupons(db: Db, tenantId: number) {
	return db
		.selectFrom("member_coupon as c")
		.innerJoin("coupon_template as t", "t.id", "c.template_id")
		.select([
			"c.id",
			"c.template_id",
			"c.member_id",
			"c.status",
			"c.valid_from",
			"c.valid_until",
			"c.claimed_at",
			"c.order_id",
			"c.used_at",
			"t.title",
			"t.instructions",
			"t.kind",
			"t.amount_off",
			"t.percent_off",
			"t.max_discount",
			"t.threshold",
			"t.use_type",
			"t.limited_to_shops",
			"t.enabled",
		])
		.where("c.tenant_id", "=", tenantId);
}

/** The shops each of these templates is limited to (templates for every shop have none). */
export async function templateShopIds(db: Db, templateIds: number[]): Promise<Map<number, number[]>> {
	const byTemplate = new Map<number, number[]>();
	if (templateIds.length === 0) return byTemplate;
	const rows = await db
		.selectFrom("coupon_template_shop")
		.select(["template_id", "shop_id"])
		.where("template_id", "in", [...new Set(templateIds)])
		.orderBy("shop_id")
		.execute();
	for (const row of rows) byTemplate.set(row.template_id, [...(byTemplate.get(row.template_id) ?? []), row.shop_id]);
	return byTemplate;
}

/** The tenant's shops and their names, in id order (a business has a handful). */
export function tenantShops(db: Db, tenantId: number) {
	return db.selectFrom("shop").select(["id", "name"]).where("tenant_id", "=", tenantId).orderBy("id").execute();
}

/** Where a template works: null for every shop, else its shops (an unlimited template ignores the list). */
export function shopsOf(limitedToShops: boolean, ids: number[] | undefined): number[] | null {
	return limitedToShops ? (ids ?? []) : null;
}

export function toPricing(row: CouponRow, shopIds: number[] | null): CouponForPricing {
	return {
		id: row.id,
		title: row.title,
		kind: row.kind,
		amountOff: row.amount_off,
		percentOff: row.percent_off,
		maxDiscount: row.max_discount,
		threshold: row.threshold,
		useType: row.use_type as CouponUseType,
		shopIds,
		status: row.status,
		validFrom: new Date(row.valid_from),
		validUntil: new Date(row.valid_until),
		enabled: row.enabled,
	};
}

/**
 * One of the member's own coupons; another member's id finds nothing, like a missing one. With
 * `lock`, its row stays locked for the rest of the transaction (the template's is not): two
 * orders racing for one coupon take turns here, and the second sees it used.
 */
export async function findOwnCoupon(
	db: Db,
	args: { tenantId: number; memberId: number; couponId: number; lock?: boolean },
): Promise<{ row: CouponRow; shopIds: number[] | null } | null> {
	const query = selectCoupons(db, args.tenantId)
		.where("c.id", "=", args.couponId)
		.where("c.member_id", "=", args.memberId);
	const row = await (args.lock ? query.forUpdate("c") : query).executeTakeFirst();
	if (!row) return null;
	const shops = row.limited_to_shops ? await templateShopIds(db, [row.template_id]) : new Map<number, number[]>();
	return { row, shopIds: shopsOf(row.limited_to_shops, shops.get(row.template_id)) };
}

/** The member's coupons not used and not expired at `now` (the pay page measures each against the cart). */
export function listUnusedCoupons(db: Db, args: { tenantId: number; memberId: number; now: Date }) {
	return selectCoupons(db, args.tenantId)
		.where("c.member_id", "=", args.memberId)
		.where("c.status", "=", "unused")
		.where("c.valid_until", ">", args.now)
		.orderBy("c.valid_until")
		.orderBy("c.id")
		.execute();
}

/**
 * The member's coupons by spec §3 status: 0 unused and not expired (not yet valid included),
 * 1 used, 2 expired (unused past valid_until; expiry is read, never written). Newest first.
 */
export async function listMemberCoupons(
	db: Db,
	args: { tenantId: number; memberId: number; status: 0 | 1 | 2; now: Date; offset: number; limit: number },
): Promise<{ rows: CouponRow[]; total: number }> {
	let base = selectCoupons(db, args.tenantId).where("c.member_id", "=", args.memberId);
	if (args.status === 1) base = base.where("c.status", "=", "used");
	else base = base.where("c.status", "=", "unused").where("c.valid_until", args.status === 0 ? ">" : "<=", args.now);
	const [rows, count] = await Promise.all([
		base.orderBy("c.claimed_at", "desc").orderBy("c.id", "desc").offset(args.offset).limit(args.limit).execute(),
		base
			.clearSelect()
			.select((eb) => eb.fn.countAll<string>().as("n"))
			.executeTakeFirstOrThrow(),
	]);
	return { rows, total: Number(count.n) };
}

/** One coupon of the member's by id, with its template (after a claim). */
export function findCouponById(db: Db, args: { tenantId: number; id: number }) {
	return selectCoupons(db, args.tenantId).where("c.id", "=", args.id).executeTakeFirstOrThrow();
}

/** Coupons the member can use now: unused, valid_from ≤ now < valid_until, template switched on. */
export async function usableCouponCount(db: Db, args: { tenantId: number; memberId: number; now: Date }) {
	const row = await usableCouponCountQuery(db, args).executeTakeFirstOrThrow();
	return Number(row.n);
}

/**
 * The count of the member's coupons usable now (unused, in their dates, switched on), as a
 * query another can embed (get-info answers it in its one round trip).
 */
export function usableCouponCountQuery(db: Db, args: { tenantId: number; memberId: number; now: Date }) {
	return db
		.selectFrom("member_coupon as c")
		.innerJoin("coupon_template as t", "t.id", "c.template_id")
		.select((eb) => eb.fn.countAll<string>().as("n"))
		.where("c.tenant_id", "=", args.tenantId)
		.where("c.member_id", "=", args.memberId)
		.where("c.status", "=", "unused")
		.where("c.valid_from", "<=", args.now)
		.where("c.valid_until", ">", args.now)
		.where("t.enabled", "=", true);
}

/** Templates the coupon centre offers now: switched on, listed, still claimable, for this shop when named. */
export function listOfferedTemplates(db: Db, args: { tenantId: number; now: Date; shopId?: number | undefined }) {
	let query = db
		.selectFrom("coupon_template as t")
		.selectAll("t")
		.where("t.tenant_id", "=", args.tenantId)
		.where("t.enabled", "=", true)
		.where("t.listed", "=", true)
		.where((eb) => eb.or([eb("t.validity_kind", "=", "days"), eb("t.valid_until", ">", args.now)]));
	const { shopId } = args;
	if (shopId !== undefined)
		query = query.where((eb) =>
			eb.or([
				eb("t.limited_to_shops", "=", false),
				eb.exists(
					eb
						.selectFrom("coupon_template_shop as s")
						.select("s.shop_id")
						.whereRef("s.template_id", "=", "t.id")
						.where("s.shop_id", "=", shopId),
				),
			]),
		);
	return query.orderBy("t.id", "desc").execute();
}

/** How many coupons of each template the member has claimed (used, expired and unused alike). */
export async function claimedByMember(
	db: Db,
	args: { memberId: number; templateIds: number[] },
): Promise<Map<number, number>> {
	if (args.templateIds.length === 0) return new Map();
	const rows = await db
		.selectFrom("member_coupon")
		.select(["template_id", (eb) => eb.fn.countAll<string>().as("n")])
		.where("member_id", "=", args.memberId)
		.where("template_id", "in", args.templateIds)
		.groupBy("template_id")
		.execute();
	return new Map(rows.map((row) => [row.template_id, Number(row.n)]));
}

export function findTemplate(db: Db, args: { tenantId: number; id: number }) {
	return db
		.selectFrom("coupon_template")
		.selectAll()
		.where("id", "=", args.id)
		.where("tenant_id", "=", args.tenantId)
		.executeTakeFirst();
}

export function findTemplateByCode(db: Db, args: { tenantId: number; code: string }) {
	return db
		.selectFrom("coupon_template")
		.selectAll()
		.where("exchange_code", "=", args.code)
		.where("tenant_id", "=", args.tenantId)
		.executeTakeFirst();
}

/**
 * Takes one of what is left of a template: counts the claim and locks the row in one statement,
 * so claims of it take turns (and an owner's save waits for them). Nothing when none are left
 * or there is no such template; the caller's transaction rolls the count back if it refuses.
 */
export function takeOneOfTemplate(trx: Transaction<DB>, args: { tenantId: number; id: number }) {
	return trx
		.updateTable("coupon_template")
		.set((eb) => ({ claimed_count: eb("claimed_count", "+", 1) }))
		.where("id", "=", args.id)
		.where("tenant_id", "=", args.tenantId)
		.whereRef("claimed_count", "<", "total_quantity")
		.returningAll()
		.executeTakeFirst();
}

/** How many of a template the member holds, and the claim this key made (any template), in one query. */
export async function memberClaims(trx: Transaction<DB>, args: { memberId: number; templateId: number; key: string }) {
	const rows = await trx
		.selectFrom("member_coupon")
		.select(["id", "template_id", "claimed_with_code", "idempotency_key"])
		.where("member_id", "=", args.memberId)
		.where((eb) => eb.or([eb("template_id", "=", args.templateId), eb("idempotency_key", "=", args.key)]))
		.execute();
	return {
		held: rows.filter((row) => row.template_id === args.templateId).length,
		byKey: rows.find((row) => row.idempotency_key === args.key) ?? null,
	};
}

/** Locks a template row: an owner's save and the claims of it take turns. */
export function lockTemplate(trx: Transaction<DB>, args: { tenantId: number; id: number }) {
	return trx
		.selectFrom("coupon_template")
		.selectAll()
		.where("id", "=", args.id)
		.where("tenant_id", "=", args.tenantId)
		.forUpdate()
		.executeTakeFirst();
}

export function findClaimByKey(db: Db, args: { memberId: number; key: string }) {
	return db
		.selectFrom("member_coupon")
		.select(["id", "template_id", "claimed_with_code"])
		.where("member_id", "=", args.memberId)
		.where("idempotency_key", "=", args.key)
		.executeTakeFirst();
}

/** The tenant's templates, newest first, for the owner's page. */
export function listTemplates(db: Db, tenantId: number) {
	return db.selectFrom("coupon_template").selectAll().where("tenant_id", "=", tenantId).orderBy("id", "desc").execute();
}

/** How many coupons of each of the tenant's templates have been used. */
export async function usedCounts(db: Db, tenantId: number): Promise<Map<number, number>> {
	const rows = await db
		.selectFrom("member_coupon")
		.select(["template_id", (eb) => eb.fn.countAll<string>().as("n")])
		.where("tenant_id", "=", tenantId)
		.where("status", "=", "used")
		.groupBy("template_id")
		.execute();
	return new Map(rows.map((row) => [row.template_id, Number(row.n)]));
}
