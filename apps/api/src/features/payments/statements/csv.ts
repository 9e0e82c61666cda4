import { Readable } from "node:stream";
import {
	type DiscrepancyKind,
	type DiscrepancyRail,
	type DiscrepancyView,
	isSupportedLanguage,
	type LanguageCode,
} from "@bayon/contract";
import { stringify } from "csv-stringify";
import type { AppDeps } from "../../../http/deps.js";
import { formatLocalTime, formatMinorUnits, inertText } from "../../merchant-wallet/wallet/statement-csv.js";
import { openDiscrepancies } from "./queries.js";

/** The most differences one file holds; more are cut and the file says so. */
export const DISCREPANCY_EXPORT_MAX = 10_000;

/** Found-at times in the file are Beijing time (the platform's, and WeChat's and Alipay's statements'). */
const EXPORT_ZONE = "Asia/Shanghai";

interface CsvTexts {
	columns: [string, string, string, string, string, string, string, string, string, string, string, string];
	kinds: Record<DiscrepancyKind, string>;
	rails: Record<DiscrepancyRail, string>;
	truncated: string;
}

/** The file's words per language: only the server writes it, so they live here (as statement-csv.ts's do). */
const CSV_TEXTS: Record<LanguageCode, CsvTexts> = {
	"zh-CN": {
		columns: [
			"编号",
			"发现时间（{zone}）",
			"渠道",
			"类型",
			"支付单号",
			"用途",
			"渠道交易号",
			"对账日期",
			"我方金额",
			"渠道金额",
			"币种",
			"详情",
		],
		kinds: {
			amount_mismatch: "回调金额不符",
			currency_mismatch: "回调币种不符",
			merchant_mismatch: "回调商户不符",
			paid_twice: "重复支付",
			missing_at_rail: "渠道账单缺少",
			missing_here: "我方缺少",
			status_differs: "状态不一致",
			amount_differs: "金额不一致",
			refund_differs: "退款不一致",
		},
		rails: { sandbox: "测试渠道", wechat: "微信支付", alipay: "支付宝", khqr: "KHQR" },
		truncated: "仅导出了最早的{max}条差异",
	},
	en: {
		columns: [
			"No.",
			"Found at ({zone})",
			"Rail",
			"Kind",
			"Payment",
			"Paid for",
			"Rail trade no.",
			"Statement day",
			"Our amount",
			"Rail amount",
			"Currency",
			"Detail",
		],
		kinds: {
			amount_mismatch: "Callback amount differs",
			currency_mismatch: "Callback currency differs",
			merchant_mismatch: "Callback merchant differs",
			paid_twice: "Paid twice",
			missing_at_rail: "Not on the rail's statement",
			missing_here: "Not in our payments",
			status_differs: "Status differs",
			amount_differs: "Amount differs",
			refund_differs: "Refund differs",
		},
		rails: { sandbox: "Sandbox", wechat: "WeChat Pay", alipay: "Alipay", khqr: "KHQR" },
		truncated: "Only the oldest {max} differences are included",
	},
	km: {
		columns: [
			"លេខ",
			"ពេលរកឃើញ ({zone})",
			"ច្រកបង់ប្រាក់",
			"ប្រភេទ",
			"ការបង់ប្រាក់",
			"បង់សម្រាប់",
			"លេខប្រតិបត្តិការច្រក",
			"ថ្ងៃរបាយការណ៍",
			"ចំនួនរបស់យើង",
			"ចំនួនរបស់ច្រក",
			"រូបិយប័ណ្ណ",
			"ព័ត៌មានលម្អិត",
		],
		kinds: {
			amount_mismatch: "ចំនួនក្នុងការជូនដំណឹងខុសគ្នា",
			currency_mismatch: "រូបិយប័ណ្ណក្នុងការជូនដំណឹងខុសគ្នា",
			merchant_mismatch: "ឈ្មួញក្នុងការជូនដំណឹងខុសគ្នា",
			paid_twice: "បង់ពីរដង",
			missing_at_rail: "មិនមាននៅក្នុងរបាយការណ៍ច្រក",
			missing_here: "មិនមាននៅក្នុងការបង់ប្រាក់របស់យើង",
			status_differs: "ស្ថានភាពខុសគ្នា",
			amount_differs: "ចំនួនទឹកប្រាក់ខុសគ្នា",
			refund_differs: "ការសងប្រាក់ខុសគ្នា",
		},
		rails: { sandbox: "សាកល្បង", wechat: "WeChat Pay", alipay: "Alipay", khqr: "KHQR" },
		truncated: "មានតែ {max} ភាពខុសគ្នាចាស់បំផុតប៉ុណ្ណោះ",
	},
};

const fill = (text: string, values: Record<string, string | number>) =>
	text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/** Minor units of an ISO currency (CNY, USD, KHR: 2), as Intl knows them. */
function decimalsOf(currency: string | null): number {
	if (!currency) return 2;
	try {
		return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
	} catch {
		return 2;
	}
}

/**
 * Every field a spreadsheet would read: anything that came from outside (a rail's trade number,
 * the detail a callback carried, a payment's id) may start with = + - @ and run as a formula,
 * so each is made inert (statement-csv.ts's rule); our own amounts are numbers and stay so.
 */
export function discrepancyRow(view: DiscrepancyView, texts: CsvTexts): string[] {
	const decimals = decimalsOf(view.currency);
	const money = (amount: number | null) => (amount === null ? "" : formatMinorUnits(amount, decimals));
	return [
		String(view.id),
		formatLocalTime(new Date(view.foundAt), EXPORT_ZONE),
		texts.rails[view.rail] ?? inertText(view.rail),
		texts.kinds[view.kind] ?? inertText(view.kind),
		inertText(view.paymentId ?? ""),
		inertText(view.purpose ? `${view.purpose} #${view.purposeId ?? ""}` : ""),
		inertText(view.railTradeNo ?? ""),
		view.statementDate ?? "",
		money(view.ourAmount),
		money(view.railAmount),
		inertText(view.currency ?? ""),
		inertText(Object.keys(view.detail).length === 0 ? "" : JSON.stringify(view.detail)),
	];
}

export interface DiscrepancyExport {
	fileName: string;
	/** UTF-8 with a byte order mark (Excel then reads Chinese and Khmer), CRLF between rows. */
	body: Readable;
	rows: number;
	truncated: boolean;
}

/** `GET /platform/payments/discrepancies.csv`: the open differences, oldest first, in the caller's language. */
export async function exportDiscrepancies(
	deps: AppDeps,
	args: { tenantId: number; rail?: DiscrepancyRail | undefined; lang: string },
): Promise<DiscrepancyExport> {
	const found = await openDiscrepancies(deps, {
		tenantId: args.tenantId,
		rail: args.rail,
		limit: DISCREPANCY_EXPORT_MAX + 1,
	});
	const truncated = found.length > DISCREPANCY_EXPORT_MAX;
	const views = found.slice(0, DISCREPANCY_EXPORT_MAX);
	const texts = CSV_TEXTS[isSupportedLanguage(args.lang) ? args.lang : "zh-CN"];
	const header = texts.columns.map((column) => fill(column, { zone: EXPORT_ZONE }));
	const rows = views.map((view) => discrepancyRow(view, texts));
	if (truncated) rows.push([fill(texts.truncated, { max: DISCREPANCY_EXPORT_MAX })]);
	const body = Readable.from([header, ...rows]).pipe(
		stringify({ bom: true, record_delimiter: "windows", quote_record_delimiter: true }),
	);
	const day = formatLocalTime(deps.clock.now(), EXPORT_ZONE).slice(0, 10);
	return {
		fileName: `payment-differences-${args.rail ?? "all"}-${day}.csv`,
		body,
		rows: views.length,
		truncated,
	};
}
