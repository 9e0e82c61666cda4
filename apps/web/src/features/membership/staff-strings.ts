import { useCallback } from "react";
import { featureStrings, useFeatureStrings } from "../../lib/i18n/feature-strings";

/**
 * Texts of the merchant's VIP card page (issue 12), downloaded only with it. zh-CN is the
 * source; en and km have exactly its keys and placeholders (staff-strings.test.ts). A key
 * ending in `_one` is the singular of the key without it.
 */
export const staffVipStrings = featureStrings({
	"zh-CN": {
		"vip.onlyOwner": "只有店主和店长可以管理会员卡。",
		"vip.title": "会员卡",
		"vip.hint": "所有门店通用。停售后会员无法再购买，已购买的卡照常生效。",
		"vip.add": "新增会员卡",
		"vip.empty": "还没有会员卡",
		"vip.edit": "编辑 {{name}}",
		"vip.validity": "{{count}} 天",
		"vip.validity_one": "{{count}} 天",
		"vip.discount": "订单优惠 {{percent}}%",
		"vip.discountCapped": "订单优惠 {{percent}}%，每单最高 {{cap}}",
		"vip.freeDelivery": "免配送费",
		"vip.points": "积分 ×{{times}}",
		"vip.onSale": "在售",
		"vip.offSale": "已停售",
		"vip.holders": "{{count}} 人持有中",
		"vip.holders_one": "{{count}} 人持有中",
		"vip.sheet.new": "新增会员卡",
		"vip.sheet.edit": "编辑会员卡",
		"vip.field.name": "卡名称",
		"vip.field.description": "说明",
		"vip.field.descriptionHint": "会员在购卡页看到的介绍（选填）",
		"vip.field.price": "售价（{{currency}}）",
		"vip.field.validityDays": "有效期（天）",
		"vip.field.validityHint": "自购买起计算，续费时顺延",
		"vip.field.days": "天",
		"vip.field.benefits": "权益",
		"vip.field.benefitsHint": "至少设置一项。修改只对之后购买或续费的卡生效。",
		"vip.field.discountPercent": "订单折扣（%）",
		"vip.field.discountHint": "商品金额优惠的百分比，0 为不打折，最多 90%",
		"vip.field.discountCap": "每单最高优惠（{{currency}}）",
		"vip.field.discountCapHint": "留空为不封顶",
		"vip.field.freeDelivery": "免配送费",
		"vip.field.freeDeliveryHint": "外卖订单不收配送费",
		"vip.field.points": "积分倍数",
		"vip.field.pointsHint": "积分商城上线后生效",
		"vip.field.pointsOption": "×{{times}}",
		"vip.field.sort": "排序",
		"vip.field.sortHint": "数字小的排在前面",
		"vip.field.amountFormat": "请输入金额，例如 {{example}}",
		"vip.field.onSale": "在售",
		"vip.field.onSaleHint": "停售不影响已购买的卡",
		"vip.saved": "会员卡已保存",
		"vip.changed": "会员卡已被他人修改：已载入最新内容，请重新修改后保存",
	},
	en: {
		"vip.onlyOwner": "Only the owner and managers manage VIP cards.",
		"vip.title": "VIP cards",
		"vip.hint":
			"Shared by all shops. A card taken off sale can no longer be bought; cards already bought keep working.",
		"vip.add": "Add a card",
		"vip.empty": "No VIP cards yet",
		"vip.edit": "Edit {{name}}",
		"vip.validity": "{{count}} days",
		"vip.validity_one": "{{count}} day",
		"vip.discount": "{{percent}}% off orders",
		"vip.discountCapped": "{{percent}}% off orders, up to {{cap}} each",
		"vip.freeDelivery": "Free delivery",
		"vip.points": "Points ×{{times}}",
		"vip.onSale": "On sale",
		"vip.offSale": "Off sale",
		"vip.holders": "{{count}} active holders",
		"vip.holders_one": "{{count}} active holder",
		"vip.sheet.new": "New VIP card",
		"vip.sheet.edit": "Edit VIP card",
		"vip.field.name": "Card name",
		"vip.field.description": "Description",
		"vip.field.descriptionHint": "What members read on the card's page (optional)",
		"vip.field.price": "Price ({{currency}})",
		"vip.field.validityDays": "Valid for (days)",
		"vip.field.validityHint": "Counted from the purchase; a renewal adds to it",
		"vip.field.days": "days",
		"vip.field.benefits": "Benefits",
		"vip.field.benefitsHint": "Give at least one. A change applies to cards bought or renewed after it.",
		"vip.field.discountPercent": "Discount (%)",
		"vip.field.discountHint": "Percent off the goods; 0 for none, at most 90%",
		"vip.field.discountCap": "Most off an order ({{currency}})",
		"vip.field.discountCapHint": "Leave empty for no cap",
		"vip.field.freeDelivery": "Free delivery",
		"vip.field.freeDeliveryHint": "Delivery orders pay no delivery fee",
		"vip.field.points": "Points multiplier",
		"vip.field.pointsHint": "Applies once the points mall opens",
		"vip.field.pointsOption": "×{{times}}",
		"vip.field.sort": "Sort order",
		"vip.field.sortHint": "Lower numbers come first",
		"vip.field.amountFormat": "Enter an amount such as {{example}}",
		"vip.field.onSale": "On sale",
		"vip.field.onSaleHint": "Taking it off sale does not affect cards already bought",
		"vip.saved": "VIP card saved",
		"vip.changed": "Someone else changed this card: the latest version is loaded, make your change again",
	},
	km: {
		"vip.onlyOwner": "មានតែម្ចាស់ហាង និងអ្នកគ្រប់គ្រងទេ ដែលគ្រប់គ្រងកាត VIP។",
		"vip.title": "កាត VIP",
		"vip.hint": "ប្រើរួមគ្នាគ្រប់ហាង។ កាតដែលឈប់លក់មិនអាចទិញបានទៀតទេ កាតដែលបានទិញរួចនៅតែប្រើបាន។",
		"vip.add": "បន្ថែមកាត",
		"vip.empty": "មិនទាន់មានកាត VIP ទេ",
		"vip.edit": "កែ {{name}}",
		"vip.validity": "{{count}} ថ្ងៃ",
		"vip.validity_one": "{{count}} ថ្ងៃ",
		"vip.discount": "បញ្ចុះ {{percent}}% លើការកម្មង់",
		"vip.discountCapped": "បញ្ចុះ {{percent}}% ច្រើនបំផុត {{cap}} ក្នុងមួយការកម្មង់",
		"vip.freeDelivery": "ដឹកជញ្ជូនឥតគិតថ្លៃ",
		"vip.points": "ពិន្ទុ ×{{times}}",
		"vip.onSale": "កំពុងលក់",
		"vip.offSale": "ឈប់លក់",
		"vip.holders": "{{count}} នាក់កំពុងប្រើ",
		"vip.holders_one": "{{count}} នាក់កំពុងប្រើ",
		"vip.sheet.new": "កាត VIP ថ្មី",
		"vip.sheet.edit": "កែកាត VIP",
		"vip.field.name": "ឈ្មោះកាត",
		"vip.field.description": "ការពិពណ៌នា",
		"vip.field.descriptionHint": "អ្វីដែលសមាជិកអាននៅទំព័រកាត (ស្រេចចិត្ត)",
		"vip.field.price": "តម្លៃ ({{currency}})",
		"vip.field.validityDays": "សុពលភាព (ថ្ងៃ)",
		"vip.field.validityHint": "រាប់ចាប់ពីថ្ងៃទិញ ការបន្តនឹងបូកបន្ថែម",
		"vip.field.days": "ថ្ងៃ",
		"vip.field.benefits": "អត្ថប្រយោជន៍",
		"vip.field.benefitsHint": "ផ្ដល់យ៉ាងហោចណាស់មួយ។ ការកែប្រែអនុវត្តចំពោះកាតដែលទិញ ឬបន្តបន្ទាប់ពីនេះ។",
		"vip.field.discountPercent": "បញ្ចុះតម្លៃ (%)",
		"vip.field.discountHint": "ភាគរយបញ្ចុះលើទំនិញ 0 គឺគ្មាន ច្រើនបំផុត 90%",
		"vip.field.discountCap": "បញ្ចុះច្រើនបំផុតក្នុងមួយការកម្មង់ ({{currency}})",
		"vip.field.discountCapHint": "ទុកទទេ ប្រសិនបើគ្មានដែនកំណត់",
		"vip.field.freeDelivery": "ដឹកជញ្ជូនឥតគិតថ្លៃ",
		"vip.field.freeDeliveryHint": "ការកម្មង់ដឹកជញ្ជូនមិនបង់ថ្លៃដឹក",
		"vip.field.points": "មេគុណពិន្ទុ",
		"vip.field.pointsHint": "អនុវត្តនៅពេលផ្សារពិន្ទុបើក",
		"vip.field.pointsOption": "×{{times}}",
		"vip.field.sort": "លំដាប់",
		"vip.field.sortHint": "លេខតូចនៅមុនគេ",
		"vip.field.amountFormat": "សូមបញ្ចូលចំនួនទឹកប្រាក់ ដូចជា {{example}}",
		"vip.field.onSale": "កំពុងលក់",
		"vip.field.onSaleHint": "ការឈប់លក់មិនប៉ះពាល់កាតដែលបានទិញរួចទេ",
		"vip.saved": "បានរក្សាទុកកាត VIP",
		"vip.changed": "មានអ្នកផ្សេងបានកែកាតនេះ៖ កំណែចុងក្រោយត្រូវបានផ្ទុក សូមកែម្ដងទៀត",
	},
});

export type StaffVipKey = Parameters<typeof staffVipStrings.text>[1];
type CountedKey = Extract<StaffVipKey, `${string}_one`> extends `${infer Base}_one` ? Base : never;

/** The key of a counted text for `count` in `lang`: `<key>_one` where its plural rule says "one". */
export function pluralKey(lang: string, key: CountedKey, count: number): StaffVipKey {
	let category = "other";
	try {
		category = new Intl.PluralRules(lang).select(count);
	} catch {
		// an unknown language reads the general form
	}
	return category === "one" ? (`${key}_one` as StaffVipKey) : key;
}

/** `vt(key)` in the current language, `plural(key, count)` for counted texts, with the app's `t` and `m`. */
export function useStaffVipText() {
	const { ft, lang, ...rest } = useFeatureStrings(staffVipStrings);
	const plural = useCallback(
		(key: CountedKey, count: number, params: Record<string, string | number> = {}) =>
			ft(pluralKey(lang, key, count), { ...params, count }),
		[ft, lang],
	);
	return { vt: ft, plural, lang, ...rest };
}
