import type { Kysely, Selectable, Transaction } from "kysely";
import { executePrepared } from "../../db/prepared.js";
import type { DB } from "../../db/schema.js";
import type { CardForPricing } from "./pricing.js";

type Db = Kysely<DB> | Transaction<DB>;
export type CardTypeRow = Selectable<DB["vip_card_type"]>;
export type MemberCardRow = Selectable<DB["member_card"]>;
export type CardPurchaseRow = Selectable<DB["card_purchase"]>;

/**
 * The card a member holds now, for pricing: one primary-key lookup (member_card is keyed by
 * member), nothing when the card has expired.
 */
export async function activeCardForPricing(
	db: Db,
	args: { tenantId: number; memberId: number; now: Date },
): Promise<CardForPricing | null> {
	// Prepared: every order prices its cart with it.
	const [row] = await executePrepared(
		db,
		db
			.selectFrom("member_card")
			.select(["name", "discount_percent", "discount_cap", "free_delivery"])
			.where("member_id", "=", args.memberId)
			.where("tenant_id", "=", args.tenantId)
			.where("expires_at", ">", args.now),
	);
	if (!row) return null;
	return {
		name: row.name,
		discountPercent: row.discount_percent,
		discountCap: row.discount_cap,
		freeDelivery: row.free_delivery,
	};
}

/** The member's card, active or last expired. */
export function findMemberCard(db: Db, args: { tenantId: number; memberId: number }) {
	return db
		.selectFrom("member_card")
		.selectAll()
		.where("member_id", "=", args.memberId)
		.where("tenant_id", "=", args.tenantId)
		.executeTakeFirst();
}

/** The tenant's card types in their sort order; only those on sale unless `all`. */
export function listCardTypes(db: Db, args: { tenantId: number; all: boolean }) {
	let query = db.selectFrom("vip_card_type").selectAll().where("tenant_id", "=", args.tenantId);
	if (!args.all) query = query.where("on_sale", "=", true);
	return query.orderBy("sort").orderBy("id").execute();
}

export function findCardType(db: Db, args: { tenantId: number; id: number }) {
	return db
		.selectFrom("vip_card_type")
		.selectAll()
		.where("id", "=", args.id)
		.where("tenant_id", "=", args.tenantId)
		.executeTakeFirst();
}

/** How many members hold an active card of each type (the index on (card_type_id, expires_at) serves it). */
export async function activeHolderCounts(db: Db, args: { tenantId: number; now: Date }): Promise<Map<number, number>> {
	const rows = await db
		.selectFrom("member_card")
		.select(["card_type_id", (eb) => eb.fn.countAll<string>().as("holders")])
		.where("tenant_id", "=", args.tenantId)
		.where("expires_at", ">", args.now)
		.groupBy("card_type_id")
		.execute();
	return new Map(rows.map((row) => [row.card_type_id, Number(row.holders)]));
}

/**
 * Locks the member's row for the rest of the transaction: purchases of one member take turns
 * (a member holds one card, decision 021). NO KEY UPDATE, so rows that merely reference the
 * member (orders being placed meanwhile) are not held up. False when there is no such member.
 */
export async function lockMember(trx: Transaction<DB>, args: { tenantId: number; memberId: number }): Promise<boolean> {
	const row = await trx
		.selectFrom("member")
		.select("id")
		.where("id", "=", args.memberId)
		.where("tenant_id", "=", args.tenantId)
		.forNoKeyUpdate()
		.executeTakeFirst();
	return row !== undefined;
}

export function findPurchaseByKey(db: Db, args: { memberId: number; key: string }) {
	return db
		.selectFrom("card_purchase")
		.selectAll()
		.where("member_id", "=", args.memberId)
		.where("idempotency_key", "=", args.key)
		.executeTakeFirst();
}

export function findOwnPurchase(db: Db, args: { tenantId: number; memberId: number; id: number }) {
	return db
		.selectFrom("card_purchase")
		.selectAll()
		.where("id", "=", args.id)
		.where("member_id", "=", args.memberId)
		.where("tenant_id", "=", args.tenantId)
		.executeTakeFirst();
}

export function lockPurchase(trx: Transaction<DB>, id: number) {
	return trx.selectFrom("card_purchase").selectAll().where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
}
