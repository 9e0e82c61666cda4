import { featureStrings, useFeatureStrings } from "../../../../lib/i18n/feature-strings";

/**
 * Texts of the platform operator's KHQR refunds page (issue 29 part 3): the refunds Bakong
 * cannot carry out, to transfer back by hand and record. zh-CN is the source; en and km have
 * exactly its keys and placeholders (refund-transfers-strings.test.ts).
 */
export const refundTransferStrings = featureStrings({
	"zh-CN": {
		title: "KHQR 退款转账",
		hint: "KHQR 不能原路退款：请从平台的银行账户把款项转回顾客付款的账户，再登记转账流水号。登记后顾客会看到退款已完成。",
		"section.awaiting": "待转账（{{count}}）",
		"section.recorded": "最近已登记",
		"empty.awaiting": "没有待转账的退款",
		"empty.recorded": "还没有登记过转账",
		"purpose.order": "订单 #{{id}}",
		"purpose.table_bill": "桌台账单 #{{id}}",
		"purpose.booking": "预订 #{{id}}",
		"purpose.recharge": "充值 #{{id}}",
		"purpose.vip_card": "会员卡 #{{id}}",
		"field.transfer": "转回金额",
		"field.booked": "账面金额 {{amount}}",
		"field.account": "转入账户",
		"field.accountUnknown": "Bakong 暂未告知，请按交易哈希在银行查询付款账户",
		"field.payer": "顾客手机",
		"field.hash": "Bakong 交易哈希",
		"field.since": "退款时间",
		"field.reference": "流水号",
		"field.recorded": "{{by}} 于 {{at}} 登记",
		record: "登记转账",
		"sheet.title": "登记转账 · {{what}}",
		"sheet.notice": "请先把 {{amount}} 转入 {{account}}，再登记。登记后不能修改。",
		"sheet.noticeNoAccount":
			"请先把 {{amount}} 转回顾客付款的账户（按 Bakong 交易哈希在银行查询），再登记。登记后不能修改。",
		"sheet.reference": "银行转账流水号",
		"sheet.referenceHint": "银行回单上的流水号或参考号",
		recorded: "已登记转账，顾客会看到退款已完成",
	},
	en: {
		title: "KHQR refunds to transfer",
		hint: "KHQR payments cannot be refunded automatically: transfer the money from the platform's bank account back to the account the customer paid from, then record the transfer's reference. The customer then sees the refund as done.",
		"section.awaiting": "To transfer ({{count}})",
		"section.recorded": "Recently recorded",
		"empty.awaiting": "No refund is waiting for a transfer",
		"empty.recorded": "No transfer has been recorded yet",
		"purpose.order": "Order #{{id}}",
		"purpose.table_bill": "Table bill #{{id}}",
		"purpose.booking": "Booking #{{id}}",
		"purpose.recharge": "Recharge #{{id}}",
		"purpose.vip_card": "VIP card #{{id}}",
		"field.transfer": "Transfer back",
		"field.booked": "Booked as {{amount}}",
		"field.account": "To account",
		"field.accountUnknown": "Bakong does not say yet: look the payer's account up at the bank by the transaction hash",
		"field.payer": "Customer's mobile",
		"field.hash": "Bakong transaction hash",
		"field.since": "Refunded on",
		"field.reference": "Reference",
		"field.recorded": "Recorded by {{by}} on {{at}}",
		record: "Record transfer",
		"sheet.title": "Record transfer · {{what}}",
		"sheet.notice": "Transfer {{amount}} to {{account}} first, then record it. A recorded transfer cannot be changed.",
		"sheet.noticeNoAccount":
			"Transfer {{amount}} back to the account the customer paid from (look it up at the bank by the Bakong hash) first, then record it. A recorded transfer cannot be changed.",
		"sheet.reference": "Bank transfer reference",
		"sheet.referenceHint": "The reference or transaction number on the bank's receipt",
		recorded: "Transfer recorded: the customer sees the refund as done",
	},
	km: {
		title: "ការសងប្រាក់ KHQR ដែលត្រូវផ្ទេរ",
		hint: "ការបង់ប្រាក់ KHQR មិនអាចសងត្រឡប់ដោយស្វ័យប្រវត្តិបានទេ៖ សូមផ្ទេរប្រាក់ពីគណនីធនាគាររបស់វេទិកា ទៅគណនីដែលអតិថិជនបានបង់ រួចកត់ត្រាលេខយោងនៃការផ្ទេរ។ បន្ទាប់មក អតិថិជននឹងឃើញថាការសងប្រាក់បានរួចរាល់។",
		"section.awaiting": "ត្រូវផ្ទេរ ({{count}})",
		"section.recorded": "បានកត់ត្រាថ្មីៗ",
		"empty.awaiting": "គ្មានការសងប្រាក់ណាកំពុងរង់ចាំការផ្ទេរទេ",
		"empty.recorded": "មិនទាន់មានការផ្ទេរណាត្រូវបានកត់ត្រានៅឡើយទេ",
		"purpose.order": "ការបញ្ជាទិញ #{{id}}",
		"purpose.table_bill": "វិក្កយបត្រតុ #{{id}}",
		"purpose.booking": "ការកក់ #{{id}}",
		"purpose.recharge": "ការបញ្ចូលប្រាក់ #{{id}}",
		"purpose.vip_card": "កាត VIP #{{id}}",
		"field.transfer": "ផ្ទេរត្រឡប់",
		"field.booked": "កត់ក្នុងបញ្ជី {{amount}}",
		"field.account": "ទៅគណនី",
		"field.accountUnknown": "Bakong មិនទាន់ប្រាប់នៅឡើយ៖ សូមរកគណនីអ្នកបង់នៅធនាគារ តាមលេខហាសប្រតិបត្តិការ",
		"field.payer": "ទូរសព្ទអតិថិជន",
		"field.hash": "លេខហាសប្រតិបត្តិការ Bakong",
		"field.since": "ថ្ងៃសងប្រាក់",
		"field.reference": "លេខយោង",
		"field.recorded": "កត់ត្រាដោយ {{by}} នៅ {{at}}",
		record: "កត់ត្រាការផ្ទេរ",
		"sheet.title": "កត់ត្រាការផ្ទេរ · {{what}}",
		"sheet.notice": "សូមផ្ទេរ {{amount}} ទៅ {{account}} ជាមុនសិន រួចកត់ត្រា។ ការផ្ទេរដែលបានកត់ត្រាមិនអាចកែប្រែបានទេ។",
		"sheet.noticeNoAccount":
			"សូមផ្ទេរ {{amount}} ត្រឡប់ទៅគណនីដែលអតិថិជនបានបង់ (រកនៅធនាគារ តាមលេខហាស Bakong) ជាមុនសិន រួចកត់ត្រា។ ការផ្ទេរដែលបានកត់ត្រាមិនអាចកែប្រែបានទេ។",
		"sheet.reference": "លេខយោងផ្ទេរប្រាក់របស់ធនាគារ",
		"sheet.referenceHint": "លេខយោង ឬលេខប្រតិបត្តិការលើបង្កាន់ដៃធនាគារ",
		recorded: "បានកត់ត្រាការផ្ទេរ៖ អតិថិជនឃើញថាការសងប្រាក់បានរួចរាល់",
	},
});

export type RefundTransferTextKey = keyof (typeof refundTransferStrings.catalog)["zh-CN"];

export function useRefundTransferText() {
	const { ft, ...rest } = useFeatureStrings(refundTransferStrings);
	return { rt: ft, ...rest };
}
