/**
 * Members' mobiles are mainland-China numbers written as 11 digits (packages/contract identity:
 * 1 then 10 digits); every provider is given E.164 (+86…), which all of them read the same way,
 * whatever country the provider is in. A number already in E.164 is kept.
 */
export function toE164(mobile: string): string {
	const trimmed = mobile.trim();
	if (/^1\d{10}$/.test(trimmed)) return `+86${trimmed}`;
	if (/^\+[1-9]\d{6,14}$/.test(trimmed)) return trimmed;
	throw new Error("not a mobile number this product sends codes to");
}

/** A number as logs may show it: country code and the last four digits (+86*******0003). */
export function maskedNumber(e164: string): string {
	const country = e164.startsWith("+86") ? "+86" : e164.slice(0, 2);
	return `${country}${"*".repeat(Math.max(0, e164.length - country.length - 4))}${e164.slice(-4)}`;
}
