import { featureStrings, useFeatureStrings } from "../../lib/i18n/feature-strings";

/** Texts of the merchant home's "today at a glance" (issue 10). */
export const statsStrings = featureStrings({
	"zh-CN": {
		title: "今日概览",
		orders: "订单数",
		revenue: "营业额",
		averageTicket: "客单价",
		openTables: "用餐中的桌台",
		revenueByHour: "今日每小时营业额",
		ordersByHour: "今日每小时订单数",
		today: "今天",
		lastWeek: "上周同日",
		topItems: "近 7 天热销",
		sold: "已售 {{count}}",
		noSales: "近 7 天还没有售出商品",
		loadFailed: "今日数据暂时无法加载",
	},
	en: {
		title: "Today at a glance",
		orders: "Orders",
		revenue: "Revenue",
		averageTicket: "Average ticket",
		openTables: "Tables dining",
		revenueByHour: "Revenue by hour today",
		ordersByHour: "Orders by hour today",
		today: "Today",
		lastWeek: "Same day last week",
		topItems: "Top items, last 7 days",
		sold: "{{count}} sold",
		noSales: "Nothing sold in the last 7 days",
		loadFailed: "Today's figures cannot be loaded right now",
	},
	km: {
		title: "ទិដ្ឋភាពថ្ងៃនេះ",
		orders: "ការកម្ម៉ង់",
		revenue: "ចំណូល",
		averageTicket: "មធ្យមក្នុងមួយវិក្កយបត្រ",
		openTables: "តុកំពុងញ៉ាំ",
		revenueByHour: "ចំណូលតាមម៉ោងថ្ងៃនេះ",
		ordersByHour: "ការកម្ម៉ង់តាមម៉ោងថ្ងៃនេះ",
		today: "ថ្ងៃនេះ",
		lastWeek: "ថ្ងៃដដែលសប្តាហ៍មុន",
		topItems: "មុខម្ហូបលក់ដាច់ ៧ ថ្ងៃចុងក្រោយ",
		sold: "លក់បាន {{count}}",
		noSales: "មិនទាន់លក់អ្វីក្នុង ៧ ថ្ងៃចុងក្រោយ",
		loadFailed: "មិនអាចផ្ទុកតួលេខថ្ងៃនេះបានទេនៅពេលនេះ",
	},
});

export const useStatsText = () => useFeatureStrings(statsStrings);
