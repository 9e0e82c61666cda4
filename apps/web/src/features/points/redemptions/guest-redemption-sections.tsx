import { groupPickupCode, type RedemptionView } from "@bayon/contract";
import { Link } from "react-router";
import { formatDateTime, maskPhone } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { ChevronIcon, PinIcon, StoreIcon } from "../../../ui/icons";
import { QrCode } from "../../../ui/qr-code";
import { redemptionSteps, statusKey, stepsReached } from "../guest-format";
import { type PointsTextKey, usePointsText } from "../guest-strings";
import { PointsItemImage } from "../mall/guest-item-image";
import { CopyButton } from "./guest-copy-button";

/** Where a redemption stands: its state, what happens next, the step line, why it was cancelled. */
export function RedemptionState({ redemption }: { redemption: RedemptionView }) {
	const { pt } = usePointsText();
	const steps = redemptionSteps(redemption.fulfilment);
	const reached = stepsReached(redemption.status, redemption.fulfilment);
	const hint: PointsTextKey =
		redemption.status === "pending" ? `order.hint.pending.${redemption.fulfilment}` : `order.hint.${redemption.status}`;
	return (
		<section className="card pt-section pt-state">
			<p
				className={`pt-state__title pt-status--${redemption.status}`}
				data-testid="redemption-state"
				data-status={redemption.status}
			>
				{pt(statusKey(redemption))}
			</p>
			<p className="pt-hint" data-testid="redemption-hint">
				{pt(hint)}
			</p>
			{reached !== null && (
				<ol className={`pt-steps pt-steps--${steps.length}`} data-testid="redemption-steps">
					{steps.map((step, index) => (
						<li
							key={step}
							className={`pt-steps__step${index < reached ? " is-done" : ""}${index === reached - 1 ? " is-current" : ""}`}
							aria-current={index === reached - 1 ? "step" : undefined}
						>
							{pt(step)}
						</li>
					))}
				</ol>
			)}
			{redemption.cancelReason && (
				<p className="pt-state__reason" data-testid="redemption-cancel-reason">
					{pt("order.cancelReason")}: {redemption.cancelReason}
				</p>
			)}
		</section>
	);
}

/** A pending pickup's code, as a QR code and grouped digits, for the staff to scan. */
export function PickupCounter({ pickupCode }: { pickupCode: string }) {
	const { pt } = usePointsText();
	return (
		<section className="card pt-counter" aria-labelledby="pt-counter-label" data-testid="redemption-counter">
			<span className="pt-counter__label" id="pt-counter-label">
				{pt("order.pickupCode")}
			</span>
			<QrCode
				text={pickupCode}
				label={`${pt("order.pickupCode")} ${groupPickupCode(pickupCode)}`}
				className="pt-counter__qr"
				testId="redemption-qr"
				size={184}
			/>
			<strong className="pt-counter__number" data-testid="redemption-code">
				{groupPickupCode(pickupCode)}
			</strong>
			<p className="pt-counter__hint">{pt("order.showAtCounter")}</p>
		</section>
	);
}

/** The item redeemed, linking to its page. */
export function RedemptionItemLink({ redemption }: { redemption: RedemptionView }) {
	const { points } = usePointsText();
	return (
		<Link
			to={withQuery(Paths.scoreProductDetail, { id: redemption.itemId })}
			className="card pt-confirm-item pt-confirm-item--link"
			data-testid="redemption-item"
		>
			<PointsItemImage image={redemption.itemImage} size="thumb" />
			<span className="pt-confirm-item__body">
				<span className="pt-confirm-item__name">{redemption.itemName}</span>
				<span className="pt-confirm-item__price">{points(redemption.pointsPrice)}</span>
			</span>
			<ChevronIcon className="pt-redemption__chevron" aria-hidden="true" />
		</Link>
	);
}

/** The shop a pickup is collected from. */
export function PickupShop({ shop }: { shop: NonNullable<RedemptionView["shop"]> }) {
	const { pt } = usePointsText();
	return (
		<section className="card pt-section" aria-labelledby="pt-shop-title" data-testid="redemption-shop">
			<h2 className="pt-section__title" id="pt-shop-title">
				{pt("order.pickupShop")}
			</h2>
			<div className="pt-place">
				<StoreIcon className="pt-target__icon" aria-hidden="true" />
				<span className="pt-target__body">
					<span className="pt-target__title">{shop.name}</span>
					<span className="pt-target__detail">{shop.address}</span>
				</span>
			</div>
		</section>
	);
}

/** The address a delivery goes to. */
export function DeliveryAddress({ address }: { address: NonNullable<RedemptionView["deliveryAddress"]> }) {
	const { pt } = usePointsText();
	return (
		<section className="card pt-section" aria-labelledby="pt-address-title" data-testid="redemption-address">
			<h2 className="pt-section__title" id="pt-address-title">
				{pt("order.deliveryAddress")}
			</h2>
			<div className="pt-place">
				<PinIcon className="pt-target__icon" aria-hidden="true" />
				<span className="pt-target__body">
					<span className="pt-target__title">
						{address.recipient} {maskPhone(address.phone)}
					</span>
					<span className="pt-target__detail">
						{address.address}
						{address.houseNumber ? ` ${address.houseNumber}` : ""}
					</span>
				</span>
			</div>
		</section>
	);
}

/** The courier's note (copyable), or that it is yet to come. */
export function DeliveryTracking({ trackingNote }: { trackingNote: string | null }) {
	const { pt } = usePointsText();
	return (
		<section className="card pt-section" aria-labelledby="pt-tracking-title" data-testid="redemption-tracking">
			<h2 className="pt-section__title" id="pt-tracking-title">
				{pt("order.tracking")}
			</h2>
			{trackingNote ? (
				<div className="pt-tracking">
					<p className="pt-tracking__note" data-testid="redemption-tracking-note">
						{trackingNote}
					</p>
					<CopyButton text={trackingNote} testId="redemption-tracking-copy" />
				</div>
			) : (
				<p className="pt-hint">{pt("order.trackingPending")}</p>
			)}
		</section>
	);
}

/** Its number, the points it took, and the dates it reached. */
export function RedemptionFacts({ redemption }: { redemption: RedemptionView }) {
	const { pt, points, lang } = usePointsText();
	const labels = useDateLabels();
	const at = (value: string) => formatDateTime(value, lang, labels);
	const dates: Array<[PointsTextKey, string | null]> = [
		["order.createdAt", redemption.createdAt],
		["order.shippedAt", redemption.shippedAt],
		[`order.receivedAt.${redemption.fulfilment}`, redemption.receivedAt],
		["order.cancelledAt", redemption.cancelledAt],
	];
	return (
		<section className="card pt-section">
			<dl className="pt-rows" data-testid="redemption-facts">
				<div className="pt-row">
					<dt>{pt("order.number")}</dt>
					<dd>{redemption.id}</dd>
				</div>
				<div className="pt-row">
					<dt>{pt("order.points")}</dt>
					<dd>-{points(redemption.pointsPrice)}</dd>
				</div>
				{dates.map(([label, value]) =>
					value ? (
						<div className="pt-row" key={label}>
							<dt>{pt(label)}</dt>
							<dd>
								<time dateTime={value} data-testid={`redemption-${label.split(".")[1]}`}>
									{at(value)}
								</time>
							</dd>
						</div>
					) : null,
				)}
			</dl>
		</section>
	);
}
