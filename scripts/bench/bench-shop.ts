import type { Kysely } from "kysely";
import type { DB } from "../../apps/api/src/db/schema.js";
import { postLedgerTxn } from "../../apps/api/src/features/wallet/ledger.js";

/** A name in the three languages, as shops and menus store them. */
export const text = (base: string) => JSON.stringify({ "zh-CN": `${base}（中）`, en: base, km: `${base} ខ្មែរ` });

/** Where every bench shop is: Phnom Penh keeps UTC+7 all year, so local times are plain arithmetic. */
export const BENCH_TIME_ZONE = "Asia/Phnom_Penh";

/**
 * A shop of the demo tenant for one benchmark, in Phnom Penh; with `hours`, open every day of
 * the week at the hours given for it. Name and address are stored as given. Returns its id.
 */
export async function createBenchShop(
	db: Kysely<DB>,
	shop: {
		code: string;
		name: string;
		address: string;
		phone: string;
		hours?: (weekday: number) => { opens_at: string; closes_at: string };
	},
): Promise<number> {
	const { id } = await db
		.insertInto("shop")
		.values({
			tenant_id: 1,
			code: shop.code,
			name: shop.name,
			address: shop.address,
			phone: shop.phone,
			latitude: 11.56,
			longitude: 104.92,
			timezone: BENCH_TIME_ZONE,
			notice: null,
			logo: null,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	const hours = shop.hours;
	if (hours)
		await db
			.insertInto("shop_opening_hours")
			.values(Array.from({ length: 7 }, (_, weekday) => ({ shop_id: id, weekday, ...hours(weekday) })))
			.execute();
	return id;
}

/**
 * The order benches' shop: open around the clock, one category and one item, tea at 1.50,
 * with `stock` units tracked (null: not tracked). Returns the shop's and the item's ids.
 */
export async function createTeaShop(
	db: Kysely<DB>,
	shop: {
		code: string;
		name: string;
		address?: string;
		stock: number | null;
		price?: number;
		texts?: { category: string; tea: string };
	},
): Promise<{ shopId: number; itemId: number }> {
	const shopId = await createBenchShop(db, {
		code: shop.code,
		name: shop.name,
		address: shop.address ?? JSON.stringify({ "zh-CN": "1号" }),
		phone: "0",
		hours: () => ({ opens_at: "00:00", closes_at: "00:00" }),
	});
	const category = await db
		.insertInto("menu_category")
		.values({ shop_id: shopId, code: "c", name: shop.texts?.category ?? JSON.stringify({ "zh-CN": "饮品" }) })
		.returning("id")
		.executeTakeFirstOrThrow();
	const item = await db
		.insertInto("menu_item")
		.values({
			shop_id: shopId,
			category_id: category.id,
			code: "tea",
			name: shop.texts?.tea ?? JSON.stringify({ "zh-CN": "茶", en: "Tea" }),
			description: JSON.stringify({}),
			price: shop.price ?? 150,
			original_price: null,
			stock: shop.stock,
			image: null,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	return { shopId, itemId: item.id };
}

/** Puts `amount` on a member's stored balance, as a grant from outside funds (a ledger transaction). */
export async function grantBalance(db: Kysely<DB>, memberId: number, amount: number, idempotencyKey: string) {
	await db.transaction().execute((trx) =>
		postLedgerTxn(trx, {
			tenantId: 1,
			kind: "wallet_grant",
			idempotencyKey,
			orderId: null,
			now: new Date(),
			moves: [
				{ account: { kind: "external_funds", tenantId: 1 }, amount: -amount },
				{ account: { kind: "member_wallet", tenantId: 1, memberId }, amount },
			],
		}),
	);
}
