import type { PlatformShopWallets, WalletDailyEarnings, WalletStatementPage, WalletSummary } from "@bayon/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * The wallet's calls (issue 14, contract merchant-wallet.ts). The owner reads their shop's
 * wallet under /merchant/wallet; a platform operator reads any shop's under /platform/wallet,
 * the same answers without the chart and the export. The screens show every error themselves,
 * so nothing here toasts.
 */

export type WalletScope = "merchant" | "platform";

/** Where one reader's wallet calls go; null where that reader has no such call. */
export interface WalletSource {
	scope: WalletScope;
	summaryPath: string;
	statementPath: string;
	dailyPath: string | null;
	exportPath: string | null;
}

export const ownerWalletSource: WalletSource = {
	scope: "merchant",
	summaryPath: "/merchant/wallet",
	statementPath: "/merchant/wallet/statement",
	dailyPath: "/merchant/wallet/daily",
	exportPath: "/merchant/wallet/export",
};

export const platformWalletSource: WalletSource = {
	scope: "platform",
	summaryPath: "/platform/wallet",
	statementPath: "/platform/wallet/statement",
	dailyPath: null,
	exportPath: null,
};

/** Lines per statement page (the server allows up to its pageSizeMax). */
export const STATEMENT_PAGE_SIZE = 20;

/** The statement's date filter: the shop's local dates, both inclusive, either may be open. */
export interface StatementRange {
	from?: string | undefined;
	to?: string | undefined;
}

/**
 * Query keys. Everything of one shop's wallet sits under `shop(scope, shopId)`, so a
 * `wallet.changed` of that shop refetches it all in one invalidation (the withdrawal pages
 * may invalidate it too after a withdrawal).
 */
export const walletKeys = {
	all: ["merchantWallet"] as const,
	scope: (scope: WalletScope) => ["merchantWallet", scope] as const,
	shop: (scope: WalletScope, shopId: number) => ["merchantWallet", scope, "shop", shopId] as const,
	summary: (scope: WalletScope, shopId: number) => ["merchantWallet", scope, "shop", shopId, "summary"] as const,
	daily: (scope: WalletScope, shopId: number) => ["merchantWallet", scope, "shop", shopId, "daily"] as const,
	statement: (scope: WalletScope, shopId: number, range: StatementRange) =>
		["merchantWallet", scope, "shop", shopId, "statement", range.from ?? "", range.to ?? ""] as const,
	platformShops: ["merchantWallet", "platform", "shops"] as const,
};

const quiet = { toast: false } as const;

export const walletSummaryQuery = (source: WalletSource, shopId: number) =>
	queryOptions({
		queryKey: walletKeys.summary(source.scope, shopId),
		queryFn: ({ signal }) => api.get<WalletSummary>(source.summaryPath, { shopId }, { ...quiet, signal }),
	});

export const walletDailyQuery = (source: WalletSource & { dailyPath: string }, shopId: number) =>
	queryOptions({
		queryKey: walletKeys.daily(source.scope, shopId),
		queryFn: ({ signal }) => api.get<WalletDailyEarnings>(source.dailyPath, { shopId }, { ...quiet, signal }),
	});

/** The statement newest first, page after page by cursor, within `range`. */
export const walletStatementQuery = (source: WalletSource, shopId: number, range: StatementRange) =>
	infiniteQueryOptions({
		queryKey: walletKeys.statement(source.scope, shopId, range),
		initialPageParam: null as string | null,
		queryFn: ({ pageParam, signal }) =>
			api.get<WalletStatementPage>(
				source.statementPath,
				{ shopId, from: range.from, to: range.to, cursor: pageParam ?? undefined, pageSize: STATEMENT_PAGE_SIZE },
				{ ...quiet, signal },
			),
		getNextPageParam: (last) => last.nextCursor ?? undefined,
	});

export const platformShopsQuery = queryOptions({
	queryKey: walletKeys.platformShops,
	queryFn: ({ signal }) => api.get<PlatformShopWallets>("/platform/shops", undefined, { ...quiet, signal }),
});

/**
 * Downloads the statement of `range` as CSV. The call needs the owner's token, so the file is
 * fetched through the request layer (its headers, its token refresh) and saved from a Blob;
 * a refusal arrives as an envelope and rejects like any other call.
 */
export async function downloadStatementCsv(exportPath: string, shopId: number, range: StatementRange): Promise<void> {
	const answer = await api.get<Blob>(
		exportPath,
		{ shopId, from: range.from, to: range.to },
		{ ...quiet, file: true, loading: true },
	);
	const blob = answer instanceof Blob ? answer : new Blob([String(answer)], { type: "text/csv" });
	const url = URL.createObjectURL(blob);
	const link = document.createElement("a");
	link.href = url;
	link.download = statementFileName(shopId, range);
	document.body.append(link);
	link.click();
	link.remove();
	// Give the browser time to start the download before the URL goes.
	setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** wallet-3-2026-11-01-2026-11-24.csv; an open end reads "start" / "today". */
export function statementFileName(shopId: number, range: StatementRange): string {
	return `wallet-${shopId}-${range.from ?? "start"}-${range.to ?? "today"}.csv`;
}
