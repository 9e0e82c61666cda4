import type { Kysely } from "kysely";
import type { DB } from "../../apps/api/src/db/schema.js";
import { createBenchShop, text } from "./bench-shop.js";

/**
 * A large shop for the menu benchmark: 300 items in 12 categories, each item with 3 of 40
 * option-group templates (3–6 choices each), names in three languages. Returns the shop id.
 */
export async function createBigMenuShop(db: Kysely<DB>): Promise<number> {
	const shopId = await createBenchShop(db, {
		code: "bench-big",
		name: text("Benchmark shop"),
		address: text("Street 1"),
		phone: "+855 23 000 000",
	});
	const categories = await db
		.insertInto("menu_category")
		.values(
			Array.from({ length: 12 }, (_, i) => ({ shop_id: shopId, code: `c${i}`, name: text(`Category ${i}`), sort: i })),
		)
		.returning("id")
		.execute();
	const items = await db
		.insertInto("menu_item")
		.values(
			Array.from({ length: 300 }, (_, i) => ({
				shop_id: shopId,
				category_id: categories[i % categories.length]?.id ?? 0,
				code: `item-${i}`,
				name: text(`Item number ${i}`),
				description: text(`A fine description of item ${i}, freshly made to order.`),
				image: `/uploads/bench-${i}.webp`,
				price: 150 + (i % 20) * 25,
				original_price: i % 7 === 0 ? 400 : null,
				stock: i % 5 === 0 ? 50 : null,
				sort: i,
			})),
		)
		.returning("id")
		.execute();
	const groups = await db
		.insertInto("menu_option_group")
		.values(
			items.flatMap((item, i) =>
				[0, 1, 2].map((g) => {
					const template = (i * 3 + g) % 40;
					return {
						item_id: item.id,
						code: `g${template}`,
						name: text(`Choice group ${template}`),
						min_choices: template % 3 === 0 ? 0 : 1,
						max_choices: template % 3 === 0 ? 3 : 1,
						sort: g,
					};
				}),
			),
		)
		.returning(["id", "code"])
		.execute();
	await db
		.insertInto("menu_option")
		.values(
			groups.flatMap((group) => {
				const template = Number(group.code.slice(1));
				return Array.from({ length: 3 + (template % 4) }, (_, o) => ({
					group_id: group.id,
					code: `o${o}`,
					name: text(`Option ${o}`),
					price_delta: o * 25,
					is_default: o === 0 && template % 3 !== 0,
					sort: o,
				}));
			}),
		)
		.execute();
	return shopId;
}
