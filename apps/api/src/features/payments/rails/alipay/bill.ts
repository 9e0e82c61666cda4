import { unzipSync } from "fflate";
import type { StatementLine } from "../../gateway.js";
import { fromShanghaiTime, yuanToFen } from "./money.js";

/**
 * Alipay's trade bill of a day (bill_type "trade", from alipay.data.dataservice.bill.downloadurl.query):
 * a zip of CSV files in GBK, the detail ("…_业务明细.csv") and its totals ("…_业务明细(汇总).csv").
 * The detail has a few "#" lines of heading, one header row, a line per trade or refund, then
 * "#" lines of totals; its cells are often padded with tabs. Columns are found by their header,
 * so added or moved columns do not matter.
 */

const COLUMNS = {
	tradeNo: "支付宝交易号",
	outTradeNo: "商户订单号",
	kind: "业务类型",
	finishedAt: "完成时间",
	createdAt: "创建时间",
	amount: "订单金额（元）",
	refundRequestNo: "退款批次号/请求号",
} as const;

/** The statement lines of a bill as downloaded (the zip's bytes). Throws when it is not one. */
export function readTradeBill(zip: Uint8Array): StatementLine[] {
	const files = unzipSync(zip);
	const decoder = new TextDecoder("gbk");
	for (const [name, bytes] of Object.entries(files)) {
		if (!name.toLowerCase().endsWith(".csv")) continue;
		const lines = readDetail(decoder.decode(bytes));
		if (lines) return lines;
	}
	throw new Error("Alipay's bill holds no trade detail (no CSV with a 支付宝交易号 column)");
}

/** The lines of the detail CSV, or null when this CSV is not the detail (the totals file). */
export function readDetail(text: string): StatementLine[] | null {
	const rows = text
		.split(/\r?\n/)
		.filter((line) => line.trim() !== "" && !line.startsWith("#"))
		.map(splitCsvLine);
	const headerAt = rows.findIndex((row) => row.includes(COLUMNS.tradeNo));
	if (headerAt < 0) return null;
	const header = rows[headerAt] as string[];
	const at = (name: string) => {
		const index = header.indexOf(name);
		if (index < 0) throw new Error(`Alipay's bill has no column ${name}`);
		return index;
	};
	const index = {
		tradeNo: at(COLUMNS.tradeNo),
		outTradeNo: at(COLUMNS.outTradeNo),
		kind: at(COLUMNS.kind),
		finishedAt: at(COLUMNS.finishedAt),
		createdAt: at(COLUMNS.createdAt),
		amount: at(COLUMNS.amount),
		refundRequestNo: at(COLUMNS.refundRequestNo),
	};
	const lines: StatementLine[] = [];
	for (const row of rows.slice(headerAt + 1)) {
		const cell = (i: number) => (row[i] ?? "").trim();
		const kind = cell(index.kind);
		if (kind !== "交易" && kind !== "退款") continue;
		const signed = cell(index.amount);
		const amount = yuanToFen(signed.replace(/^-/, ""));
		const when = fromShanghaiTime(cell(index.finishedAt)) ?? fromShanghaiTime(cell(index.createdAt));
		if (amount === null || !when) throw new Error(`Alipay's bill has a line it cannot read: ${row.join(",")}`);
		const base = {
			paymentId: cell(index.outTradeNo),
			providerTxnId: cell(index.tradeNo),
			amount,
			currency: "CNY",
			at: when,
		};
		lines.push(
			kind === "交易"
				? { ...base, kind: "payment", status: "succeeded" }
				: { ...base, kind: "refund", refundId: cell(index.refundRequestNo), status: "succeeded" },
		);
	}
	return lines;
}

/** One CSV line's cells (quotes are honoured, though Alipay's bill does not use them). */
function splitCsvLine(line: string): string[] {
	const cells: string[] = [];
	let cell = "";
	let quoted = false;
	for (let i = 0; i < line.length; i++) {
		const char = line[i];
		if (quoted) {
			if (char === '"' && line[i + 1] === '"') {
				cell += '"';
				i++;
			} else if (char === '"') quoted = false;
			else cell += char;
		} else if (char === '"') quoted = true;
		else if (char === ",") {
			cells.push(cell);
			cell = "";
		} else cell += char;
	}
	cells.push(cell);
	return cells;
}
