import { createHash } from "node:crypto";
import { type CheckoutPresentation, ErrorCode, type WechatRailSettings } from "@bayon/contract";
import { BusinessError } from "../../../../http/business-error.js";
import type { AppDeps } from "../../../../http/deps.js";
import type {
	CheckoutArgs,
	CheckoutStart,
	ConnectionCheck,
	ForeignCallback,
	GatewayCallback,
	GatewayPaymentReport,
	GatewayRefundResult,
	PaymentGateway,
	StatementLine,
} from "../../gateway.js";
import {
	beijingTime,
	createWechatPayClient,
	decryptResource,
	type EncryptedResource,
	nonceString,
	outTradeNo,
	paymentIdOf,
	rsaSign,
	verifyWechatSignature,
	type WechatPayAnswer,
	WechatPayUnreachable,
	wechatPayKeys,
} from "./client.js";
import { exchangeOAuthCode, oauthAuthorizeUrl } from "./signin.js";

/** WeChat Pay's description field holds at most 127 characters. */
const DESCRIPTION_MAX = 127;

/** What WeChat Pay's error answers carry. */
const errorCode = (answer: WechatPayAnswer) =>
	typeof answer.json.code === "string" ? answer.json.code : `HTTP_${answer.status}`;
const errorText = (answer: WechatPayAnswer) =>
	`${errorCode(answer)}${typeof answer.json.message === "string" ? `: ${answer.json.message}` : ""}`;

/** An order WeChat Pay refused to create (a 4xx answer): a fault of ours or of the settings, not an outage. */
export class WechatPayRefused extends Error {
	constructor(
		readonly call: string,
		readonly status: number,
		readonly code: string,
		message: string,
	) {
		super(`WeChat Pay ${call} refused: HTTP ${status} ${message}`);
		this.name = "WechatPayRefused";
	}
}

/** Refund answers that mean "not now" rather than "no": asked again later, like an outage. */
const REFUND_TRY_LATER = new Set(["SYSTEM_ERROR", "FREQUENCY_LIMITED", "NOT_ENOUGH", "RESOURCE_ALREADY_EXISTS"]);

export interface JsapiOrder {
	paymentId: string;
	amount: number;
	description: string;
	notifyUrl: string;
	openid: string;
	expiresAt: Date;
}

/** The WeChat gateway, plus what its sign-in return page (oauth.ts) needs of it. */
export interface WechatGateway extends PaymentGateway {
	readonly appId: string;
	/** Creates a JSAPI order for a payer whose openid is known; the sheet's signed parameters. */
	jsapiCheckout(order: JsapiOrder): Promise<{ prepayId: string; presentation: CheckoutPresentation }>;
	/** A sign-in code for the payer's openid on the official account. */
	openidOf(code: string): Promise<string>;
}

/** What each of the gateway's calls needs: the tenant's settings, its keys and its signed client. */
interface WechatContext {
	deps: AppDeps;
	tenantId: number;
	settings: WechatRailSettings;
	keys: ReturnType<typeof wechatPayKeys>;
	now: () => Date;
	client: ReturnType<typeof createWechatPayClient>;
}

/** A tenant's WeChat Pay gateway (issue 29 part 1, decision 031). */
export function createWechatGateway(deps: AppDeps, tenantId: number, settings: WechatRailSettings): WechatGateway {
	const keys = wechatPayKeys(settings);
	const now = () => deps.clock.now();
	const client = createWechatPayClient({ baseUrl: deps.config.railEndpoints.wechatPay, keys, now });
	const rail: WechatContext = { deps, tenantId, settings, keys, now, client };
	const gateway: WechatGateway = {
		name: "wechat",
		appId: settings.appId,
		isAvailable: () => true,
		// Outside WeChat a phone pays by H5 only where WeChat Pay approved it; elsewhere the spec's hint.
		stateFor: (scene) =>
			(scene === "mobile_browser" || scene === "alipay_app") && !settings.h5Enabled ? "openInWechat" : "ready",
		jsapiCheckout: (order) => jsapiCheckout(rail, order),
		openidOf: (code) => exchangeOAuthCode(deps, settings, code),
		startCheckout: (args) => startWechatCheckout(rail, args),
		verifyCallback: (headers, rawBody) => readCallback(rail, headers, rawBody),
		callbackAnswer(accepted) {
			return accepted
				? { status: 200, contentType: "application/json", body: JSON.stringify({ code: "SUCCESS", message: "成功" }) }
				: { status: 500, contentType: "application/json", body: JSON.stringify({ code: "FAIL", message: "失败" }) };
		},
		queryPayment: (paymentId) => queryWechatPayment(rail, paymentId),
		closePayment: (paymentId) => closeWechatPayment(rail, paymentId),
		refund: (args) => refundWechatPayment(rail, args),
		checkConnection: () => checkWechatConnection(rail),
		statement: (date) => wechatStatement(rail, date),
	};
	return gateway;
}

/** Where WeChat Pay should send refund results: the origin of our latest checkout notify URL. */
function notifyUrlForRefunds({ deps, tenantId }: WechatContext): string | null {
	const origin = deps.config.publicUrl ?? lastNotifyOrigin.get(deps)?.get(tenantId);
	return origin ? `${origin}/pay/notify/wechat/${tenantId}` : null;
}

async function createOrder(
	{ client, settings }: WechatContext,
	channel: "jsapi" | "h5" | "native",
	body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
	const answer = await client.call("POST", `/v3/pay/transactions/${channel}`, {
		appid: settings.appId,
		mchid: settings.mchId,
		...body,
	});
	if (answer.status !== 200)
		throw new WechatPayRefused(`${channel} order`, answer.status, errorCode(answer), errorText(answer));
	return answer.json;
}

/** The fields every WeChat Pay order carries. */
const orderFields = (args: {
	paymentId: string;
	amount: number;
	description: string;
	notifyUrl: string;
	expiresAt: Date;
}) => ({
	description: [...args.description].slice(0, DESCRIPTION_MAX).join("") || "Bayon",
	out_trade_no: outTradeNo(args.paymentId),
	time_expire: beijingTime(args.expiresAt),
	notify_url: args.notifyUrl,
	amount: { total: args.amount, currency: "CNY" },
});

async function jsapiCheckout(rail: WechatContext, order: JsapiOrder) {
	const { settings, keys, now } = rail;
	const answer = await createOrder(rail, "jsapi", { ...orderFields(order), payer: { openid: order.openid } });
	const prepayId = answer.prepay_id;
	if (typeof prepayId !== "string" || !prepayId)
		throw new WechatPayUnreachable("jsapi order", "malformed", "no prepay_id in the answer");
	const timeStamp = String(Math.floor(now().getTime() / 1000));
	const nonceStr = nonceString();
	const pkg = `prepay_id=${prepayId}`;
	const paySign = rsaSign(keys.privateKey, `${settings.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`);
	return {
		prepayId,
		presentation: {
			kind: "jsapi" as const,
			params: { appId: settings.appId, timeStamp, nonceStr, package: pkg, signType: "RSA" as const, paySign },
		},
	};
}

/** The payment as a query answers it (already verified). */
function reportOf(json: Record<string, unknown>, paymentId: string): GatewayPaymentReport | null {
	const state = json.trade_state;
	const amount = (json.amount ?? {}) as { total?: unknown; currency?: unknown };
	const total = typeof amount.total === "number" && Number.isSafeInteger(amount.total) ? amount.total : null;
	const currency = typeof amount.currency === "string" ? amount.currency : "CNY";
	const txn = typeof json.transaction_id === "string" && json.transaction_id ? json.transaction_id : null;
	if (state === "SUCCESS" || state === "REFUND") {
		if (!txn || total === null)
			throw new WechatPayUnreachable("payment query", "malformed", "a paid order without its transaction or amount");
		return { paymentId, providerTxnId: txn, amount: total, currency, status: "succeeded" };
	}
	if (state === "CLOSED" || state === "PAYERROR" || state === "REVOKED") {
		if (total === null) throw new WechatPayUnreachable("payment query", "malformed", "an order without its amount");
		// A closed order has no transaction at WeChat Pay: our own trade number stands for it.
		return {
			paymentId,
			providerTxnId: txn ?? `closed:${outTradeNo(paymentId)}`,
			amount: total,
			currency,
			status: "declined",
		};
	}
	return null;
}

/** A callback from WeChat Pay, verified and opened: a payment, a refund, or another merchant's. */
function readCallback(
	{ deps, tenantId, settings, keys, now }: WechatContext,
	headers: Record<string, string | string[] | undefined>,
	rawBody: string,
): GatewayCallback | ForeignCallback | null {
	const verified = verifyWechatSignature(keys, headers, rawBody, now().getTime());
	if (!verified.ok) {
		deps.log.warn({ tenantId, reason: verified.reason }, "wechat pay: callback not genuine, refused");
		return null;
	}
	let event: { event_type?: unknown; resource?: EncryptedResource };
	try {
		event = JSON.parse(rawBody);
	} catch {
		return null;
	}
	if (!event.resource || typeof event.resource !== "object") return null;
	const opened = decryptResource(settings.apiV3Key, event.resource);
	if (opened === null) {
		deps.log.warn(
			{ tenantId, event: event.event_type },
			"wechat pay: callback resource does not open with the APIv3 key",
		);
		return null;
	}
	let data: Record<string, unknown>;
	try {
		data = JSON.parse(opened);
	} catch {
		return null;
	}
	const paymentId = paymentIdOf(data.out_trade_no);
	const type = event.event_type;
	const foreign = (why: string): ForeignCallback => ({
		type: "foreign",
		paymentId,
		detail: {
			why,
			event: type,
			mchid: data.mchid,
			appid: data.appid,
			outTradeNo: data.out_trade_no,
			transactionId: data.transaction_id,
			amount: data.amount,
		},
	});
	if (type === "TRANSACTION.SUCCESS") {
		if (data.mchid !== settings.mchId) return foreign("another merchant");
		if (data.appid !== settings.appId) return foreign("another app");
		if (!paymentId) return foreign("not our trade number");
		const amount = (data.amount ?? {}) as { total?: unknown; currency?: unknown };
		if (
			data.trade_state !== "SUCCESS" ||
			typeof data.transaction_id !== "string" ||
			typeof amount.total !== "number" ||
			!Number.isSafeInteger(amount.total)
		)
			return null;
		return {
			type: "payment",
			report: {
				paymentId,
				providerTxnId: data.transaction_id,
				amount: amount.total,
				currency: typeof amount.currency === "string" ? amount.currency : "CNY",
				status: "succeeded",
			},
		};
	}
	if (type === "REFUND.SUCCESS" || type === "REFUND.ABNORMAL" || type === "REFUND.CLOSED") {
		if (data.mchid !== settings.mchId) return foreign("another merchant");
		if (typeof data.out_refund_no !== "string") return null;
		const succeeded = type === "REFUND.SUCCESS";
		return {
			type: "refund",
			report: {
				refundId: data.out_refund_no,
				status: succeeded ? "succeeded" : "failed",
				providerRefundId: typeof data.refund_id === "string" ? data.refund_id : null,
				...(succeeded ? {} : { failureReason: String(data.refund_status ?? type) }),
			},
		};
	}
	return null;
}

/** Starts a checkout by the payer's scene: JSAPI in WeChat (after its sign-in), H5 in a phone browser, a code elsewhere. */
async function startWechatCheckout(rail: WechatContext, args: CheckoutArgs): Promise<CheckoutStart> {
	const { deps, tenantId, settings } = rail;
	if (args.currency !== "CNY" || (args.railCurrency && args.railCurrency.code !== "CNY"))
		throw new BusinessError(ErrorCode.PayMethodUnavailable);
	const notifyOrigin = new URL(args.notifyUrl).origin;
	rememberNotifyOrigin(deps, tenantId, notifyOrigin);
	const order = { ...args, expiresAt: args.expiresAt };
	switch (args.scene) {
		case "wechat_browser": {
			const openid = args.payerOpenId ?? (await knownOpenid(deps, tenantId, settings.appId, args.paymentId));
			if (!openid)
				return {
					channel: "jsapi",
					expiresAt: args.expiresAt,
					redirectUrl: oauthAuthorizeUrl(deps, settings.appId, notifyOrigin, args.paymentId),
				};
			const { prepayId, presentation } = await jsapiCheckout(rail, { ...order, openid });
			return { channel: "jsapi", railRef: prepayId, expiresAt: args.expiresAt, presentation };
		}
		case "mobile_browser":
		case "alipay_app": {
			if (!settings.h5Enabled) throw new BusinessError(ErrorCode.PayMethodUnavailable);
			const answer = await createOrder(rail, "h5", {
				...orderFields(order),
				scene_info: { payer_client_ip: args.payerIp, h5_info: { type: "Wap" } },
			});
			if (typeof answer.h5_url !== "string" || !/^https?:\/\//.test(answer.h5_url))
				throw new WechatPayUnreachable("h5 order", "malformed", "no h5_url in the answer");
			return {
				channel: "h5",
				expiresAt: args.expiresAt,
				redirectUrl: `${answer.h5_url}&redirect_url=${encodeURIComponent(args.returnUrl)}`,
			};
		}
		case "desktop":
		case "counter": {
			const answer = await createOrder(rail, "native", orderFields(order));
			if (typeof answer.code_url !== "string" || !answer.code_url)
				throw new WechatPayUnreachable("native order", "malformed", "no code_url in the answer");
			return {
				channel: "native",
				expiresAt: args.expiresAt,
				presentation: { kind: "qr", qrText: answer.code_url, deepLink: null },
			};
		}
	}
}

/** The payment as WeChat Pay tells it when asked by our trade number. */
async function queryWechatPayment(
	{ client, settings }: WechatContext,
	paymentId: string,
): Promise<GatewayPaymentReport | null> {
	const answer = await client.call(
		"GET",
		`/v3/pay/transactions/out-trade-no/${outTradeNo(paymentId)}?mchid=${encodeURIComponent(settings.mchId)}`,
	);
	if (answer.status === 404 || errorCode(answer) === "ORDER_NOT_EXIST") return null;
	if (answer.status !== 200)
		throw new WechatPayUnreachable("payment query", "malformed", `unexpected answer ${errorText(answer)}`);
	if (answer.json.mchid !== settings.mchId || answer.json.out_trade_no !== outTradeNo(paymentId))
		throw new WechatPayUnreachable("payment query", "malformed", "the answer names another merchant or order");
	return reportOf(answer.json, paymentId);
}

/** Closes an unpaid order; one never created needs nothing. */
async function closeWechatPayment({ client, settings }: WechatContext, paymentId: string): Promise<void> {
	const answer = await client.call("POST", `/v3/pay/transactions/out-trade-no/${outTradeNo(paymentId)}/close`, {
		mchid: settings.mchId,
	});
	// Never created (the payer never came back from the sign-in): nothing to close.
	if (answer.status === 204 || answer.status === 200 || errorCode(answer) === "ORDER_NOT_EXIST") return;
	throw new WechatPayRefused("close", answer.status, errorCode(answer), errorText(answer));
}

/** A domestic refund of the transaction; "not now" answers are thrown to be asked again. */
async function refundWechatPayment(
	rail: WechatContext,
	args: Parameters<PaymentGateway["refund"]>[0],
): Promise<GatewayRefundResult> {
	if (!Number.isSafeInteger(args.amount) || args.amount <= 0)
		return { status: "failed", failureReason: "invalid_amount" };
	const notifyUrl = notifyUrlForRefunds(rail);
	const answer = await rail.client.call("POST", "/v3/refund/domestic/refunds", {
		transaction_id: args.providerTxnId,
		out_refund_no: args.refundId,
		// No `reason`: WeChat Pay shows it to the payer, and ours are internal codes (late_payment, …).
		...(notifyUrl ? { notify_url: notifyUrl } : {}),
		amount: { refund: args.amount, total: args.paymentAmount, currency: args.currency },
	});
	if (answer.status === 200) {
		const status = answer.json.status;
		const refundId = typeof answer.json.refund_id === "string" ? answer.json.refund_id : null;
		if (status === "SUCCESS" && refundId) return { status: "succeeded", providerRefundId: refundId };
		if (status === "PROCESSING") return { status: "processing" };
		if (status === "CLOSED" || status === "ABNORMAL")
			return { status: "failed", failureReason: `refund_${String(status).toLowerCase()}` };
		throw new WechatPayUnreachable("refund", "malformed", `unexpected refund status ${String(status)}`);
	}
	if (REFUND_TRY_LATER.has(errorCode(answer)) || answer.status === 429)
		throw new WechatPayUnreachable("refund", "server_error", errorText(answer));
	return { status: "failed", failureReason: errorCode(answer) };
}

/** The operator's "test the connection": a query about a made-up order, its answer read for the fault. */
async function checkWechatConnection({ client, settings }: WechatContext): Promise<ConnectionCheck> {
	try {
		const answer = await client.call(
			"GET",
			`/v3/pay/transactions/out-trade-no/bayonconnectioncheck?mchid=${encodeURIComponent(settings.mchId)}`,
		);
		if (answer.status === 404 || errorCode(answer) === "ORDER_NOT_EXIST") return { ok: true };
		if (answer.status === 401) return refusedSignature(errorText(answer));
		return { ok: false, problem: "misconfigured", detail: `WeChat Pay answered ${errorText(answer)}` };
	} catch (error) {
		// WeChat Pay answers a request it cannot verify with an unsigned 401.
		if (error instanceof WechatPayUnreachable && error.why === "unverified" && error.status === 401)
			return refusedSignature(error.message);
		if (error instanceof WechatPayUnreachable && (error.why === "unverified" || error.why === "malformed"))
			return {
				ok: false,
				problem: "signature",
				detail: `WeChat Pay's answer does not verify with the platform public key and id entered (${error.message})`,
			};
		return { ok: false, problem: "unreachable", detail: error instanceof Error ? error.message : String(error) };
	}
}

/** The day's trade bill, downloaded and checked against its SHA1. */
async function wechatStatement({ client }: WechatContext, date: string): Promise<StatementLine[]> {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a date: ${date}`);
	const answer = await client.call("GET", `/v3/bill/tradebill?bill_date=${date}&bill_type=ALL`);
	// A day without any trade has no bill.
	if (errorCode(answer) === "NO_STATEMENT_EXIST") return [];
	if (answer.status !== 200 || typeof answer.json.download_url !== "string")
		throw new WechatPayUnreachable("trade bill", "malformed", `unexpected answer ${errorText(answer)}`);
	const bill = await client.download(answer.json.download_url);
	if (answer.json.hash_type === "SHA1" && typeof answer.json.hash_value === "string") {
		const hash = createHash("sha1").update(bill).digest("hex");
		if (hash.toLowerCase() !== answer.json.hash_value.toLowerCase())
			throw new WechatPayUnreachable("bill download", "unverified", "the bill does not match its SHA1");
	}
	return parseTradeBill(bill.toString("utf8"));
}

/** The connection test's answer when WeChat Pay refused our request's signature. */
function refusedSignature(detail: string): ConnectionCheck {
	return {
		ok: false,
		problem: "credentials",
		detail: `WeChat Pay did not accept our signature (merchant id, certificate serial or private key): ${detail}`,
	};
}

/** The payer's openid learnt before, for the payer of this payment. */
async function knownOpenid(deps: AppDeps, tenantId: number, appId: string, paymentId: string): Promise<string | null> {
	const row = await deps.db
		.selectFrom("payment")
		.innerJoin("wechat_payer", (join) =>
			join
				.onRef("wechat_payer.member_id", "=", "payment.payer_member_id")
				.onRef("wechat_payer.tenant_id", "=", "payment.tenant_id"),
		)
		.select("wechat_payer.openid")
		.where("payment.id", "=", paymentId)
		.where("payment.tenant_id", "=", tenantId)
		.where("wechat_payer.app_id", "=", appId)
		.executeTakeFirst();
	return row?.openid ?? null;
}

/**
 * The origin our checkouts last gave WeChat Pay as notify URL, per tenant: the refund call
 * gets no notify URL from its caller, so without PUBLIC_URL it names the same host. When a
 * server has not started a checkout since it started, the refund names none and WeChat Pay
 * uses the one registered on the merchant platform (the refund is asked about again anyway).
 */
const lastNotifyOrigin = new WeakMap<AppDeps, Map<number, string>>();
function rememberNotifyOrigin(deps: AppDeps, tenantId: number, origin: string) {
	let map = lastNotifyOrigin.get(deps);
	if (!map) {
		map = new Map();
		lastNotifyOrigin.set(deps, map);
	}
	map.set(tenantId, origin);
}

/** "12.34" yuan as 1234 fen, exactly; null when it is not an amount. */
export function fenOf(yuan: string): number | null {
	const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
	if (!match) return null;
	const fen = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
	return match[1] ? -fen : fen;
}

/**
 * WeChat Pay's trade bill (bill_type ALL): a header line, one line per payment or refund with
 * each field behind a backquote, then a summary. Payments count by their order amount; refunds
 * by the refund asked, with our refund id (succeeded, or failed when WeChat Pay closed it).
 */
export function parseTradeBill(text: string): StatementLine[] {
	const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
	const head = (lines[0] ?? "").split(",").map((name) => name.replace(/^`/, "").trim());
	const column = (name: string) => head.indexOf(name);
	const at = {
		time: column("交易时间"),
		txn: column("微信订单号"),
		trade: column("商户订单号"),
		state: column("交易状态"),
		currency: column("货币种类"),
		orderAmount: column("订单金额"),
		settled: column("应结订单金额"),
		refundNo: column("商户退款单号"),
		refundAsked: column("申请退款金额"),
		refunded: column("退款金额"),
		refundState: column("退款状态"),
	};
	if (at.time < 0 || at.trade < 0 || at.state < 0) throw new Error("WeChat Pay trade bill: unexpected header");
	const out: StatementLine[] = [];
	for (const line of lines.slice(1)) {
		if (!line.startsWith("`")) break; // the summary's header ("总交易单数,…") ends the lines
		const fields = line.split(",").map((field) => field.replace(/^`/, "").trim());
		const paymentId = paymentIdOf(fields[at.trade]);
		if (!paymentId) continue;
		const when = new Date(`${(fields[at.time] ?? "").replace(" ", "T")}+08:00`);
		const currency = at.currency >= 0 && fields[at.currency] ? fields[at.currency] : "CNY";
		const state = fields[at.state];
		const base = { paymentId, providerTxnId: fields[at.txn] ?? "", currency: currency ?? "CNY", at: when };
		if (state === "REFUND") {
			const refundState = fields[at.refundState];
			if (refundState === "PROCESSING") continue;
			const amount = fenOf(fields[at.refundAsked >= 0 ? at.refundAsked : at.refunded] ?? "");
			if (amount === null) continue;
			out.push({
				...base,
				kind: "refund",
				refundId: fields[at.refundNo] ?? "",
				amount,
				status: refundState === "SUCCESS" ? "succeeded" : "failed",
			});
			continue;
		}
		const amount = fenOf(fields[at.orderAmount >= 0 ? at.orderAmount : at.settled] ?? "");
		if (amount === null) continue;
		out.push({ ...base, kind: "payment", amount, status: state === "SUCCESS" ? "succeeded" : "declined" });
	}
	return out;
}
