import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { useReachBottom } from "../../../lib/use-reach-bottom";
import { useWalletText } from "../wallet-strings";
import { downloadStatementCsv, type StatementRange, type WalletSource, walletStatementQuery } from "./wallet-api";
import { dateInZone, groupByLocalDay } from "./wallet-format";

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The chosen dates live in the address (`from`, `to`), so coming back from an order's page
 * shows the same days; anything that is not a date is ignored.
 */
function useStatementRange(): [StatementRange, (range: StatementRange) => void] {
	const [params, setParams] = useSearchParams();
	const read = (name: string) => {
		const value = params.get(name);
		return value && LOCAL_DATE.test(value) ? value : undefined;
	};
	const range = { from: read("from"), to: read("to") };
	const setRange = (next: StatementRange) =>
		setParams(
			(current) => {
				const updated = new URLSearchParams(current);
				for (const name of ["from", "to"] as const) {
					const value = next[name];
					if (value) updated.set(name, value);
					else updated.delete(name);
				}
				return updated;
			},
			{ replace: true },
		);
	return [range, setRange];
}

/**
 * The statement's state and calls: the chosen days, the lines by cursor (more as the end comes
 * into view), grouped by local day with each day's net, and the CSV export of the chosen days.
 */
export function useWalletStatement(source: WalletSource, shopId: number, timeZone: string) {
	const { wt } = useWalletText();
	const [range, setRange] = useStatementRange();
	// Bumped by "all dates": the date pickers start over empty.
	const [resets, setResets] = useState(0);
	const statement = useInfiniteQuery({
		...walletStatementQuery(source, shopId, range),
		placeholderData: keepPreviousData,
	});
	const canLoadMore =
		statement.hasNextPage &&
		!statement.isFetchingNextPage &&
		!statement.isFetchNextPageError &&
		!statement.isPlaceholderData;
	const loadMore = () => void statement.fetchNextPage();
	useReachBottom(loadMore, canLoadMore);

	const pages = statement.data?.pages;
	const days = useMemo(
		() =>
			groupByLocalDay(
				(pages ?? []).flatMap((page) => page.lines),
				timeZone,
			),
		[pages, timeZone],
	);
	const dayNets = useMemo(() => {
		const nets = new Map<string, number>();
		for (const page of pages ?? []) for (const day of page.dayTotals) nets.set(day.date, day.net);
		return nets;
	}, [pages]);

	const today = dateInZone(new Date(), timeZone);
	const exportPath = source.exportPath;
	const [runExport, exporting] = useDebouncedSubmit(async () => {
		if (!exportPath) return;
		try {
			await downloadStatementCsv(exportPath, shopId, range);
			showToast(wt("statement.exported"));
		} catch (error) {
			showToast(wt("statement.exportFailed", { reason: errorText(error) }));
		}
	});
	const showAllDates = () => {
		setRange({});
		setResets((n) => n + 1);
	};

	return {
		range,
		setRange,
		resets,
		showAllDates,
		filtered: Boolean(range.from || range.to),
		today,
		statement,
		days,
		dayNets,
		canExport: Boolean(exportPath),
		runExport,
		exporting,
	};
}
