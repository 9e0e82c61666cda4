import { Readable } from "node:stream";
import { isSupportedLanguage, type LanguageCode, type StatementKind, type WalletExportQuery } from "@bayon/contract";
import { stringify } from "csv-stringify";
import type { z } from "zod";
import type { AppDeps } from "../../../http/deps.js";
import { type LedgerLine, ledgerLinesBetween } from "./ledger-lines.js";
import { instantsOf, presentLine, shopAccountsOf } from "./statement.js";
import type { WalletShop } from "./wallet.js";

/** The most lines one export holds: a larger range is cut to its newest lines, and the file says so. */
export const EXPORT_MAX_LINES = 50_000;
/** Lines read per batch while exporting. */
const EXPORT_BATCH = 1000;

interface CsvTexts {
	columns: {
		id: string;
		time: string;
		kind: string;
		amount: string;
		available: string;
		pending: string;
		withdrawing: string;
		orderNo: string;
		withdrawalId: string;
		note: string;
	};
	kinds: Record<StatementKind, string>;
	/** The last row of a cut export. */
	truncated: string;
}

/**
 * The export's words in each language the product ships. Only the server writes the file, so
 * they live here rather than in the messages the web app downloads; every kind is listed, so a
 * new statement kind fails to compile until it has its three names.
 */
const CSV_TEXTS: Record<LanguageCode, CsvTexts> = {
	"zh-CN": {
		columns: {
			id: "流水号",
			time: "时间（{zone}）",
			kind: "类型",
			amount: "金额（{currency}）",
			available: "可提现变动",
			pending: "待结算变动",
			withdrawing: "提现中变动",
			orderNo: "订单号",
			withdrawalId: "提现单号",
			note: "备注",
		},
		kinds: {
			orderEarned: "订单收入",
			counterEarned: "收银台收款",
			depositKept: "订金保留",
			settled: "结算入账",
			commission: "平台佣金",
			commissionReturned: "佣金退回",
			refund: "退款",
			withdrawal: "申请提现",
			withdrawalReturned: "提现驳回退回",
			withdrawalPaid: "提现到账",
			keptAtCounter: "店内已收（现金/刷卡）",
		},
		truncated: "仅导出了最新的{max}条记录，请缩小日期范围后导出其余记录",
	},
	en: {
		columns: {
			id: "Line no.",
			time: "Time ({zone})",
			kind: "Type",
			amount: "Amount ({currency})",
			available: "Available change",
			pending: "Pending change",
			withdrawing: "In-withdrawal change",
			orderNo: "Order no.",
			withdrawalId: "Withdrawal no.",
			note: "Note",
		},
		kinds: {
			orderEarned: "Order earned",
			counterEarned: "Counter payment",
			depositKept: "Deposit kept",
			settled: "Settled",
			commission: "Platform commission",
			commissionReturned: "Commission returned",
			refund: "Refund",
			withdrawal: "Withdrawal requested",
			withdrawalReturned: "Withdrawal returned",
			withdrawalPaid: "Withdrawal paid out",
			keptAtCounter: "Kept at the counter (cash/card)",
		},
		truncated: "Only the newest {max} lines are included: narrow the date range to export the rest",
	},
	km: {
		columns: {
			id: "លេខរៀង",
			time: "ពេលវេលា ({zone})",
			kind: "ប្រភេទ",
			amount: "ចំនួនទឹកប្រាក់ ({currency})",
			available: "ប្រែប្រួលប្រាក់អាចដកបាន",
			pending: "ប្រែប្រួលប្រាក់កំពុងរង់ចាំ",
			withdrawing: "ប្រែប្រួលប្រាក់កំពុងដក",
			orderNo: "លេខបញ្ជាទិញ",
			withdrawalId: "លេខដកប្រាក់",
			note: "កំណត់សម្គាល់",
		},
		kinds: {
			orderEarned: "ចំណូលពីការបញ្ជាទិញ",
			counterEarned: "ការបង់ប្រាក់នៅបញ្ជរ",
			depositKept: "ប្រាក់កក់ដែលរក្សាទុក",
			settled: "បានទូទាត់",
			commission: "កម្រៃជើងសារវេទិកា",
			commissionReturned: "កម្រៃជើងសារបានប្រគល់វិញ",
			refund: "ការសងប្រាក់វិញ",
			withdrawal: "ស្នើដកប្រាក់",
			withdrawalReturned: "ប្រាក់ដកត្រឡប់មកវិញ",
			withdrawalPaid: "ការដកប្រាក់បានទទួល",
			keptAtCounter: "ហាងបានទទួលផ្ទាល់ (សាច់ប្រាក់/កាត)",
		},
		truncated: "មានតែ {max} បន្ទាត់ថ្មីបំផុតប៉ុណ្ណោះ៖ សូមបង្រួមចន្លោះកាលបរិច្ឆេទ ដើម្បីនាំចេញផ្នែកដែលនៅសល់",
	},
};

const fill = (text: string, values: Record<string, string | number>) =>
	text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/**
 * Minor units as a decimal in major units ("-1234.50" for -123450 with 2 decimals), computed on
 * integers so no amount ever picks up a float's error. No grouping and no symbol: a spreadsheet
 * reads it as a number.
 */
export function formatMinorUnits(amount: number, decimals: number): string {
	const minor = BigInt(amount);
	const sign = minor < 0n ? "-" : "";
	const magnitude = minor < 0n ? -minor : minor;
	if (decimals === 0) return `${sign}${magnitude}`;
	const scale = 10n ** BigInt(decimals);
	return `${sign}${magnitude / scale}.${(magnitude % scale).toString().padStart(decimals, "0")}`;
}

const localTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "2026-05-01 23:59:59" on the shop's wall clock. */
export function formatLocalTime(instant: Date, timeZone: string): string {
	let format = localTimeFormats.get(timeZone);
	if (!format) {
		format = new Intl.DateTimeFormat("en-US", {
			timeZone,
			year: "numeric",
			month: "2-digit",
			day: "2-digit",
			hour: "2-digit",
			minute: "2-digit",
			second: "2-digit",
			hourCycle: "h23",
		});
		localTimeFormats.set(timeZone, format);
	}
	const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
	return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/**
 * Text someone typed (a rejection reason, a bank reference) that a spreadsheet would run as a
 * formula: prefixed with an apostrophe (OWASP "CSV injection"). Our own numbers are left alone,
 * so a negative amount stays a number.
 */
export function inertText(value: string): string {
	return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** What an operator wrote on the withdrawals the lines name: the reason of a rejection, the bank's reference of a payment. */
async function withdrawalNotes(deps: AppDeps, shop: WalletShop, lines: LedgerLine[]) {
	const ids = [...new Set(lines.map((line) => line.withdrawalId).filter((id): id is number => id !== null))];
	if (ids.length === 0) return new Map<number, { reason: string | null; reference: string | null }>();
	const rows = await deps.db
		.selectFrom("shop_withdrawal")
		.select(["id", "reject_reason", "bank_reference"])
		.where("shop_id", "=", shop.id)
		.where("id", "in", ids)
		.execute();
	return new Map(rows.map((row) => [row.id, { reason: row.reject_reason, reference: row.bank_reference }]));
}

export interface StatementExport {
	fileName: string;
	/** The CSV, UTF-8 with a byte order mark (Excel then reads Chinese and Khmer), CRLF between rows. */
	body: Readable;
	lines: number;
	truncated: boolean;
}

/**
 * `GET /merchant/wallet/export`: every line of the shop's statement within the shop's local
 * dates (all of them without dates), newest first, as CSV in the caller's language: at most
 * EXPORT_MAX_LINES, and when there were more, a last row that says so.
 */
export async function exportStatement(
	deps: AppDeps,
	shop: WalletShop,
	args: { query: z.output<typeof WalletExportQuery>; lang: string; currency: { code: string; decimals: number } },
): Promise<StatementExport> {
	const { from, until } = instantsOf(args.query, shop.timezone);
	const accounts = await shopAccountsOf(deps, shop);
	const found = await ledgerLinesBetween(deps.db, accounts, {
		from,
		until,
		before: null,
		limit: EXPORT_MAX_LINES + 1,
		batchSize: EXPORT_BATCH,
	});
	const truncated = found.length > EXPORT_MAX_LINES;
	const lines = found.slice(0, EXPORT_MAX_LINES);
	const notes = await withdrawalNotes(deps, shop, lines);
	const texts = CSV_TEXTS[isSupportedLanguage(args.lang) ? args.lang : "zh-CN"];
	const money = (amount: number) => formatMinorUnits(amount, args.currency.decimals);
	const { columns } = texts;
	const header = [
		columns.id,
		fill(columns.time, { zone: shop.timezone }),
		columns.kind,
		fill(columns.amount, { currency: args.currency.code }),
		columns.available,
		columns.pending,
		columns.withdrawing,
		columns.orderNo,
		columns.withdrawalId,
		columns.note,
	];
	const rows: string[][] = lines.map((line) => {
		const shown = presentLine(line);
		const note = line.withdrawalId === null ? undefined : notes.get(line.withdrawalId);
		const noteText =
			shown.kind === "withdrawalReturned" ? note?.reason : shown.kind === "withdrawalPaid" ? note?.reference : null;
		return [
			String(shown.id),
			formatLocalTime(line.createdAt, shop.timezone),
			texts.kinds[shown.kind],
			money(shown.amount),
			money(shown.availableChange),
			money(shown.pendingChange),
			money(shown.withdrawingChange),
			shown.orderNo ?? "",
			shown.withdrawalId === null ? "" : String(shown.withdrawalId),
			noteText ? inertText(noteText) : "",
		];
	});
	if (truncated) rows.push([fill(texts.truncated, { max: EXPORT_MAX_LINES })]);
	const body = Readable.from([header, ...rows]).pipe(
		stringify({ bom: true, record_delimiter: "windows", quote_record_delimiter: true }),
	);
	return { fileName: exportFileName(shop, args.query, deps.clock.now()), body, lines: lines.length, truncated };
}

/** wallet-shop1-2026-05-01-to-2026-05-31.csv: plain ASCII, so every browser keeps the name. */
function exportFileName(shop: WalletShop, range: { from?: string | undefined; to?: string | undefined }, now: Date) {
	const to = range.to ?? formatLocalTime(now, shop.timezone).slice(0, 10);
	return `wallet-shop${shop.id}-${range.from ?? "start"}-to-${to}.csv`;
}
