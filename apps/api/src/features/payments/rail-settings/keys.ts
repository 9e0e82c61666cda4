import { createHash, createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import type { MessageKey } from "@bayon/contract";

/**
 * The rails' RSA keys as the operator pastes them (issue 29 part 6): a PEM file's text, or the
 * bare base64 that Alipay's key tool and WeChat Pay's console give. Read for real with
 * node:crypto, so a key that cannot sign or verify is refused on save, not at the first payment;
 * stored normalised (PKCS#8 / SPKI PEM). Nothing here logs or echoes the key.
 */

export type KeyReading =
	/** `publicPem`: the key's public half (a private key's derived), to compare keys without showing them. */
	{ ok: true; pem: string; publicPem: string; fingerprint: string } | { ok: false; problem: MessageKey };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MIN_BITS = 2048;

function bare(text: string): Buffer | null {
	const body = text.replace(/\s+/g, "");
	return BASE64.test(body) ? Buffer.from(body, "base64") : null;
}

function tryKey<T>(make: () => T): T | null {
	try {
		return make();
	} catch {
		return null;
	}
}

function parsePrivate(text: string): KeyObject | null {
	if (text.includes("-----BEGIN")) return tryKey(() => createPrivateKey(text));
	const der = bare(text);
	if (!der) return null;
	return (
		tryKey(() => createPrivateKey({ key: der, format: "der", type: "pkcs8" })) ??
		tryKey(() => createPrivateKey({ key: der, format: "der", type: "pkcs1" }))
	);
}

function parsePublic(text: string): KeyObject | null {
	if (text.includes("-----BEGIN")) return tryKey(() => createPublicKey(text));
	const der = bare(text);
	if (!der) return null;
	return (
		tryKey(() => createPublicKey({ key: der, format: "der", type: "spki" })) ??
		tryKey(() => createPublicKey({ key: der, format: "der", type: "pkcs1" }))
	);
}

const strongRsa = (key: KeyObject) =>
	key.asymmetricKeyType === "rsa" && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= MIN_BITS;

/** The last four hex digits of the SHA-256 of a public key's SPKI: what the page shows of a key. */
export function keyFingerprint(publicKey: KeyObject): string {
	return createHash("sha256")
		.update(publicKey.export({ type: "spki", format: "der" }))
		.digest("hex")
		.slice(-4);
}

/** A merchant's own private key (it signs our requests). Its fingerprint is its public key's. */
export function readPrivateKey(text: string): KeyReading {
	const key = parsePrivate(text.trim());
	if (key?.type !== "private") return { ok: false, problem: "railPrivateKeyInvalid" };
	if (!strongRsa(key)) return { ok: false, problem: "railKeyNotRsa2048" };
	const publicKey = createPublicKey(key);
	return {
		ok: true,
		pem: key.export({ type: "pkcs8", format: "pem" }).toString(),
		publicPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
		fingerprint: keyFingerprint(publicKey),
	};
}

/** A provider's public key (it verifies their answers). A private key pasted here is refused, never derived from. */
export function readPublicKey(text: string): KeyReading {
	const trimmed = text.trim();
	if (parsePrivate(trimmed)) return { ok: false, problem: "railPrivateKeyGiven" };
	const key = parsePublic(trimmed);
	if (key?.type !== "public") return { ok: false, problem: "railPublicKeyInvalid" };
	if (!strongRsa(key)) return { ok: false, problem: "railKeyNotRsa2048" };
	const pem = key.export({ type: "spki", format: "pem" }).toString();
	return { ok: true, pem, publicPem: pem, fingerprint: keyFingerprint(key) };
}
