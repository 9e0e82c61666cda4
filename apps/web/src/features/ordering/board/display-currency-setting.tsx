import { useId } from "react";
import { useAppConfig, useCurrency } from "../../../lib/app-config";
import { formatMoney, formatPoints, formatPrice } from "../../../lib/format";
import { BusinessAdminNote, useIsBusinessAdmin } from "../../../ui/staff/business-admin-note";
import { useMerchantText } from "../../../ui/staff/strings";
import { EXAMPLE_AMOUNT, useDisplayCurrency } from "./use-display-currency";

const ROUNDING_UNITS = [1, 10, 100, 1000] as const;

/**
 * The owner's second display currency (decision 011): prices read "$2.50 · 10,300៛" at the
 * owner's rate. Display only; the server checks the values and answers in the owner's
 * language. A full shop-settings page will take this over. The rate is the business's (every
 * shop shows it): only its administrator changes it (issue 27); another owner reads it.
 */
export function DisplayCurrencySetting({ shopId }: { shopId: number }) {
	return useIsBusinessAdmin() ? <DisplayCurrencyForm shopId={shopId} /> : <DisplayCurrencyShown />;
}

/** The rate as it is, with who sets it, for an owner who is not the business's administrator. */
function DisplayCurrencyShown() {
	const { mt } = useMerchantText();
	const config = useAppConfig();
	const currency = useCurrency();
	if (!config.data) return null;
	const second = currency.second ?? null;
	const unit = formatMoney(10 ** currency.decimals, { ...currency, rate: 1 });
	return (
		<section className="card merchant-setting merchant-currency" data-testid="merchant-display-currency">
			<p className="merchant-currency__title">{mt("currency.title")}</p>
			<p className="merchant-currency__shown" data-testid="merchant-display-currency-shown">
				{second
					? mt("currency.shown", {
							example: formatPrice(EXAMPLE_AMOUNT, currency),
							rate: formatPoints(second.rate),
							unit,
						})
					: mt("currency.none", { code: currency.code })}
			</p>
			<BusinessAdminNote testId="merchant-display-currency-note" />
		</section>
	);
}

type DisplayCurrencyState = ReturnType<typeof useDisplayCurrency>;

function DisplayCurrencyForm({ shopId }: { shopId: number }) {
	const { mt } = useMerchantText();
	const ids = useId();
	const form = useDisplayCurrency(shopId);
	const { currency, open, busy } = form;
	if (!form.config.data) return null;

	return (
		<section className="card merchant-setting merchant-currency" data-testid="merchant-display-currency">
			<label className="switch-row">
				<span className="switch-row__text">
					<span>{mt("currency.title")}</span>
					<span className="field__hint">{mt("currency.hint", { example: form.example, code: currency.code })}</span>
				</span>
				<input
					type="checkbox"
					role="switch"
					className="switch"
					aria-checked={open}
					checked={open}
					disabled={busy}
					onChange={(event) => form.toggle(event.target.checked)}
					data-testid="merchant-display-currency-switch"
				/>
			</label>
			{open && <SecondCurrencyForm ids={ids} form={form} />}
		</section>
	);
}

/** The second currency: its code, symbol and rate, its rounding and where its symbol goes. */
function SecondCurrencyForm({ ids, form }: { ids: string; form: DisplayCurrencyState }) {
	const { mt } = useMerchantText();
	const { draft, change, problem } = form;
	return (
		<form
			className="merchant-currency__form"
			onSubmit={(event) => {
				event.preventDefault();
				form.submit();
			}}
		>
			<SecondCurrencyFields form={form} />
			<ChoiceChips
				legend={mt("currency.roundTo")}
				name={`${ids}-round`}
				choices={ROUNDING_UNITS.map((unit) => ({ value: unit, label: formatPoints(unit) }))}
				value={draft.roundTo}
				onChange={(roundTo) => change({ roundTo })}
				testId="merchant-currency-round"
			/>
			<ChoiceChips
				legend={mt("currency.position")}
				name={`${ids}-position`}
				choices={[
					{ value: "before" as const, label: mt("currency.before") },
					{ value: "after" as const, label: mt("currency.after") },
				]}
				value={draft.symbolPosition}
				onChange={(symbolPosition) => change({ symbolPosition })}
				testId="merchant-currency-position"
			/>
			{problem && (
				<p className="field__error" role="alert" data-testid="merchant-currency-error">
					{problem}
				</p>
			)}
			<button
				type="submit"
				className="button button--primary button--small"
				disabled={form.busy}
				data-testid="merchant-currency-save"
			>
				{mt("currency.save")}
			</button>
		</form>
	);
}

function SecondCurrencyFields({ form }: { form: DisplayCurrencyState }) {
	const { mt } = useMerchantText();
	const { draft, change, currency } = form;
	return (
		<div className="field__row">
			<label className="field merchant-currency__code">
				<span className="field__label">{mt("currency.code")}</span>
				<input
					className="field__input"
					value={draft.code}
					maxLength={3}
					autoCapitalize="characters"
					onChange={(event) => change({ code: event.target.value.toUpperCase() })}
					data-testid="merchant-currency-code"
				/>
			</label>
			<label className="field merchant-currency__code">
				<span className="field__label">{mt("currency.symbol")}</span>
				<input
					className="field__input"
					value={draft.symbol}
					maxLength={8}
					onChange={(event) => change({ symbol: event.target.value })}
					data-testid="merchant-currency-symbol"
				/>
			</label>
			<label className="field">
				<span className="field__label">
					{mt("currency.rate", { unit: formatMoney(10 ** currency.decimals, { ...currency, rate: 1 }) })}
				</span>
				<input
					className="field__input"
					inputMode="numeric"
					value={draft.rate}
					aria-invalid={form.problem !== null}
					onChange={(event) => change({ rate: event.target.value.replace(/[^\d]/g, "") })}
					data-testid="merchant-currency-rate"
				/>
			</label>
		</div>
	);
}

/** One choice among a few, as the app's chips (radio buttons underneath, for keyboards and readers). */
function ChoiceChips<T extends string | number>(props: {
	legend: string;
	name: string;
	choices: Array<{ value: T; label: string }>;
	value: T;
	onChange: (value: T) => void;
	testId: string;
}) {
	return (
		<fieldset className="field field--fieldset">
			<legend className="field__label">{props.legend}</legend>
			<div className="segmented" data-testid={props.testId}>
				{props.choices.map((choice) => (
					<label
						key={choice.value}
						className={`segmented__option${props.value === choice.value ? " is-selected" : ""}`}
					>
						<input
							type="radio"
							name={props.name}
							checked={props.value === choice.value}
							onChange={() => props.onChange(choice.value)}
							className="visually-hidden"
						/>
						{choice.label}
					</label>
				))}
			</div>
		</fieldset>
	);
}
