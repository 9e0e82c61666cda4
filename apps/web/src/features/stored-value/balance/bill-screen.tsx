import { BILL_DIRECTIONS, type BillDirection, type BillPage } from "@bayon/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { formatMonth } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { useReachBottom } from "../../../lib/use-reach-bottom";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { billQuery, useLiveBalance } from "../guest-api";
import { directionFromQuery, uniqueEntries } from "../guest-bill";
import { type StoredValueKey, useStoredValueText } from "../guest-strings";
import { GuestBillRow } from "./guest-bill-row";
import "../guest-stored-value.css";

const EMPTY_TITLES: Record<BillDirection, StoredValueKey> = {
	all: "bill.emptyTitle",
	in: "bill.emptyTitleIn",
	out: "bill.emptyTitleOut",
};

/**
 * balance/bill: every movement of the member's balance, newest first, read from the ledger:
 * tabs all / in / out, this month's totals, the kind, what it was for, the signed amount and
 * the balance after it; more on reaching the end (by cursor), pull to refresh, live.
 */
export default function BillScreen() {
	const member = useRequireMember();
	const { st } = useStoredValueText();
	const [params, setParams] = useSearchParams();
	const direction = directionFromQuery(params.get("direction"));
	const bill = useInfiniteQuery({ ...billQuery(direction), enabled: member !== null });
	useLiveBalance();
	useReachBottom(
		() => void bill.fetchNextPage(),
		bill.hasNextPage && !bill.isFetchingNextPage && !bill.isFetchNextPageError,
	);
	const entries = uniqueEntries(bill.data?.pages ?? []);
	const first = bill.data?.pages[0];

	return (
		<PullRefresh onRefresh={() => bill.refetch()}>
			<div className="sv-bill" data-testid="bill-page">
				<div className="sv-tabs" role="tablist">
					{BILL_DIRECTIONS.map((value) => (
						<button
							key={value}
							type="button"
							role="tab"
							aria-selected={direction === value}
							className={`sv-tab${direction === value ? " is-active" : ""}`}
							onClick={() => setParams(value === "all" ? {} : { direction: value }, { replace: true })}
							data-testid={`bill-tab-${value}`}
						>
							{st(`tab.${value}`)}
						</button>
					))}
				</div>
				{first && <MonthSummary page={first} />}
				{!member || bill.isPending ? (
					<LoadingState />
				) : bill.isError && entries.length === 0 ? (
					<ErrorState message={errorText(bill.error)} onRetry={() => void bill.refetch()} />
				) : entries.length === 0 ? (
					<EmptyState title={st(EMPTY_TITLES[direction])}>
						<p className="sv-hint sv-empty-hint">{st("bill.emptyHint")}</p>
						<Link to={Paths.balance} className="button button--primary" data-testid="bill-recharge">
							{st("bill.recharge")}
						</Link>
					</EmptyState>
				) : (
					<>
						<ul className="card sv-entries" data-testid="bill-list">
							{entries.map((entry) => (
								<GuestBillRow key={entry.id} entry={entry} />
							))}
						</ul>
						<div className="sv-list-end" data-testid="bill-list-end">
							{bill.isFetchingNextPage ? (
								<LoadingState compact />
							) : bill.isFetchNextPageError ? (
								<ErrorState compact message={errorText(bill.error)} onRetry={() => void bill.fetchNextPage()} />
							) : bill.hasNextPage ? null : (
								<span>{st("bill.noMore")}</span>
							)}
						</div>
					</>
				)}
			</div>
		</PullRefresh>
	);
}

/** This calendar month's money in and out (the tenant's month, all directions) and the balance now. */
function MonthSummary({ page }: { page: BillPage }) {
	const { st, lang } = useStoredValueText();
	const money = useMoney();
	const labels = useDateLabels();
	return (
		<section
			className="card sv-month"
			data-testid="bill-month"
			aria-label={formatMonth(page.month.month, lang, labels)}
		>
			<div className="sv-month__head">
				<span className="sv-month__name" data-testid="bill-month-name">
					{formatMonth(page.month.month, lang, labels)}
				</span>
				<span className="sv-hint" data-testid="bill-balance">
					{st("entry.balanceAfter", { amount: money(page.balance) })}
				</span>
			</div>
			<dl className="sv-month__totals">
				<div>
					<dt>{st("month.in")}</dt>
					<dd className="is-in" data-testid="bill-month-in">
						+{money(page.month.in)}
					</dd>
				</div>
				<div>
					<dt>{st("month.out")}</dt>
					<dd data-testid="bill-month-out">{money(-Math.abs(page.month.out))}</dd>
				</div>
			</dl>
		</section>
	);
}
