import type { Localized } from "@bayon/contract";
import type { Transaction } from "kysely";
import type { DB } from "../db/schema.js";
import type { StoredPicture } from "./pictures.js";

/**
 * The demo tenant's points (issue 13, decision 022): 10 points per dollar of goods paid, and
 * four mall items in the three languages, with pictures rendered like the menu's
 * (`npm run menu-pictures`). Idempotent: the rule is written only while the tenant has none,
 * an item only while no item has its Chinese name, so a second run adds nothing and an owner's
 * changes stay. No member is given points: points come from completed orders, and the seed
 * places none.
 */

export const DEMO_POINTS_PER_UNIT = 10;

interface DemoPointsItem {
	name: Localized;
	description: Localized;
	/** A Fluent Emoji Flat icon, rendered into seed/pictures/ like the menu's. */
	picture: string;
	pointsPrice: number;
	stock: number;
	pickup: boolean;
	delivery: boolean;
}

export const demoPointsItems: DemoPointsItem[] = [
	{
		name: { "zh-CN": "帆布托特包", en: "Canvas tote bag", km: "កាបូបក្រណាត់" },
		description: {
			"zh-CN": "印有 Bayon 标志的厚帆布托特包，可装下一周的菜。到店自取或寄送到家。",
			en: "A sturdy canvas tote with the Bayon logo, big enough for a week's market run. Pick it up or have it sent home.",
			km: "កាបូបក្រណាត់រឹងមាំមានស្លាកសញ្ញា Bayon ធំល្មមសម្រាប់ទិញឥវ៉ាន់ផ្សារមួយសប្តាហ៍។ មកយកនៅហាង ឬផ្ញើដល់ផ្ទះ។",
		},
		picture: "shopping-bags",
		pointsPrice: 500,
		stock: 20,
		pickup: true,
		delivery: true,
	},
	{
		name: { "zh-CN": "饮品兑换券", en: "Free drink voucher", km: "ប័ណ្ណភេសជ្ជៈឥតគិតថ្លៃ" },
		description: {
			"zh-CN": "任选一杯 $3.00 以内的饮品，在任一门店柜台出示即可兑换。",
			en: "Any drink up to $3.00, handed over at the counter of either branch.",
			km: "ភេសជ្ជៈណាមួយតម្លៃរហូតដល់ $3.00 ទទួលបាននៅបញ្ជរនៃសាខាណាមួយ។",
		},
		picture: "ticket",
		pointsPrice: 300,
		stock: 100,
		pickup: true,
		delivery: false,
	},
	{
		name: { "zh-CN": "保温随行杯", en: "Insulated tumbler", km: "កែវរក្សាកំដៅ" },
		description: {
			"zh-CN": "双层不锈钢随行杯，冰饮保冷 12 小时，附吸管。寄送到家。",
			en: "A double-walled steel tumbler with a straw: iced drinks stay cold for 12 hours. Sent to your address.",
			km: "កែវដែកអ៊ីណុកពីរជាន់មានបំពង់បឺត រក្សាភេសជ្ជៈត្រជាក់បាន 12 ម៉ោង។ ផ្ញើដល់អាសយដ្ឋានរបស់អ្នក។",
		},
		picture: "cup-with-straw",
		pointsPrice: 1200,
		stock: 10,
		pickup: false,
		delivery: true,
	},
	{
		name: { "zh-CN": "蒙多基里咖啡豆礼盒", en: "Mondulkiri coffee gift box", km: "ប្រអប់កាដូកាហ្វេមណ្ឌលគិរី" },
		description: {
			"zh-CN": "我们烘焙的蒙多基里高地咖啡豆 500 克，限量一份。",
			en: "500 g of the Mondulkiri highland beans we roast ourselves. Only one to give away.",
			km: "គ្រាប់កាហ្វេខ្ពង់រាបមណ្ឌលគិរី 500 ក្រាម ដែលយើងលីងខ្លួនឯង។ មានតែមួយប៉ុណ្ណោះ។",
		},
		picture: "wrapped-gift",
		pointsPrice: 2000,
		stock: 1,
		pickup: true,
		delivery: true,
	},
];

/** The icons the mall items show: copied and recorded with the menu's pictures. */
export const demoPointsPictures = demoPointsItems.map((item) => item.picture);

export async function seedPoints(
	db: Transaction<DB>,
	tenantId: number,
	pictures: Map<string, StoredPicture>,
): Promise<void> {
	const now = new Date();
	await db
		.insertInto("points_rule")
		.values({ tenant_id: tenantId, points_per_unit: DEMO_POINTS_PER_UNIT, updated_at: now })
		.onConflict((oc) => oc.column("tenant_id").doNothing())
		.execute();
	for (const [index, item] of demoPointsItems.entries()) {
		const existing = await db
			.selectFrom("points_item")
			.select("id")
			.where("tenant_id", "=", tenantId)
			.where((eb) => eb(eb.ref("name", "->>").key("zh-CN"), "=", item.name["zh-CN"]))
			.executeTakeFirst();
		if (existing) continue;
		await db
			.insertInto("points_item")
			.values({
				tenant_id: tenantId,
				name: JSON.stringify(item.name),
				description: JSON.stringify(item.description),
				image: pictures.get(item.picture)?.url ?? null,
				points_price: item.pointsPrice,
				stock: item.stock,
				allow_pickup: item.pickup,
				allow_delivery: item.delivery,
				sort: index + 1,
				created_at: now,
				updated_at: now,
			})
			.execute();
	}
}
