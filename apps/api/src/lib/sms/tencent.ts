import * as tencentcloud from "tencentcloud-sdk-nodejs-sms";
import type { SmsSettings } from "../config.js";
import { SmsAttemptFailed, type SmsChannel, transportFailure } from "./channel.js";

type TencentSettings = NonNullable<SmsSettings["tencent"]>;

/**
 * Tencent Cloud SMS through its own SDK: SendSms of API 2021-01-11, signed with TC3-HMAC-SHA256.
 * The template's one parameter {1} is the code. The SDK signs the service named by the first
 * label of the endpoint's host (sms.tencentcloudapi.com → sms).
 */
export function tencentChannel(settings: TencentSettings, timeoutMs: number): SmsChannel {
	const endpoint = new URL(settings.endpoint);
	const client = new tencentcloud.sms.v20210111.Client({
		credential: { secretId: settings.secretId, secretKey: settings.secretKey },
		region: settings.region,
		profile: {
			httpProfile: { endpoint: endpoint.host, protocol: `${endpoint.protocol}//`, reqTimeout: timeoutMs / 1000 },
		},
	});
	return {
		name: "tencent",
		async send(outgoing, signal) {
			let answer: { SendStatusSet?: Array<{ PhoneNumber?: string; Code?: string; Message?: string }> };
			try {
				answer = await client.request(
					"SendSms",
					{
						PhoneNumberSet: [outgoing.to],
						SmsSdkAppId: settings.sdkAppId,
						SignName: settings.signName,
						TemplateId: settings.templateId,
						TemplateParamSet: [outgoing.code],
					},
					{ signal },
				);
			} catch (error) {
				throw tencentFailure(error);
			}
			// The call can succeed while the number's own status says no (a daily limit, a bad
			// number); only an "Ok" for this very number is a sent message.
			const status = answer?.SendStatusSet?.find((entry) => entry.PhoneNumber === outgoing.to);
			if (status?.Code === "Ok") return;
			throw new SmsAttemptFailed(
				status ? `tencent ${status.Code}: ${status.Message ?? ""}` : "tencent: no status for the number",
				{ retryable: !status || /^InternalError/.test(status.Code ?? "") },
			);
		},
	};
}

function tencentFailure(error: unknown): SmsAttemptFailed {
	const failed = error as { httpCode?: number; code?: string; message?: string };
	if (failed?.code) {
		return new SmsAttemptFailed(`tencent ${failed.code}: ${failed.message ?? ""}`, {
			// Tencent's own trouble and its call-rate limit pass; signatures, keys and templates do not.
			retryable: /^(InternalError|RequestLimitExceeded)/.test(failed.code),
		});
	}
	if (typeof failed?.httpCode === "number")
		return new SmsAttemptFailed(`tencent HTTP ${failed.httpCode}`, { retryable: failed.httpCode >= 500 });
	return transportFailure("tencent", error);
}
