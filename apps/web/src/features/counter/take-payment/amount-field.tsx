import { formatSecondMoney } from "@bayon/contract";
import { useCallback, useId } from "react";
import { useCurrency } from "../../../lib/app-config";

/**
 * An amount typed in a currency's major unit ("12.50", or whole riel): a decimal keypad on
 * phones, the symbol drawn inside the box, only digits and one decimal mark kept.
 */
export function AmountField({
	label,
	value,
	onChange,
	symbol,
	after,
	decimals,
	hint,
	testId,
}: {
	label: string;
	value: string;
	onChange: (value: string) => void;
	symbol: string;
	after: boolean;
	decimals: number;
	hint?: string | undefined;
	testId: string;
}) {
	const id = useId();
	const allowed = decimals > 0 ? /^\d*([.,]\d*)?$/ : /^\d*$/;
	return (
		<div className="field">
			<label className="field__label" htmlFor={id}>
				{label}
			</label>
			<div className={`counter-money${after ? " counter-money--after" : ""}`}>
				<span className="counter-money__symbol" aria-hidden="true">
					{symbol}
				</span>
				<input
					id={id}
					className="field__input counter-money__input"
					value={value}
					onChange={(event) => {
						const next = event.target.value.replace(/\s+/g, "");
						if (allowed.test(next)) onChange(next);
					}}
					inputMode={decimals > 0 ? "decimal" : "numeric"}
					autoComplete="off"
					placeholder={decimals > 0 ? (0).toFixed(decimals) : "0"}
					data-testid={testId}
				/>
			</div>
			{hint && <p className="field__hint">{hint}</p>}
		</div>
	);
}

/** Whole units of the second display currency ("2,700៛"), unrounded further. */
export function useSecondMoney(): (units: number) => string {
	const currency = useCurrency();
	return useCallback(
		(units: number) => {
			const second = currency.second;
			if (!second) return String(units);
			// formatSecondMoney converts from minor units of the ledger currency: hand it units at rate 1.
			return (
				formatSecondMoney(units, {
					...currency,
					decimals: 0,
					second: { ...second, rate: 1, roundTo: 1 },
				}) ?? String(units)
			);
		},
		[currency],
	);
}
