import {
	type CounterMethod,
	type CounterPurpose,
	type CounterTakeView,
	cashChange,
	cashDueOf,
	cashStepOf,
	formatSecondMoney,
	type KhqrCurrency,
	type PaymentCheckout,
	type PayRail,
	type TakePaymentInput,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useMemo, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { useCurrency, useMoney, usePrice } from "../../../lib/app-config";
import { BottomSheet } from "../../../ui/sheet";
import { payMethodsQuery } from "../../payments/checkout-api";
import { PayMethodIcon } from "../../payments/components/rail-icons";
import { khqrCurrencyOptions } from "../../payments/pay-method";
import { newIdempotencyKey, parseMoney, startScanToPay, takePayment } from "../api";
import { useCounterText } from "../strings";
import { AmountField, useSecondMoney } from "./amount-field";
import { ScanCodePanel } from "./scan-code-panel";

export interface TakeTarget {
	purpose: CounterPurpose;
	purposeId: number;
	/** What the board showed as due (the server refuses if it changed). */
	amount: number;
	/** The order's number or the table's. */
	label: string;
}

const METHODS: CounterMethod[] = ["cash", "card_terminal", "balance"];
/** The till's own methods, and a rail's code the customer scans on the staff's screen (issue 29). */
type SheetMethod = CounterMethod | "scan";

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
	const { ct, t } = useCounterText();
	const currency = useCurrency();
	const price = usePrice();
	const money = useMoney();
	const second = useSecondMoney();
	const ids = useId();
	const [method, setMethod] = useState<SheetMethod>("cash");
	// The rails set up for the shop (the sandbox is no code to scan).
	const rails = (useQuery(payMethodsQuery).data?.methods ?? []).filter(
		(offered): offered is typeof offered & { method: PayRail } => offered.method !== "sandbox",
	);
	const [scanRail, setScanRail] = useState<PayRail | null>(null);
	const [scanCurrency, setScanCurrency] = useState<KhqrCurrency | null>(null);
	const [scanCheckout, setScanCheckout] = useState<PaymentCheckout | null>(null);
	const chosenRail = rails.find((offered) => offered.method === scanRail) ?? rails[0] ?? null;
	const scanCurrencies = chosenRail?.method === "khqr" ? khqrCurrencyOptions(currency, chosenRail.currencies) : [];
	const scanInRiel = scanCurrencies.length > 1 && (scanCurrency ?? scanCurrencies[0]) !== currency.code;
	const scanAmount = (scanInRiel && formatSecondMoney(target.amount, currency)) || money(target.amount);
	const [tendered, setTendered] = useState("");
	const [tenderedSecond, setTenderedSecond] = useState("");
	const [reference, setReference] = useState("");
	const [code, setCode] = useState("");
	const [pending, setPending] = useState(false);
	const [message, setMessage] = useState<string | null>(null);
	const [taken, setTaken] = useState<CounterTakeView | null>(null);
	const [key] = useState(newIdempotencyKey);

	const tenderMinor = parseMoney(tendered, currency.decimals);
	const tenderSecondUnits = currency.second ? parseMoney(tenderedSecond, 0) : 0;
	const tenderValid =
		(tenderMinor === null || Number.isFinite(tenderMinor)) &&
		(tenderSecondUnits === null || Number.isFinite(tenderSecondUnits)) &&
		((tenderMinor ?? 0) > 0 || (tenderSecondUnits ?? 0) > 0);
	const change = useMemo(
		() =>
			tenderValid
				? cashChange(target.amount, { tendered: tenderMinor ?? 0, tenderedSecond: tenderSecondUnits ?? 0 }, currency)
				: null,
		[tenderValid, tenderMinor, tenderSecondUnits, target.amount, currency],
	);
	const due = cashDueOf(target.amount, currency);

	const submit = async (event: FormEvent) => {
		event.preventDefault();
		if (pending) return;
		let input: TakePaymentInput;
		const base = { shopId, purpose: target.purpose, purposeId: target.purposeId, amount: target.amount };
		if (method === "scan") {
			if (!chosenRail) return;
			setPending(true);
			setMessage(null);
			try {
				const railCurrency = chosenRail.method === "khqr" ? (scanCurrency ?? scanCurrencies[0]) : undefined;
				setScanCheckout(
					await startScanToPay({ ...base, payMethod: chosenRail.method, ...(railCurrency ? { railCurrency } : {}) }),
				);
			} catch (error) {
				setMessage(errorText(error));
			} finally {
				setPending(false);
			}
			return;
		}
		if (method === "cash") {
			if (!change || change.short) {
				setMessage(ct("take.short"));
				return;
			}
			input = { ...base, method, tendered: tenderMinor ?? 0, tenderedSecond: tenderSecondUnits ?? 0 };
		} else if (method === "card_terminal") input = { ...base, method, reference };
		else input = { ...base, method, code: code.replace(/\s+/g, "") };
		setPending(true);
		setMessage(null);
		try {
			const result = await takePayment(input, key);
			setTaken(result);
			onTaken(result);
		} catch (error) {
			setMessage(errorText(error));
		} finally {
			setPending(false);
		}
	};

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
					onAgain={() => setScanCheckout(null)}
					onClose={onClose}
				/>
			) : taken ? (
				<section className="counter-receipt" data-testid="take-receipt">
					<p className="counter-receipt__done">{ct("take.done")}</p>
					<p className="counter-receipt__no" data-testid="take-receipt-no">
						{ct("take.receipt", { no: taken.receiptNo })}
					</p>
					<p>{ct("take.paid", { amount: price(taken.amount) })}</p>
					{taken.method === "cash" && (
						<div className="counter-change" data-testid="take-receipt-change">
							<span>
								{(taken.change ?? 0) > 0 || (taken.changeSecond ?? 0) > 0
									? ct("take.giveChange")
									: ct("take.changeNone")}
							</span>
							<strong className="counter-change__amount">
								{changeText(taken.change ?? 0, taken.changeSecond ?? 0, money, second)}
							</strong>
						</div>
					)}
					<button
						type="button"
						className="button button--primary button--block"
						onClick={onClose}
						data-testid="take-done"
					>
						{ct("take.close")}
					</button>
				</section>
			) : !shiftOpen ? (
				<div className="counter-take-form" data-testid="take-no-shift-panel">
					<p className="field__error" role="alert" data-testid="take-no-shift">
						{ct("take.noShift")}
					</p>
					{openShift}
				</div>
			) : (
				<form className="form counter-take-form" onSubmit={submit} noValidate data-testid="take-form">
					<div className="counter-due">
						<span className="counter-due__label">{ct("take.due")}</span>
						<strong className="counter-due__amount price" data-testid="take-due">
							{money(target.amount)}
						</strong>
						{due.dueSecond !== null && currency.second && (
							<span className="field__hint" data-testid="take-due-second">
								{ct("take.dueSecond", {
									amount: second(due.dueSecond),
									step: second(currency.second.roundTo),
								})}
							</span>
						)}
						{due.dueSecond === null && cashStepOf(currency) > 1 && (
							<span className="field__hint">{money(due.due)}</span>
						)}
					</div>
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
										onChange={() => {
											setMethod(value);
											setMessage(null);
										}}
										className="visually-hidden"
										data-testid={`take-method-${value}`}
									/>
									{ct(`method.${value}`)}
								</label>
							))}
						</div>
					</fieldset>
					{method === "cash" && (
						<>
							<AmountField
								label={ct("take.tendered", { currency: currency.code })}
								value={tendered}
								onChange={setTendered}
								symbol={currency.symbol || currency.code}
								after={currency.symbolPosition === "after"}
								decimals={currency.decimals}
								testId="take-tendered"
							/>
							{currency.second && (
								<AmountField
									label={ct("take.tenderedSecond", { currency: currency.second.code })}
									value={tenderedSecond}
									onChange={setTenderedSecond}
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
					)}
					{method === "card_terminal" && (
						<div className="field">
							<label className="field__label" htmlFor={`${ids}-reference`}>
								{ct("take.reference")}
							</label>
							<input
								id={`${ids}-reference`}
								className="field__input"
								value={reference}
								onChange={(event) => setReference(event.target.value)}
								maxLength={40}
								autoComplete="off"
								data-testid="take-reference"
							/>
							<p className="field__hint">{ct("take.referenceHint")}</p>
						</div>
					)}
					{method === "scan" && chosenRail && (
						<fieldset className="field field--fieldset" data-testid="scan-rails">
							<legend className="field__label">{ct("scan.rail")}</legend>
							<div className="counter-scan__choices">
								{rails.map((offered) => (
									<label
										key={offered.method}
										className={`chip${chosenRail.method === offered.method ? " chip--on" : ""}`}
									>
										<input
											type="radio"
											name={`${ids}-rail`}
											value={offered.method}
											checked={chosenRail.method === offered.method}
											onChange={() => setScanRail(offered.method)}
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
													onChange={() => setScanCurrency(code)}
													className="visually-hidden"
													data-testid={`scan-currency-${code}`}
												/>
												{code === currency.code
													? money(target.amount)
													: (formatSecondMoney(target.amount, currency) ?? code)}
											</label>
										);
									})}
								</div>
							)}
						</fieldset>
					)}
					{method === "balance" && (
						<div className="field">
							<label className="field__label" htmlFor={`${ids}-code`}>
								{ct("take.code")}
							</label>
							<input
								id={`${ids}-code`}
								className="field__input counter-code"
								value={code}
								onChange={(event) => setCode(event.target.value)}
								inputMode="numeric"
								autoComplete="off"
								placeholder="0000 0000 0000 0000 00"
								data-testid="take-code"
							/>
							<p className="field__hint">{ct("take.codeHint")}</p>
						</div>
					)}
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
								? ct("scan.show", { amount: scanAmount })
								: ct("take.submit", { amount: money(target.amount) })}
					</button>
				</form>
			)}
		</BottomSheet>
	);
}

/** "$7.00 + 2,700៛", "2,700៛", "$7.00" or the currency's zero. */
export function changeText(
	change: number,
	changeSecond: number,
	money: (amount: number) => string,
	second: (units: number) => string,
): string {
	const parts = [change > 0 ? money(change) : null, changeSecond > 0 ? second(changeSecond) : null].filter(Boolean);
	return parts.length > 0 ? parts.join(" + ") : money(0);
}
