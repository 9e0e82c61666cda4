import type { CouponUseType, Localized } from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema.js";

/**
 * The demo tenant's coupon templates (issue 13), in US cents like the demo menu: one for every
 * order type, one for self-pickup, one for delivery that is claimed with the exchange code
 * BAYON2026. Each lasts a number of days from its claim, so the demo never runs out of date.
 * Idempotent: a template is found by its Chinese title and written only when missing, so a
 * second run adds nothing and leaves an owner's changes alone. No member is given a coupon:
 * coupons are claimed.
 */
interface DemoCouponTemplate {
	title: Localized;
	instructions: Localized;
	kind: "amount_off" | "percent_off" | "free_delivery";
	amountOff: number | null;
	percentOff: number | null;
	maxDiscount: number | null;
	threshold: number;
	useType: CouponUseType;
	validDays: number;
	totalQuantity: number;
	perMemberLimit: number;
	exchangeCode: string | null;
	listed: boolean;
}

export const DEMO_EXCHANGE_CODE = "BAYON2026";

export const demoCouponTemplates: DemoCouponTemplate[] = [
	{
		title: { "zh-CN": "满$15减$3", en: "$3.00 off $15.00", km: "បញ្ចុះ $3.00 ពេលទិញ $15.00" },
		instructions: {
			"zh-CN": "商品满$15.00可用，堂食、自取、外送均可，领取后30天内有效。",
			en: "For food worth $15.00 or more, dine-in, pickup or delivery; valid for 30 days from claiming.",
			km: "សម្រាប់ម្ហូបតម្លៃចាប់ពី $15.00 ញ៉ាំនៅហាង មកយក ឬដឹកជញ្ជូន; មានសុពលភាព 30 ថ្ងៃចាប់ពីថ្ងៃទទួល។",
		},
		kind: "amount_off",
		amountOff: 300,
		percentOff: null,
		maxDiscount: null,
		threshold: 1500,
		useType: 0,
		validDays: 30,
		totalQuantity: 100_000,
		perMemberLimit: 3,
		exchangeCode: null,
		listed: true,
	},
	{
		title: { "zh-CN": "自取9折券", en: "10% off pickup", km: "បញ្ចុះ 10% មកយកផ្ទាល់" },
		instructions: {
			"zh-CN": "到店自取订单商品9折，最多减$2.00，领取后14天内有效。",
			en: "10% off the food of a pickup order, at most $2.00; valid for 14 days from claiming.",
			km: "បញ្ចុះ 10% លើម្ហូបនៃការកម្មង់មកយកផ្ទាល់ យ៉ាងច្រើន $2.00; មានសុពលភាព 14 ថ្ងៃចាប់ពីថ្ងៃទទួល។",
		},
		kind: "percent_off",
		amountOff: null,
		percentOff: 10,
		maxDiscount: 200,
		threshold: 0,
		useType: 1,
		validDays: 14,
		totalQuantity: 100_000,
		perMemberLimit: 2,
		exchangeCode: null,
		listed: true,
	},
	{
		title: { "zh-CN": "外送免配送费", en: "Free delivery", km: "ដឹកជញ្ជូនឥតគិតថ្លៃ" },
		instructions: {
			"zh-CN": "外送订单免配送费。输入兑换码 BAYON2026 领取，领取后7天内有效。",
			en: "No delivery fee on a delivery order. Claim it with the exchange code BAYON2026; valid for 7 days.",
			km: "ដឹកជញ្ជូនឥតគិតថ្លៃលើការកម្មង់ដឹកជញ្ជូន។ ទទួលដោយលេខកូដ BAYON2026; មានសុពលភាព 7 ថ្ងៃ។",
		},
		kind: "free_delivery",
		amountOff: null,
		percentOff: null,
		maxDiscount: null,
		threshold: 0,
		useType: 2,
		validDays: 7,
		totalQuantity: 10_000,
		perMemberLimit: 1,
		exchangeCode: DEMO_EXCHANGE_CODE,
		listed: false,
	},
];

export async function seedCouponTemplates(db: Kysely<DB> | Transaction<DB>, tenantId: number): Promise<void> {
	const now = new Date();
	for (const template of demoCouponTemplates) {
		const existing = await db
			.selectFrom("coupon_template")
			.select("id")
			.where("tenant_id", "=", tenantId)
			.where((eb) => eb(eb.ref("title", "->>").key("zh-CN"), "=", template.title["zh-CN"]))
			.executeTakeFirst();
		if (existing) continue;
		await db
			.insertInto("coupon_template")
			.values({
				tenant_id: tenantId,
				title: JSON.stringify(template.title),
				instructions: JSON.stringify(template.instructions),
				kind: template.kind,
				amount_off: template.amountOff,
				percent_off: template.percentOff,
				max_discount: template.maxDiscount,
				threshold: template.threshold,
				use_type: template.useType,
				validity_kind: "days",
				valid_days: template.validDays,
				total_quantity: template.totalQuantity,
				per_member_limit: template.perMemberLimit,
				exchange_code: template.exchangeCode,
				listed: template.listed,
				created_at: now,
				updated_at: now,
			})
			.execute();
	}
}
