import type { Localized } from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema.js";

/**
 * The demo tenant's VIP card types (issue 12): a monthly Silver card and a yearly Gold card,
 * in US cents like the demo menu. Idempotent: a type is found by its Chinese name and written
 * only when missing, so running the seed again adds nothing and leaves an owner's changes
 * (price, benefits, on sale or not) alone. No member is given a card: cards are bought.
 */
interface DemoCardType {
	name: Localized;
	description: Localized;
	price: number;
	validityDays: number;
	discountPercent: number;
	discountCap: number | null;
	freeDelivery: boolean;
	pointsPercent: number;
	sort: number;
}

export const demoCardTypes: DemoCardType[] = [
	{
		name: { "zh-CN": "白银会员卡", en: "Silver card", km: "កាតសមាជិកប្រាក់" },
		description: {
			"zh-CN": "每单商品95折，外送免配送费，有效期30天。",
			en: "5 % off the food of every order and free delivery, for 30 days.",
			km: "បញ្ចុះតម្លៃ 5 % លើម្ហូបគ្រប់ការកម្មង់ និងដឹកជញ្ជូនឥតគិតថ្លៃ រយៈពេល 30 ថ្ងៃ។",
		},
		price: 990,
		validityDays: 30,
		discountPercent: 5,
		discountCap: null,
		freeDelivery: true,
		pointsPercent: 100,
		sort: 1,
	},
	{
		name: { "zh-CN": "黄金会员卡", en: "Gold card", km: "កាតសមាជិកមាស" },
		description: {
			"zh-CN": "每单商品88折（每单最多优惠$5.00），外送免配送费，积分双倍，有效期一年。",
			en: "12 % off the food of every order (at most $5.00 an order), free delivery and double points, for a year.",
			km: "បញ្ចុះតម្លៃ 12 % លើម្ហូបគ្រប់ការកម្មង់ (យ៉ាងច្រើន $5.00 ក្នុងមួយការកម្មង់) ដឹកជញ្ជូនឥតគិតថ្លៃ និងពិន្ទុទ្វេដង រយៈពេលមួយឆ្នាំ។",
		},
		price: 4900,
		validityDays: 365,
		discountPercent: 12,
		discountCap: 500,
		freeDelivery: true,
		pointsPercent: 200,
		sort: 2,
	},
];

export async function seedVipCardTypes(db: Kysely<DB> | Transaction<DB>, tenantId: number): Promise<void> {
	const now = new Date();
	for (const card of demoCardTypes) {
		const existing = await db
			.selectFrom("vip_card_type")
			.select("id")
			.where("tenant_id", "=", tenantId)
			.where((eb) => eb(eb.ref("name", "->>").key("zh-CN"), "=", card.name["zh-CN"]))
			.executeTakeFirst();
		if (existing) continue;
		await db
			.insertInto("vip_card_type")
			.values({
				tenant_id: tenantId,
				name: JSON.stringify(card.name),
				description: JSON.stringify(card.description),
				price: card.price,
				validity_days: card.validityDays,
				discount_percent: card.discountPercent,
				discount_cap: card.discountCap,
				free_delivery: card.freeDelivery,
				points_percent: card.pointsPercent,
				sort: card.sort,
				created_at: now,
				updated_at: now,
			})
			.execute();
	}
}
