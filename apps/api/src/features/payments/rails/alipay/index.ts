import { createHash, createPublicKey, randomUUID } from "node:crypto";
import { type AlipayRailSettings, ErrorCode } from "@bayon/contract";
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
import type { Rail } from "../rail.js";
import { readTradeBill } from "./bill.js";
import {
	ALIPAY_OK,
	ALIPAY_REFUSED,
	ALIPAY_UNAVAILABLE,
	type AlipayAnswer,
	AlipayUnanswered,
	alipayClient,
	alipayTimeouts,
	readPrivateKey,
	readPublicKey,
} from "./client.js";
import { fenToYuan, fromShanghaiTime, shanghaiTime, yuanToFen } from "./money.js";

/**
 * Alipay OpenAPI (issue 29 part 2, decision 031 "Alipay client"): the payer pays on Alipay's own
 * page in a phone browser (alipay.trade.wap.pay) or on a desktop (alipay.trade.page.pay), or
 * scans a code at the counter (alipay.trade.precreate); Alipay tells us by a signed form POST
 * (the async notify), answered with the literal "success". Our out_trade_no is the payment's
 * id, out_request_no a refund's id, so asking again is always safe. Money is CNY only.
 */

const CURRENCY = "CNY";

/** What Alipay's subject may hold: at most 256 characters, none of its reserved / = &. */
const subjectOf = (description: string) => description.replace(/[/=&]/g, " ").trim().slice(0, 256) || "Bayon";

/** An Alipay refusal we cannot act on: logged by the caller with Alipay's own words. */
const refusal = (method: string, answer: AlipayAnswer) =>
	new Error(
		`Alipay ${method} refused: ${answer.code} ${answer.sub_code ?? ""} ${answer.sub_msg ?? answer.msg ?? ""}`.trim(),
	);

/**
 * A refund's id at Alipay: its trade number and our out_request_no (Alipay gives a refund no
 * number of its own, and two partial refunds of one trade must not share one).
 */
const providerRefundIdOf = (tradeNo: string, refundId: string) => `${tradeNo}:${refundId}`;

/** Refusals of a refund that may pass if asked again later (Alipay's own advice for each). */
const REFUND_RETRYABLE = new Set(["ACQ.SYSTEM_ERROR", "ACQ.SELLER_BALANCE_NOT_ENOUGH", "ACQ.REFUND_CHARGE_ERROR"]);

/** What each of the gateway's calls needs: the tenant's settings and its signed client. */
interface AlipayContext {
	deps: Pick<AppDeps, "config" | "clock" | "log">;
	tenantId: number;
	settings: AlipayRailSettings;
	client: ReturnType<typeof alipayClient>;
}

export function createAlipayGateway(
	deps: Pick<AppDeps, "config" | "clock" | "log">,
	tenantId: number,
	settings: AlipayRailSettings,
): PaymentGateway {
	const rail: AlipayContext = { deps, tenantId, settings, client: alipayClient(deps.config, settings) };
	return {
		name: "alipay",
		isAvailable: () => true,
		startCheckout: (args) => startAlipayCheckout(rail, args),
		verifyCallback: (_headers, rawBody) => readAlipayNotify(rail, rawBody),
		callbackAnswer(accepted) {
			return { status: 200, contentType: "text/plain", body: accepted ? "success" : "fail" };
		},
		queryPayment: async (paymentId) =>
			tradeReport(rail, paymentId, await rail.client.call("alipay.trade.query", { out_trade_no: paymentId })),
		closePayment: (paymentId) => closeAlipayTrade(rail, paymentId),
		refund: (args) => refundAlipayTrade(rail, args),
		checkConnection: () => checkAlipayConnection(rail),
		statement: (date) => alipayStatement(rail, date),
	};
}

/** A trade as alipay.trade.query tells it; null while undecided or unknown to Alipay. */
function tradeReport(
	{ deps, tenantId }: AlipayContext,
	paymentId: string,
	answer: AlipayAnswer,
): GatewayPaymentReport | null {
	if (answer.code === ALIPAY_REFUSED && answer.sub_code === "ACQ.TRADE_NOT_EXIST") return null;
	if (answer.code !== ALIPAY_OK) throw refusal("alipay.trade.query", answer);
	if (answer.out_trade_no !== undefined && answer.out_trade_no !== paymentId)
		throw new Error(`Alipay answered about trade ${String(answer.out_trade_no)} when asked about ${paymentId}`);
	const tradeNo = typeof answer.trade_no === "string" ? answer.trade_no : null;
	const amount = yuanToFen(answer.total_amount);
	const status = answer.trade_status;
	if (status === "WAIT_BUYER_PAY") return null;
	if (!tradeNo || amount === null)
		throw new Error(`Alipay's answer about ${paymentId} lacks its trade number or amount`);
	if (status === "TRADE_SUCCESS" || status === "TRADE_FINISHED")
		return { paymentId, providerTxnId: tradeNo, amount, currency: CURRENCY, status: "succeeded" };
	if (status === "TRADE_CLOSED") {
		// Closed after it was paid (refunded in full, outside our books): not a decline of an
		// unpaid trade. Nothing to apply; the operator sees it in the day's reconciliation.
		if (answer.send_pay_date) {
			deps.log.warn(
				{ tenantId, paymentId, tradeNo },
				"Alipay: a trade still pending here was paid and refunded in full there",
			);
			return null;
		}
		return { paymentId, providerTxnId: tradeNo, amount, currency: CURRENCY, status: "declined" };
	}
	throw new Error(`Alipay's trade ${paymentId} has a status we do not know: ${String(status)}`);
}

/** A refund as alipay.trade.fastpay.refund.query tells it; null when Alipay has none by that id. */
async function askRefund({ client }: AlipayContext, args: { paymentId: string; refundId: string; amount: number }) {
	const answer = await client.call("alipay.trade.fastpay.refund.query", {
		out_trade_no: args.paymentId,
		out_request_no: args.refundId,
		query_options: ["gmt_refund_pay"],
	});
	if (answer.code === ALIPAY_REFUSED && answer.sub_code === "ACQ.TRADE_NOT_EXIST") return null;
	if (answer.code !== ALIPAY_OK) throw refusal("alipay.trade.fastpay.refund.query", answer);
	// A refund Alipay does not know answers 10000 with no refund fields.
	if (answer.refund_amount === undefined && answer.refund_status === undefined) return null;
	const refunded = yuanToFen(answer.refund_amount);
	// Alipay: a refund found with refund_status empty or REFUND_SUCCESS is done.
	if (answer.refund_status && answer.refund_status !== "REFUND_SUCCESS") return { done: false as const };
	if (refunded !== args.amount)
		throw new Error(
			`Alipay's refund ${args.refundId} is of ${String(answer.refund_amount)}, we asked ${args.amount} fen`,
		);
	return { done: true as const, tradeNo: typeof answer.trade_no === "string" ? answer.trade_no : "" };
}

/** Starts a trade: a code to scan at the counter, else Alipay's phone or desktop page. */
async function startAlipayCheckout({ client }: AlipayContext, args: CheckoutArgs): Promise<CheckoutStart> {
	if (args.currency !== CURRENCY || args.railCurrency)
		throw new Error(`Alipay takes CNY only, not ${args.railCurrency?.code ?? args.currency}`);
	// WeChat's browser blocks Alipay's pages: the web app shows "open in an ordinary browser".
	if (args.scene === "wechat_browser") throw new BusinessError(ErrorCode.PayMethodUnavailable);
	const trade = {
		out_trade_no: args.paymentId,
		total_amount: fenToYuan(args.amount),
		subject: subjectOf(args.description),
		time_expire: shanghaiTime(args.expiresAt),
	};
	if (args.scene === "counter") {
		const answer = await client.call("alipay.trade.precreate", trade, { notify_url: args.notifyUrl });
		if (answer.code !== ALIPAY_OK || typeof answer.qr_code !== "string")
			throw refusal("alipay.trade.precreate", answer);
		return {
			channel: "precreate",
			expiresAt: args.expiresAt,
			presentation: { kind: "qr", qrText: answer.qr_code, deepLink: null },
		};
	}
	const desktop = args.scene === "desktop";
	const redirectUrl = client.pageUrl(
		desktop ? "alipay.trade.page.pay" : "alipay.trade.wap.pay",
		{
			...trade,
			product_code: desktop ? "FAST_INSTANT_TRADE_PAY" : "QUICK_WAP_WAY",
			// Where the payer goes when they leave Alipay's phone cashier without paying.
			...(desktop ? {} : { quit_url: args.returnUrl }),
		},
		{ return_url: args.returnUrl, notify_url: args.notifyUrl },
	);
	return { channel: desktop ? "page" : "wap", expiresAt: args.expiresAt, redirectUrl };
}

/** Alipay's async notify (a signed form), read: a payment, a refund, or another app's. */
function readAlipayNotify(
	{ client, settings }: AlipayContext,
	rawBody: string,
): GatewayCallback | ForeignCallback | null {
	const params = new URLSearchParams(rawBody);
	const fields: Record<string, string> = {};
	for (const [key, value] of params) {
		// A field given twice is not something Alipay sends.
		if (key in fields) return null;
		fields[key] = value;
	}
	if (!fields.sign || !client.verifyNotify(fields)) return null;
	const paymentId = fields.out_trade_no ?? null;
	if (fields.app_id !== settings.appId || fields.seller_id !== settings.sellerId)
		return {
			type: "foreign",
			paymentId,
			detail: {
				app_id: fields.app_id ?? null,
				seller_id: fields.seller_id ?? null,
				trade_no: fields.trade_no ?? null,
				trade_status: fields.trade_status ?? null,
				total_amount: fields.total_amount ?? null,
				notify_id: fields.notify_id ?? null,
			},
		};
	const tradeNo = fields.trade_no;
	const amount = yuanToFen(fields.total_amount);
	if (!paymentId || !tradeNo || amount === null) return null;
	// A refund's notify (a part refunded leaves the trade TRADE_SUCCESS, the whole closes
	// it as TRADE_CLOSED): it is about the refund named by out_biz_no, never a decline.
	const refundFee = yuanToFen(fields.refund_fee);
	if (fields.out_biz_no || fields.gmt_refund || (refundFee !== null && refundFee > 0)) {
		if (!fields.out_biz_no) return null;
		return {
			type: "refund",
			report: {
				refundId: fields.out_biz_no,
				status: "succeeded",
				providerRefundId: providerRefundIdOf(tradeNo, fields.out_biz_no),
			},
		};
	}
	const report = { paymentId, providerTxnId: tradeNo, amount, currency: CURRENCY };
	switch (fields.trade_status) {
		case "TRADE_SUCCESS":
		case "TRADE_FINISHED":
			return { type: "payment", report: { ...report, status: "succeeded" } };
		case "TRADE_CLOSED":
			// Paid once (a payment time) yet closed with no refund named: nothing we can apply.
			if (fields.gmt_payment) return null;
			return { type: "payment", report: { ...report, status: "declined" } };
		default:
			// WAIT_BUYER_PAY (only sent when asked for): nothing decided yet.
			return null;
	}
}

/** Closes an unpaid trade; one that does not exist or is already decided needs nothing. */
async function closeAlipayTrade({ client }: AlipayContext, paymentId: string): Promise<void> {
	const answer = await client.call("alipay.trade.close", { out_trade_no: paymentId });
	if (answer.code === ALIPAY_OK) return;
	// A phone or desktop trade exists at Alipay only once the payer opened its page: none to close.
	if (answer.code === ALIPAY_REFUSED && answer.sub_code === "ACQ.TRADE_NOT_EXIST") return;
	// Already paid or closed: closing cannot change it; the callback or the next question tells which.
	if (answer.code === ALIPAY_REFUSED && answer.sub_code === "ACQ.TRADE_STATUS_ERROR") return;
	throw refusal("alipay.trade.close", answer);
}

/** alipay.trade.refund, and its refund query when the answer leaves the outcome unclear. */
async function refundAlipayTrade(
	rail: AlipayContext,
	args: Parameters<PaymentGateway["refund"]>[0],
): Promise<GatewayRefundResult> {
	if (args.currency !== CURRENCY) return { status: "failed", failureReason: `currency ${args.currency}` };
	if (!Number.isSafeInteger(args.amount) || args.amount <= 0)
		return { status: "failed", failureReason: "invalid_amount" };
	const answer = await rail.client.call("alipay.trade.refund", {
		out_trade_no: args.paymentId,
		...(args.providerTxnId ? { trade_no: args.providerTxnId } : {}),
		refund_amount: fenToYuan(args.amount),
		out_request_no: args.refundId,
		refund_reason: args.reason,
	});
	const tradeNo = typeof answer.trade_no === "string" && answer.trade_no ? answer.trade_no : args.providerTxnId;
	if (answer.code === ALIPAY_OK && answer.fund_change === "Y")
		return { status: "succeeded", providerRefundId: providerRefundIdOf(tradeNo, args.refundId) };
	if (answer.code === ALIPAY_REFUSED && !REFUND_RETRYABLE.has(answer.sub_code ?? ""))
		return {
			status: "failed",
			failureReason: `${answer.sub_code ?? answer.code}: ${answer.sub_msg ?? answer.msg ?? ""}`,
		};
	// Unclear: "done, no money moved" (the same refund asked again, or one still in
	// progress), Alipay busy, or a refusal that may pass later. Alipay's refund query tells.
	const found = await askRefund(rail, args);
	if (found?.done)
		return { status: "succeeded", providerRefundId: providerRefundIdOf(found.tradeNo || tradeNo, args.refundId) };
	if (answer.code === ALIPAY_OK || found) return { status: "processing" };
	if (answer.code === ALIPAY_UNAVAILABLE)
		throw new Error(`Alipay alipay.trade.refund: service unavailable (${answer.sub_code ?? ""})`);
	throw refusal("alipay.trade.refund", answer);
}

/** The operator's "test the connection": a query about a made-up trade, its answer read for the fault. */
async function checkAlipayConnection({ client }: AlipayContext): Promise<ConnectionCheck> {
	const probe = { out_trade_no: `bayon-connection-check-${randomUUID()}` };
	let answer: AlipayAnswer;
	try {
		answer = await client.call("alipay.trade.query", probe);
	} catch (error) {
		if (!(error instanceof AlipayUnanswered) || error.reason === "unreachable")
			return { ok: false, problem: "unreachable", detail: error instanceof Error ? error.message : String(error) };
		// The answer did not verify: read it unverified, to tell our key's fault from Alipay's key's.
		const unverified = await client.call("alipay.trade.query", probe, {}, { verify: false }).catch(() => null);
		if (unverified && unverified.code !== ALIPAY_OK && unverified.code !== ALIPAY_REFUSED) answer = unverified;
		else
			return {
				ok: false,
				problem: "signature",
				detail: "Alipay's answer does not verify with the Alipay public key entered (it is not the one of this app)",
			};
	}
	if (answer.code === ALIPAY_OK || (answer.code === ALIPAY_REFUSED && answer.sub_code === "ACQ.TRADE_NOT_EXIST"))
		return { ok: true };
	const said = `${answer.code} ${answer.sub_code ?? ""} ${answer.sub_msg ?? answer.msg ?? ""}`.trim();
	if (answer.sub_code === "isv.invalid-signature")
		return {
			ok: false,
			problem: "signature",
			detail: `Alipay cannot verify our signature: the app private key does not match the app public key set at Alipay (${said})`,
		};
	if (
		answer.sub_code === "isv.invalid-app-id" ||
		answer.sub_code?.startsWith("isv.insufficient") ||
		answer.code === "20001" ||
		answer.code === "40006"
	)
		return { ok: false, problem: "credentials", detail: said };
	if (answer.code === ALIPAY_UNAVAILABLE) return { ok: false, problem: "unreachable", detail: said };
	return { ok: false, problem: "misconfigured", detail: said };
}

/** The day's trade bill, downloaded from the short-lived link Alipay gives. */
async function alipayStatement({ deps, client }: AlipayContext, date: string): Promise<StatementLine[]> {
	const answer = await client.call("alipay.data.dataservice.bill.downloadurl.query", {
		bill_type: "trade",
		bill_date: date,
	});
	if (answer.code === ALIPAY_REFUSED && answer.sub_code === "isp.bill_not_exist") {
		// Alipay makes a day's bill the next morning (Beijing time) and none for a day
		// without trades: before then it is not ready, after it the day had none.
		const ready = fromShanghaiTime(`${date} 10:00:00`);
		if (!ready) throw new Error(`not a day: ${date}`);
		if (deps.clock.now().getTime() < ready.getTime() + 86_400_000)
			throw new Error(`Alipay's bill of ${date} is not ready yet`);
		return [];
	}
	if (answer.code !== ALIPAY_OK || typeof answer.bill_download_url !== "string")
		throw refusal("alipay.data.dataservice.bill.downloadurl.query", answer);
	// The download link is Alipay's, short-lived and unsigned (only its query was signed).
	const response = await fetch(answer.bill_download_url, {
		signal: AbortSignal.timeout(alipayTimeouts.billDownloadMs),
	});
	if (!response.ok) throw new Error(`Alipay's bill of ${date} could not be downloaded: HTTP ${response.status}`);
	return readTradeBill(new Uint8Array(await response.arrayBuffer()));
}

/** A key's SHA-256 fingerprint (of its public half), shown back instead of the key itself. */
function fingerprint(text: string, kind: "private" | "public"): string | null {
	try {
		const publicKey = kind === "private" ? createPublicKey(readPrivateKey(text)) : readPublicKey(text);
		const hash = createHash("sha256")
			.update(publicKey.export({ format: "der", type: "spki" }))
			.digest("hex");
		return `SHA256:${hash.slice(0, 16)}`;
	} catch {
		return null;
	}
}

export const alipayRail: Rail<"alipay"> = {
	name: "alipay",
	currencies: [CURRENCY],
	gateway: (deps, tenantId, settings) => createAlipayGateway(deps, tenantId, settings),
	summary: (settings) => ({
		appId: settings.appId,
		sellerId: settings.sellerId,
		environment: settings.environment,
		appPrivateKey: fingerprint(settings.appPrivateKey, "private"),
		alipayPublicKey: fingerprint(settings.alipayPublicKey, "public"),
	}),
};
