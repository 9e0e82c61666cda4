import type { PaymentCheckout } from "@bayon/contract";
import { useEffect, useRef } from "react";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { useNow } from "../../../lib/use-now";
import { QrCode } from "../../../ui/qr-code";
import { formatCountdown, msLeft, railAmountText } from "../../payments/checkout/checkout-state";
import { PayMethodIcon } from "../../payments/checkout/rail-icons";
import { useCheckoutWatch } from "../../payments/checkout/use-checkout-watch";
import { checkScanToPay } from "../api";
import { useCounterText } from "../strings";

/**
 * The code on the staff's screen for the customer to scan (issue 29): the rail, the amount (the
 * riel a KHQR asks), the code, its countdown; the screen asks the server (which asks the rail)
 * every 2 s growing to 10 s, or at once on "Customer has paid"; paid, it says so and the till
 * hears it; declined or expired, staff can show a new code.
 */
export function ScanCodePanel({
	shopId,
	initial,
	onPaid,
	onAgain,
	onClose,
}: {
	shopId: number;
	initial: PaymentCheckout;
	onPaid: () => void;
	onAgain: () => void;
	onClose: () => void;
}) {
	const { ct, t } = useCounterText();
	const money = useMoney();
	const currency = useCurrency();
	const { checkout, phase, offline, asking, notYet, checkNow } = useCheckoutWatch(initial, (paymentId, signal) =>
		checkScanToPay(shopId, paymentId, signal),
	);
	const now = useNow(phase === "waiting");
	const left = msLeft(checkout.expiresAt, now);
	const rail = t(`pay.${checkout.provider}`);
	const railDue = railAmountText(checkout, currency);
	const told = useRef(false);
	useEffect(() => {
		if (phase !== "paid" || told.current) return;
		told.current = true;
		onPaid();
	}, [phase, onPaid]);

	if (phase === "paid")
		return (
			<section className="counter-receipt" data-testid="scan-paid">
				<p className="counter-receipt__done">{ct("take.done")}</p>
				<p>{ct("scan.paid", { amount: railDue ?? money(checkout.amount), rail })}</p>
				<button
					type="button"
					className="button button--primary button--block"
					onClick={onClose}
					data-testid="take-done"
				>
					{ct("take.close")}
				</button>
			</section>
		);
	if (phase !== "waiting")
		return (
			<section className="counter-scan" data-testid="scan-ended" data-phase={phase}>
				<p className="field__error" role="alert">
					{ct("scan.ended")}
				</p>
				<button
					type="button"
					className="button button--primary button--block"
					onClick={onAgain}
					data-testid="scan-again"
				>
					{ct("scan.again")}
				</button>
			</section>
		);
	const qr = checkout.presentation?.kind === "qr" ? checkout.presentation.qrText : null;
	return (
		<section className="counter-scan" data-testid="scan-code" data-provider={checkout.provider}>
			<div className="counter-scan__rail">
				<PayMethodIcon
					method={checkout.provider}
					className={`counter-scan__icon counter-scan__icon--${checkout.provider}`}
				/>
				<span>{rail}</span>
			</div>
			<strong className="counter-scan__amount price" data-testid="scan-amount">
				{railDue ?? money(checkout.amount)}
			</strong>
			{railDue && <span className="field__hint">{money(checkout.amount)}</span>}
			{qr && (
				<QrCode text={qr} label={ct("scan.hint", { rail })} className="counter-scan__qr" testId="scan-qr" size={260} />
			)}
			<p className="counter-scan__hint">
				{checkout.provider === "khqr" ? ct("scan.hint.khqr") : ct("scan.hint", { rail })}
			</p>
			<p className="counter-scan__status" role="status" data-testid="scan-status">
				{ct("scan.waiting")}
				{left !== null && ` · ${ct("scan.expiresIn", { time: formatCountdown(left) })}`}
			</p>
			{offline && (
				<p className="field__error" role="alert" data-testid="scan-offline">
					{ct("scan.offline")}
				</p>
			)}
			{notYet && !offline && (
				<p className="field__hint" role="status" data-testid="scan-not-yet">
					{ct("scan.notYet")}
				</p>
			)}
			<button
				type="button"
				className="button button--ghost button--block"
				onClick={() => void checkNow()}
				disabled={asking}
				data-testid="scan-check"
			>
				{asking ? ct("scan.checking") : ct("scan.checkNow")}
			</button>
		</section>
	);
}
