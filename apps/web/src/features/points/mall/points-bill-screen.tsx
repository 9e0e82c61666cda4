import type { PointsEntry } from "@bayon/contract";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { formatPoints } from "../../../lib/format";
import { Paths } from "../../../lib/paths";
import { refetchActive } from "../../../lib/query-client";
import { useReachBottom } from "../../../lib/use-reach-bottom";
import { ChevronIcon, WarningIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { pointsBillQuery, pointsSummaryQuery, useLivePoints } from "../guest-api";
import { usePointsText } from "../guest-strings";
import { PointsEntryRow } from "./guest-points-entry-row";
import "../../../ui/controls.css";
import "../guest-points.css";

/** Entries of every loaded page, newest first, each once (a page fetched again may overlap the next). */
function uniqueEntries(pages: readonly { entries: readonly PointsEntry[] }[]): PointsEntry[] {
	const seen = new Set<number>();
	const entries: PointsEntry[] = [];
	for (const page of pages)
		for (const entry of page.entries) {
			if (seen.has(entry.id)) continue;
			seen.add(entry.id);
			entries.push(entry);
		}
	return entries;
}

/**
 * The points bill ("my points", Paths.pointsBill): the balance and every change to it, newest
 * first, read from the ledger: what it was, the order or reward it was for, the signed amount
 * and the balance after; more on reaching the end (by cursor), pull to refresh.
 */
export default function PointsBillScreen() {
	const member = useRequireMember();
	const { pt, lang } = usePointsText();
	const memberId = member?.id ?? 0;
	const summary = useQuery({ ...pointsSummaryQuery(memberId), enabled: member !== null });
	const bill = useInfiniteQuery({ ...pointsBillQuery(lang, memberId), enabled: member !== null });
	useLivePoints();
	useReachBottom(
		() => void bill.fetchNextPage(),
		bill.hasNextPage && !bill.isFetchingNextPage && !bill.isFetchNextPageError,
	);
	const entries = uniqueEntries(bill.data?.pages ?? []);
	const balance = summary.data?.balance ?? member?.points ?? null;

	return (
		<PullRefresh onRefresh={refetchActive}>
			<div className="pt-page" data-testid="points-bill">
				<section className="pt-header pt-header--bill" aria-labelledby="pt-bill-balance-label">
					<span className="pt-header__label" id="pt-bill-balance-label">
						{pt("bill.balance")}
					</span>
					<strong className="pt-header__points" data-testid="points-bill-balance">
						{balance === null ? "--" : formatPoints(balance)}
					</strong>
					<Link to={Paths.scoreProductList} className="pt-header__more" data-testid="points-bill-mall">
						{pt("bill.browse")}
						<ChevronIcon aria-hidden="true" />
					</Link>
				</section>
				{balance !== null && balance < 0 && (
					<p className="pt-refused" role="note" data-testid="points-bill-negative">
						<WarningIcon className="pt-refused__icon" aria-hidden="true" />
						<span>{pt("bill.negative")}</span>
					</p>
				)}
				{!member || bill.isPending ? (
					<LoadingState />
				) : bill.isError && entries.length === 0 ? (
					<ErrorState message={errorText(bill.error)} onRetry={() => void bill.refetch()} />
				) : entries.length === 0 ? (
					<EmptyState title={pt("bill.empty")}>
						<p className="pt-hint pt-empty-hint">{pt("bill.emptyHint")}</p>
					</EmptyState>
				) : (
					<>
						<ul className="card pt-entries" data-testid="points-bill-list">
							{entries.map((entry) => (
								<PointsEntryRow key={entry.id} entry={entry} />
							))}
						</ul>
						<div className="pt-list-end" data-testid="points-bill-end">
							{bill.isFetchingNextPage ? (
								<LoadingState compact />
							) : bill.isFetchNextPageError ? (
								<ErrorState compact message={errorText(bill.error)} onRetry={() => void bill.fetchNextPage()} />
							) : bill.hasNextPage ? null : (
								<span>{pt("bill.noMore")}</span>
							)}
						</div>
					</>
				)}
			</div>
		</PullRefresh>
	);
}
