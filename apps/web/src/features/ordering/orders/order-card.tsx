import type { OrderView } from "@bayon/contract";
import { useState } from "react";
import { Link } from "react-router";
import { usePrice } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels, useI18n, useListFormat } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { useNow } from "../../../lib/use-now";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { cancelOrder, invalidateOrders } from "./api";
import { isPendingPayment, orderStage, paymentTimeLeft, showsPickupNumber } from "./stage";

/**
 * One order in a list: shop, stage in words, what was ordered, total, and what it waits for:
 * an unpaid order its payment (time left, pay or cancel), an order with the shop its pickup
 * number (never a delivery's).
 */
export function OrderCard({ order, prominent = false }: { order: OrderView; prominent?: boolean }) {
	const { t, lang } = useI18n();
	const labels = useDateLabels();
	const money = usePrice();
	const list = useListFormat();
	const stage = orderStage(order);
	const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
	const unpaid = order.status === "unpaid";
	const now = useNow(unpaid);
	const timeLeft = unpaid ? paymentTimeLeft(order.expiresAt, now) : null;
	const canPay = order.actions.includes("pay") && timeLeft !== null;
	const canCancel = unpaid && order.actions.includes("cancel");
	const numbered = showsPickupNumber(order);
	return (
		<li className={`order-card${prominent ? " order-card--current" : ""}`} data-testid={`order-card-${order.id}`}>
			<Link to={withQuery(Paths.orderDetail, { id: order.id })} className="order-card__link">
				<header className="order-card__header">
					<span className="order-card__shop">{order.shopName}</span>
					<span className={`order-stage order-stage--${stage}`} data-testid="order-card-stage" data-stage={stage}>
						{t(`stage.${stage}`)}
					</span>
				</header>
				{unpaid ? (
					<p className="order-card__countdown" data-testid="order-card-countdown">
						{timeLeft ? t("orders.payWithin", { time: timeLeft }) : t("orders.paymentTimeUp")}
					</p>
				) : (
					prominent &&
					numbered && (
						<p className="order-card__pickup">
							<span className="order-card__pickup-label">{t("orders.pickupNumber")}</span>
							<span className="order-card__pickup-number" data-testid="order-card-pickup">
								{order.pickupNumber}
							</span>
							{order.ordersAhead !== undefined && (
								<span className="order-card__ahead" data-testid="order-card-ahead">
									{order.ordersAhead === 0 ? t("orders.nextInLine") : t("orders.ahead", { count: order.ordersAhead })}
								</span>
							)}
						</p>
					)
				)}
				{!unpaid && isPendingPayment(order) && (
					<p className="order-card__note" data-testid="order-card-pay-later">
						{t("order.payLaterNote")}
					</p>
				)}
				<p className="order-card__items">
					{list(order.lines.slice(0, 3).map((line) => line.name))}
					{order.lines.length > 3 ? "…" : ""}
				</p>
				<footer className="order-card__footer">
					<span className="order-card__meta" data-testid="order-card-meta">
						{t(`orderType.${order.orderType}`)} · {formatDateTime(order.createdAt, lang, labels, order.shopTimeZone)}
						{!prominent && numbered && ` · #${order.pickupNumber}`}
					</span>
					<span className="order-card__total">
						{t("orders.itemsTotal", { count })} <strong>{money(order.total)}</strong>
					</span>
				</footer>
			</Link>
			{(canPay || canCancel) && <PendingPaymentChoice order={order} canPay={canPay} canCancel={canCancel} />}
		</li>
	);
}

/** Pay (on the order's page, where the method is chosen) or cancel an unpaid order. */
function PendingPaymentChoice({ order, canPay, canCancel }: { order: OrderView; canPay: boolean; canCancel: boolean }) {
	const { t } = useI18n();
	const [confirming, setConfirming] = useState(false);
	const [cancel, cancelling] = useDebouncedSubmit(async () => {
		setConfirming(false);
		await cancelOrder(order.id);
		await invalidateOrders();
	});
	return (
		<div className="order-card__actions" data-testid="order-card-actions">
			{canCancel && (
				<button
					type="button"
					className="button button--ghost button--small"
					onClick={() => setConfirming(true)}
					disabled={cancelling}
					data-testid="order-card-cancel"
				>
					{t("orders.cancel")}
				</button>
			)}
			{canPay && (
				<Link
					to={withQuery(Paths.orderDetail, { id: order.id })}
					className="button button--primary button--small"
					data-testid="order-card-pay"
				>
					{t("orders.pay")}
				</Link>
			)}
			<ConfirmDialog
				open={confirming}
				message={t("orders.confirmCancel")}
				destructive
				onCancel={() => setConfirming(false)}
				onConfirm={() => cancel()}
			/>
		</div>
	);
}
