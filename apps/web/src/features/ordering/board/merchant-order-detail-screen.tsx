import type { OrderView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { usePrice } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels, useListFormat } from "../../../lib/i18n";
import { queryClient } from "../../../lib/query-client";
import { useShopOrderEvents } from "../../../lib/staff/live";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { useMerchantText } from "../../../ui/staff/strings";
import { ErrorState, LoadingState } from "../../../ui/states";
import { WaivedDeliveryFeeRow } from "../../membership/guest-price-lines";
import { merchantKeys, orderDetailQuery } from "./api";
import { boardAlarm } from "./board-alarm";
import { DiscountFacts, OrderActionButtons, SourceTag, TakePaymentLink } from "./order-card";
import { useOrderActions } from "./use-order-actions";

/** merchant/orderDetail?id=: one order in full, with its actions and refund decision. */
export default function MerchantOrderDetailScreen() {
	return <StaffShop>{() => <Detail />}</StaffShop>;
}

function Detail() {
	const [params] = useSearchParams();
	const id = Number(params.get("id"));
	const valid = Number.isSafeInteger(id) && id > 0;
	const detail = useQuery({ ...orderDetailQuery(id), enabled: valid });
	const actions = useOrderActions();

	// Opening an order acknowledges its alarm.
	useEffect(() => {
		if (valid) boardAlarm().acknowledge(id);
	}, [id, valid]);

	const refetch = () => void queryClient.invalidateQueries({ queryKey: merchantKeys.detail(id) });
	useShopOrderEvents(
		detail.data?.shopId ?? null,
		(event) => {
			if (event.orderId === id) refetch();
		},
		refetch,
	);

	if (!valid) return <ErrorState />;
	if (detail.isPending) return <LoadingState />;
	if (detail.isError) return <ErrorState onRetry={() => void detail.refetch()} />;
	return (
		<div className="merchant" data-testid="merchant-order-detail">
			<OrderDetail order={detail.data} />
			<div className="merchant-detail__actions" data-testid={`merchant-order-${detail.data.id}`}>
				<TakePaymentLink order={detail.data} />
				<OrderActionButtons order={detail.data} actions={actions} />
			</div>
			{actions.dialogs}
		</div>
	);
}

function OrderDetail({ order }: { order: OrderView }) {
	const { mt, lang } = useMerchantText();
	const list = useListFormat();
	const labels = useDateLabels();
	const money = usePrice();
	// The staff's device is in the shop: its own time zone is the shop's.
	const time = (value: string) => formatDateTime(value, lang, labels, order.shopTimeZone);
	return (
		<>
			<section className="card merchant-detail__head">
				<span className="merchant-card__number" data-testid="merchant-order-number">
					#{order.pickupNumber}
				</span>
				<span className="merchant-card__status" data-testid="merchant-order-status">
					{order.refundStatus === "requested" ? mt("order.refundRequested") : mt(`order.status.${order.status}`)}
				</span>
				<div className="merchant-detail__tags">
					<span className="merchant-tag">{mt(`order.type.${order.orderType}`)}</span>
					{order.tableNumber && (
						<span className="merchant-tag">{mt("order.table", { number: order.tableNumber })}</span>
					)}
					<SourceTag source={order.source} />
				</div>
			</section>
			<section className="card merchant-detail__section">
				<ul className="merchant-card__lines">
					{order.lines.map((line) => (
						<li key={`${line.itemId}:${line.options.map((o) => o.id).join(",")}`}>
							<span>
								{line.name}
								{line.options.length > 0 && (
									<small className="merchant-card__options"> ({list(line.options.map((o) => o.name))})</small>
								)}
								<small> ×{line.quantity}</small>
							</span>
							<span>{money(line.lineTotal)}</span>
						</li>
					))}
				</ul>
				<dl className="merchant-detail__facts">
					{order.deliveryFeeWaived ? (
						<WaivedDeliveryFeeRow
							waived={order.deliveryFeeWaived}
							label={mt("order.type.takeout")}
							money={money}
							testId="merchant-order-fee-waived"
						/>
					) : (
						order.deliveryFee > 0 && (
							<>
								<dt>{mt("order.type.takeout")}</dt>
								<dd>{money(order.deliveryFee)}</dd>
							</>
						)
					)}
					{/* The customer's VIP card and coupon: what the total already takes off, so the lines add up for staff too. */}
					<DiscountFacts discounts={order.discounts} money={money} />
					<dt>{mt("order.total")}</dt>
					<dd className="merchant-card__total" data-testid="merchant-order-total">
						{money(order.total)}
					</dd>
				</dl>
			</section>
			<section className="card merchant-detail__section">
				<dl className="merchant-detail__facts">
					<dt>{mt("order.customer")}</dt>
					<dd data-testid="merchant-order-phone">
						{order.customer ? `${order.customer.nickname} ${order.customer.mobile}` : (order.contactPhone ?? "")}
					</dd>
					<dt>{mt(order.orderType === "takeout" ? "order.deliveryAt" : "order.pickupAt")}</dt>
					<dd>{order.pickupAt ? time(order.pickupAt) : mt("order.asap")}</dd>
					{order.deliveryAddress && (
						<>
							<dt>{mt("order.address")}</dt>
							<dd>
								{order.deliveryAddress.recipient} {order.deliveryAddress.phone} {order.deliveryAddress.address}{" "}
								{order.deliveryAddress.houseNumber}
							</dd>
						</>
					)}
					{order.remark && (
						<>
							<dt>{mt("order.remark")}</dt>
							<dd>{order.remark}</dd>
						</>
					)}
					<dt>{mt("order.orderNo")}</dt>
					<dd>{order.orderNo}</dd>
					<dt>{mt("order.createdAt")}</dt>
					<dd data-testid="merchant-order-created-at">{time(order.createdAt)}</dd>
				</dl>
				{order.refundStatus === "requested" && order.refundReason && (
					<p className="merchant-card__remark">{mt("order.refundReason", { reason: order.refundReason })}</p>
				)}
				{order.refundStatus === "approved" && <p className="merchant-card__remark">{mt("order.refundApproved")}</p>}
				{order.refundStatus === "rejected" && (
					<p className="merchant-card__remark">
						{mt("order.refundRejected", { note: order.refundDecisionNote ?? "" })}
					</p>
				)}
				{order.refundTransfer && (
					<p
						className="merchant-card__remark"
						data-testid="merchant-order-refund-transfer"
						data-status={order.refundTransfer.status}
					>
						{mt(`order.refundTransfer.${order.refundTransfer.status}`)}
					</p>
				)}
			</section>
		</>
	);
}
