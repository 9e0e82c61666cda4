import type { OrderView } from "@bayon/contract";
import { Link } from "react-router";
import { Paths, withQuery } from "../../../app/paths";
import { usePrice } from "../../../lib/app-config";
import { useListFormat } from "../../../lib/i18n";
import { actionsFor } from "../board";
import { useMerchantText } from "../strings";
import type { OrderActions } from "../use-order-actions";

const actionTestIds = {
	accept: "merchant-accept",
	ready: "merchant-ready",
	dispatch: "merchant-dispatch",
	complete: "merchant-complete",
	reject: "merchant-reject",
} as const;

/** The "employee help" / "user ordering" label (spec §1). */
export function SourceTag({ source }: { source: OrderView["source"] }) {
	const { mt } = useMerchantText();
	return (
		<span className={`merchant-tag merchant-tag--${source}`} data-testid="merchant-order-source">
			{mt(source === "staff" ? "order.source.staff" : "order.source.user")}
		</span>
	);
}

/** The buttons that fit the order now, one tap each, plus the refund decision when asked. */
export function OrderActionButtons({ order, actions }: { order: OrderView; actions: OrderActions }) {
	const { mt } = useMerchantText();
	const busy = actions.busyId === order.id;
	if (order.refundStatus === "requested") {
		return (
			<div className="merchant-actions">
				<button
					type="button"
					className="button button--ghost button--small"
					disabled={busy}
					onClick={() => actions.rejectRefund(order)}
					data-testid="merchant-refund-reject"
				>
					{mt("action.refundReject")}
				</button>
				<button
					type="button"
					className="button button--primary button--small"
					disabled={busy}
					onClick={() => actions.approveRefund(order)}
					data-testid="merchant-refund-approve"
				>
					{mt("action.refundApprove")}
				</button>
			</div>
		);
	}
	const steps = actionsFor(order);
	if (steps.length === 0) return null;
	return (
		<div className="merchant-actions">
			{steps.map((action) => (
				<button
					key={action}
					type="button"
					className={`button button--small ${action === "reject" ? "button--ghost" : "button--primary"}`}
					disabled={busy}
					onClick={() => actions.act(order, action)}
					data-testid={actionTestIds[action]}
				>
					{mt(`action.${action}`)}
				</button>
			))}
		</div>
	);
}

interface OrderCardProps {
	order: OrderView;
	actions: OrderActions;
	ringing?: boolean;
	onOpen?: (orderId: number) => void;
}

/** One order on the board. */
export function OrderCard({ order, actions, ringing = false, onOpen }: OrderCardProps) {
	const { mt } = useMerchantText();
	const list = useListFormat();
	const price = usePrice();
	const phone = order.customer?.mobile ?? order.contactPhone ?? "";
	return (
		<article
			className={`card merchant-card${ringing ? " is-ringing" : ""}`}
			data-testid={`merchant-order-${order.id}`}
			data-status={order.status}
		>
			<Link
				to={withQuery(Paths.merchantOrderDetail, { id: order.id })}
				className="merchant-card__body"
				onClick={() => onOpen?.(order.id)}
				data-testid="merchant-order-open"
			>
				<header className="merchant-card__head">
					<span className="merchant-card__number" data-testid="merchant-order-number">
						#{order.pickupNumber}
					</span>
					<span className="merchant-tag">{mt(`order.type.${order.orderType}`)}</span>
					{order.tableNumber && (
						<span className="merchant-tag">{mt("order.table", { number: order.tableNumber })}</span>
					)}
					<SourceTag source={order.source} />
					{order.billId !== null && order.paymentStatus === "unpaid" && (
						<span className="merchant-tag merchant-tag--pay-later" data-testid="merchant-order-pay-later">
							{mt("order.payLater")}
						</span>
					)}
					<span className="merchant-card__status" data-testid="merchant-order-status">
						{order.refundStatus === "requested" ? mt("order.refundRequested") : mt(`order.status.${order.status}`)}
					</span>
				</header>
				<ul className="merchant-card__lines">
					{order.lines.map((line) => (
						<li key={`${line.itemId}:${line.options.map((o) => o.id).join(",")}`}>
							<span>
								{line.name}
								{line.options.length > 0 && (
									<small className="merchant-card__options"> ({list(line.options.map((o) => o.name))})</small>
								)}
							</span>
							<span>×{line.quantity}</span>
						</li>
					))}
				</ul>
				{order.remark && (
					<p className="merchant-card__remark">
						{mt("order.remark")}: {order.remark}
					</p>
				)}
				{order.refundStatus === "requested" && order.refundReason && (
					<p className="merchant-card__remark">{mt("order.refundReason", { reason: order.refundReason })}</p>
				)}
				<footer className="merchant-card__foot">
					<span data-testid="merchant-order-phone">{phone}</span>
					<span className="merchant-card__total" data-testid="merchant-order-total">
						{mt("order.total")} {price(order.total)}
					</span>
				</footer>
			</Link>
			<OrderActionButtons order={order} actions={actions} />
		</article>
	);
}
