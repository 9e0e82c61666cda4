import { featureText, useFeatureText } from "../../lib/i18n/feature-texts";

/**
 * The staff's table and bell texts (merchant/bell). Kept beside the page, downloaded only
 * with it, like the merchant area's texts: zh-CN is the source, en and km have exactly its
 * keys (staff-strings.test.ts).
 */
const zhCN = {
	"bell.title": "桌台",
	"bell.calling": "{{count}} 张桌台在呼叫",
	"bell.answerAll": "全部已响应",
	"bell.answer": "我去处理",
	"bell.answered": "{{table}} 号桌已响应",
	"bell.call.waiter": "呼叫服务员",
	"bell.call.bill": "请求结账",
	"bell.calledAt": "{{time}} 呼叫",
	"bell.seatedAt": "{{time}} 入座",
	"bell.seats": "{{n}} 座",
	"bell.empty": "还没有桌台",
	"bell.emptyOwner": "添加桌台后，可打印桌码贴在桌上",
	"state.free": "空闲",
	"state.ordering": "点餐中",
	"state.eating": "用餐中",
	"state.waitingToPay": "待结账",
	"state.calling": "呼叫中",
	"tables.add": "添加桌台",
	"tables.print": "打印全部桌码",
	"tables.printing": "正在生成…",
	"tables.edit": "编辑",
	"tables.editTitle": "编辑 {{table}} 号桌",
	"tables.addTitle": "添加桌台",
	"tables.number": "桌号",
	"tables.numberHint": "印在桌码下方，例如 A1",
	"tables.seatsLabel": "座位数",
	"tables.area": "区域（可不填）",
	"tables.areaZh": "中文",
	"tables.areaEn": "English",
	"tables.areaKm": "ខ្មែរ",
	"tables.save": "保存",
	"tables.saved": "已保存 {{table}} 号桌",
	"tables.rotate": "更换桌码",
	"tables.rotateHint": "旧桌码及用它入座的顾客手机上的桌码将立即失效，请打印新桌码换上。",
	"tables.confirmRotate": "更换 {{table}} 号桌的桌码？旧桌码立即失效，需要打印新桌码贴上。",
	"tables.rotated": "{{table}} 号桌已换新桌码，请打印并贴上",
} as const;

type Key = keyof typeof zhCN;
type Strings = Record<Key, string>;

const en: Strings = {
	"bell.title": "Tables",
	"bell.calling": "{{count}} table(s) calling",
	"bell.answerAll": "Answer all",
	"bell.answer": "On my way",
	"bell.answered": "Table {{table}} answered",
	"bell.call.waiter": "Calls a waiter",
	"bell.call.bill": "Asks for the bill",
	"bell.calledAt": "called {{time}}",
	"bell.seatedAt": "seated {{time}}",
	"bell.seats": "{{n}} seats",
	"bell.empty": "No tables yet",
	"bell.emptyOwner": "Add tables, then print their QR codes to put on them",
	"state.free": "Free",
	"state.ordering": "Ordering",
	"state.eating": "Eating",
	"state.waitingToPay": "Waiting to pay",
	"state.calling": "Calling",
	"tables.add": "Add a table",
	"tables.print": "Print all QR codes",
	"tables.printing": "Preparing…",
	"tables.edit": "Edit",
	"tables.editTitle": "Edit table {{table}}",
	"tables.addTitle": "Add a table",
	"tables.number": "Table number",
	"tables.numberHint": "Printed under its QR code, e.g. A1",
	"tables.seatsLabel": "Seats",
	"tables.area": "Area (optional)",
	"tables.areaZh": "中文",
	"tables.areaEn": "English",
	"tables.areaKm": "ខ្មែរ",
	"tables.save": "Save",
	"tables.saved": "Table {{table}} saved",
	"tables.rotate": "New QR code",
	"tables.rotateHint":
		"The old code, and the codes diners took from it, stop working at once: print the new one and put it on the table.",
	"tables.confirmRotate":
		"Give table {{table}} a new QR code? The old one stops working at once; print the new one and put it on the table.",
	"tables.rotated": "Table {{table}} has a new QR code: print it and put it on the table",
};

const km: Strings = {
	"bell.title": "តុ",
	"bell.calling": "មានតុ {{count}} កំពុងហៅ",
	"bell.answerAll": "ឆ្លើយតបទាំងអស់",
	"bell.answer": "ខ្ញុំទៅឥឡូវ",
	"bell.answered": "បានឆ្លើយតបតុ {{table}}",
	"bell.call.waiter": "ហៅអ្នករត់តុ",
	"bell.call.bill": "សុំគិតលុយ",
	"bell.calledAt": "ហៅនៅ {{time}}",
	"bell.seatedAt": "អង្គុយនៅ {{time}}",
	"bell.seats": "{{n}} កៅអី",
	"bell.empty": "មិនទាន់មានតុនៅឡើយ",
	"bell.emptyOwner": "បន្ថែមតុ រួចបោះពុម្ពកូដ QR ដាក់លើតុ",
	"state.free": "ទំនេរ",
	"state.ordering": "កំពុងកម្មង់",
	"state.eating": "កំពុងញ៉ាំ",
	"state.waitingToPay": "រង់ចាំគិតលុយ",
	"state.calling": "កំពុងហៅ",
	"tables.add": "បន្ថែមតុ",
	"tables.print": "បោះពុម្ពកូដ QR ទាំងអស់",
	"tables.printing": "កំពុងរៀបចំ…",
	"tables.edit": "កែ",
	"tables.editTitle": "កែតុ {{table}}",
	"tables.addTitle": "បន្ថែមតុ",
	"tables.number": "លេខតុ",
	"tables.numberHint": "បោះពុម្ពនៅក្រោមកូដ QR ឧ. A1",
	"tables.seatsLabel": "ចំនួនកៅអី",
	"tables.area": "តំបន់ (មិនបាច់ក៏បាន)",
	"tables.areaZh": "中文",
	"tables.areaEn": "English",
	"tables.areaKm": "ខ្មែរ",
	"tables.save": "រក្សាទុក",
	"tables.saved": "បានរក្សាទុកតុ {{table}}",
	"tables.rotate": "កូដ QR ថ្មី",
	"tables.rotateHint": "កូដចាស់ និងកូដដែលភ្ញៀវបានយកពីវា ឈប់ដំណើរការភ្លាម៖ សូមបោះពុម្ពកូដថ្មីដាក់លើតុ។",
	"tables.confirmRotate": "ផ្តល់កូដ QR ថ្មីដល់តុ {{table}}? កូដចាស់ឈប់ដំណើរការភ្លាម សូមបោះពុម្ពកូដថ្មីដាក់លើតុ។",
	"tables.rotated": "តុ {{table}} មានកូដ QR ថ្មី៖ សូមបោះពុម្ពហើយដាក់លើតុ",
};

export const tableStaffStrings: Record<string, Strings> = { "zh-CN": zhCN, en, km };
export type TableStaffKey = Key;

/** `{{name}}` placeholders filled from params. */
export const tableStaffText = featureText<Key>(tableStaffStrings, zhCN);

/** `st(key)` in the current language, for the staff's table screens. */
export function useTableStaffText() {
	const { x, ...rest } = useFeatureText(tableStaffText);
	return { st: x, ...rest };
}
