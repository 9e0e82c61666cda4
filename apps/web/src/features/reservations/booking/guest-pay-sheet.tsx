import type { ReservationView } from "@bayon/contract";
import { Link } from "react-router";
import { usePrice } from "../../../lib/app-config";
import { formatTimeInZone } from "../../../lib/format";
import { Paths } from "../../../lib/paths";
import { BottomSheet } from "../../../ui/sheet";
import { PayMethodPicker } from "../../payments/checkout/pay-method-picker";
import { useGuestText } from "../guest-strings";
import { useGuestPay } from "./use-guest-pay";
import "../../ordering/ordering.css";

/**
 * Paying what a booking owes now (deposit and/or a pre-order paid ahead), as the pay page
 * pays an order: from the balance when it covers the amount (otherwise the picker says it is
 * short and takes the sandbox gateway; the sheet says how to top up), or through a gateway,
 * which sends the payer away and back to the booking.
 */
export function GuestPaySheet({
	reservation,
	open,
	onClose,
	onPaid,
}: {
	reservation: ReservationView;
	open: boolean;
	onClose: () => void;
	onPaid: (reservation: ReservationView) => void;
}) {
	const { gt } = useGuestText();
	const price = usePrice();
	const { method, setMethod, railCurrency, setRailCurrency, due, short, pay, paying } = useGuestPay({
		reservation,
		onPaid,
	});
	const deadline = reservation.payDeadline ? formatTimeInZone(reservation.payDeadline, reservation.shopTimeZone) : null;

	return (
		<BottomSheet
			open={open}
			onClose={onClose}
			title={gt("pay.title")}
			testId="reservation-pay-sheet"
			footer={
				<div className="guest-pay__footer">
					<button
						type="button"
						className="button button--primary button--block"
						onClick={() => pay()}
						disabled={paying}
						data-testid="reservation-pay-submit"
					>
						{gt("pay.submit")} {price(reservation.amountDue)}
					</button>
					<button type="button" className="text-button" onClick={onClose} data-testid="reservation-pay-later">
						{gt("pay.later")}
					</button>
				</div>
			}
		>
			<div className="guest-pay">
				<PayLines due={due} amountDue={reservation.amountDue} />
				{deadline && (
					<p className="summary__note" data-testid="reservation-pay-deadline">
						{gt("pay.deadline", { time: deadline.time })}
					</p>
				)}
				<PayMethodPicker
					value={method}
					onChange={setMethod}
					total={reservation.amountDue}
					railCurrency={railCurrency}
					onRailCurrencyChange={setRailCurrency}
				/>
				{short && (
					<p className="guest-pay__short" role="note" data-testid="reservation-pay-short">
						{gt("pay.balanceShort")}{" "}
						<Link to={Paths.balance} className="text-button">
							{gt("pay.recharge")}
						</Link>
					</p>
				)}
			</div>
		</BottomSheet>
	);
}

/** What is owed now, line by line, and the total. */
function PayLines({ due, amountDue }: { due: ReservationView["payments"]; amountDue: number }) {
	const { gt } = useGuestText();
	const price = usePrice();
	return (
		<dl className="guest-pay__lines">
			{due.map((payment) => (
				<div key={payment.kind} className="guest-pay__line">
					<dt>{gt(`pay.${payment.kind}`)}</dt>
					<dd>{price(payment.amount)}</dd>
				</div>
			))}
			<div className="guest-pay__line guest-pay__line--total">
				<dt>{gt("pay.total")}</dt>
				<dd data-testid="reservation-pay-amount">{price(amountDue)}</dd>
			</div>
		</dl>
	);
}
