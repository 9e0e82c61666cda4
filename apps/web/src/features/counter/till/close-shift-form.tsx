import type { ShiftView } from "@bayon/contract";
import { useId } from "react";
import { useCurrency } from "../../../lib/app-config";
import { useCounterText } from "../strings";
import { AmountField } from "../take-payment/amount-field";
import { useCloseShiftForm } from "./use-close-shift-form";

/** The count at the end of the shift. */
export function CloseShiftForm({
	shopId,
	shift,
	onClosed,
}: {
	shopId: number;
	shift: ShiftView;
	onClosed: () => void;
}) {
	const { ct } = useCounterText();
	const currency = useCurrency();
	const ids = useId();
	const form = useCloseShiftForm({ shopId, shift, onClosed });
	const { cash, setCash, cashSecond, setCashSecond, card, setCard, note, setNote, pending, message } = form;
	return (
		<form className="card form" onSubmit={form.submit} noValidate data-testid="till-close-form">
			<h2 className="section__title">{ct("till.close")}</h2>
			<AmountField
				label={ct("till.countCash", { currency: currency.code })}
				value={cash}
				onChange={setCash}
				symbol={currency.symbol || currency.code}
				after={currency.symbolPosition === "after"}
				decimals={currency.decimals}
				testId="till-count-cash"
			/>
			{currency.second && (
				<AmountField
					label={ct("till.countCash", { currency: currency.second.code })}
					value={cashSecond}
					onChange={setCashSecond}
					symbol={currency.second.symbol}
					after={currency.second.symbolPosition === "after"}
					decimals={0}
					testId="till-count-cash-second"
				/>
			)}
			<AmountField
				label={ct("till.countCard")}
				value={card}
				onChange={setCard}
				symbol={currency.symbol || currency.code}
				after={currency.symbolPosition === "after"}
				decimals={currency.decimals}
				hint={ct("till.countCardHint")}
				testId="till-count-card"
			/>
			<div className="field">
				<label className="field__label" htmlFor={`${ids}-note`}>
					{ct("till.note")}
				</label>
				<input
					id={`${ids}-note`}
					className="field__input"
					value={note}
					onChange={(event) => setNote(event.target.value)}
					maxLength={200}
					placeholder={ct("till.notePlaceholder")}
					data-testid="till-note"
				/>
			</div>
			{message && (
				<p className="field__error" role="alert" data-testid="till-close-error">
					{message}
				</p>
			)}
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={pending}
				aria-busy={pending}
				data-testid="till-close"
			>
				{pending ? ct("till.closing") : ct("till.close")}
			</button>
		</form>
	);
}
