import type { DayTotal, StatementLine, WalletStatementPage, WalletStatementQuery } from "@bayon/contract";
import type { z } from "zod";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { addDays, toLocalMoment } from "../../venues/hours.js";
import {
	findShopAccounts,
	type LedgerLine,
	ledgerLinesBetween,
	netPerLocalDay,
	type ShopAccounts,
	statementKindOf,
} from "./ledger-lines.js";
import { startOfLocalDay, type WalletShop } from "./wallet.js";

/** A statement's date range: the shop's local dates, both inclusive, either open. */
export interface LocalDateRange {
	from?: string | undefined;
	to?: string | undefined;
}

/** The instants a range of the shop's local dates covers: [from's midnight, the midnight after `to`). */
export function instantsOf(range: LocalDateRange, timezone: string): { from: Date | null; until: Date | null } {
	if (range.from && range.to && range.from > range.to) throw BusinessError.invalidField("to", "closureDatesReversed");
	return {
		from: range.from ? startOfLocalDay(range.from, timezone) : null,
		until: range.to ? startOfLocalDay(addDays(range.to, 1), timezone) : null,
	};
}

/** A txn id cursor; the schema let only digits through, this refuses the ones past a safe integer. */
export function cursorOf(cursor: string | undefined): number | null {
	if (cursor === undefined) return null;
	const id = Number(cursor);
	if (!Number.isSafeInteger(id)) throw BusinessError.invalidField("cursor", "fieldInvalid");
	return id;
}

export async function shopAccountsOf(deps: AppDeps, shop: WalletShop): Promise<ShopAccounts> {
	const found = await findShopAccounts(deps.db, { tenantId: shop.tenantId, shopIds: [shop.id] });
	return found.get(shop.id) as ShopAccounts;
}

export function presentLine(line: LedgerLine): StatementLine {
	return {
		id: line.id,
		kind: statementKindOf(line.txnKind, line.id),
		amount: line.availableChange + line.pendingChange + line.withdrawingChange,
		availableChange: line.availableChange,
		pendingChange: line.pendingChange,
		withdrawingChange: line.withdrawingChange,
		orderId: line.orderId,
		orderNo: line.orderNo,
		withdrawalId: line.withdrawalId,
		createdAt: line.createdAt.toISOString(),
	};
}

/**
 * `GET /merchant/wallet/statement`: the shop's money movements newest first, keyset-paged by
 * ledger txn id (a deep page costs what the first does), within the shop's local dates. With
 * each page, the whole-day net of every local day its lines fall on, so the page can head each
 * day with its total even when the day's lines run over two pages.
 */
export async function statementPage(
	deps: AppDeps,
	shop: WalletShop,
	query: z.output<typeof WalletStatementQuery>,
): Promise<WalletStatementPage> {
	const { from, until } = instantsOf(query, shop.timezone);
	const before = cursorOf(query.cursor);
	const accounts = await shopAccountsOf(deps, shop);
	const lines = await ledgerLinesBetween(deps.db, accounts, { from, until, before, limit: query.pageSize + 1 });
	const page = lines.slice(0, query.pageSize);
	return {
		lines: page.map(presentLine),
		nextCursor: lines.length > query.pageSize ? String((page.at(-1) as LedgerLine).id) : null,
		dayTotals: await dayTotalsOf(deps, shop, page),
	};
}

/** The whole-day nets of the local days some lines fall on, in the lines' order (newest day first). */
async function dayTotalsOf(deps: AppDeps, shop: WalletShop, lines: LedgerLine[]): Promise<DayTotal[]> {
	const days = [...new Set(lines.map((line) => toLocalMoment(line.createdAt, shop.timezone).date))];
	if (days.length === 0) return [];
	const sorted = [...days].sort();
	const nets = await netPerLocalDay(deps.db, {
		shopId: shop.id,
		from: sorted[0] as string,
		to: sorted.at(-1) as string,
	});
	return days.map((date) => ({ date, net: nets.get(date) ?? 0 }));
}
