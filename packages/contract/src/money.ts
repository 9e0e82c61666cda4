/** How money is shown: amount (minor units) / 10^decimals × rate, symbol before or after. */
export interface CurrencyConfig {
	code: string;
	symbol: string;
	decimals: number;
	rate: number;
	symbolPosition: "before" | "after";
	/** A second currency prices are also shown in, at the owner's rate; null or absent: none. */
	second?: SecondCurrency | null;
}

/**
 * A display-only second currency (decision 011), e.g. Khmer riel next to US dollars. The
 * ledger keeps one currency; this only changes how amounts read.
 */
export interface SecondCurrency {
	code: string;
	symbol: string;
	/** Whole units of this currency per one major unit of the ledger's, e.g. 4100 riel per dollar. */
	rate: number;
	/** Shown amounts are rounded to a multiple of this, e.g. 100 riel. */
	roundTo: number;
	symbolPosition: "before" | "after";
}

/** Thousands grouped with commas; written out so it reads the same in every runtime. */
function groupThousands(whole: string): string {
	return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function withSymbol(sign: string, number: string, symbol: string, position: "before" | "after"): string {
	return position === "before" ? `${sign}${symbol}${number}` : `${sign}${number}${symbol}`;
}

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
	const grouped = groupThousands(whole);
	const number = fraction === undefined ? grouped : `${grouped}.${fraction}`;
	return withSymbol(sign, number, currency.symbol, currency.symbolPosition);
}

function isPositiveWhole(value: number): boolean {
	return Number.isSafeInteger(value) && value > 0;
}

/**
 * The amount in the owner's second display currency ("10,300៛"): whole units rounded to the
 * nearest `roundTo`, halves away from zero (250 cents at 4100 riel per dollar is 10,250
 * riel, shown as 10,300). Exact for any amount: the arithmetic is on integers (BigInt),
 * never on a float like 2.5 × 4100. Null when the shop shows one currency (or the second is
 * unusable, which the owner's call never stores).
 */
export function formatSecondMoney(amountMinor: number, currency: CurrencyConfig): string | null {
	const second = currency.second;
	const units = secondCurrencyUnits(amountMinor, currency);
	if (!second || units === null) return null;
	const sign = amountMinor < 0 && units > 0n ? "-" : "";
	return withSymbol(sign, groupThousands(units.toString()), second.symbol, second.symbolPosition);
}

/**
 * The whole units of the second currency an amount is shown as (its magnitude), rounded as
 * `formatSecondMoney` shows it; what a customer who pays in riel is asked for (a KHQR in KHR,
 * issue 29). Null when the shop has no usable second currency.
 */
export function secondCurrencyUnits(amountMinor: number, currency: CurrencyConfig): bigint | null {
	const second = currency.second;
	if (!second || !isPositiveWhole(second.rate) || !isPositiveWhole(second.roundTo)) return null;
	if (!Number.isFinite(amountMinor)) return null;
	const minor = BigInt(Math.round(amountMinor));
	const magnitude = minor < 0n ? -minor : minor;
	const numerator = magnitude * BigInt(second.rate);
	const step = 10n ** BigInt(currency.decimals) * BigInt(second.roundTo);
	return ((2n * numerator + step) / (2n * step)) * BigInt(second.roundTo);
}

/**
 * A price as customers read it: the shop's currency, and the second display currency after
 * a middle dot when the owner set one ("$2.50 · 10,300៛", the way Phnom Penh shops price).
 * Menu, cart, pay page, bills and receipts use this; the web app and the server alike.
 */
export function formatPrice(amountMinor: number, currency: CurrencyConfig): string {
	const first = formatMoney(amountMinor, currency);
	const second = formatSecondMoney(amountMinor, currency);
	return second === null ? first : `${first} · ${second}`;
}
