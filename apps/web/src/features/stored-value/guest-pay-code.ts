import { PAY_CODE_TTL_SECONDS } from "@bayon/contract";

/** "123456789012345678" → "1234 5678 9012 3456 78": easier for staff to read out and type. */
export function groupDigits(code: string): string {
	return code.replace(/\s+/g, "").replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * A code is replaced this long before its minute is up: it was issued a moment before it
 * arrived, and a code shown at the counter should still be good when staff type it in.
 */
export const PAY_CODE_RENEW_EARLY_MS = 2000;

/** How long this device shows a code: a little less than the server keeps it. */
export const PAY_CODE_SHOWN_MS = PAY_CODE_TTL_SECONDS * 1000 - PAY_CODE_RENEW_EARLY_MS;

/**
 * Whole seconds until the shown code is replaced, counted from when this device received it
 * (not from the server's `expiresAt`: a phone's clock may be minutes off). Never negative.
 */
export function secondsLeft(receivedAt: number, now: number): number {
	const left = Math.ceil((receivedAt + PAY_CODE_SHOWN_MS - now) / 1000);
	return Math.max(0, Math.min(PAY_CODE_SHOWN_MS / 1000, left));
}
