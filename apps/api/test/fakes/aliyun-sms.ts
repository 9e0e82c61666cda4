import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { type FakeAnswer, type FakeSmsProvider, SmsFakeState, serveFake } from "./sms-fake-server.js";

/**
 * A local Alibaba Cloud SMS (Dysmsapi 2017-05-25), written from Alibaba Cloud's documentation of
 * the V3 request signature, independently of the SDK:
 *
 * - `Authorization: ACS3-HMAC-SHA256 Credential=<AccessKeyId>,SignedHeaders=<h;h>,Signature=<hex>`;
 *   the signature is HMAC-SHA256 with the AccessKey secret over
 *   `ACS3-HMAC-SHA256\n<hex sha256 of the canonical request>`, the canonical request being
 *   `METHOD\nPATH\n<sorted, RFC 3986-encoded query>\n<signed headers: name:value\n…>\n<signed header names>\n<x-acs-content-sha256>`.
 * - host, x-acs-action, x-acs-version, x-acs-date, x-acs-signature-nonce and x-acs-content-sha256
 *   must be signed; x-acs-content-sha256 must be the body's; the date within 15 minutes; a nonce
 *   seen before is refused (SignatureNonceUsed), so a replayed request sends nothing.
 * - Action SendSms with PhoneNumbers, SignName, TemplateCode (the configured ones) and
 *   TemplateParam `{"code": "…"}`: answered `{Code: "OK", Message, BizId, RequestId}`;
 *   refusals answer HTTP 200 with another Code, as Alibaba does.
 */
export interface FakeAliyunOptions {
	accessKeyId?: string;
	accessKeySecret?: string;
	signName?: string;
	templateCode?: string;
	now?: () => Date;
}

const MUST_SIGN = [
	"host",
	"x-acs-action",
	"x-acs-version",
	"x-acs-date",
	"x-acs-signature-nonce",
	"x-acs-content-sha256",
];

export async function startFakeAliyunSms(options: FakeAliyunOptions = {}): Promise<FakeSmsProvider> {
	const accessKeyId = options.accessKeyId ?? `LTAI${randomBytes(10).toString("hex")}`;
	let accessKeySecret = options.accessKeySecret ?? randomBytes(15).toString("base64url");
	const signName = options.signName ?? "Bayon";
	const templateCode = options.templateCode ?? "SMS_100000001";
	const now = options.now ?? (() => new Date());
	const state = new SmsFakeState();
	const nonces = new Set<string>();

	const refuse = (status: number, code: string, message: string): FakeAnswer => {
		state.refused += 1;
		return { status, body: { Code: code, Message: message, RequestId: randomUUID() } };
	};

	const server = await serveFake(state, (request, body) => {
		const url = new URL(request.url ?? "/", "http://fake");
		const headers = request.headers as Record<string, string | undefined>;
		const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
			headers.authorization ?? "",
		);
		if (!match)
			return refuse(400, "IncompleteSignature", "The request signature does not conform to Aliyun standards.");
		const [, credential, signedHeaderList, signature] = match as unknown as [string, string, string, string];
		if (credential !== accessKeyId)
			return refuse(404, "InvalidAccessKeyId.NotFound", "Specified access key is not found.");
		const signedHeaders = signedHeaderList.split(";");
		if (
			MUST_SIGN.some((name) => !signedHeaders.includes(name)) ||
			[...signedHeaders].sort().join(";") !== signedHeaderList
		)
			return refuse(400, "IncompleteSignature", "The request signature does not conform to Aliyun standards.");
		if (headers["x-acs-content-sha256"] !== createHash("sha256").update(body).digest("hex"))
			return refuse(400, "IncompleteSignature", "x-acs-content-sha256 is not the body's.");
		const canonicalQuery = [...url.searchParams.entries()]
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
			.map(([key, value]) => `${rfc3986(key)}=${rfc3986(value)}`)
			.join("&");
		const canonicalHeaders = signedHeaders.map((name) => `${name}:${(headers[name] ?? "").trim()}\n`).join("");
		const canonicalRequest = [
			request.method,
			url.pathname,
			canonicalQuery,
			canonicalHeaders,
			signedHeaderList,
			headers["x-acs-content-sha256"],
		].join("\n");
		const stringToSign = `ACS3-HMAC-SHA256\n${createHash("sha256").update(canonicalRequest).digest("hex")}`;
		const expected = createHmac("sha256", accessKeySecret).update(stringToSign).digest("hex");
		if (expected !== signature)
			return refuse(400, "SignatureDoesNotMatch", "Specified signature is not matched with our calculation.");
		const date = Date.parse(headers["x-acs-date"] ?? "");
		if (!Number.isFinite(date) || Math.abs(now().getTime() - date) > 15 * 60_000)
			return refuse(400, "InvalidTimeStamp.Expired", "Specified time stamp or date value is expired.");
		const nonce = headers["x-acs-signature-nonce"] ?? "";
		if (nonces.has(nonce)) return refuse(400, "SignatureNonceUsed", "Specified signature nonce was used already.");
		nonces.add(nonce);

		if (headers["x-acs-action"] !== "SendSms" || headers["x-acs-version"] !== "2017-05-25")
			return { status: 400, body: { Code: "InvalidAction.NotFound", Message: "Specified api is not found" } };
		const params = Object.fromEntries(url.searchParams);
		const requestId = randomUUID();
		if (params.SignName !== signName)
			return { status: 200, body: { Code: "isv.SMS_SIGNATURE_ILLEGAL", Message: "签名不合法", RequestId: requestId } };
		if (params.TemplateCode !== templateCode)
			return { status: 200, body: { Code: "isv.SMS_TEMPLATE_ILLEGAL", Message: "模板不合法", RequestId: requestId } };
		if (!/^\+?(86)?1\d{10}$|^\+[1-9]\d{6,14}$/.test(params.PhoneNumbers ?? ""))
			return { status: 200, body: { Code: "isv.MOBILE_NUMBER_ILLEGAL", Message: "非法手机号", RequestId: requestId } };
		let code = "";
		try {
			code = String((JSON.parse(params.TemplateParam ?? "{}") as { code?: unknown }).code ?? "");
		} catch {
			// Not JSON: refused below.
		}
		if (!/^\d{4,8}$/.test(code))
			return { status: 200, body: { Code: "isv.INVALID_JSON_PARAM", Message: "JSON参数不合法", RequestId: requestId } };

		const fault = state.takeFault({ to: params.PhoneNumbers as string, code, at: now() });
		if (fault === "stall") return null;
		if (fault === "unavailable")
			return {
				status: 503,
				body: {
					Code: "ServiceUnavailable",
					Message: "The request has failed due to a temporary failure of the server.",
					RequestId: requestId,
				},
			};
		if (fault === "refused")
			return {
				status: 200,
				body: { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "触发分钟级流控Permits:1", RequestId: requestId },
			};
		if (fault === "lie") return { status: 200, body: { Code: "OK", Message: "OK", RequestId: requestId } };
		state.delivered.push({ to: params.PhoneNumbers as string, code, at: now() });
		return {
			status: 200,
			body: {
				Code: "OK",
				Message: "OK",
				BizId: `${Date.now()}^${randomBytes(6).toString("hex")}`,
				RequestId: requestId,
			},
		};
	});

	return {
		url: server.url,
		...state.controls(),
		rotateSecret: () => {
			accessKeySecret = randomBytes(15).toString("base64url");
		},
		env: {
			SMS_PROVIDER: "aliyun",
			ALIYUN_SMS_ACCESS_KEY_ID: accessKeyId,
			ALIYUN_SMS_ACCESS_KEY_SECRET: accessKeySecret,
			ALIYUN_SMS_SIGN_NAME: signName,
			ALIYUN_SMS_TEMPLATE_CODE: templateCode,
			ALIYUN_SMS_ENDPOINT: server.url,
		},
		close: server.close,
	};
}

/** RFC 3986 percent-encoding, as Alibaba's canonical query wants it (space %20, * %2A, ~ kept). */
function rfc3986(value: string): string {
	return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
