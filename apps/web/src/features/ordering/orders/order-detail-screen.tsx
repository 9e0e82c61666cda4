import type { KhqrCurrency, OrderView, PayMethod } from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels, useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { useNow } from "../../../lib/use-now";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useMemberInfo } from "../../identity/api";
import { railCurrencyFor } from "../../payments/checkout/pay-method";
import { PayMethodPicker } from "../../payments/checkout/pay-method-picker";
import {
	cancelOrder,
	confirmReceived,
	invalidateOrders,
	orderDetailQuery,
	orderKeys,
	paymentStatus,
	payOrder,
} from "./api";
import { CONFIRM_RECEIPT_LABEL, ORDER_TIME_LABEL } from "./order-type-words";
import {
	isPendingPayment,
	orderStage,
	paymentTimeLeft,
	progressReached,
	progressSteps,
	showsPickupNumber,
} from "./stage";
import { useLiveOrders } from "./use-live-orders";
import "../ordering.css";
import { PriceSummary } from "../components/price-summary";
import { PricedLines } from "../components/priced-lines";
import "./orders.css";

/** After the gateway sends the payer back: ask for the payment's state this often, this many times. */
const PAY_POLL_MS = 1500;
const PAY_POLL_TIMES = 10;

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

/** A payment in progress at a gateway: poll its status briefly until the order is paid. */
function usePaymentPolling(order: OrderView | undefined) {
	const queryClient = useQueryClient();
	const paying = order?.paymentStatus === "paying" && order.status === "unpaid";
	const orderId = order?.id;
	useEffect(() => {
		if (!paying || orderId === undefined) return;
		let times = 0;
		let stopped = false;
		const timer = setInterval(async () => {
			times += 1;
			if (times > PAY_POLL_TIMES) {
				clearInterval(timer);
				return;
			}
			try {
				const result = await paymentStatus(orderId);
				if (!stopped && result.paymentStatus !== "paying") {
					clearInterval(timer);
					void queryClient.invalidateQueries({ queryKey: orderKeys.all });
				}
			} catch {
				// keep polling; the live socket may tell us first
			}
		}, PAY_POLL_MS);
		return () => {
			stopped = true;
			clearInterval(timer);
		};
	}, [paying, orderId, queryClient]);
}

function OrderDetail({ order }: { order: OrderView }) {
	const { t, lang } = useI18n();
	const labels = useDateLabels();
	const stage = orderStage(order);
	const unpaid = order.status === "unpaid";
	const now = useNow(unpaid);
	const timeLeft = unpaid ? paymentTimeLeft(order.expiresAt, now) : null;
	// The server's list of what this state allows; the payment window also closes on this page's clock.
	const can = {
		pay: order.actions.includes("pay") && timeLeft !== null,
		cancel: order.actions.includes("cancel"),
		confirmReceipt: order.actions.includes("confirmReceipt"),
		requestRefund: order.actions.includes("requestRefund"),
	};
	useMemberInfo(); // a fresh balance, so the picker knows whether it covers the order
	const [confirmCancel, setConfirmCancel] = useState(false);
	const [method, setMethod] = useState<PayMethod>("balance");
	const [railCurrency, setRailCurrency] = useState<KhqrCurrency | null>(null);
	const steps = progressSteps(order.orderType);
	// While a refund is asked for the order is stopped: its headline says so, without a progress bar.
	const reached = order.refundStatus === "requested" ? null : progressReached(order.status);
	const at = (value: string) => formatDateTime(value, lang, labels, order.shopTimeZone);

	const [pay, paying] = useDebouncedSubmit(async () => {
		try {
			const result = await payOrder(order.id, method, railCurrencyFor(method, railCurrency));
			if (result.redirectUrl) {
				window.location.assign(result.redirectUrl);
				return;
			}
			await invalidateOrders();
		} catch (error) {
			showToast(errorText(error));
		}
	});
	const [take, taking] = useDebouncedSubmit(async () => {
		await confirmReceived(order.id);
		await invalidateOrders();
	});
	const [cancel, cancelling] = useDebouncedSubmit(async () => {
		setConfirmCancel(false);
		await cancelOrder(order.id);
		await invalidateOrders();
	});

	return (
		<div className="order-detail" data-testid="order-detail" data-order-id={order.id}>
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
				{reached !== null && (
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
				)}
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

			{can.pay && (
				<PayMethodPicker
					value={method}
					onChange={setMethod}
					total={order.total}
					railCurrency={railCurrency}
					onRailCurrencyChange={setRailCurrency}
				/>
			)}

			<div className="order-actions" data-testid="order-actions">
				{can.cancel && (
					<button
						type="button"
						className="button button--ghost"
						onClick={() => setConfirmCancel(true)}
						disabled={cancelling}
						data-testid="order-cancel"
					>
						{t("orders.cancel")}
					</button>
				)}
				{can.pay && (
					<button
						type="button"
						className="button button--primary"
						onClick={() => pay()}
						disabled={paying}
						data-testid="order-pay"
					>
						{t("orders.continuePaying")}
					</button>
				)}
				{can.confirmReceipt && (
					<button
						type="button"
						className="button button--primary"
						onClick={() => take()}
						disabled={taking}
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

			<ConfirmDialog
				open={confirmCancel}
				message={t("orders.confirmCancel")}
				destructive
				onCancel={() => setConfirmCancel(false)}
				onConfirm={() => cancel()}
			/>
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
