import { groupPickupCode, type RedemptionView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { formatDateTime, maskPhone } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { ChevronIcon, PinIcon, StoreIcon } from "../../../ui/icons";
import { PullRefresh } from "../../../ui/pull-refresh";
import { QrCode } from "../../../ui/qr-code";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { CopyButton } from "../components/guest-copy-button";
import { PointsItemImage } from "../components/guest-item-image";
import {
	cancelRedemption,
	confirmRedemptionReceipt,
	redemptionQuery,
	refreshPoints,
	useLivePoints,
} from "../guest-api";
import { positiveId, redemptionSteps, statusKey, stepsReached } from "../guest-format";
import { type PointsTextKey, usePointsText } from "../guest-strings";
import "../../../ui/controls.css";
import "../guest-points.css";

/**
 * scoreproduct/orderDetail?id=: one redemption. Its state with a step line; a pickup shows the
 * shop and, until handed over, its pickup code (QR code and text) for the staff to scan; a delivery
 * shows the address and the courier's note (copyable). The member cancels a pending one or
 * confirms receipt of a shipped one, as the server's `actions` allow.
 */
export default function RedemptionDetailScreen() {
	const { pt } = usePointsText();
	const member = useRequireMember();
	const [params] = useSearchParams();
	const id = positiveId(params.get("id"));
	if (id === null) return <EmptyState title={pt("order.notFound")} />;
	if (!member) return <LoadingState />;
	return <Detail key={id} id={id} memberId={member.id} />;
}

function Detail({ id, memberId }: { id: number; memberId: number }) {
	const { lang } = usePointsText();
	const query = useQuery(redemptionQuery(id, lang, memberId));
	useLivePoints();
	return (
		<PullRefresh onRefresh={() => query.refetch()}>
			{query.isPending ? (
				<LoadingState />
			) : query.isError ? (
				<ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />
			) : (
				<RedemptionDetail redemption={query.data} memberId={memberId} onRefused={() => void query.refetch()} />
			)}
		</PullRefresh>
	);
}

function RedemptionDetail({
	redemption,
	memberId,
	onRefused,
}: {
	redemption: RedemptionView;
	memberId: number;
	onRefused: () => void;
}) {
	const { pt, points, lang } = usePointsText();
	const labels = useDateLabels();
	const [asking, setAsking] = useState<"cancel" | "confirmReceipt" | null>(null);
	const at = (value: string) => formatDateTime(value, lang, labels);
	const pickup = redemption.fulfilment === "pickup";
	const steps = redemptionSteps(redemption.fulfilment);
	const reached = stepsReached(redemption.status, redemption.fulfilment);
	const hint: PointsTextKey =
		redemption.status === "pending" ? `order.hint.pending.${redemption.fulfilment}` : `order.hint.${redemption.status}`;

	const act = async (action: "cancel" | "confirmReceipt") => {
		setAsking(null);
		try {
			const view =
				action === "cancel" ? await cancelRedemption(redemption.id) : await confirmRedemptionReceipt(redemption.id);
			showToast(pt(action === "cancel" ? "order.cancelDone" : "order.receiptDone"));
			await refreshPoints({ view, lang, memberId });
		} catch {
			// The request layer said why (the state changed meanwhile, …): show where it stands now.
			onRefused();
		}
	};
	const [run, running] = useDebouncedSubmit(act);

	const dates: Array<[PointsTextKey, string | null]> = [
		["order.createdAt", redemption.createdAt],
		["order.shippedAt", redemption.shippedAt],
		[`order.receivedAt.${redemption.fulfilment}`, redemption.receivedAt],
		["order.cancelledAt", redemption.cancelledAt],
	];
	const actions = redemption.actions;

	return (
		<div className={`pt-page${actions.length > 0 ? " has-footer" : ""}`} data-testid="redemption-detail">
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

			{pickup && redemption.status === "pending" && redemption.pickupCode && (
				<section className="card pt-counter" aria-labelledby="pt-counter-label" data-testid="redemption-counter">
					<span className="pt-counter__label" id="pt-counter-label">
						{pt("order.pickupCode")}
					</span>
					<QrCode
						text={redemption.pickupCode}
						label={`${pt("order.pickupCode")} ${groupPickupCode(redemption.pickupCode)}`}
						className="pt-counter__qr"
						testId="redemption-qr"
						size={184}
					/>
					<strong className="pt-counter__number" data-testid="redemption-code">
						{groupPickupCode(redemption.pickupCode)}
					</strong>
					<p className="pt-counter__hint">{pt("order.showAtCounter")}</p>
				</section>
			)}

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

			{pickup && redemption.shop && (
				<section className="card pt-section" aria-labelledby="pt-shop-title" data-testid="redemption-shop">
					<h2 className="pt-section__title" id="pt-shop-title">
						{pt("order.pickupShop")}
					</h2>
					<div className="pt-place">
						<StoreIcon className="pt-target__icon" aria-hidden="true" />
						<span className="pt-target__body">
							<span className="pt-target__title">{redemption.shop.name}</span>
							<span className="pt-target__detail">{redemption.shop.address}</span>
						</span>
					</div>
				</section>
			)}

			{!pickup && redemption.deliveryAddress && (
				<section className="card pt-section" aria-labelledby="pt-address-title" data-testid="redemption-address">
					<h2 className="pt-section__title" id="pt-address-title">
						{pt("order.deliveryAddress")}
					</h2>
					<div className="pt-place">
						<PinIcon className="pt-target__icon" aria-hidden="true" />
						<span className="pt-target__body">
							<span className="pt-target__title">
								{redemption.deliveryAddress.recipient} {maskPhone(redemption.deliveryAddress.phone)}
							</span>
							<span className="pt-target__detail">
								{redemption.deliveryAddress.address}
								{redemption.deliveryAddress.houseNumber ? ` ${redemption.deliveryAddress.houseNumber}` : ""}
							</span>
						</span>
					</div>
				</section>
			)}

			{!pickup && (redemption.trackingNote || redemption.status === "pending") && (
				<section className="card pt-section" aria-labelledby="pt-tracking-title" data-testid="redemption-tracking">
					<h2 className="pt-section__title" id="pt-tracking-title">
						{pt("order.tracking")}
					</h2>
					{redemption.trackingNote ? (
						<div className="pt-tracking">
							<p className="pt-tracking__note" data-testid="redemption-tracking-note">
								{redemption.trackingNote}
							</p>
							<CopyButton text={redemption.trackingNote} testId="redemption-tracking-copy" />
						</div>
					) : (
						<p className="pt-hint">{pt("order.trackingPending")}</p>
					)}
				</section>
			)}

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

			{actions.length > 0 && (
				<footer className="pt-footer pt-footer--actions">
					{actions.includes("cancel") && (
						<button
							type="button"
							className="button button--ghost pt-footer__button"
							onClick={() => setAsking("cancel")}
							disabled={running}
							data-testid="redemption-cancel"
						>
							{pt("order.cancel")}
						</button>
					)}
					{actions.includes("confirmReceipt") && (
						<button
							type="button"
							className="button button--primary pt-footer__button"
							onClick={() => setAsking("confirmReceipt")}
							disabled={running}
							data-testid="redemption-confirm-receipt"
						>
							{pt("order.confirmReceipt")}
						</button>
					)}
				</footer>
			)}

			<ConfirmDialog
				open={asking === "cancel"}
				message={pt("order.cancelAsk")}
				confirmLabel={pt("order.cancel")}
				cancelLabel={pt("order.cancelKeep")}
				destructive
				onConfirm={() => run("cancel")}
				onCancel={() => setAsking(null)}
				testId="redemption-cancel-dialog"
			/>
			<ConfirmDialog
				open={asking === "confirmReceipt"}
				message={pt("order.receiptAsk")}
				confirmLabel={pt("order.confirmReceipt")}
				onConfirm={() => run("confirmReceipt")}
				onCancel={() => setAsking(null)}
				testId="redemption-receipt-dialog"
			/>
		</div>
	);
}
