import type { ReservationView } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { usePrice } from "../../../lib/app-config";
import { Paths } from "../../../lib/paths";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { GuestPaySheet } from "../booking/guest-pay-sheet";
import { GuestPreorderSheet } from "../booking/guest-preorder-sheet";
import { reservationDetailQuery, useLiveReservations } from "../guest-api";
import { useGuestText } from "../guest-strings";
import {
	DetailActions,
	DetailHead,
	DetailInfo,
	DetailPayments,
	DetailPreorder,
	DetailShop,
	DetailTimeline,
} from "./reservation-detail-sections";
import { useReservationDetail } from "./use-reservation-detail";
import "../../ordering/ordering.css";
import "../../ordering/orders/orders.css";
import "../guest-reservations.css";

/**
 * due/detail?id=: where the booking stands (status and its timeline), when, how many, the
 * shop, the tables once assigned, the arrival QR code and short code, payments, and what the
 * server's `actions` allow: pay, cancel (outside the window the page says why and whom to
 * call), change the pre-order; "add to calendar". Live on `reservation.changed`.
 */
export default function ReservationDetailScreen() {
	const member = useRequireMember();
	const { gt, lang } = useGuestText();
	const [params] = useSearchParams();
	const id = Number(params.get("id"));
	const valid = Number.isSafeInteger(id) && id > 0;
	const query = useQuery({ ...reservationDetailQuery(id, lang), enabled: valid && member !== null });
	useLiveReservations();

	if (!valid) return <EmptyState title={gt("detail.notFound")} />;
	if (!member || query.isPending) return <LoadingState />;
	if (query.isError) return <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />;
	return <ReservationDetail reservation={query.data} />;
}

function ReservationDetail({ reservation }: { reservation: ReservationView }) {
	const { gt } = useGuestText();
	const price = usePrice();
	const detail = useReservationDetail(reservation);
	const { can, holding, deposit, late, preorderLines } = detail;
	return (
		<div className="guest-detail" data-testid="reservation-detail" data-reservation-id={reservation.id}>
			<DetailHead reservation={reservation} coming={detail.coming} />
			{(can.pay || can.cancel || can.changePreorder || holding) && (
				<DetailActions reservation={reservation} detail={detail} />
			)}
			<DetailInfo reservation={reservation} />
			<DetailShop reservation={reservation} phoneHref={detail.phoneHref} />
			{reservation.preorder && <DetailPreorder preorder={reservation.preorder} />}
			{reservation.payments.length > 0 && <DetailPayments payments={reservation.payments} />}
			<DetailTimeline reservation={reservation} />

			{!holding && (
				<Link to={Paths.dueIndex} className="button button--ghost button--block" data-testid="reservation-book-again">
					{gt("detail.bookAgain")}
				</Link>
			)}

			{detail.paying && (
				<GuestPaySheet
					open
					reservation={reservation}
					onClose={() => detail.setPaying(false)}
					onPaid={() => detail.setPaying(false)}
				/>
			)}
			<GuestPreorderSheet
				open={detail.editingPreorder}
				shopId={reservation.shopId}
				lines={preorderLines}
				onChange={detail.setPreorderLines}
				onClose={() => detail.setEditingPreorder(false)}
				footerAction={{
					label: preorderLines.length > 0 ? gt("preorder.save") : gt("preorder.remove"),
					onClick: () => detail.savePreorder(),
					disabled: detail.savingPreorder,
				}}
			/>
			<ConfirmDialog
				open={detail.confirmingCancel}
				message={
					!deposit
						? gt("detail.confirmCancel")
						: late
							? gt("detail.confirmLateDeposit", { amount: price(deposit.amount) })
							: gt("detail.confirmCancelDeposit", { amount: price(deposit.amount) })
				}
				confirmLabel={gt("detail.cancel")}
				cancelLabel={gt("detail.keep")}
				destructive
				onCancel={() => detail.setConfirmingCancel(false)}
				onConfirm={() => detail.cancel()}
				testId="reservation-cancel-confirm"
			/>
		</div>
	);
}
