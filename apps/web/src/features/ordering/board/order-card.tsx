import type { OrderView, PriceDiscount, StaffOrderAction } from "@bayon/contract";
import { Link } from "react-router";
import { usePrice } from "../../../lib/app-config";
import { formatDateTime, formatRelativeTime } from "../../../lib/format";
import { useDateLabels, useListFormat } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { PinIcon } from "../../../ui/icons";
import { type MerchantKey, useMerchantText } from "../../../ui/staff/strings";
import type { OrderActions } from "./use-order-actions";

/** Each staff action's button, in the order they stand (the main one last, under the thumb). */
const buttons: Record<StaffOrderAction, { label: MerchantKey; testId: string; primary: boolean }> = {
	refuseRefund: { label: "action.refundReject", testId: "merchant-refund-reject", primary: false },
	approveRefund: { label: "action.refundApprove", testId: "merchant-refund-approve", primary: true },
	reject: { label: "action.reject", testId: "merchant-reject", primary: false },
	accept: { label: "action.accept", testId: "merchant-accept", primary: true },
	ready: { label: "action.ready", testId: "merchant-ready", primary: true },
	dispatch: { label: "action.dispatch", testId: "merchant-dispatch", primary: true },
	complete: { label: "action.complete", testId: "merchant-complete", primary: true },
};
const BUTTON_ORDER = Object.keys(buttons) as StaffOrderAction[];

/** The "employee help" / "user ordering" label (spec §1). */
export function SourceTag({ source }: { source: OrderView["source"] }) {
	const { mt } = useMerchantText();
	return (
		<span className={`merchant-tag merchant-tag--${source}`} data-testid="merchant-order-source">
			{mt(source === "staff" ? "order.source.staff" : "order.source.user")}
		</span>
	);
}

/**
 * A button for each thing the order's state lets the staff do (the server's `actions`):
 * the steps, or only the refund decision while a refund is asked for; none once closed.
 */
export function OrderActionButtons({ order, actions }: { order: OrderView; actions: OrderActions }) {
	const { mt } = useMerchantText();
	const busy = actions.busyId === order.id;
	const allowed = BUTTON_ORDER.filter((action) => order.actions.includes(action));
	if (allowed.length === 0) return null;
	const run = (action: StaffOrderAction) => {
		if (action === "approveRefund") actions.approveRefund(order);
		else if (action === "refuseRefund") actions.rejectRefund(order);
		else actions.act(order, action);
	};
	return (
		<div className="merchant-actions" data-testid="merchant-actions">
			{allowed.map((action) => (
				<button
					key={action}
					type="button"
					className={`button button--small ${buttons[action].primary ? "button--primary" : "button--ghost"}`}
					disabled={busy}
					onClick={() => run(action)}
					data-testid={buttons[action].testId}
				>
					{mt(buttons[action].label)}
				</button>
			))}
		</div>
	);
}

/**
 * "收款 / Take payment" for an order waiting to be paid on its own (a staff order, a pickup
 * order): opens the till's Take payment sheet for it (decision 029). A table's round is paid
 * with its bill, from the bills tab.
 */
export function TakePaymentLink({ order }: { order: OrderView }) {
	const { mt } = useMerchantText();
	if (order.status !== "unpaid" || order.billId !== null || order.total === 0) return null;
	return (
		<div className="merchant-actions">
			<Link
				className="button button--primary button--small"
				to={withQuery(Paths.merchantTill, {
					take: "order",
					id: order.id,
					amount: order.total,
					label: `#${order.pickupNumber}`,
				})}
				data-testid="merchant-take-payment"
			>
				{mt("order.takePayment")}
			</Link>
		</div>
	);
}

/** A discount's label for staff: the customer's VIP card or coupon, by the name it had on the order. */
export function useDiscountLabel(): (discount: PriceDiscount) => string {
	const { mt } = useMerchantText();
	return (discount) =>
		mt(discount.kind === "coupon" ? "order.discount.coupon" : "order.discount.memberCard", { name: discount.name });
}

/**
 * What the total already takes off (VIP card, then coupon; decision 022), as label / amount
 * rows of a fact list, so the lines add up to the total for staff too.
 */
export function DiscountFacts({
	discounts,
	money,
}: {
	discounts: readonly PriceDiscount[];
	money: (amount: number) => string;
}) {
	const label = useDiscountLabel();
	return discounts.map((discount) => (
		<div
			key={`${discount.kind}:${discount.name}`}
			className="summary__row summary__row--benefit"
			data-testid="merchant-order-discount"
			data-kind={discount.kind}
		>
			<dt>{label(discount)}</dt>
			<dd>−{money(discount.amount)}</dd>
		</div>
	));
}

/** How long ago the order came in ("just now", "12 minutes ago"), with the exact time on hover. */
function OrderAge({ createdAt, now, timeZone }: { createdAt: string; now: number; timeZone: string }) {
	const { lang } = useMerchantText();
	const labels = useDateLabels();
	return (
		<time
			className="merchant-card__age"
			dateTime={createdAt}
			title={formatDateTime(createdAt, lang, labels, timeZone)}
			data-testid="merchant-order-age"
		>
			{formatRelativeTime(createdAt, lang, labels, now)}
		</time>
	);
}

/** Where a delivery goes, short: the receiver and the street, for the rider's bag label. */
function DeliveryTo({ address }: { address: NonNullable<OrderView["deliveryAddress"]> }) {
	const { mt } = useMerchantText();
	const street = [address.address, address.houseNumber].filter(Boolean).join(" ");
	return (
		<p className="merchant-card__address" data-testid="merchant-order-address">
			<PinIcon className="merchant-card__address-icon" width={16} height={16} />
			<span className="visually-hidden">{mt("order.address")}: </span>
			<span className="merchant-card__receiver">{address.recipient}</span>
			<span className="merchant-card__street">{street}</span>
		</p>
	);
}

interface OrderCardProps {
	order: OrderView;
	actions: OrderActions;
	/** The board's clock (ms), ticking so every card's age stays current. */
	now: number;
	ringing?: boolean;
	onOpen?: (orderId: number) => void;
}

/** One order on the board. */
export function OrderCard({ order, actions, now, ringing = false, onOpen }: OrderCardProps) {
	const { mt } = useMerchantText();
	const list = useListFormat();
	const price = usePrice();
	const discountLabel = useDiscountLabel();
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
					<OrderAge createdAt={order.createdAt} now={now} timeZone={order.shopTimeZone} />
				</header>
				<div className="merchant-card__tags">
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
				</div>
				{order.deliveryAddress && <DeliveryTo address={order.deliveryAddress} />}
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
				{order.discounts.map((discount) => (
					<p
						key={`${discount.kind}:${discount.name}`}
						className="merchant-card__discount"
						data-testid="merchant-order-discount"
						data-kind={discount.kind}
					>
						<span>{discountLabel(discount)}</span>
						<span className="merchant-card__discount-amount">−{price(discount.amount)}</span>
					</p>
				))}
				<footer className="merchant-card__foot">
					<span data-testid="merchant-order-phone">{phone}</span>
					<span className="merchant-card__total" data-testid="merchant-order-total">
						{mt("order.total")} {price(order.total)}
					</span>
				</footer>
			</Link>
			<TakePaymentLink order={order} />
			<OrderActionButtons order={order} actions={actions} />
		</article>
	);
}
