import { DISCREPANCY_STATUSES, type DiscrepancyRail, type DiscrepancyView, PAY_RAILS } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { errorText } from "../../../../lib/api-client";
import { formatWallClock } from "../../../../lib/format";
import { showToast } from "../../../../lib/toast";
import { useDebouncedSubmit } from "../../../../lib/use-debounced-submit";
import {
	type DiscrepancyFilter,
	discrepanciesQuery,
	downloadDiscrepanciesCsv,
	statementRunsQuery,
} from "./discrepancies-api";

export const RAILS: readonly DiscrepancyRail[] = [...PAY_RAILS, "sandbox"];

function filterOf(params: URLSearchParams): DiscrepancyFilter {
	const status = DISCREPANCY_STATUSES.find((value) => value === params.get("status")) ?? "open";
	const rail = RAILS.find((value) => value === params.get("rail")) ?? null;
	const page = /^[1-9]\d{0,3}$/.test(params.get("page") ?? "") ? Number(params.get("page")) : 1;
	return { status, rail, page };
}

export type DiscrepancyViewChange = Partial<Record<"status" | "rail" | "page", string | null>>;

/**
 * The page's state and calls: the view kept in the address (status, rail, page), the list (read
 * again every minute) and the statement runs, the difference being resolved, and the CSV export.
 */
export function useDiscrepancies() {
	const [params, setParams] = useSearchParams();
	const filter = filterOf(params);
	const list = useQuery({ ...discrepanciesQuery(filter), refetchInterval: 60_000 });
	const runs = useQuery(statementRunsQuery);
	const [resolving, setResolving] = useState<DiscrepancyView | null>(null);

	const setView = (change: DiscrepancyViewChange) =>
		setParams(
			(current) => {
				const next = new URLSearchParams(current);
				for (const [key, value] of Object.entries(change)) {
					if (value === null || value === undefined) next.delete(key);
					else next.set(key, value);
				}
				return next;
			},
			{ replace: true },
		);

	const [exportCsv, exporting] = useDebouncedSubmit(async () => {
		try {
			// Today in Beijing time (the sandbox's statement zone), as wallClock reads it.
			const now = new Date().toISOString();
			await downloadDiscrepanciesCsv(filter.rail, (formatWallClock(now, "Asia/Shanghai") ?? now).slice(0, 10));
		} catch (error) {
			showToast(errorText(error));
		}
	});

	const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

	return { filter, list, runs, resolving, setResolving, setView, exportCsv, exporting, pages };
}

export type DiscrepanciesState = ReturnType<typeof useDiscrepancies>;
