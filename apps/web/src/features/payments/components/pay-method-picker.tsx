import { formatSecondMoney, type KhqrCurrency, type PayMethod } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Fragment, useId, useLayoutEffect } from "react";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { useAppState } from "../../../lib/store";
import { payMethodsQuery } from "../checkout-api";
import {
	isCambodianShop,
	khqrCurrencyOptions,
	type PayMethodChoice,
	payableMethod,
	payMethodChoices,
	type Unavailable,
} from "../pay-method";
import { usePaymentText } from "../strings";
import { PayMethodIcon } from "./rail-icons";
import "../../../ui/controls.css";
import "../pay-method-picker.css";

/**
 * The payment methods, with a method that can pay always selected: the stored balance only
 * when it covers `total` (else it says it is short and the first rail is chosen), then the
 * rails set up for the shop (`GET /pay/methods`), KHQR first for a Cambodian shop, each greyed
 * with the spec's hint where it cannot work in this browser. KHQR lets the customer choose
 * dollars or riel when the shop shows riel and the caller takes the choice.
 */
export function PayMethodPicker({
	value,
	onChange,
	total = null,
	balance: givenBalance,
	balanceShortNote,
	withBalance = true,
	railCurrency = null,
	onRailCurrencyChange,
}: {
	/** The caller's choice; null: none yet, the first method that can pay is chosen. */
	value: PayMethod | null;
	onChange: (method: PayMethod) => void;
	/** What is to be paid; null while it is being priced (then the balance is not ruled out). */
	total?: number | null;
	/** The payer's balance as the page's own call answered it; else the signed-in member's. */
	balance?: number | null;
	/** The note under a balance that does not cover the total (the pay page's speaks of an order). */
	balanceShortNote?: string;
	/** False where the balance cannot pay (a recharge of the balance itself). */
	withBalance?: boolean;
	/** The currency chosen for a KHQR; null: the shop's own. */
	railCurrency?: KhqrCurrency | null;
	/** Given by callers whose pay call carries `railCurrency`: the KHQR's currency choice is shown. */
	onRailCurrencyChange?: (currency: KhqrCurrency) => void;
}) {
	const { pt, t, m } = usePaymentText();
	const money = useMoney();
	const currency = useCurrency();
	const member = useAppState((s) => s.member);
	const titleId = useId();
	const methods = useQuery(payMethodsQuery);
	const balance = givenBalance ?? member?.balance ?? null;
	const rails = methods.data?.methods ?? null;
	const choices = payMethodChoices({ balance, total, rails, cambodian: isCambodianShop(currency), withBalance });
	// While the rails are read, the caller's choice stands (it may be one of them).
	const selected = rails ? payableMethod(value, choices) : value;
	// Told before the screen paints: a pay button pressed right after never sends the method left behind.
	useLayoutEffect(() => {
		if (selected && selected !== value) onChange(selected);
	}, [selected, value, onChange]);

	const notes: Record<Unavailable, string> = {
		balanceShort: balanceShortNote ?? t("pay.balanceShort", { amount: money(balance ?? 0) }),
		openInWechat: m("openInWechatForWechatPay"),
		openInBrowser: m("openInBrowserForAlipay"),
	};
	const noteOf = ({ method, unavailable }: PayMethodChoice): string | undefined => {
		if (unavailable) return notes[unavailable];
		if (method === "balance" && balance !== null) return t("pay.balanceLeft", { amount: money(balance) });
		if (method === "khqr") return pt("khqr.hint");
		return undefined;
	};
	const khqr = choices.find((choice) => choice.method === "khqr");
	const khqrOptions = khqr && onRailCurrencyChange ? khqrCurrencyOptions(currency, khqr.currencies) : [];
	const chosenKhqrCurrency = railCurrency ?? khqrOptions[0] ?? null;
	const khqrAmount = (code: KhqrCurrency): string | null => {
		if (total === null) return null;
		return code === currency.code ? money(total) : formatSecondMoney(total, currency);
	};

	// KHQR in dollars or riel, right under its row while it is chosen.
	const khqrCurrencyChoice = selected === "khqr" && khqrOptions.length > 1 && onRailCurrencyChange && (
		<fieldset className="pay-currency" data-testid="khqr-currency">
			<legend className="pay-currency__legend">{pt("khqr.currency")}</legend>
			<div className="pay-currency__options">
				{khqrOptions.map((code) => {
					const amount = khqrAmount(code);
					const on = chosenKhqrCurrency === code;
					return (
						<label key={code} className={`chip pay-currency__option${on ? " chip--on" : ""}`}>
							<input
								type="radio"
								name="khqr-currency"
								className="pay-currency__input"
								value={code}
								checked={on}
								onChange={() => onRailCurrencyChange(code)}
								data-testid={`khqr-currency-${code}`}
							/>
							<span>{pt(`khqr.currency.${code}`)}</span>
							{amount && <span className="pay-currency__amount">{amount}</span>}
						</label>
					);
				})}
			</div>
		</fieldset>
	);

	return (
		<section className="card pay-card" aria-labelledby={titleId} data-testid="pay-methods">
			<h2 className="pay-card__title" id={titleId}>
				{t("pay.method")}
			</h2>
			<div className="pay-methods" role="radiogroup" aria-labelledby={titleId}>
				{choices.map((choice) => {
					const { method, unavailable } = choice;
					const checked = selected === method;
					const note = noteOf(choice);
					return (
						<Fragment key={method}>
							<label
								className={`pay-method pay-method--${method}${unavailable ? " is-disabled" : ""}${checked ? " is-selected" : ""}`}
								data-testid={`pay-method-${method}`}
								data-unavailable={unavailable ?? undefined}
							>
								<PayMethodIcon method={method} className="pay-method__icon" />
								<span className="pay-method__label">{t(`pay.${method}`)}</span>
								<input
									type="radio"
									name="pay-method"
									className="radio"
									value={method}
									checked={checked}
									disabled={unavailable !== null}
									onChange={() => onChange(method)}
								/>
								{note && (
									<span
										className={`pay-method__note${unavailable === "balanceShort" ? " is-warning" : ""}`}
										data-testid={unavailable === "balanceShort" ? "pay-balance-short" : `pay-method-${method}-note`}
									>
										{note}
									</span>
								)}
							</label>
							{method === "khqr" && khqrCurrencyChoice}
						</Fragment>
					);
				})}
				{methods.isPending && (
					<p className="pay-methods__status" role="status" data-testid="pay-methods-loading">
						<span className="spinner" aria-hidden="true" />
						{pt("methods.loading")}
					</p>
				)}
				{methods.isError && !rails && (
					<p className="pay-methods__status" role="alert" data-testid="pay-methods-failed">
						{pt("methods.failed")}
						<button type="button" className="text-button" onClick={() => void methods.refetch()} data-testid="retry">
							{t("common.retry")}
						</button>
					</p>
				)}
				{rails && choices.length === 0 && (
					<p className="pay-methods__status" data-testid="pay-methods-none">
						{pt("methods.none")}
					</p>
				)}
			</div>
		</section>
	);
}
