import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import type { Config } from "../../../lib/config.js";

/**
 * Bank card numbers at rest (decision 023): encrypted with AES-256-GCM, and hashed with a keyed
 * HMAC so the same card is refused twice without decrypting anything. Only the last four digits
 * are ever answered or logged; the number is decrypted only where a payout needs it.
 *
 * One master key (BANK_CARD_KEY; outside production derived from the token secret) yields two
 * keys by HKDF, so the encryption key is never also used as a MAC key.
 */

/** The stored text: version, then base64url of IV (12 bytes) ‖ GCM tag (16 bytes) ‖ ciphertext. */
const FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface CardKeys {
	encryption: Buffer;
	mac: Buffer;
}

type KeySource = Pick<Config, "bankCardKey" | "tokenSecret">;

function derive(master: Buffer | string, info: string): Buffer {
	return Buffer.from(hkdfSync("sha256", master, "bayon-bank-card", info, 32));
}

/** Derived on each use (microseconds), so they always follow the configuration as it is now. */
function cardKeys(config: KeySource): CardKeys {
	const master = config.bankCardKey ?? derive(config.tokenSecret, "master key from the token secret");
	return { encryption: derive(master, "card number encryption"), mac: derive(master, "card number hmac") };
}

/** The number (digits only) encrypted under a fresh random IV: the same number never encrypts alike. */
export function encryptCardNumber(config: KeySource, digits: string): string {
	const iv = randomBytes(IV_BYTES);
	const cipher = createCipheriv("aes-256-gcm", cardKeys(config).encryption, iv);
	const ciphertext = Buffer.concat([cipher.update(digits, "utf8"), cipher.final()]);
	return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/** The number back; throws when the text was changed or was encrypted under another key. */
export function decryptCardNumber(config: KeySource, stored: string): string {
	const [format, body] = stored.split(".");
	if (format !== FORMAT || !body) throw new Error("not an encrypted card number");
	const bytes = Buffer.from(body, "base64url");
	const iv = bytes.subarray(0, IV_BYTES);
	const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
	const decipher = createDecipheriv("aes-256-gcm", cardKeys(config).encryption, iv);
	decipher.setAuthTag(tag);
	return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** A keyed hash of the number: equal for the same card, useless to anyone without the key. */
export function cardNumberHmac(config: KeySource, digits: string): string {
	return createHmac("sha256", cardKeys(config).mac).update(digits).digest("hex");
}
