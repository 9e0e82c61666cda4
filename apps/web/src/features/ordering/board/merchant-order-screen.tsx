import type { MerchantShopRef, OrderView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { queryClient } from "../../../lib/query-client";
import { prepareAlarmSound, unlockAlarmSound } from "../../../lib/staff/alarm-sound";
import { useShopOrderEvents } from "../../../lib/staff/live";
import { useNow } from "../../../lib/use-now";
import { AlarmSoundPrompt, AlarmSoundSwitch, RingingAlert } from "../../../ui/staff/alarm-sound-controls";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { useMerchantText } from "../../../ui/staff/strings";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { boardQuery, merchantKeys, openBillsQuery } from "./api";
import { BOARD_GROUPS, type BoardGroup, groupBoard, needsAttention } from "./board";
import { boardAlarm, useRingingOrders } from "./board-alarm";
import { OpenBills } from "./open-bills";
import { OrderCard } from "./order-card";
import { StaffOrderSheet } from "./staff-order-sheet";
import { useOrderActions } from "./use-order-actions";

const groupLabels = {
	new: "board.tab.new",
	production: "board.tab.production",
	ready: "board.tab.ready",
	refunds: "board.tab.refunds",
} as const;

/**
 * From this width (a counter tablet) the board shows every state side by side, each column
 * scrolling on its own; narrower (a phone) it shows one state at a time under tabs. The same
 * width widens the page beyond the phone column in merchant.css.
 */
const COLUMNS_QUERY = "(min-width: 768px)";

function subscribeToWidth(listener: () => void): () => void {
	const query = globalThis.matchMedia?.(COLUMNS_QUERY);
	query?.addEventListener("change", listener);
	return () => query?.removeEventListener("change", listener);
}

function useColumns(): boolean {
	const matches = () => globalThis.matchMedia?.(COLUMNS_QUERY).matches ?? false;
	return useSyncExternalStore(subscribeToWidth, matches, () => false);
}

/** merchant/order: the live board of the shop's new and in-progress orders. */
export default function MerchantOrderScreen() {
	return <StaffShop>{(shop) => <Board shop={shop} />}</StaffShop>;
}

function Board({ shop }: { shop: MerchantShopRef }) {
	const { mt } = useMerchantText();
	const columns = useColumns();
	// `?tab=bills` opens the tables to pay (the arrival panel links there after seating a party).
	const [searchParams] = useSearchParams();
	const [tab, setTab] = useState<BoardGroup | "bills">(searchParams.get("tab") === "bills" ? "bills" : "new");
	const [ordering, setOrdering] = useState(false);
	// A safety net under the websocket: a missed event still shows within 30 s.
	const board = useQuery({ ...boardQuery(shop.shopId), refetchInterval: 30_000 });
	const alarm = boardAlarm();
	const ringing = useRingingOrders();
	const actions = useOrderActions((orderId) => alarm.acknowledge(orderId));
	// Each card says how long ago its order came in: one clock for the board keeps them current.
	const now = useNow(true, 30_000);

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
	useEffect(prepareAlarmSound, []);

	const bills = useQuery(openBillsQuery(shop.shopId));
	const billCount = bills.data?.length ?? 0;
	const card = (order: OrderView) => (
		<OrderCard
			key={order.id}
			order={order}
			actions={actions}
			now={now}
			ringing={ringing.includes(order.id)}
			onOpen={(id) => alarm.acknowledge(id)}
		/>
	);
	const ordersBody = (render: () => ReactNode) =>
		board.isPending ? (
			<LoadingState />
		) : board.isError && !orders ? (
			<ErrorState onRetry={() => void board.refetch()} />
		) : (
			render()
		);

	return (
		<div
			className={`merchant merchant-board${columns ? " merchant-board--columns" : ""}`}
			// Browsers count a mouse press or the end of a touch as the tap that allows sound.
			onPointerDown={unlockAlarmSound}
			onPointerUp={unlockAlarmSound}
			data-testid="merchant-board"
			data-layout={columns ? "columns" : "tabs"}
		>
			<AlarmSoundPrompt title={mt("board.sound.prompt")} />
			{ringing.length > 0 && (
				<RingingAlert
					count={ringing.length}
					text={mt("board.alert", { count: ringing.length })}
					ackLabel={mt("board.ack")}
					onAck={() => alarm.acknowledge()}
					testId="merchant-alert"
					ackTestId="merchant-ack"
				/>
			)}
			<div className="merchant-board__bar">
				<h2 className="merchant-board__shop">{shop.shopName}</h2>
				<AlarmSoundSwitch />
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
				{columns ? (
					<BoardTab selected={tab !== "bills"} onSelect={() => setTab("new")} id="orders" count={orders?.length}>
						{mt("board.tab.orders")}
					</BoardTab>
				) : (
					BOARD_GROUPS.map((group) => (
						<BoardTab
							key={group}
							selected={tab === group}
							onSelect={() => setTab(group)}
							id={group}
							count={groups[group].length}
						>
							{mt(groupLabels[group])}
						</BoardTab>
					))
				)}
				<BoardTab selected={tab === "bills"} onSelect={() => setTab("bills")} id="bills" count={billCount}>
					{mt("board.tab.bills")}
				</BoardTab>
			</div>
			{tab === "bills" ? (
				<OpenBills shop={shop} />
			) : columns ? (
				<div className="merchant-columns" role="tabpanel">
					{BOARD_GROUPS.map((group) => (
						<section
							key={group}
							className={`merchant-column merchant-column--${group}`}
							aria-labelledby={`merchant-column-${group}-title`}
							data-testid={`merchant-column-${group}`}
						>
							<h3 className="merchant-column__title" id={`merchant-column-${group}-title`}>
								{mt(groupLabels[group])}
								<span className="merchant-column__count" data-testid={`merchant-column-count-${group}`}>
									{groups[group].length}
								</span>
							</h3>
							<div className="merchant-column__list">
								{ordersBody(() =>
									groups[group].length === 0 ? (
										<p className="merchant-column__empty">{mt("board.empty")}</p>
									) : (
										groups[group].map(card)
									),
								)}
							</div>
						</section>
					))}
				</div>
			) : (
				ordersBody(() =>
					groups[tab].length === 0 ? (
						<EmptyState title={mt("board.empty")} compact />
					) : (
						<div className="merchant-board__list" role="tabpanel">
							{groups[tab].map(card)}
						</div>
					),
				)
			)}
			{actions.dialogs}
			<StaffOrderSheet open={ordering} shopId={shop.shopId} onClose={() => setOrdering(false)} />
		</div>
	);
}

interface BoardTabProps {
	id: BoardGroup | "bills" | "orders";
	selected: boolean;
	onSelect: () => void;
	count: number | undefined;
	children: ReactNode;
}

function BoardTab({ id, selected, onSelect, count, children }: BoardTabProps) {
	return (
		<button
			type="button"
			role="tab"
			aria-selected={selected}
			className={`merchant-tabs__tab${selected ? " is-selected" : ""}`}
			onClick={onSelect}
			data-testid={`merchant-tab-${id}`}
		>
			{children}
			{(count ?? 0) > 0 && (
				<span className="merchant-tabs__count" data-testid={`merchant-tab-count-${id}`}>
					{count}
				</span>
			)}
		</button>
	);
}
