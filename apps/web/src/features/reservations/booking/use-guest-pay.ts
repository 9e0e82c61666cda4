import type { KhqrCurrency, PayMethod, ReservationView } from "@bayon/contract";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { useMemberInfo } from "../../identity/api";
import { railCurrencyFor } from "../../payments/checkout/pay-method";
import { invalidateReservations, payReservation } from "../guest-api";
import { useGuestText } from "../guest-strings";

/**
 * Paying a booking: the method (the balance first, with a fresh balance to know whether it
 * covers the amount), the KHQR currency, and the payment, which may send the payer to a gateway.
 */
export function useGuestPay({
	reservation,
	onPaid,
}: {
	reservation: ReservationView;
	onPaid: (reservation: ReservationView) => void;
}) {
	const { gt } = useGuestText();
	const member = useAppState((s) => s.member);
	useMemberInfo(); // a fresh balance, so the picker knows whether it covers the amount
	const [method, setMethod] = useState<PayMethod>("balance");
	const [railCurrency, setRailCurrency] = useState<KhqrCurrency | null>(null);
	const due = reservation.payments.filter((payment) => payment.status === "due" || payment.status === "paying");
	const short = member !== null && member.balance < reservation.amountDue;

	const [pay, paying] = useDebouncedSubmit(async () => {
		try {
			const result = await payReservation({
				reservationId: reservation.id,
				payMethod: method,
				railCurrency: railCurrencyFor(method, railCurrency),
			});
			if (result.redirectUrl) {
				window.location.assign(result.redirectUrl);
				return;
			}
			await invalidateReservations();
			showToast(gt("pay.done"));
			onPaid(result.reservation);
		} catch (error) {
			showToast(errorText(error));
			await invalidateReservations();
		}
	});

	return { method, setMethod, railCurrency, setRailCurrency, due, short, pay, paying };
}
