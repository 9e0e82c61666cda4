import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Config } from "../../../lib/config.js";

/**
 * The rails' secrets at rest (decision 031): one JSON document per rail, sealed with
 * AES-256-GCM under a key from RAIL_SECRETS_KEY (outside production derived from the token
 * secret), bound to its tenant and rail (the associated data), so a sealed value copied onto
 * another row does not open.
 */

const FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

type KeySource = Pick<Config, "railSecretsKey" | "tokenSecret">;

function sealingKey(config: KeySource): Buffer {
	const master = config.railSecretsKey ?? config.tokenSecret;
	return Buffer.from(hkdfSync("sha256", master, "bayon-payment-rails", "rail settings encryption", 32));
}

const boundTo = (tenantId: number, rail: string) => Buffer.from(`tenant:${tenantId}:rail:${rail}`);

export function sealRailSecrets(config: KeySource, tenantId: number, rail: string, value: unknown): string {
	const iv = randomBytes(IV_BYTES);
	const cipher = createCipheriv("aes-256-gcm", sealingKey(config), iv);
	cipher.setAAD(boundTo(tenantId, rail));
	const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
	return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/** The document back; throws when it was changed, moved to another row, or sealed under another key. */
export function openRailSecrets(config: KeySource, tenantId: number, rail: string, sealed: string): unknown {
	const [format, body] = sealed.split(".");
	if (format !== FORMAT || !body) throw new Error("not sealed rail settings");
	const bytes = Buffer.from(body, "base64url");
	const decipher = createDecipheriv("aes-256-gcm", sealingKey(config), bytes.subarray(0, IV_BYTES));
	decipher.setAAD(boundTo(tenantId, rail));
	decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
	const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
	return JSON.parse(plain.toString("utf8"));
}
