import type { CounterTakeView } from "@bayon/contract";
import { type ReactNode, useId } from "react";
import { useMoney } from "../../../lib/app-config";
import { BottomSheet } from "../../../ui/sheet";
import { useCounterText } from "../strings";
import { ScanCodePanel } from "./scan-code-panel";
import {
	CardReferenceField,
	CashTender,
	PayCodeField,
	ScanRailPicker,
	TakeDue,
	TakeMethodPicker,
} from "./take-payment-fields";
import { TakeReceipt } from "./take-receipt";
import { type TakePayment, type TakeTarget, useTakePayment } from "./use-take-payment";

export { changeText } from "./take-receipt";
export type { TakeTarget } from "./use-take-payment";

/**
 * "收款 / Take payment": what is due, how it is paid (cash with the change worked out as the
 * staff type, rounded as the currency's cash allows and given back in riel too; the card
 * terminal's slip reference; or the member's one-minute pay code), then the receipt. One key
 * per sheet: a double tap or a retry takes the payment once.
 */
export function TakePaymentSheet({
	shopId,
	target,
	shiftOpen,
	openShift,
	onClose,
	onTaken,
	onPaidByCode = () => {},
}: {
	shopId: number;
	target: TakeTarget;
	shiftOpen: boolean;
	/** Shown instead of the form while no shift is open: the float, to open one here. */
	openShift?: ReactNode;
	onClose: () => void;
	onTaken: (take: CounterTakeView) => void;
	/** The customer paid the code on the screen (the rail's payment, no till taking). */
	onPaidByCode?: () => void;
}) {
	const { ct } = useCounterText();
	const ids = useId();
	const pay = useTakePayment({ shopId, target, onTaken });
	const { scanCheckout, taken } = pay;

	const title =
		target.purpose === "order"
			? ct("take.forOrder", { label: target.label })
			: ct("take.forTable", { label: target.label });
	return (
		<BottomSheet open onClose={onClose} title={`${ct("take.title")} · ${title}`} testId="take-payment-sheet">
			{scanCheckout ? (
				<ScanCodePanel
					key={scanCheckout.paymentId}
					shopId={shopId}
					initial={scanCheckout}
					onPaid={onPaidByCode}
					onAgain={() => pay.setScanCheckout(null)}
					onClose={onClose}
				/>
			) : taken ? (
				<TakeReceipt taken={taken} onClose={onClose} />
			) : !shiftOpen ? (
				<div className="counter-take-form" data-testid="take-no-shift-panel">
					<p className="field__error" role="alert" data-testid="take-no-shift">
						{ct("take.noShift")}
					</p>
					{openShift}
				</div>
			) : (
				<TakeForm pay={pay} ids={ids} amount={target.amount} />
			)}
		</BottomSheet>
	);
}

/** The form: what is due, the method and what it needs, then take. */
function TakeForm({ pay, ids, amount }: { pay: TakePayment; ids: string; amount: number }) {
	const { ct } = useCounterText();
	const money = useMoney();
	const { method, message, pending } = pay;
	return (
		<form className="form counter-take-form" onSubmit={pay.submit} noValidate data-testid="take-form">
			<TakeDue pay={pay} amount={amount} />
			<TakeMethodPicker pay={pay} ids={ids} />
			{method === "cash" && <CashTender pay={pay} />}
			{method === "card_terminal" && <CardReferenceField pay={pay} ids={ids} />}
			{method === "scan" && <ScanRailPicker pay={pay} ids={ids} amount={amount} />}
			{method === "balance" && <PayCodeField pay={pay} ids={ids} />}
			{message && (
				<p className="field__error" role="alert" data-testid="take-error">
					{message}
				</p>
			)}
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={pending}
				aria-busy={pending}
				data-testid="take-submit"
			>
				{pending && <span className="spinner" aria-hidden="true" />}
				{pending
					? ct(method === "scan" ? "scan.showing" : "take.submitting")
					: method === "scan"
						? ct("scan.show", { amount: pay.scanAmount })
						: ct("take.submit", { amount: money(amount) })}
			</button>
		</form>
	);
}
