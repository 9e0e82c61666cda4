import { useCallback } from "react";
import { useI18n } from "../../lib/i18n";

/**
 * The owner's "open a new branch" texts. Like the merchant area's, they live with their screen
 * so customers never download them; en and km have exactly the keys of zh-CN (strings.test.ts).
 */
const zhCN = {
	entry: "开设新分店",
	entryHint: "复制现有门店的菜单与营业时间",
	intro:
		"新分店会复制所选门店的菜单（分类、商品、规格）和营业时间。计库存的商品在新分店从 0 开始，售罄状态不复制；新分店开设后暂不接单，设置好库存、桌台、员工和配送范围后再开始接单。",
	source: "复制自",
	name: "分店名称",
	address: "分店地址",
	"lang.zh-CN": "中文（必填）",
	"lang.en": "English",
	"lang.km": "ខ្មែរ",
	phone: "联系电话",
	phoneHint: "例如 +855 23 900 456",
	point: "门店位置",
	pointHint: "在地图上点按或拖动图钉，标出分店的位置",
	pickPoint: "请在地图上标出分店的位置",
	submit: "开设分店",
	submitting: "正在开设…",
	ownersOnly: "只有店主可以开设新分店。",
	"done.title": "「{{name}}」已创建",
	"done.copied": "已复制 {{categories}} 个分类、{{items}} 个商品、{{options}} 个规格选项和 {{hours}} 段营业时间。",
	"done.next": "设置好库存、桌台和配送范围后再开始接单；也可以稍后在新分店的「门店设置」中开启。",
	"done.toMy": "前往我的",
	"done.another": "再开一家",
	"done.closed": "新分店暂不接单：顾客能看到它，但还不能下单。",
	"done.accepting": "新分店正在接单。",
	"done.stockToSet": "{{count}} 个计库存的商品或规格在新分店的库存为 0（显示售罄），请在菜单管理中填写实际数量。",
	"done.nextOpen": "接下来：在「我的」中切换到新分店，设置桌台、员工和配送范围。",
	"done.open": "开始接单",
} as const;

type Key = keyof typeof zhCN;

const en: Record<Key, string> = {
	entry: "Open a new branch",
	entryHint: "Copies an existing shop's menu and opening hours",
	intro:
		"The new branch starts with a copy of the chosen shop's menu (categories, items, options) and opening hours. Items that count stock start at 0 there, and sold-out marks are not copied. It takes no orders until you start them, once its stock, tables, staff and delivery area are set.",
	source: "Copy from",
	name: "Branch name",
	address: "Branch address",
	"lang.zh-CN": "中文 (required)",
	"lang.en": "English",
	"lang.km": "ខ្មែរ",
	phone: "Phone",
	phoneHint: "For example +855 23 900 456",
	point: "Location",
	pointHint: "Tap the map or drag the pin to place the branch",
	pickPoint: "Place the branch on the map",
	submit: "Open the branch",
	submitting: "Opening…",
	ownersOnly: "Only an owner can open a new branch.",
	"done.title": "{{name}} is set up",
	"done.copied":
		"Copied {{categories}} categories, {{items}} items, {{options}} options and {{hours}} opening windows.",
	"done.next":
		"Start taking orders once its stock, tables and delivery area are set; you can also do it later in the new branch's shop settings.",
	"done.toMy": "Go to My shop",
	"done.another": "Open another",
	"done.closed": "The new branch is not taking orders yet: customers can see it but cannot order.",
	"done.accepting": "The new branch is taking orders.",
	"done.stockToSet":
		"{{count}} items or options that count stock start at 0 there (shown sold out): enter the real counts in the menu.",
	"done.nextOpen": "Next: switch to the new branch in My shop and set up its tables, staff and delivery area.",
	"done.open": "Start taking orders",
};

const km: Record<Key, string> = {
	entry: "បើកសាខាថ្មី",
	entryHint: "ចម្លងម៉ឺនុយ និងម៉ោងបើកពីហាងដែលមានស្រាប់",
	intro:
		"សាខាថ្មីចាប់ផ្តើមដោយចម្លងម៉ឺនុយ (ប្រភេទ ទំនិញ ជម្រើស) និងម៉ោងបើករបស់ហាងដែលបានជ្រើស។ ទំនិញដែលរាប់ស្តុកចាប់ផ្តើមពី 0 ហើយស្ថានភាពអស់ស្តុកមិនត្រូវបានចម្លងទេ។ វាមិនទទួលការកម្មង់រហូតដល់អ្នកចាប់ផ្តើម បន្ទាប់ពីរៀបចំស្តុក តុ បុគ្គលិក និងតំបន់ដឹកជញ្ជូនរួច។",
	source: "ចម្លងពី",
	name: "ឈ្មោះសាខា",
	address: "អាសយដ្ឋានសាខា",
	"lang.zh-CN": "中文 (ចាំបាច់)",
	"lang.en": "English",
	"lang.km": "ខ្មែរ",
	phone: "លេខទូរស័ព្ទ",
	phoneHint: "ឧទាហរណ៍ +855 23 900 456",
	point: "ទីតាំង",
	pointHint: "ចុចលើផែនទី ឬអូសម្ជុលដើម្បីដាក់ទីតាំងសាខា",
	pickPoint: "សូមដាក់ទីតាំងសាខានៅលើផែនទី",
	submit: "បើកសាខា",
	submitting: "កំពុងបើក…",
	ownersOnly: "មានតែម្ចាស់ហាងទេដែលអាចបើកសាខាថ្មីបាន។",
	"done.title": "{{name}} ត្រូវបានបង្កើតហើយ",
	"done.copied": "បានចម្លងប្រភេទ {{categories}} ទំនិញ {{items}} ជម្រើស {{options}} និងម៉ោងបើក {{hours}} វគ្គ។",
	"done.next": "ចាប់ផ្តើមទទួលការកម្មង់ នៅពេលស្តុក តុ និងតំបន់ដឹកជញ្ជូនរួចរាល់។ អ្នកក៏អាចបើកនៅពេលក្រោយក្នុង «ការកំណត់ហាង» របស់សាខាថ្មីបានដែរ។",
	"done.toMy": "ទៅ «ហាងរបស់ខ្ញុំ»",
	"done.another": "បើកមួយទៀត",
	"done.closed": "សាខាថ្មីមិនទាន់ទទួលការកម្មង់ទេ៖ អតិថិជនអាចឃើញវា ប៉ុន្តែមិនទាន់អាចកម្មង់បាន។",
	"done.accepting": "សាខាថ្មីកំពុងទទួលការកម្មង់។",
	"done.stockToSet": "ទំនិញ ឬជម្រើស {{count}} ដែលរាប់ស្តុក ចាប់ផ្តើមពី 0 នៅទីនោះ (បង្ហាញថាអស់)៖ សូមបញ្ចូលចំនួនពិតនៅក្នុងម៉ឺនុយ។",
	"done.nextOpen": "បន្ទាប់៖ ប្តូរទៅសាខាថ្មីនៅក្នុង «ហាងរបស់ខ្ញុំ» ហើយរៀបចំតុ បុគ្គលិក និងតំបន់ដឹកជញ្ជូន។",
	"done.open": "ចាប់ផ្តើមទទួលការកម្មង់",
};

export const branchStrings: Record<string, Record<Key, string>> = { "zh-CN": zhCN, en, km };

/** `{{name}}` placeholders filled from params. */
export function branchText(lang: string, key: Key, params?: Record<string, string | number>): string {
	const text = (branchStrings[lang] ?? zhCN)[key];
	return params ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? "")) : text;
}

/** `bt(key)` in the current language. */
export function useBranchText() {
	const { lang, m, t } = useI18n();
	const bt = useCallback((key: Key, params?: Record<string, string | number>) => branchText(lang, key, params), [lang]);
	return { bt, m, t, lang };
}
