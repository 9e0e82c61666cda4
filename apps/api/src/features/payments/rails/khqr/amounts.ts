/**
 * KHQR amounts are written in the currency's units ("12.50" dollars, "51000" riel), Bakong
 * answers them as JSON numbers; we keep minor units (cents, whole riel). Both ways are done on
 * digits, never by multiplying floats.
 */

/** The currencies a KHQR is made out in, with their ISO 4217 numeric code and decimals. */
export const KHQR_CURRENCY = {
	USD: { numeric: 840, decimals: 2 },
	KHR: { numeric: 116, decimals: 0 },
} as const;
export type KhqrCurrencyCode = keyof typeof KHQR_CURRENCY;

export function isKhqrCurrency(code: string): code is KhqrCurrencyCode {
	return Object.hasOwn(KHQR_CURRENCY, code);
}

/** Minor units as the KHQR's amount: 1250 cents → "12.50", 51000 riel → "51000". */
export function khqrAmountText(minor: number, currency: KhqrCurrencyCode): string {
	if (!Number.isSafeInteger(minor) || minor <= 0)
		throw new Error(`a KHQR amount must be a positive whole number of minor units, not ${minor}`);
	const { decimals } = KHQR_CURRENCY[currency];
	if (decimals === 0) return String(minor);
	const scale = 10 ** decimals;
	return `${Math.floor(minor / scale)}.${String(minor % scale).padStart(decimals, "0")}`;
}

/**
 * An amount as Bakong or a KHQR states it (the number 12.5, the text "12.50") in minor units;
 * null when it is not a plain non-negative decimal or has more decimals than the currency.
 */
export function minorUnitsOf(amount: number | string, currency: KhqrCurrencyCode): number | null {
	// A JSON number reads back as the shortest text that is the same number: what Bakong wrote.
	const text = typeof amount === "number" ? (Number.isFinite(amount) ? String(amount) : "") : amount.trim();
	const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
	if (!match) return null;
	const { decimals } = KHQR_CURRENCY[currency];
	const fraction = (match[2] ?? "").replace(/0+$/, "");
	if (fraction.length > decimals) return null;
	const minor = Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
	return Number.isSafeInteger(minor) ? minor : null;
}
