import type { KhqrCurrency, PayMethod } from "@bayon/contract";
import { Fragment, useId } from "react";
import { usePaymentText } from "../strings";
import type { PayMethodChoice } from "./pay-method";
import { PayMethodIcon } from "./rail-icons";
import { usePayMethodPicker } from "./use-pay-method-picker";
import "../../../ui/controls.css";
import "./pay-method-picker.css";

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
	const { t } = usePaymentText();
	const titleId = useId();
	const picker = usePayMethodPicker({
		value,
		onChange,
		total,
		givenBalance,
		balanceShortNote,
		withBalance,
		railCurrency,
		onRailCurrencyChange,
	});
	const { selected, khqrOptions } = picker;

	// KHQR in dollars or riel, right under its row while it is chosen.
	const khqrCurrencyChoice = selected === "khqr" && khqrOptions.length > 1 && onRailCurrencyChange && (
		<KhqrCurrencyChoice
			options={khqrOptions}
			chosen={picker.chosenKhqrCurrency}
			amountOf={picker.khqrAmount}
			onChange={onRailCurrencyChange}
		/>
	);

	return (
		<section className="card pay-card" aria-labelledby={titleId} data-testid="pay-methods">
			<h2 className="pay-card__title" id={titleId}>
				{t("pay.method")}
			</h2>
			<div className="pay-methods" role="radiogroup" aria-labelledby={titleId}>
				{picker.choices.map((choice) => (
					<Fragment key={choice.method}>
						<PayMethodRow
							choice={choice}
							checked={selected === choice.method}
							note={picker.noteOf(choice)}
							onChange={onChange}
						/>
						{choice.method === "khqr" && khqrCurrencyChoice}
					</Fragment>
				))}
				<MethodsStatus
					pending={picker.methods.isPending}
					failed={picker.methods.isError && !picker.rails}
					none={picker.rails !== null && picker.choices.length === 0}
					onRetry={() => void picker.methods.refetch()}
				/>
			</div>
		</section>
	);
}

/** One method: its icon and name, its radio (disabled where it cannot pay) and its note. */
function PayMethodRow({
	choice: { method, unavailable },
	checked,
	note,
	onChange,
}: {
	choice: PayMethodChoice;
	checked: boolean;
	note: string | undefined;
	onChange: (method: PayMethod) => void;
}) {
	const { t } = usePaymentText();
	return (
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
	);
}

/** KHQR's currencies, each with what the total comes to in it. */
function KhqrCurrencyChoice({
	options,
	chosen,
	amountOf,
	onChange,
}: {
	options: readonly KhqrCurrency[];
	chosen: KhqrCurrency | null;
	amountOf: (code: KhqrCurrency) => string | null;
	onChange: (currency: KhqrCurrency) => void;
}) {
	const { pt } = usePaymentText();
	return (
		<fieldset className="pay-currency" data-testid="khqr-currency">
			<legend className="pay-currency__legend">{pt("khqr.currency")}</legend>
			<div className="pay-currency__options">
				{options.map((code) => {
					const amount = amountOf(code);
					const on = chosen === code;
					return (
						<label key={code} className={`chip pay-currency__option${on ? " chip--on" : ""}`}>
							<input
								type="radio"
								name="khqr-currency"
								className="pay-currency__input"
								value={code}
								checked={on}
								onChange={() => onChange(code)}
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
}

/** The rails being read, not read (with a retry), or none set up. */
function MethodsStatus({
	pending,
	failed,
	none,
	onRetry,
}: {
	pending: boolean;
	failed: boolean;
	none: boolean;
	onRetry: () => void;
}) {
	const { pt, t } = usePaymentText();
	return (
		<>
			{pending && (
				<p className="pay-methods__status" role="status" data-testid="pay-methods-loading">
					<span className="spinner" aria-hidden="true" />
					{pt("methods.loading")}
				</p>
			)}
			{failed && (
				<p className="pay-methods__status" role="alert" data-testid="pay-methods-failed">
					{pt("methods.failed")}
					<button type="button" className="text-button" onClick={onRetry} data-testid="retry">
						{t("common.retry")}
					</button>
				</p>
			)}
			{none && (
				<p className="pay-methods__status" data-testid="pay-methods-none">
					{pt("methods.none")}
				</p>
			)}
		</>
	);
}
