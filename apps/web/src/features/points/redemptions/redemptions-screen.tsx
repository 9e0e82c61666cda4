import { REDEMPTION_STATUSES, type RedemptionStatus, type RedemptionView } from "@bayon/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { Paths } from "../../../lib/paths";
import { useReachBottom } from "../../../lib/use-reach-bottom";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { redemptionsQuery, useLivePoints } from "../guest-api";
import { usePointsText } from "../guest-strings";
import { RedemptionRow } from "./guest-redemption-row";
import "../../../ui/controls.css";
import "../guest-points.css";

type Tab = RedemptionStatus | "all";
const TABS: readonly Tab[] = ["all", ...REDEMPTION_STATUSES];

/** The tab from `?status=`: anything unknown reads as all. */
function tabFromQuery(value: string | null): Tab {
	return (TABS as readonly string[]).includes(value ?? "") ? (value as Tab) : "all";
}

/** Rows of every loaded page, each once: a page fetched again after a change may overlap the next. */
function uniqueRows(pages: readonly { list: readonly RedemptionView[] }[]): RedemptionView[] {
	const seen = new Set<number>();
	const rows: RedemptionView[] = [];
	for (const page of pages)
		for (const row of page.list) {
			if (seen.has(row.id)) continue;
			seen.add(row.id);
			rows.push(row);
		}
	return rows;
}

/**
 * scoreproduct/order: the member's redemptions, newest first: all, to collect or ship, shipped,
 * received, cancelled; more on reaching the end, pull to refresh.
 */
export default function RedemptionsScreen() {
	const member = useRequireMember();
	const { pt, lang } = usePointsText();
	const [params, setParams] = useSearchParams();
	const tab = tabFromQuery(params.get("status"));
	const list = useInfiniteQuery({ ...redemptionsQuery(tab, lang, member?.id ?? 0), enabled: member !== null });
	useLivePoints();
	useReachBottom(
		() => void list.fetchNextPage(),
		list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError,
	);
	const redemptions = uniqueRows(list.data?.pages ?? []);

	return (
		<PullRefresh onRefresh={() => list.refetch()}>
			<div className="pt-list-page" data-testid="redemptions-page">
				<div className="pt-tabs" role="tablist">
					{TABS.map((value) => (
						<button
							key={value}
							type="button"
							role="tab"
							aria-selected={tab === value}
							className={`pt-tab${tab === value ? " is-active" : ""}`}
							onClick={() => setParams(value === "all" ? {} : { status: value }, { replace: true })}
							data-testid={`redemptions-tab-${value}`}
						>
							{pt(`tab.${value}`)}
						</button>
					))}
				</div>
				{!member || list.isPending ? (
					<LoadingState />
				) : list.isError && redemptions.length === 0 ? (
					<ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
				) : redemptions.length === 0 ? (
					<EmptyState title={pt("list.empty")}>
						<p className="pt-hint pt-empty-hint">{pt("list.emptyHint")}</p>
						<Link to={Paths.scoreProductList} className="button button--primary" data-testid="redemptions-browse">
							{pt("list.browse")}
						</Link>
					</EmptyState>
				) : (
					<>
						<ul className="pt-redemptions" data-testid="redemptions-list">
							{redemptions.map((redemption) => (
								<RedemptionRow key={redemption.id} redemption={redemption} />
							))}
						</ul>
						<div className="pt-list-end" data-testid="redemptions-end">
							{list.isFetchingNextPage ? (
								<LoadingState compact />
							) : list.isFetchNextPageError ? (
								<ErrorState compact message={errorText(list.error)} onRetry={() => void list.fetchNextPage()} />
							) : list.hasNextPage ? null : (
								<span>{pt("list.noMore")}</span>
							)}
						</div>
					</>
				)}
			</div>
		</PullRefresh>
	);
}
