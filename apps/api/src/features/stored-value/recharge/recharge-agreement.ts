import type { Localized } from "@bayon/contract";

/**
 * The stored-value agreement a tenant starts with (the demo seed writes it, and a tenant whose
 * owner never saved one is shown it). It says what spec §9 rules and the server enforces:
 * usable online and in every shop; no refund, withdrawal, transfer or gift; no points.
 */
export const DEFAULT_STORED_VALUE_AGREEMENT: Localized = {
	"zh-CN": [
		"储值协议",
		"1. 储值余额（含赠送金额）可用于线上点餐、购买会员卡，也可在本品牌任一门店收银台出示付款码消费。",
		"2. 储值余额不可退款、不可提现，也不可转让或赠送他人。",
		"3. 充值及使用储值余额消费均不累计积分。",
		"4. 充值以支付平台确认付款为准，赠送金额随充值一并到账。",
		"5. 如有疑问，请咨询门店工作人员。",
	].join("\n"),
	en: [
		"Stored-value agreement",
		"1. Your balance (bonus included) pays for online orders and VIP cards, and at the counter of any of our shops with your payment code.",
		"2. A balance cannot be refunded or withdrawn, and cannot be transferred or given to anyone else.",
		"3. Recharges and anything paid from the balance earn no points.",
		"4. A recharge is credited once the payment provider confirms it; its bonus is credited with it.",
		"5. If you have a question, please ask our staff in the shop.",
	].join("\n"),
	km: [
		"កិច្ចព្រមព្រៀងប្រាក់បញ្ចូល",
		"1. សមតុល្យរបស់អ្នក (រួមទាំងប្រាក់បន្ថែម) អាចប្រើបង់ការកម្ម៉ង់តាមអនឡាញ និងកាតសមាជិក VIP ហើយក៏អាចប្រើនៅបញ្ជរនៃហាងណាមួយរបស់យើង ដោយបង្ហាញលេខកូដទូទាត់របស់អ្នក។",
		"2. សមតុល្យមិនអាចសងវិញ ឬដកជាសាច់ប្រាក់បានទេ ហើយក៏មិនអាចផ្ទេរ ឬផ្ដល់ឲ្យអ្នកដទៃបានដែរ។",
		"3. ការបញ្ចូលប្រាក់ និងអ្វីដែលបង់ពីសមតុល្យ មិនទទួលបានពិន្ទុទេ។",
		"4. ការបញ្ចូលប្រាក់ចូលគណនី នៅពេលអ្នកផ្ដល់សេវាទូទាត់បញ្ជាក់ ហើយប្រាក់បន្ថែមចូលជាមួយគ្នា។",
		"5. ប្រសិនបើមានសំណួរ សូមសាកសួរបុគ្គលិកនៅហាង។",
	].join("\n"),
};
