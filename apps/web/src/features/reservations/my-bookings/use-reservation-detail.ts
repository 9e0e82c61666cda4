import { HOLDING_RESERVATION_STATUSES, type ReservationStatus, type ReservationView } from "@bayon/contract";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import type { CartLine } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { lineKey } from "../../ordering/cart/cart";
import { cancelReservation, changePreorder, invalidateReservations } from "../guest-api";
import { preorderRequestLines } from "../guest-booking";
import { useGuestText } from "../guest-strings";

/** Statuses in which the guest still comes: the arrival code is shown, the calendar offered. */
const COMING: ReadonlySet<ReservationStatus> = new Set(["pending", "confirmed"]);
const HOLDING: ReadonlySet<ReservationStatus> = new Set(HOLDING_RESERVATION_STATUSES);

/**
 * What the booking's page may do and shows about cancelling (the server's `actions`, the free
 * window, a paid deposit), and its sheets and dialog: pay, change the pre-order, cancel.
 */
export function useReservationDetail(reservation: ReservationView) {
	const { gt } = useGuestText();
	const [paying, setPaying] = useState(false);
	const [confirmingCancel, setConfirmingCancel] = useState(false);
	const [editingPreorder, setEditingPreorder] = useState(false);
	const [preorderLines, setPreorderLines] = useState<CartLine[]>([]);
	const can = {
		pay: reservation.actions.includes("pay") && reservation.amountDue > 0,
		cancel: reservation.actions.includes("cancel"),
		changePreorder: reservation.actions.includes("changePreorder"),
	};
	const coming = COMING.has(reservation.status);
	const holding = HOLDING.has(reservation.status) && reservation.status !== "seated";
	const deposit = reservation.payments.find((payment) => payment.kind === "deposit" && payment.status === "paid");
	const phoneHref = `tel:${reservation.shopPhone.replace(/[^\d+]/g, "")}`;

	const [cancel, cancelling] = useDebouncedSubmit(async () => {
		setConfirmingCancel(false);
		try {
			// What the dialog told the guest the cancel keeps: a server that finds it late although
			// this screen's clock did not refuses rather than keep a deposit unannounced.
			await cancelReservation({
				reservationId: reservation.id,
				depositKeptAtMost: late && deposit ? deposit.amount : 0,
			});
			showToast(gt("detail.cancelled"));
		} catch (error) {
			showToast(errorText(error));
		}
		await invalidateReservations();
	});
	const [savePreorder, savingPreorder] = useDebouncedSubmit(async () => {
		const lines = preorderRequestLines(preorderLines);
		try {
			await changePreorder({
				reservationId: reservation.id,
				preorder: lines.length > 0 ? { lines, pay: reservation.preorder?.pay ?? "atTable" } : null,
			});
			setEditingPreorder(false);
			showToast(gt("preorder.saved"));
		} catch (error) {
			showToast(errorText(error));
		}
		await invalidateReservations();
	});
	const openPreorder = () => {
		setPreorderLines(
			(reservation.preorder?.lines ?? []).map((line) => {
				const optionIds = line.options.map((option) => option.id);
				return {
					key: lineKey(line.itemId, optionIds),
					shopId: reservation.shopId,
					itemId: line.itemId,
					name: line.name,
					image: null,
					optionIds,
					optionNames: line.options.map((option) => option.name),
					unitPrice: line.unitPrice,
					quantity: line.quantity,
				};
			}),
		);
		setEditingPreorder(true);
	};

	// Past the free window the server may still take a cancel (a late one: the deposit is kept).
	const late = reservation.cancelUntil === null || Date.now() > Date.parse(reservation.cancelUntil);
	const cancelWindowMinutes = reservation.cancelUntil
		? Math.round((Date.parse(reservation.startsAt) - Date.parse(reservation.cancelUntil)) / 60_000)
		: 0;

	return {
		can,
		coming,
		holding,
		deposit,
		late,
		cancelWindowMinutes,
		phoneHref,
		paying,
		setPaying,
		confirmingCancel,
		setConfirmingCancel,
		cancel,
		cancelling,
		editingPreorder,
		setEditingPreorder,
		preorderLines,
		setPreorderLines,
		openPreorder,
		savePreorder,
		savingPreorder,
	};
}

export type ReservationDetailState = ReturnType<typeof useReservationDetail>;
