import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import type { AlipayRailSettings } from "@bayon/contract";
import { AlipayRequestError, AlipaySdk } from "alipay-sdk";
import type { Config } from "../../../../lib/config.js";
import { shanghaiTime } from "./money.js";

/** Alipay's gateways by the environment the operator chose (decision 031, "Alipay client"). */
export const ALIPAY_GATEWAYS = {
	production: "https://openapi.alipay.com/gateway.do",
	sandbox: "https://openapi-sandbox.dl.alipaydev.com/gateway.do",
} as const;

/**
 * How long one call to Alipay may take before it counts as unanswered (the SDK's own default
 * is 5 s). Tests shorten it to try a stalled gateway without waiting.
 */
export const alipayTimeouts = { requestMs: 10_000, billDownloadMs: 30_000 };

/** Alipay's answer to one OpenAPI call (the `<method>_response` object), its signature checked. */
export interface AlipayAnswer {
	code: string;
	msg?: string;
	sub_code?: string;
	sub_msg?: string;
	[field: string]: unknown;
}

/**
 * A call whose answer we do not have or cannot trust: Alipay not reached, timed out, an HTTP
 * error, or an answer whose signature does not verify with Alipay's public key. What was asked
 * may or may not have happened; asking again (same out_trade_no / out_request_no) is safe.
 */
export class AlipayUnanswered extends Error {
	constructor(
		readonly method: string,
		readonly reason: "unreachable" | "unverified",
		cause: unknown,
	) {
		super(`Alipay ${method}: ${reason}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
		this.name = "AlipayUnanswered";
	}
}

/**
 * A key as the operator pasted it: PEM of any kind, or the bare base64 Alipay's key tool shows
 * (PKCS#8 or PKCS#1 for the private key, SubjectPublicKeyInfo for Alipay's public key).
 */
export function readPrivateKey(text: string): KeyObject {
	const trimmed = text.trim();
	if (trimmed.startsWith("-----")) return createPrivateKey(trimmed);
	const der = Buffer.from(trimmed.replace(/\s+/g, ""), "base64");
	try {
		return createPrivateKey({ key: der, format: "der", type: "pkcs8" });
	} catch {
		return createPrivateKey({ key: der, format: "der", type: "pkcs1" });
	}
}

export function readPublicKey(text: string): KeyObject {
	const trimmed = text.trim();
	if (trimmed.startsWith("-----")) return createPublicKey(trimmed);
	return createPublicKey({ key: Buffer.from(trimmed.replace(/\s+/g, ""), "base64"), format: "der", type: "spki" });
}

/** The gateway our calls go to: the configured one (tests, staging), else Alipay's for the environment. */
export function alipayGatewayUrl(config: Pick<Config, "railEndpoints">, settings: AlipayRailSettings): string {
	return config.railEndpoints.alipayGateway ?? ALIPAY_GATEWAYS[settings.environment];
}

/**
 * Alipay's own SDK (alipay-sdk), set up for one merchant app: RSA2, our app private key to sign
 * every request, Alipay's public key to verify every answer and notify; Alipay's field names
 * kept as they are (snake_case, as in its documentation).
 */
export function alipayClient(config: Pick<Config, "railEndpoints">, settings: AlipayRailSettings) {
	const sdk = new AlipaySdk({
		appId: settings.appId,
		privateKey: readPrivateKey(settings.appPrivateKey).export({ format: "pem", type: "pkcs8" }).toString(),
		keyType: "PKCS8",
		alipayPublicKey: readPublicKey(settings.alipayPublicKey).export({ format: "pem", type: "spki" }).toString(),
		signType: "RSA2",
		gateway: alipayGatewayUrl(config, settings),
		timeout: alipayTimeouts.requestMs,
		camelcase: false,
	});

	/**
	 * The request's timestamp in Beijing time, as Alipay wants it (the SDK would write the
	 * server's local time, which on a UTC server is eight hours off).
	 */
	const timestamp = () => shanghaiTime(new Date());

	return {
		sdk,
		/**
		 * One OpenAPI call (`alipay.trade.query`…): signed by us, its answer verified. Throws
		 * AlipayUnanswered when there is no answer we can trust.
		 */
		async call(
			method: string,
			bizContent: Record<string, unknown>,
			extra: Record<string, string> = {},
			options: { verify?: boolean } = {},
		): Promise<AlipayAnswer> {
			// Only the call's timeout is read per call (the SDK keeps its config object).
			sdk.config.timeout = alipayTimeouts.requestMs;
			let answer: Record<string, unknown>;
			try {
				answer = await sdk.exec(
					method,
					{ ...extra, timestamp: timestamp(), bizContent },
					{ validateSign: options.verify !== false },
				);
			} catch (error) {
				const unverified =
					(error instanceof AlipayRequestError && error.message.includes("验签")) ||
					// An answer with no signature at all makes the SDK's verifier throw a TypeError.
					(error instanceof TypeError && !(error instanceof AlipayRequestError));
				throw new AlipayUnanswered(method, unverified ? "unverified" : "unreachable", error);
			}
			if (typeof answer?.code !== "string") throw new AlipayUnanswered(method, "unreachable", "answer without a code");
			return answer as AlipayAnswer;
		},
		/** A page payment's signed URL (wap.pay, page.pay) to send the payer's browser to. */
		pageUrl(method: string, bizContent: Record<string, unknown>, extra: Record<string, string>): string {
			return sdk.pageExecute(method, "GET", { ...extra, timestamp: timestamp(), bizContent });
		},
		/** Checks a notify's RSA2 signature (its form fields, decoded once). */
		verifyNotify(fields: Record<string, string>): boolean {
			if (fields.sign_type !== undefined && fields.sign_type !== "RSA2") return false;
			try {
				return sdk.checkNotifySignV2(fields);
			} catch {
				return false;
			}
		},
	};
}

export type AlipayClient = ReturnType<typeof alipayClient>;

/** Alipay's codes: 10000 done; 20000 its service was unavailable (ask again); 40004 a business refusal. */
export const ALIPAY_OK = "10000";
export const ALIPAY_UNAVAILABLE = "20000";
export const ALIPAY_REFUSED = "40004";
