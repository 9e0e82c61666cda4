import type {
	DiscrepancyPage,
	DiscrepancyRail,
	DiscrepancyStatus,
	DiscrepancyView,
	ResolveDiscrepancyInput,
	StatementRunsAnswer,
} from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../../lib/api-client";

/**
 * The operator's payment differences (issue 29 item 8, contract payments/statements.ts): the
 * list, resolving one, the CSV of the open ones, and the daily statement runs. The page shows
 * every error itself, so nothing here toasts.
 */

export interface DiscrepancyFilter {
	status: DiscrepancyStatus;
	rail: DiscrepancyRail | null;
	page: number;
}

export const discrepancyKeys = {
	all: ["platform", "payment-discrepancies"] as const,
	list: (filter: DiscrepancyFilter) =>
		["platform", "payment-discrepancies", "list", filter.status, filter.rail ?? "all", filter.page] as const,
	runs: ["platform", "payment-discrepancies", "runs"] as const,
};

const quiet = { toast: false } as const;

export const discrepanciesQuery = (filter: DiscrepancyFilter) =>
	queryOptions({
		queryKey: discrepancyKeys.list(filter),
		queryFn: ({ signal }) =>
			api.get<DiscrepancyPage>(
				"/platform/payments/discrepancies",
				{ status: filter.status, rail: filter.rail ?? undefined, page: filter.page },
				{ ...quiet, signal },
			),
	});

export const statementRunsQuery = queryOptions({
	queryKey: discrepancyKeys.runs,
	queryFn: ({ signal }) =>
		api.get<StatementRunsAnswer>("/platform/payments/statement-runs", undefined, { ...quiet, signal }),
});

export function resolveDiscrepancy(input: ResolveDiscrepancyInput): Promise<DiscrepancyView> {
	return api.post<DiscrepancyView>("/platform/payments/discrepancies/resolve", input, quiet);
}

/**
 * Downloads the open differences (of one rail, or all) as CSV through the request layer (its
 * token and refresh), saved from a Blob; a refusal arrives as an envelope and rejects.
 */
export async function downloadDiscrepanciesCsv(rail: DiscrepancyRail | null, today: string): Promise<void> {
	const answer = await api.get<Blob>(
		"/platform/payments/discrepancies.csv",
		{ rail: rail ?? undefined },
		{ ...quiet, file: true, loading: true },
	);
	const blob = answer instanceof Blob ? answer : new Blob([String(answer)], { type: "text/csv" });
	const url = URL.createObjectURL(blob);
	const link = document.createElement("a");
	link.href = url;
	link.download = `payment-differences-${rail ?? "all"}-${today}.csv`;
	document.body.append(link);
	link.click();
	link.remove();
	// Give the browser time to start the download before the URL goes.
	setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
