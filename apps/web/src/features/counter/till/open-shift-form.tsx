import { useCurrency } from "../../../lib/app-config";
import { useCounterText } from "../strings";
import { AmountField } from "../take-payment/amount-field";
import { useOpenShiftForm } from "./use-open-shift-form";

/** No shift open: the float, to open one. */
export function OpenShiftForm({ shopId, onOpened }: { shopId: number; onOpened: () => void }) {
	const { ct } = useCounterText();
	const currency = useCurrency();
	const form = useOpenShiftForm({ shopId, onOpened });
	const { floatCash, setFloatCash, floatSecond, setFloatSecond, pending, message } = form;
	return (
		<form className="card form" onSubmit={form.submit} noValidate data-testid="till-open-form">
			<div className="counter-till__head">
				<h2>{ct("till.title")}</h2>
				<span className="field__hint">{ct("till.none")}</span>
			</div>
			<AmountField
				label={ct("till.float", { currency: currency.code })}
				value={floatCash}
				onChange={setFloatCash}
				symbol={currency.symbol || currency.code}
				after={currency.symbolPosition === "after"}
				decimals={currency.decimals}
				hint={ct("till.floatHint")}
				testId="till-float"
			/>
			{currency.second && (
				<AmountField
					label={ct("till.float", { currency: currency.second.code })}
					value={floatSecond}
					onChange={setFloatSecond}
					symbol={currency.second.symbol}
					after={currency.second.symbolPosition === "after"}
					decimals={0}
					testId="till-float-second"
				/>
			)}
			{message && (
				<p className="field__error" role="alert" data-testid="till-error">
					{message}
				</p>
			)}
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={pending}
				aria-busy={pending}
				data-testid="till-open"
			>
				{pending ? ct("till.opening") : ct("till.open")}
			</button>
		</form>
	);
}
