import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A 256-bit random token, URL-safe. */
export function randomToken(): string {
	return randomBytes(32).toString("base64url");
}

/** Digits from a CSPRNG, zero-padded (six digits carry ~20 bits, enough with 5 tries). */
export function randomDigits(length: number): string {
	return randomInt(0, 10 ** length)
		.toString()
		.padStart(length, "0");
}

export function sha256Hex(value: string): string {
	return createHash("sha256").update(value).digest("hex");
}

export function hmacHex(key: string, value: string): string {
	return createHmac("sha256", key).update(value).digest("hex");
}

/** Compares two hex digests without leaking where they differ. */
export function hexDigestsEqual(a: string, b: string): boolean {
	const left = Buffer.from(a, "hex");
	const right = Buffer.from(b, "hex");
	return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
