import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { Paths } from "../../../lib/paths";
import { useReachBottom } from "../../../lib/use-reach-bottom";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { myReservationsQuery, useLiveReservations } from "../guest-api";
import { GUEST_TABS, tabFromQuery } from "../guest-booking";
import { useGuestText } from "../guest-strings";
import { GuestReservationRow } from "./guest-reservation-row";
import "../../ordering/orders/orders.css";
import "../guest-reservations.css";

/**
 * due/list (not in spec §2): the member's bookings under the spec's tabs (all −1, waiting 0,
 * cancelled 1, completed 3; statuses it does not name under the nearest tab), pull refresh,
 * more on reaching the end, live.
 */
export default function MyReservationsScreen() {
	const member = useRequireMember();
	const { gt, lang } = useGuestText();
	const [params, setParams] = useSearchParams();
	const tab = tabFromQuery(params.get("status"));
	const list = useInfiniteQuery({ ...myReservationsQuery(tab, lang), enabled: member !== null });
	useLiveReservations();
	useReachBottom(
		() => void list.fetchNextPage(),
		list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError,
	);
	const reservations = list.data?.pages.flatMap((page) => page.list) ?? [];

	return (
		<PullRefresh onRefresh={() => list.refetch()}>
			<div className="orders-page" data-testid="reservations-page">
				<div className="order-filters" role="tablist">
					{GUEST_TABS.map(({ tab: value, key }) => (
						<button
							key={value}
							type="button"
							role="tab"
							aria-selected={tab === value}
							className={`order-filter${tab === value ? " is-active" : ""}`}
							onClick={() => setParams({ status: String(value) }, { replace: true })}
							data-testid={`reservation-tab-${value}`}
						>
							{gt(key)}
						</button>
					))}
				</div>
				{!member || list.isPending ? (
					<LoadingState />
				) : list.isError && reservations.length === 0 ? (
					<ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
				) : reservations.length === 0 ? (
					<EmptyState title={gt("list.empty")}>
						<Link to={Paths.dueIndex} className="button button--primary" data-testid="reservations-book">
							{gt("list.book")}
						</Link>
					</EmptyState>
				) : (
					<>
						<ul className="guest-list" data-testid="reservation-list">
							{reservations.map((reservation) => (
								<GuestReservationRow key={reservation.id} reservation={reservation} />
							))}
						</ul>
						<div className="order-list__end" data-testid="reservation-list-end">
							{list.isFetchingNextPage ? (
								<LoadingState compact />
							) : list.isFetchNextPageError ? (
								<ErrorState compact message={errorText(list.error)} onRetry={() => void list.fetchNextPage()} />
							) : list.hasNextPage ? null : (
								<span>{gt("list.noMore")}</span>
							)}
						</div>
					</>
				)}
			</div>
		</PullRefresh>
	);
}
