import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { type FakeAnswer, type FakeSmsProvider, SmsFakeState, serveFake } from "./sms-fake-server.js";

/**
 * A local Tencent Cloud SMS (API 2021-01-11), written from Tencent Cloud's documentation of the
 * TC3-HMAC-SHA256 signature, independently of the SDK:
 *
 * - `Authorization: TC3-HMAC-SHA256 Credential=<SecretId>/<YYYY-MM-DD>/<service>/tc3_request, SignedHeaders=content-type;host, Signature=<hex>`;
 *   the key is derived HMAC-SHA256("TC3" + SecretKey, date) → service → "tc3_request", and signs
 *   `TC3-HMAC-SHA256\n<X-TC-Timestamp>\n<scope>\n<hex sha256 of the canonical request>`, the
 *   canonical request being `POST\n/\n<query>\n<content-type:…\nhost:…\n>\n<signed headers>\n<hex sha256 of the body>`.
 * - The date must be the timestamp's UTC date and the timestamp within 5 minutes
 *   (AuthFailure.SignatureExpire); content-type and host must be signed. The service is the first
 *   label of the host the caller addressed (sms.tencentcloudapi.com → sms), the host without its port.
 * - X-TC-Action SendSms with PhoneNumberSet, SmsSdkAppId, SignName, TemplateId, TemplateParamSet:
 *   answered `{Response: {SendStatusSet: [{PhoneNumber, Code: "Ok", …}], RequestId}}`; an error is
 *   `{Response: {Error: {Code, Message}, RequestId}}` with HTTP 200, as Tencent answers.
 */
export interface FakeTencentOptions {
	secretId?: string;
	secretKey?: string;
	sdkAppId?: string;
	signName?: string;
	templateId?: string;
	now?: () => Date;
}

export async function startFakeTencentSms(options: FakeTencentOptions = {}): Promise<FakeSmsProvider> {
	const secretId = options.secretId ?? `AKID${randomBytes(16).toString("hex")}`;
	let secretKey = options.secretKey ?? randomBytes(16).toString("hex");
	const sdkAppId = options.sdkAppId ?? "1400000001";
	const signName = options.signName ?? "Bayon";
	const templateId = options.templateId ?? "1000001";
	const now = options.now ?? (() => new Date());
	const state = new SmsFakeState();

	const error = (code: string, message: string): FakeAnswer => ({
		status: 200,
		body: { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } },
	});
	const refuse = (code: string, message: string): FakeAnswer => {
		state.refused += 1;
		return error(code, message);
	};

	const server = await serveFake(state, (request, body) => {
		const headers = request.headers as Record<string, string | undefined>;
		const match =
			/^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
				headers.authorization ?? "",
			);
		if (!match) return refuse("AuthFailure.SignatureFailure", "The provided credentials could not be validated.");
		const [, id, date, service, signedHeaderList, signature] = match as unknown as string[];
		if (id !== secretId) return refuse("AuthFailure.SecretIdNotFound", "The SecretId is not found.");
		const signedHeaders = (signedHeaderList as string).split(";");
		if (!signedHeaders.includes("content-type") || !signedHeaders.includes("host"))
			return refuse("AuthFailure.SignatureFailure", "content-type and host must be signed.");
		const timestamp = Number(headers["x-tc-timestamp"]);
		if (!Number.isInteger(timestamp) || Math.abs(now().getTime() / 1000 - timestamp) > 300)
			return refuse("AuthFailure.SignatureExpire", "Signature expire.");
		if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date)
			return refuse("AuthFailure.SignatureFailure", "The date of the credential scope is not the timestamp's.");
		const hostname = (headers.host ?? "").replace(/:\d+$/, "");
		if (service !== hostname.split(".")[0])
			return refuse("AuthFailure.SignatureFailure", "Wrong service in the scope.");
		const url = new URL(request.url ?? "/", "http://fake");
		const canonicalHeaders = signedHeaders
			.map((name) => `${name}:${(name === "host" ? hostname : (headers[name] ?? "")).trim().toLowerCase()}\n`)
			.join("");
		const canonicalRequest = [
			request.method,
			url.pathname,
			url.search.slice(1),
			canonicalHeaders,
			signedHeaderList,
			sha256(body),
		].join("\n");
		const scope = `${date}/${service}/tc3_request`;
		const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonicalRequest)}`;
		const key = hmac(hmac(hmac(`TC3${secretKey}`, date as string), service as string), "tc3_request");
		if (createHmac("sha256", key).update(stringToSign).digest("hex") !== signature)
			return refuse("AuthFailure.SignatureFailure", "The provided credentials could not be validated.");

		if (headers["x-tc-action"] !== "SendSms" || headers["x-tc-version"] !== "2021-01-11")
			return error("InvalidAction", "The action is not found.");
		let params: {
			PhoneNumberSet?: string[];
			SmsSdkAppId?: string;
			SignName?: string;
			TemplateId?: string;
			TemplateParamSet?: string[];
		};
		try {
			params = JSON.parse(body.toString("utf8"));
		} catch {
			return error("InvalidParameter", "The body is not JSON.");
		}
		if (params.SmsSdkAppId !== sdkAppId)
			return error("FailedOperation.SmsSdkAppIdVerifyFail", "SdkAppId verification failed.");
		if (params.SignName !== signName)
			return error("FailedOperation.SignatureIncorrectOrUnapproved", "Signature unapproved.");
		if (params.TemplateId !== templateId)
			return error("FailedOperation.TemplateIncorrectOrUnapproved", "Template unapproved.");
		const to = params.PhoneNumberSet?.[0] ?? "";
		const code = params.TemplateParamSet?.[0] ?? "";
		if (params.PhoneNumberSet?.length !== 1 || !/^\+[1-9]\d{6,14}$/.test(to) || !/^\d{4,8}$/.test(code))
			return error("InvalidParameterValue.IncorrectPhoneNumber", "The phone number or parameters are wrong.");

		const fault = state.takeFault({ to, code, at: now() });
		if (fault === "stall") return null;
		if (fault === "unavailable") return { status: 502, body: "Bad Gateway" };
		const status = (phone: string, statusCode: string, message: string) => ({
			status: 200,
			body: {
				Response: {
					SendStatusSet: [
						{
							SerialNo: randomUUID(),
							PhoneNumber: phone,
							Fee: 1,
							SessionContext: "",
							Code: statusCode,
							Message: message,
							IsoCode: "CN",
						},
					],
					RequestId: randomUUID(),
				},
			},
		});
		if (fault === "refused")
			return status(to, "LimitExceeded.PhoneNumberDailyLimit", "the number's daily limit is reached");
		if (fault === "lie") return status("+8613900000000", "Ok", "send success");
		state.delivered.push({ to, code, at: now() });
		return status(to, "Ok", "send success");
	});

	return {
		url: server.url,
		...state.controls(),
		rotateSecret: () => {
			secretKey = randomBytes(16).toString("hex");
		},
		env: {
			SMS_PROVIDER: "tencent",
			TENCENT_SMS_SECRET_ID: secretId,
			TENCENT_SMS_SECRET_KEY: secretKey,
			TENCENT_SMS_SDK_APP_ID: sdkAppId,
			TENCENT_SMS_SIGN_NAME: signName,
			TENCENT_SMS_TEMPLATE_ID: templateId,
			TENCENT_SMS_ENDPOINT: server.url,
		},
		close: server.close,
	};
}

function sha256(data: string | Buffer): string {
	return createHash("sha256").update(data).digest("hex");
}

function hmac(key: string | Buffer, data: string): Buffer {
	return createHmac("sha256", key).update(data).digest();
}
