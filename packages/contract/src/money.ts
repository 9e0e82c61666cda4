import type { CurrencyConfig } from "./content.js";

/**
 * The one way money is shown (spec §9): minor units → major units, times the display rate,
 * with the symbol before or after. Server messages ("delivery from $5.00") and the web app
 * both use it, so a price reads the same everywhere.
 */
export function formatMoney(amountMinor: number, currency: CurrencyConfig): string {
	const major = (amountMinor / 10 ** currency.decimals) * currency.rate;
	const digits = currency.rate === 1 ? currency.decimals : Math.min(currency.decimals, 2);
	const sign = major < 0 ? "-" : "";
	const [whole = "0", fraction] = Math.abs(major).toFixed(digits).split(".");
	// Thousands grouped with commas; written out so it reads the same in every runtime.
	const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
	const number = fraction === undefined ? grouped : `${grouped}.${fraction}`;
	return currency.symbolPosition === "before"
		? `${sign}${currency.symbol}${number}`
		: `${sign}${number}${currency.symbol}`;
}
