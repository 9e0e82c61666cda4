import type { OrderView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels, useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { PayMethodPicker } from "../../payments/checkout/pay-method-picker";
import { orderDetailQuery } from "./api";
import { CONFIRM_RECEIPT_LABEL, ORDER_TIME_LABEL } from "./order-type-words";
import { isPendingPayment, orderStage, progressReached, progressSteps, showsPickupNumber } from "./stage";
import { useLiveOrders } from "./use-live-orders";
import { useOrderDetail, usePaymentPolling } from "./use-order-detail";
import "../ordering.css";
import { PriceSummary } from "../cart/price-summary";
import { PricedLines } from "../cart/priced-lines";
import "./orders.css";

/**
 * orders/detail?id=: where the order is (for an unpaid one: the time left to pay; once the
 * shop has it: the pickup number, never a delivery's), items, prices, and the actions its
 * state allows (the order's `actions`), live.
 */
export default function OrderDetailScreen() {
	const { t, lang } = useI18n();
	const [params] = useSearchParams();
	const id = Number(params.get("id"));
	const valid = Number.isSafeInteger(id) && id > 0;
	const query = useQuery({ ...orderDetailQuery(id, lang), enabled: valid });
	useLiveOrders();
	usePaymentPolling(query.data);

	if (!valid) return <EmptyState title={t("orders.notFound")} />;
	if (query.isPending) return <LoadingState />;
	if (query.isError) return <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />;
	return <OrderDetail order={query.data} />;
}

type OrderDetailState = ReturnType<typeof useOrderDetail>;

function OrderDetail({ order }: { order: OrderView }) {
	const { t } = useI18n();
	const detail = useOrderDetail(order);
	return (
		<div className="order-detail" data-testid="order-detail" data-order-id={order.id}>
			<OrderHead order={order} detail={detail} />
			<OrderLines order={order} />
			<OrderInfo order={order} />

			{detail.can.pay && (
				<PayMethodPicker
					value={detail.method}
					onChange={detail.setMethod}
					total={order.total}
					railCurrency={detail.railCurrency}
					onRailCurrencyChange={detail.setRailCurrency}
				/>
			)}

			<OrderActions order={order} detail={detail} />

			<ConfirmDialog
				open={detail.confirmCancel}
				message={t("orders.confirmCancel")}
				destructive
				onCancel={() => detail.setConfirmCancel(false)}
				onConfirm={() => detail.cancel()}
			/>
		</div>
	);
}

/** Where the order is: its stage, the time left to pay or the pickup number, the payment, progress, refunds. */
function OrderHead({ order, detail }: { order: OrderView; detail: OrderDetailState }) {
	const { t } = useI18n();
	const stage = orderStage(order);
	const { unpaid, timeLeft } = detail;
	return (
		<section className="card order-detail__head">
			<p
				className={`order-stage order-stage--${stage} order-stage--large`}
				data-testid="order-stage"
				data-stage={stage}
			>
				{t(`stage.${stage}`)}
			</p>
			{unpaid ? (
				<p className="order-detail__countdown" data-testid="order-countdown">
					{timeLeft ? t("orders.payWithin", { time: timeLeft }) : t("orders.paymentTimeUp")}
				</p>
			) : (
				showsPickupNumber(order) && (
					<p className="order-detail__pickup">
						<span>{t("orders.pickupNumber")}</span>
						<strong data-testid="order-pickup-number">{order.pickupNumber}</strong>
					</p>
				)
			)}
			<p className="order-detail__payment" data-testid="order-payment-status" data-status={order.paymentStatus}>
				{t(`payment.${order.paymentStatus}`)}
				{order.payMethod ? ` · ${t(`payMethod.${order.payMethod}`)}` : ""}
			</p>
			<OrderProgress order={order} />
			{!unpaid && isPendingPayment(order) && (
				<p className="order-detail__payment order-bill-note" data-testid="order-pay-later">
					<span>{t("order.payLaterNote")}</span>
					<Link to={Paths.tableBill} className="text-button" data-testid="order-view-bill">
						{t("bill.view")}
					</Link>
				</p>
			)}
			{order.refundStatus !== "none" && (
				<p className="order-detail__refund" data-testid="order-refund" data-status={order.refundStatus}>
					{t(`refund.${order.refundStatus}`)}
					{order.refundReason ? ` · ${order.refundReason}` : ""}
					{order.refundDecisionNote ? ` · ${order.refundDecisionNote}` : ""}
				</p>
			)}
			{order.refundTransfer && (
				<p
					className="order-detail__refund"
					data-testid="order-refund-transfer"
					data-status={order.refundTransfer.status}
				>
					{t(`refundTransfer.${order.refundTransfer.status}`)}
				</p>
			)}
		</section>
	);
}

function OrderProgress({ order }: { order: OrderView }) {
	const { t } = useI18n();
	const steps = progressSteps(order.orderType);
	// While a refund is asked for the order is stopped: its headline says so, without a progress bar.
	const reached = order.refundStatus === "requested" ? null : progressReached(order.status);
	if (reached === null) return null;
	return (
		<ol className="order-progress" data-testid="order-progress">
			{steps.map((step, index) => (
				<li
					key={step}
					className={`order-progress__step${index < reached ? " is-done" : ""}${index === reached - 1 ? " is-current" : ""}`}
				>
					{t(`stage.${step}`)}
				</li>
			))}
		</ol>
	);
}

function OrderLines({ order }: { order: OrderView }) {
	return (
		<section className="card">
			<h2 className="cart-card__title">{order.shopName}</h2>
			<PricedLines
				testId="order-lines"
				lines={order.lines.map((line) => ({
					...line,
					key: `${line.itemId}:${line.options.map((option) => option.id).join(",")}`,
				}))}
			/>
			<PriceSummary
				subtotal={order.subtotal}
				deliveryFee={order.deliveryFee}
				deliveryFeeWaived={order.deliveryFeeWaived}
				discounts={order.discounts}
				total={order.total}
				isDelivery={order.orderType === "takeout"}
				testIdPrefix="order"
			/>
		</section>
	);
}

function OrderInfo({ order }: { order: OrderView }) {
	const { t, lang } = useI18n();
	const labels = useDateLabels();
	const at = (value: string) => formatDateTime(value, lang, labels, order.shopTimeZone);
	return (
		<section className="card">
			<dl className="order-info">
				<Info label={t("orders.orderNo")} value={order.orderNo} />
				<Info label={t("orderType.label")} value={t(`orderType.${order.orderType}`)} />
				<Info
					label={t(ORDER_TIME_LABEL[order.orderType])}
					value={order.pickupAt ? at(order.pickupAt) : t("pay.asap")}
				/>
				{order.tableNumber && <Info label={t("orders.table")} value={order.tableNumber} />}
				{order.diners !== null && <Info label={t("pay.diners")} value={String(order.diners)} />}
				{order.deliveryAddress && (
					<Info
						label={t("orders.deliverTo")}
						value={`${order.deliveryAddress.recipient} ${order.deliveryAddress.phone} ${order.deliveryAddress.address} ${order.deliveryAddress.houseNumber}`}
					/>
				)}
				{order.contactPhone && <Info label={t("pay.contactPhone")} value={order.contactPhone} />}
				{order.remark && <Info label={t("pay.remark")} value={order.remark} />}
				<Info label={t("orders.placedAt")} value={at(order.createdAt)} />
				{order.paidAt && <Info label={t("orders.paidAt")} value={at(order.paidAt)} />}
				<Info label={t("orders.source")} value={t(`orders.source.${order.source}`)} />
			</dl>
		</section>
	);
}

/** The buttons the order's state allows: cancel, pay, confirm receipt, ask for a refund. */
function OrderActions({ order, detail }: { order: OrderView; detail: OrderDetailState }) {
	const { t } = useI18n();
	const { can } = detail;
	return (
		<div className="order-actions" data-testid="order-actions">
			{can.cancel && (
				<button
					type="button"
					className="button button--ghost"
					onClick={() => detail.setConfirmCancel(true)}
					disabled={detail.cancelling}
					data-testid="order-cancel"
				>
					{t("orders.cancel")}
				</button>
			)}
			{can.pay && (
				<button
					type="button"
					className="button button--primary"
					onClick={() => detail.pay()}
					disabled={detail.paying}
					data-testid="order-pay"
				>
					{t("orders.continuePaying")}
				</button>
			)}
			{can.confirmReceipt && (
				<button
					type="button"
					className="button button--primary"
					onClick={() => detail.take()}
					disabled={detail.taking}
					data-testid="order-take"
				>
					{t(CONFIRM_RECEIPT_LABEL[order.orderType])}
				</button>
			)}
			{can.requestRefund && (
				<Link
					to={withQuery(Paths.orderRefund, { id: order.id })}
					className="button button--ghost"
					data-testid="order-refund-request"
				>
					{t("orders.requestRefund")}
				</Link>
			)}
		</div>
	);
}

function Info({ label, value }: { label: string; value: string }) {
	return (
		<div className="order-info__row">
			<dt>{label}</dt>
			<dd>{value}</dd>
		</div>
	);
}
