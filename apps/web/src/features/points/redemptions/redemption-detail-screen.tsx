import type { RedemptionView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { PullRefresh } from "../../../ui/pull-refresh";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { redemptionQuery, useLivePoints } from "../guest-api";
import { positiveId } from "../guest-format";
import { usePointsText } from "../guest-strings";
import {
	DeliveryAddress,
	DeliveryTracking,
	PickupCounter,
	PickupShop,
	RedemptionFacts,
	RedemptionItemLink,
	RedemptionState,
} from "./guest-redemption-sections";
import { useRedemptionActions } from "./use-redemption-actions";
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
	const pickup = redemption.fulfilment === "pickup";
	const actions = redemption.actions;
	return (
		<div className={`pt-page${actions.length > 0 ? " has-footer" : ""}`} data-testid="redemption-detail">
			<RedemptionState redemption={redemption} />
			{pickup && redemption.status === "pending" && redemption.pickupCode && (
				<PickupCounter pickupCode={redemption.pickupCode} />
			)}
			<RedemptionItemLink redemption={redemption} />
			{pickup && redemption.shop && <PickupShop shop={redemption.shop} />}
			{!pickup && redemption.deliveryAddress && <DeliveryAddress address={redemption.deliveryAddress} />}
			{!pickup && (redemption.trackingNote || redemption.status === "pending") && (
				<DeliveryTracking trackingNote={redemption.trackingNote} />
			)}
			<RedemptionFacts redemption={redemption} />
			<RedemptionActions redemption={redemption} memberId={memberId} onRefused={onRefused} />
		</div>
	);
}

/** Cancel a pending one, confirm receipt of a shipped one (as the server's `actions` allow), each asked first. */
function RedemptionActions({
	redemption,
	memberId,
	onRefused,
}: {
	redemption: RedemptionView;
	memberId: number;
	onRefused: () => void;
}) {
	const { pt } = usePointsText();
	const { asking, setAsking, run, running } = useRedemptionActions(redemption, memberId, onRefused);
	const actions = redemption.actions;
	return (
		<>
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
		</>
	);
}
