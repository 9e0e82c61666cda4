import { OrderListFilter } from "@bayon/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { useReachBottom } from "../../../lib/use-reach-bottom";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { orderListQuery } from "./api";
import { OrderCard } from "./order-card";
import { useLiveOrders } from "./use-live-orders";
import "./orders.css";

const FILTERS = [
	["all", OrderListFilter.All],
	["pendingPayment", OrderListFilter.PendingPayment],
	["inProgress", OrderListFilter.InProgress],
	["completed", OrderListFilter.Completed],
	["refund", OrderListFilter.Refund],
] as const;

const VALID: ReadonlySet<number> = new Set(FILTERS.map(([, value]) => value));

/** orders/orders: order history by the spec's filter, infinite scroll (50 px) and pull refresh. */
export default function OrdersScreen() {
	const { t, lang } = useI18n();
	const [params, setParams] = useSearchParams();
	const requested = Number(params.get("type") ?? OrderListFilter.All);
	const type = VALID.has(requested) ? requested : OrderListFilter.All;
	const list = useInfiniteQuery(orderListQuery(type, lang));
	useLiveOrders();
	useReachBottom(
		() => void list.fetchNextPage(),
		list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError,
	);
	const orders = list.data?.pages.flatMap((page) => page.list) ?? [];

	return (
		<PullRefresh onRefresh={() => list.refetch()}>
			<div className="orders-page" data-testid="orders-page">
				<div className="order-filters" role="tablist">
					{FILTERS.map(([name, value]) => (
						<button
							key={name}
							type="button"
							role="tab"
							aria-selected={type === value}
							className={`order-filter${type === value ? " is-active" : ""}`}
							onClick={() => setParams({ type: String(value) }, { replace: true })}
							data-testid={`order-filter-${value}`}
						>
							{t(`orders.filter.${name}`)}
						</button>
					))}
				</div>
				{list.isPending ? (
					<LoadingState />
				) : list.isError && orders.length === 0 ? (
					<ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
				) : orders.length === 0 ? (
					<EmptyState title={t("orders.empty")} />
				) : (
					<>
						<ul className="order-cards" data-testid="order-list">
							{orders.map((order) => (
								<OrderCard key={order.id} order={order} />
							))}
						</ul>
						<div className="order-list__end" data-testid="order-list-end">
							{list.isFetchingNextPage ? (
								<LoadingState compact />
							) : list.isFetchNextPageError ? (
								<ErrorState compact message={errorText(list.error)} onRetry={() => void list.fetchNextPage()} />
							) : list.hasNextPage ? null : (
								<span>{t("orders.noMore")}</span>
							)}
						</div>
					</>
				)}
			</div>
		</PullRefresh>
	);
}
