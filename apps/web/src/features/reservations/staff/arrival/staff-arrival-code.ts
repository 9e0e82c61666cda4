/**
 * The arrival code inside what the camera read or the staff typed. The guest's QR code holds
 * the six characters themselves (or, should it ever be a link, a `code` parameter); what is
 * typed is upper-cased and stripped of spaces and dashes, since codes are read aloud in groups.
 */

/** Contract ARRIVAL_CODE_LENGTH / ARRIVAL_CODE_ALPHABET, written out to keep zod out of this chunk. */
export const ARRIVAL_CODE_LENGTH = 6;
const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

/** What the staff typed, as the server reads it: upper case, no spaces or dashes. */
export function normalizeTypedCode(text: string): string {
	return text.toUpperCase().replace(/[\s-]+/g, "");
}

/** The code in a scanned text, or null when the text is not one of our arrival codes. */
export function extractArrivalCode(text: string): string | null {
	const plain = normalizeTypedCode(text.trim());
	if (CODE.test(plain)) return plain;
	try {
		const url = new URL(text.trim());
		const code = normalizeTypedCode(url.searchParams.get("code") ?? "");
		return CODE.test(code) ? code : null;
	} catch {
		return null;
	}
}
