import {
	createDecipheriv,
	createPrivateKey,
	createPublicKey,
	createSign,
	createVerify,
	type KeyObject,
	randomBytes,
} from "node:crypto";

/**
 * A thin WeChat Pay API v3 client on node:crypto (decision 031, "WeChat Pay client"): requests
 * signed WECHATPAY2-SHA256-RSA2048 with the merchant's API key, every answer verified with the
 * WeChat Pay public key before it is read, callbacks' `resource` opened with the APIv3 key.
 */

/** The five-minute window WeChat Pay allows between a signed message's timestamp and our clock. */
export const CLOCK_WINDOW_SECONDS = 300;
/** No call to WeChat Pay (or WeChat's sign-in API) waits longer than this; tests shorten it. */
export const wechatTimeouts = { callMs: 10_000 };

export interface WechatPayKeys {
	mchId: string;
	certSerial: string;
	privateKey: KeyObject;
	platformPublicKey: KeyObject;
	platformPublicKeyId: string;
	apiV3Key: string;
}

/** Reads the settings' PEM texts once (a key that does not parse makes the rail unusable, loudly). */
export function wechatPayKeys(settings: {
	mchId: string;
	certSerial: string;
	privateKey: string;
	platformPublicKey: string;
	platformPublicKeyId: string;
	apiV3Key: string;
}): WechatPayKeys {
	return {
		mchId: settings.mchId,
		certSerial: settings.certSerial,
		privateKey: createPrivateKey(settings.privateKey),
		platformPublicKey: createPublicKey(settings.platformPublicKey),
		platformPublicKeyId: settings.platformPublicKeyId,
		apiV3Key: settings.apiV3Key,
	};
}

/** 32 random letters and digits: request nonces, JSAPI nonceStr. */
export function nonceString(): string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	return Array.from(randomBytes(32), (byte) => alphabet[byte % alphabet.length]).join("");
}

/** SHA256withRSA over `text` with the merchant's key, base64. */
export function rsaSign(privateKey: KeyObject, text: string): string {
	return createSign("RSA-SHA256").update(text, "utf8").sign(privateKey, "base64");
}

/** The Authorization header of one request: `METHOD\nURL\ntimestamp\nnonce\nbody\n`, URL being path and query. */
export function authorizationHeader(
	keys: Pick<WechatPayKeys, "mchId" | "certSerial" | "privateKey">,
	request: { method: string; url: string; body: string; timestamp: number; nonce: string },
): string {
	const message = `${request.method}\n${request.url}\n${request.timestamp}\n${request.nonce}\n${request.body}\n`;
	const signature = rsaSign(keys.privateKey, message);
	return `WECHATPAY2-SHA256-RSA2048 mchid="${keys.mchId}",nonce_str="${request.nonce}",signature="${signature}",timestamp="${request.timestamp}",serial_no="${keys.certSerial}"`;
}

type Headers = Record<string, string | string[] | undefined> | globalThis.Headers;

function header(headers: Headers, name: string): string | undefined {
	if (headers instanceof globalThis.Headers) return headers.get(name) ?? undefined;
	const value = headers[name] ?? headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether an answer or a callback is WeChat Pay's own: signed by the public key we were given
 * (named by its id in Wechatpay-Serial) over `timestamp\nnonce\nbody\n`, within five minutes of
 * our clock. The reason when not, for the log.
 */
export function verifyWechatSignature(
	keys: Pick<WechatPayKeys, "platformPublicKey" | "platformPublicKeyId">,
	headers: Headers,
	body: string,
	nowMs: number,
): { ok: true } | { ok: false; reason: string } {
	const serial = header(headers, "wechatpay-serial");
	const signature = header(headers, "wechatpay-signature");
	const timestamp = header(headers, "wechatpay-timestamp");
	const nonce = header(headers, "wechatpay-nonce");
	if (!serial || !signature || !timestamp || !nonce) return { ok: false, reason: "unsigned" };
	if (serial !== keys.platformPublicKeyId)
		return { ok: false, reason: `signed by another key (${serial.slice(0, 64)})` };
	if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "malformed timestamp" };
	if (Math.abs(nowMs / 1000 - Number(timestamp)) > CLOCK_WINDOW_SECONDS)
		return { ok: false, reason: "timestamp outside the five-minute window" };
	let valid = false;
	try {
		valid = createVerify("RSA-SHA256")
			.update(`${timestamp}\n${nonce}\n${body}\n`, "utf8")
			.verify(keys.platformPublicKey, signature, "base64");
	} catch {
		valid = false;
	}
	return valid ? { ok: true } : { ok: false, reason: "bad signature" };
}

/** A callback's encrypted `resource`. */
export interface EncryptedResource {
	algorithm: string;
	ciphertext: string;
	associated_data?: string;
	nonce: string;
}

/** Opens a callback's `resource` (AEAD_AES_256_GCM with the APIv3 key); null when it does not open. */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string | null {
	if (resource.algorithm !== "AEAD_AES_256_GCM") return null;
	try {
		const data = Buffer.from(resource.ciphertext, "base64");
		if (data.length < 17) return null;
		const decipher = createDecipheriv(
			"aes-256-gcm",
			Buffer.from(apiV3Key, "utf8"),
			Buffer.from(resource.nonce, "utf8"),
		);
		decipher.setAuthTag(data.subarray(data.length - 16));
		decipher.setAAD(Buffer.from(resource.associated_data ?? "", "utf8"));
		return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString("utf8");
	} catch {
		return null;
	}
}

/**
 * A call that did not give a believable answer: WeChat Pay could not be reached, took too long,
 * failed on its side (5xx), or answered without a valid signature. Never read as an outcome.
 */
export class WechatPayUnreachable extends Error {
	constructor(
		readonly call: string,
		readonly why: "network" | "timeout" | "server_error" | "unverified" | "malformed",
		detail: string,
		/** The HTTP status of an answer that came but was not believed. */
		readonly status?: number,
	) {
		super(`WeChat Pay ${call}: ${why}: ${detail}`);
		this.name = "WechatPayUnreachable";
	}
}

/** A verified answer from WeChat Pay. */
export interface WechatPayAnswer {
	status: number;
	/** The parsed JSON body (an error answer's `code` and `message` included); {} when empty. */
	json: Record<string, unknown>;
}

export interface WechatPayClient {
	call(method: "GET" | "POST", pathAndQuery: string, body?: unknown): Promise<WechatPayAnswer>;
	/** Downloads a bill by the URL WeChat Pay gave (signed like a call; its body is checked by hash, not signature). */
	download(url: string): Promise<Buffer>;
}

/**
 * Calls WeChat Pay at `baseUrl` with these keys. Every answer must carry a valid signature
 * (any status): one that does not is treated as no answer at all.
 */
export function createWechatPayClient(options: {
	baseUrl: string;
	keys: WechatPayKeys;
	now: () => Date;
	timeoutMs?: number;
}): WechatPayClient {
	const { keys } = options;

	async function send(method: string, url: URL, body: string, what: string): Promise<Response> {
		const timeoutMs = options.timeoutMs ?? wechatTimeouts.callMs;
		const authorization = authorizationHeader(keys, {
			method,
			url: url.pathname + url.search,
			body,
			timestamp: Math.floor(options.now().getTime() / 1000),
			nonce: nonceString(),
		});
		try {
			return await fetch(url, {
				method,
				headers: {
					authorization,
					accept: "application/json",
					"user-agent": "bayon-wechatpay/1",
					...(method === "POST" ? { "content-type": "application/json" } : {}),
				},
				...(method === "POST" ? { body } : {}),
				signal: AbortSignal.timeout(timeoutMs),
			});
		} catch (error) {
			const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
			throw new WechatPayUnreachable(
				what,
				timedOut ? "timeout" : "network",
				timedOut
					? `no answer within ${timeoutMs} ms`
					: error instanceof Error
						? ((error.cause as Error | undefined)?.message ?? error.message)
						: String(error),
			);
		}
	}

	return {
		async call(method, pathAndQuery, body) {
			const what = `${method} ${pathAndQuery.split("?")[0]}`;
			const url = new URL(options.baseUrl + pathAndQuery);
			const text = body === undefined ? "" : JSON.stringify(body);
			const response = await send(method, url, text, what);
			let answer: string;
			try {
				answer = await response.text();
			} catch (error) {
				throw new WechatPayUnreachable(what, "timeout", error instanceof Error ? error.message : String(error));
			}
			if (response.status >= 500)
				throw new WechatPayUnreachable(what, "server_error", `HTTP ${response.status} ${answer.slice(0, 200)}`);
			const verified = verifyWechatSignature(keys, response.headers, answer, options.now().getTime());
			if (!verified.ok)
				// WeChat Pay does not sign its refusal of our own signature (401 SIGN_ERROR): its code is
				// named for the log and the connection test, never acted on.
				throw new WechatPayUnreachable(
					what,
					"unverified",
					`HTTP ${response.status} ${/"code"\s*:\s*"([A-Z_]{1,40})"/.exec(answer)?.[1] ?? ""}, answer ${verified.reason}`,
					response.status,
				);
			let json: Record<string, unknown> = {};
			if (answer.trim()) {
				try {
					const parsed: unknown = JSON.parse(answer);
					if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
					json = parsed as Record<string, unknown>;
				} catch (error) {
					throw new WechatPayUnreachable(what, "malformed", `HTTP ${response.status}: ${(error as Error).message}`);
				}
			}
			return { status: response.status, json };
		},

		async download(downloadUrl) {
			const url = new URL(downloadUrl);
			const response = await send("GET", url, "", "bill download");
			if (response.status !== 200)
				throw new WechatPayUnreachable("bill download", "server_error", `HTTP ${response.status}`);
			try {
				return Buffer.from(await response.arrayBuffer());
			} catch (error) {
				throw new WechatPayUnreachable(
					"bill download",
					"timeout",
					error instanceof Error ? error.message : String(error),
				);
			}
		},
	};
}

/** Our payment id (a UUID) as WeChat's out_trade_no (6–32 characters): its 32 hex digits. */
export const outTradeNo = (paymentId: string) => paymentId.replaceAll("-", "").toLowerCase();

/** Back from out_trade_no to our payment id; null for one we did not make. */
export function paymentIdOf(outTradeNo: unknown): string | null {
	if (typeof outTradeNo !== "string" || !/^[0-9a-f]{32}$/.test(outTradeNo)) return null;
	const h = outTradeNo;
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** RFC 3339 in Beijing time (+08:00), as WeChat Pay writes and wants times: 2026-12-07T10:30:00+08:00. */
export function beijingTime(at: Date): string {
	const shifted = new Date(at.getTime() + 8 * 3_600_000);
	return `${shifted.toISOString().slice(0, 19)}+08:00`;
}
