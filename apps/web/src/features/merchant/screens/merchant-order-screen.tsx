import type { MerchantShopRef } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { queryClient } from "../../../lib/query-client";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { boardQuery, merchantKeys, openBillsQuery } from "../api";
import { BOARD_GROUPS, type BoardGroup, groupBoard, needsAttention } from "../board";
import { boardAlarm, unlockAlarmSound, useRingingOrders } from "../board-alarm";
import { OpenBills } from "../components/open-bills";
import { OrderCard } from "../components/order-card";
import { StaffOrderSheet } from "../components/staff-order-sheet";
import { useShopOrderEvents } from "../live";
import { MerchantGuard } from "../merchant-guard";
import { useMerchantText } from "../strings";
import { useOrderActions } from "../use-order-actions";

const groupLabels = {
	new: "board.tab.new",
	production: "board.tab.production",
	ready: "board.tab.ready",
	refunds: "board.tab.refunds",
} as const;

/** merchant/order: the live board of the shop's new and in-progress orders. */
export default function MerchantOrderScreen() {
	return <MerchantGuard>{(shop) => <Board shop={shop} />}</MerchantGuard>;
}

function Board({ shop }: { shop: MerchantShopRef }) {
	const { mt } = useMerchantText();
	const [tab, setTab] = useState<BoardGroup | "bills">("new");
	const [ordering, setOrdering] = useState(false);
	// A safety net under the websocket: a missed event still shows within 30 s.
	const board = useQuery({ ...boardQuery(shop.shopId), refetchInterval: 30_000 });
	const alarm = boardAlarm();
	const ringing = useRingingOrders();
	const actions = useOrderActions((orderId) => alarm.acknowledge(orderId));

	const refetch = () => void queryClient.invalidateQueries({ queryKey: merchantKeys.all });
	useShopOrderEvents(shop.shopId, refetch, refetch);

	const orders = board.data?.list;
	const groups = useMemo(() => groupBoard(orders ?? []), [orders]);

	useEffect(() => {
		if (!orders) return;
		alarm.sync(orders.filter(needsAttention).map((order) => order.id));
	}, [orders, alarm]);
	// Leaving the board silences it; unacknowledged orders ring again on return.
	useEffect(() => () => alarm.sync([]), [alarm]);

	const bills = useQuery(openBillsQuery(shop.shopId));
	const list = tab === "bills" ? [] : groups[tab];
	return (
		<div className="merchant merchant-board" onPointerDown={unlockAlarmSound} data-testid="merchant-board">
			{ringing.length > 0 && (
				<div className="merchant-alert" role="alert" data-testid="merchant-alert" data-count={ringing.length}>
					<span className="merchant-alert__bell" aria-hidden="true">
						!
					</span>
					<span className="merchant-alert__text">{mt("board.alert", { count: ringing.length })}</span>
					<button
						type="button"
						className="button button--primary button--small"
						onClick={() => alarm.acknowledge()}
						data-testid="merchant-ack"
					>
						{mt("board.ack")}
					</button>
				</div>
			)}
			<div className="merchant-board__bar">
				<h2 className="merchant-board__shop">{shop.shopName}</h2>
				<button
					type="button"
					className="button button--ghost button--small"
					onClick={() => setOrdering(true)}
					data-testid="merchant-order-for-customer"
				>
					{mt("board.orderForCustomer")}
				</button>
			</div>
			<div className="merchant-tabs" role="tablist">
				{BOARD_GROUPS.map((group) => (
					<button
						key={group}
						type="button"
						role="tab"
						aria-selected={tab === group}
						className={`merchant-tabs__tab${tab === group ? " is-selected" : ""}`}
						onClick={() => setTab(group)}
						data-testid={`merchant-tab-${group}`}
					>
						{mt(groupLabels[group])}
						{groups[group].length > 0 && (
							<span className="merchant-tabs__count" data-testid={`merchant-tab-count-${group}`}>
								{groups[group].length}
							</span>
						)}
					</button>
				))}
				<button
					type="button"
					role="tab"
					aria-selected={tab === "bills"}
					className={`merchant-tabs__tab${tab === "bills" ? " is-selected" : ""}`}
					onClick={() => setTab("bills")}
					data-testid="merchant-tab-bills"
				>
					{mt("board.tab.bills")}
					{(bills.data?.length ?? 0) > 0 && (
						<span className="merchant-tabs__count" data-testid="merchant-tab-count-bills">
							{bills.data?.length}
						</span>
					)}
				</button>
			</div>
			{tab === "bills" ? (
				<OpenBills shop={shop} />
			) : board.isPending ? (
				<LoadingState />
			) : board.isError && !orders ? (
				<ErrorState onRetry={() => void board.refetch()} />
			) : list.length === 0 ? (
				<EmptyState title={mt("board.empty")} compact />
			) : (
				<div className="merchant-board__list" role="tabpanel">
					{list.map((order) => (
						<OrderCard
							key={order.id}
							order={order}
							actions={actions}
							ringing={ringing.includes(order.id)}
							onOpen={(id) => alarm.acknowledge(id)}
						/>
					))}
				</div>
			)}
			{actions.dialogs}
			<StaffOrderSheet open={ordering} shopId={shop.shopId} onClose={() => setOrdering(false)} />
		</div>
	);
}
