import { type CounterMethod, cashStepOf, formatSecondMoney } from "@bayon/contract";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { PayMethodIcon } from "../../payments/checkout/rail-icons";
import { useCounterText } from "../strings";
import { AmountField, useSecondMoney } from "./amount-field";
import { changeText } from "./take-receipt";
import type { TakePayment } from "./use-take-payment";

const METHODS: CounterMethod[] = ["cash", "card_terminal", "balance"];

type FieldProps = { pay: TakePayment; ids: string };

/** What is due, and in cash as the currency's cash allows (in riel too). */
export function TakeDue({ pay, amount }: { pay: TakePayment; amount: number }) {
	const { ct } = useCounterText();
	const currency = useCurrency();
	const money = useMoney();
	const second = useSecondMoney();
	const { due } = pay;
	return (
		<div className="counter-due">
			<span className="counter-due__label">{ct("take.due")}</span>
			<strong className="counter-due__amount price" data-testid="take-due">
				{money(amount)}
			</strong>
			{due.dueSecond !== null && currency.second && (
				<span className="field__hint" data-testid="take-due-second">
					{ct("take.dueSecond", {
						amount: second(due.dueSecond),
						step: second(currency.second.roundTo),
					})}
				</span>
			)}
			{due.dueSecond === null && cashStepOf(currency) > 1 && <span className="field__hint">{money(due.due)}</span>}
		</div>
	);
}

/** Cash, the card terminal, the member's pay code, or (with a rail set up) a code to scan. */
export function TakeMethodPicker({ pay, ids }: FieldProps) {
	const { ct } = useCounterText();
	const { method, rails } = pay;
	return (
		<fieldset className="field field--fieldset">
			<legend className="field__label">{ct("take.method")}</legend>
			<div className="segmented" data-testid="take-method">
				{[...METHODS, ...(rails.length > 0 ? (["scan"] as const) : [])].map((value) => (
					<label key={value} className={`segmented__option${method === value ? " is-selected" : ""}`}>
						<input
							type="radio"
							name={`${ids}-method`}
							value={value}
							checked={method === value}
							onChange={() => pay.chooseMethod(value)}
							className="visually-hidden"
							data-testid={`take-method-${value}`}
						/>
						{ct(`method.${value}`)}
					</label>
				))}
			</div>
		</fieldset>
	);
}

/** What the customer handed over (in both currencies) and the change worked out as it is typed. */
export function CashTender({ pay }: { pay: TakePayment }) {
	const { ct } = useCounterText();
	const currency = useCurrency();
	const money = useMoney();
	const second = useSecondMoney();
	const { change } = pay;
	return (
		<>
			<AmountField
				label={ct("take.tendered", { currency: currency.code })}
				value={pay.tendered}
				onChange={pay.setTendered}
				symbol={currency.symbol || currency.code}
				after={currency.symbolPosition === "after"}
				decimals={currency.decimals}
				testId="take-tendered"
			/>
			{currency.second && (
				<AmountField
					label={ct("take.tenderedSecond", { currency: currency.second.code })}
					value={pay.tenderedSecond}
					onChange={pay.setTenderedSecond}
					symbol={currency.second.symbol}
					after={currency.second.symbolPosition === "after"}
					decimals={0}
					testId="take-tendered-second"
				/>
			)}
			<div className="counter-change" aria-live="polite" data-testid="take-change">
				<span>{ct("take.change")}</span>
				<strong className="counter-change__amount">
					{change === null
						? "—"
						: change.short
							? ct("take.short")
							: changeText(change.change, change.changeSecond, money, second)}
				</strong>
			</div>
		</>
	);
}

/** The card terminal's slip reference. */
export function CardReferenceField({ pay, ids }: FieldProps) {
	const { ct } = useCounterText();
	return (
		<div className="field">
			<label className="field__label" htmlFor={`${ids}-reference`}>
				{ct("take.reference")}
			</label>
			<input
				id={`${ids}-reference`}
				className="field__input"
				value={pay.reference}
				onChange={(event) => pay.setReference(event.target.value)}
				maxLength={40}
				autoComplete="off"
				data-testid="take-reference"
			/>
			<p className="field__hint">{ct("take.referenceHint")}</p>
		</div>
	);
}

/** Which rail's code to show, and for KHQR in which currency. */
export function ScanRailPicker({ pay, ids, amount }: FieldProps & { amount: number }) {
	const { ct, t } = useCounterText();
	const currency = useCurrency();
	const money = useMoney();
	const { rails, chosenRail, scanCurrencies, scanCurrency } = pay;
	if (!chosenRail) return null;
	return (
		<fieldset className="field field--fieldset" data-testid="scan-rails">
			<legend className="field__label">{ct("scan.rail")}</legend>
			<div className="counter-scan__choices">
				{rails.map((offered) => (
					<label key={offered.method} className={`chip${chosenRail.method === offered.method ? " chip--on" : ""}`}>
						<input
							type="radio"
							name={`${ids}-rail`}
							value={offered.method}
							checked={chosenRail.method === offered.method}
							onChange={() => pay.setScanRail(offered.method)}
							className="visually-hidden"
							data-testid={`scan-rail-${offered.method}`}
						/>
						<PayMethodIcon method={offered.method} />
						{t(`pay.${offered.method}`)}
					</label>
				))}
			</div>
			{scanCurrencies.length > 1 && (
				<div className="counter-scan__choices" data-testid="scan-currency">
					{scanCurrencies.map((code) => {
						const on = (scanCurrency ?? scanCurrencies[0]) === code;
						return (
							<label key={code} className={`chip${on ? " chip--on" : ""}`}>
								<input
									type="radio"
									name={`${ids}-currency`}
									value={code}
									checked={on}
									onChange={() => pay.setScanCurrency(code)}
									className="visually-hidden"
									data-testid={`scan-currency-${code}`}
								/>
								{code === currency.code ? money(amount) : (formatSecondMoney(amount, currency) ?? code)}
							</label>
						);
					})}
				</div>
			)}
		</fieldset>
	);
}

/** The member's one-minute pay code, typed or read off their phone. */
export function PayCodeField({ pay, ids }: FieldProps) {
	const { ct } = useCounterText();
	return (
		<div className="field">
			<label className="field__label" htmlFor={`${ids}-code`}>
				{ct("take.code")}
			</label>
			<input
				id={`${ids}-code`}
				className="field__input counter-code"
				value={pay.code}
				onChange={(event) => pay.setCode(event.target.value)}
				inputMode="numeric"
				autoComplete="off"
				placeholder="0000 0000 0000 0000 00"
				data-testid="take-code"
			/>
			<p className="field__hint">{ct("take.codeHint")}</p>
		</div>
	);
}
