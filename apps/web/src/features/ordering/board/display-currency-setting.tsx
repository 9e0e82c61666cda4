import type { AppConfig, SecondCurrency } from "@bayon/contract";
import { useId, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { appConfigQuery, useAppConfig, useCurrency } from "../../../lib/app-config";
import { formatMoney, formatPoints, formatPrice } from "../../../lib/format";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { BusinessAdminNote, useIsBusinessAdmin } from "../../../ui/staff/business-admin-note";
import { useMerchantText } from "../../../ui/staff/strings";
import { setDisplayCurrency } from "./api";

/** What the form starts from when the shop shows one currency: riel, as Phnom Penh prices. */
const RIEL: SecondCurrency = { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" };
const ROUNDING_UNITS = [1, 10, 100, 1000] as const;
/** The example price in the hint and preview: 2.50 in the shop's currency. */
const EXAMPLE_AMOUNT = 250;

interface Draft {
	code: string;
	symbol: string;
	rate: string;
	roundTo: number;
	symbolPosition: "before" | "after";
}

const draftOf = (second: SecondCurrency): Draft => ({ ...second, rate: String(second.rate) });

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

function DisplayCurrencyForm({ shopId }: { shopId: number }) {
	const { mt } = useMerchantText();
	const config = useAppConfig();
	const currency = useCurrency();
	const ids = useId();
	const saved = currency.second ?? null;
	const [editing, setEditing] = useState(false);
	const [draft, setDraft] = useState<Draft>(() => draftOf(saved ?? RIEL));
	const [problem, setProblem] = useState<string | null>(null);
	const [busy, setBusy] = useState(false);
	const open = editing || saved !== null;

	const store = async (second: SecondCurrency | null) => {
		setBusy(true);
		setProblem(null);
		try {
			const answer = await setDisplayCurrency(shopId, second);
			// Every price on screen follows at once, before the configuration is fetched again.
			queryClient.setQueryData(appConfigQuery.queryKey, (old: AppConfig | undefined) =>
				old ? { ...old, currency: { ...old.currency, second: answer.second } } : old,
			);
			appStore.setState({ currency: { ...currency, second: answer.second } });
			if (answer.second) setDraft(draftOf(answer.second));
			setEditing(false);
			showToast(mt(answer.second ? "currency.saved" : "currency.off"));
		} catch (error) {
			setProblem(errorText(error));
		} finally {
			setBusy(false);
		}
	};

	const submit = () =>
		void store({
			code: draft.code.trim().toUpperCase(),
			symbol: draft.symbol,
			// Not a whole number: sent as it is, so the server names the field in the owner's language.
			rate: /^\d+$/.test(draft.rate) ? Number(draft.rate) : Number.NaN,
			roundTo: draft.roundTo,
			symbolPosition: draft.symbolPosition,
		});

	const toggle = (on: boolean) => {
		if (on) {
			setEditing(true);
			return;
		}
		setEditing(false);
		if (saved) void store(null);
	};

	const previewSecond: SecondCurrency = {
		code: draft.code,
		symbol: draft.symbol.trim() || draft.code,
		rate: Number(draft.rate) || 0,
		roundTo: draft.roundTo,
		symbolPosition: draft.symbolPosition,
	};
	const example = formatPrice(EXAMPLE_AMOUNT, { ...currency, second: open ? previewSecond : RIEL });
	if (!config.data) return null;

	return (
		<section className="card merchant-setting merchant-currency" data-testid="merchant-display-currency">
			<label className="switch-row">
				<span className="switch-row__text">
					<span>{mt("currency.title")}</span>
					<span className="field__hint">{mt("currency.hint", { example, code: currency.code })}</span>
				</span>
				<input
					type="checkbox"
					role="switch"
					className="switch"
					aria-checked={open}
					checked={open}
					disabled={busy}
					onChange={(event) => toggle(event.target.checked)}
					data-testid="merchant-display-currency-switch"
				/>
			</label>
			{open && (
				<form
					className="merchant-currency__form"
					onSubmit={(event) => {
						event.preventDefault();
						submit();
					}}
				>
					<div className="field__row">
						<label className="field merchant-currency__code">
							<span className="field__label">{mt("currency.code")}</span>
							<input
								className="field__input"
								value={draft.code}
								maxLength={3}
								autoCapitalize="characters"
								onChange={(event) => setDraft({ ...draft, code: event.target.value.toUpperCase() })}
								data-testid="merchant-currency-code"
							/>
						</label>
						<label className="field merchant-currency__code">
							<span className="field__label">{mt("currency.symbol")}</span>
							<input
								className="field__input"
								value={draft.symbol}
								maxLength={8}
								onChange={(event) => setDraft({ ...draft, symbol: event.target.value })}
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
								aria-invalid={problem !== null}
								onChange={(event) => setDraft({ ...draft, rate: event.target.value.replace(/[^\d]/g, "") })}
								data-testid="merchant-currency-rate"
							/>
						</label>
					</div>
					<ChoiceChips
						legend={mt("currency.roundTo")}
						name={`${ids}-round`}
						choices={ROUNDING_UNITS.map((unit) => ({ value: unit, label: formatPoints(unit) }))}
						value={draft.roundTo}
						onChange={(roundTo) => setDraft({ ...draft, roundTo })}
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
						onChange={(symbolPosition) => setDraft({ ...draft, symbolPosition })}
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
						disabled={busy}
						data-testid="merchant-currency-save"
					>
						{mt("currency.save")}
					</button>
				</form>
			)}
		</section>
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
