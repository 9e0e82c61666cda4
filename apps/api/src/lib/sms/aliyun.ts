import { createRequire } from "node:module";
import type { SmsSettings } from "../config.js";
import { SmsAttemptFailed, type SmsChannel, transportFailure } from "./channel.js";

// CommonJS packages whose default export Node and Vite's loader wrap differently: required as
// CommonJS, they are the same object everywhere.
const require = createRequire(import.meta.url);
const dysmsapi = require("@alicloud/dysmsapi20170525") as typeof import("@alicloud/dysmsapi20170525");
const openapi = require("@alicloud/openapi-core") as typeof import("@alicloud/openapi-core");

type AliyunSettings = NonNullable<SmsSettings["aliyun"]>;

/**
 * Alibaba Cloud SMS (mainland China) through its own SDK: SendSms of Dysmsapi 2017-05-25, signed
 * with ACS3-HMAC-SHA256 by @alicloud/openapi-core. The template gets {"code": "<code>"}: the
 * template approved in the console must use ${code}. The SDK retries nothing (no retry options
 * are given); failover.ts does.
 */
export function aliyunChannel(settings: AliyunSettings, timeoutMs: number): SmsChannel {
	const endpoint = new URL(settings.endpoint);
	const client = new dysmsapi.default(
		new openapi.$OpenApiUtil.Config({
			accessKeyId: settings.accessKeyId,
			accessKeySecret: settings.accessKeySecret,
			endpoint: endpoint.host,
			protocol: endpoint.protocol.replace(":", ""),
			connectTimeout: timeoutMs,
			readTimeout: timeoutMs,
		}),
	);
	return {
		name: "aliyun",
		async send(outgoing) {
			let body: { code?: string; message?: string; bizId?: string } | undefined;
			try {
				const answer = await client.sendSms(
					new dysmsapi.SendSmsRequest({
						phoneNumbers: outgoing.to,
						signName: settings.signName,
						templateCode: settings.templateCode,
						templateParam: JSON.stringify({ code: outgoing.code }),
					}),
				);
				body = answer.body;
			} catch (error) {
				throw aliyunFailure(error);
			}
			// Alibaba answers its refusals with HTTP 200 and a Code other than OK; an OK without the
			// message's BizId is not an acceptance we can trust either.
			if (body?.code === "OK" && body.bizId) return;
			const code = body?.code ?? "no answer";
			throw new SmsAttemptFailed(`aliyun ${code}: ${body?.message ?? ""}`.trim(), {
				retryable: body?.code === "OK" || /^isp\.SYSTEM_ERROR|^Throttling/.test(code),
			});
		},
	};
}

/** HTTP errors: 5xx and throttling may pass; 4xx (signature, key, parameters) will not. */
function aliyunFailure(error: unknown): SmsAttemptFailed {
	const failed = error as { statusCode?: number; code?: string; data?: { Message?: string } };
	if (typeof failed?.statusCode !== "number") return transportFailure("aliyun", error);
	const status = failed.statusCode;
	return new SmsAttemptFailed(`aliyun HTTP ${status} ${failed.code ?? ""}: ${failed.data?.Message ?? ""}`.trim(), {
		retryable: status >= 500 || status === 429 || String(failed.code).startsWith("Throttling"),
	});
}
