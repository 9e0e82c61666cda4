import type { Kysely } from "kysely";
import type { DB } from "../../apps/api/src/db/schema.js";

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
