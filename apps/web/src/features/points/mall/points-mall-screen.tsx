import { Limits } from "@bayon/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { refetchActive } from "../../../lib/query-client";
import { useAppState } from "../../../lib/store";
import { SearchIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { pointsItemsQuery, useLivePoints } from "../guest-api";
import { usePointsText } from "../guest-strings";
import { PointsItemTile } from "./guest-item-tile";
import { PointsHeader } from "./guest-points-header";
import "../../../ui/controls.css";
import "../guest-points.css";

const KEYWORD_MAX = 30;

/**
 * scoreproduct/list: the points mall. The member's points (to the points bill), how points are
 * earned and their redemptions; a visitor is asked to sign in. Items in two columns, searched by
 * name as the member types (debounced, kept in `?keyword=` so "back" returns to the same search).
 */
export default function PointsMallScreen() {
	const { pt, lang } = usePointsText();
	const searchId = useId();
	const memberId = useAppState((s) => s.member?.id ?? null);
	const [params, setParams] = useSearchParams();
	const keyword = (params.get("keyword") ?? "").trim();
	const [typed, setTyped] = useState(keyword);
	const items = useQuery({ ...pointsItemsQuery(lang, memberId, keyword), placeholderData: keepPreviousData });
	useLivePoints();

	// The typed text once it has rested for the spec's debounce (§9) becomes the search.
	useEffect(() => {
		const settled = typed.trim();
		if (settled === keyword) return;
		const timer = setTimeout(
			() => setParams(settled ? { keyword: settled } : {}, { replace: true }),
			Limits.debounceMs,
		);
		return () => clearTimeout(timer);
	}, [typed, keyword, setParams]);

	let body: ReactNode;
	if (items.isPending) body = <LoadingState />;
	else if (items.isError && !items.data)
		body = <ErrorState message={errorText(items.error)} onRetry={() => void items.refetch()} />;
	else if (items.data.length === 0)
		body = keyword ? (
			<EmptyState title={pt("mall.noMatch", { keyword })} />
		) : (
			<EmptyState title={pt("mall.empty")}>
				<p className="pt-hint pt-empty-hint">{pt("mall.emptyHint")}</p>
			</EmptyState>
		);
	else
		body = (
			<ul className="pt-grid" data-testid="points-items" aria-busy={items.isPlaceholderData}>
				{items.data.map((item) => (
					<li key={item.id}>
						<PointsItemTile item={item} />
					</li>
				))}
			</ul>
		);

	return (
		<PullRefresh onRefresh={refetchActive}>
			<div className="pt-page" data-testid="points-mall">
				<PointsHeader />
				<label className="pt-search" htmlFor={searchId}>
					<SearchIcon className="pt-search__icon" />
					<span className="visually-hidden">{pt("mall.search")}</span>
					<input
						id={searchId}
						className="pt-search__input"
						type="search"
						enterKeyHint="search"
						value={typed}
						maxLength={KEYWORD_MAX}
						placeholder={pt("mall.searchPlaceholder")}
						onChange={(event) => setTyped(event.target.value)}
						data-testid="points-search"
					/>
				</label>
				{body}
			</div>
		</PullRefresh>
	);
}
