import {
	createCipheriv,
	createHash,
	createSign,
	createVerify,
	generateKeyPairSync,
	type KeyObject,
	randomBytes,
} from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { WechatRailSettings } from "@bayon/contract";

/**
 * A local WeChat Pay API v3 (and the bits of WeChat's web sign-in JSAPI needs), written from
 * WeChat Pay's documentation (pay.weixin.qq.com/doc/v3/merchant): it holds its own platform
 * RSA key pair and our merchant public key, checks every request's
 * WECHATPAY2-SHA256-RSA2048 Authorization (mchid, serial, five-minute window, signature),
 * signs every answer (Wechatpay-Serial/-Timestamp/-Nonce/-Signature) and every callback, and
 * encrypts callbacks' `resource` with AEAD_AES_256_GCM and the APIv3 key.
 *
 * It serves: JSAPI, H5 and Native orders; query by out_trade_no; close; refunds and their
 * query; the trade bill and its download; the sign-in (authorize → code → sns access_token).
 * A payer pays or declines an order through `payer()` (or the H5 page); a paid order's
 * callback goes to its notify_url. Faults: stall, 5xx, wrong signature, unsigned answers;
 * callbacks replayed, with another amount, another merchant, after the order expired.
 *
 * Deliberately independent of the rail's own client code (its crypto is written again here),
 * so a mistake in one is not mirrored by the other.
 */

export interface FakeOrder {
	appid: string;
	mchid: string;
	out_trade_no: string;
	description: string;
	notify_url: string;
	time_expire: string;
	trade_type: "JSAPI" | "MWEB" | "NATIVE";
	trade_state: "NOTPAY" | "SUCCESS" | "CLOSED" | "PAYERROR" | "REFUND";
	transaction_id: string | null;
	success_time: string | null;
	openid: string | null;
	total: number;
	payer_client_ip: string | null;
	prepay_id: string;
}

export interface FakeRefund {
	out_refund_no: string;
	refund_id: string;
	out_trade_no: string;
	transaction_id: string;
	refund: number;
	total: number;
	status: "SUCCESS" | "PROCESSING" | "ABNORMAL" | "CLOSED";
	notify_url: string | null;
	created: Date;
	reason: string;
}

/**
 * How the fake misbehaves towards our calls: never answers (stall), answers 5xx, signs with
 * another key or names another key id, does not sign, signs with a timestamp over five minutes
 * old (stale), or does the work and then never answers
 * (lose_answer: the order exists at WeChat Pay but we never heard of it).
 */
export type ApiFault =
	| null
	| "stall"
	| "server_error"
	| "bad_signature"
	| "wrong_serial"
	| "unsigned"
	| "stale"
	| "lose_answer";

export interface Delivery {
	url: string;
	headers: Record<string, string>;
	body: string;
	status: number;
	answer: string;
}

/** A request body as parsed: checked field by field, as WeChat Pay does. */
// biome-ignore lint/suspicious/noExplicitAny: request bodies are checked field by field below
type Json = Record<string, any>;

const B = (s: string) => Buffer.from(s, "utf8");

function pem(key: KeyObject, type: "pkcs8" | "spki") {
	return key.export({ type, format: "pem" }) as string;
}

function beijing(at: Date) {
	return `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

function yuan(fen: number) {
	return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;
}

export interface FakeWechatPayOptions {
	/** The clock the fake signs with and checks time windows against (the test server's). */
	now?: () => Date;
	mchId?: string;
	appId?: string;
}

export class FakeWechatPay {
	readonly mchId: string;
	readonly appId: string;
	readonly appSecret = `secret${randomBytes(8).toString("hex")}`;
	readonly apiV3Key = randomBytes(16).toString("hex"); // 32 characters
	readonly certSerial = randomBytes(20).toString("hex").toUpperCase();
	readonly platformPublicKeyId = `PUB_KEY_ID_01${randomBytes(12).toString("hex")}`;
	/** Ours: the merchant's API key pair (WeChat Pay holds the public half). */
	readonly merchantKeys = generateKeyPairSync("rsa", { modulusLength: 2048 });
	/** WeChat Pay's: its platform key pair (we hold the public half). */
	readonly platformKeys = generateKeyPairSync("rsa", { modulusLength: 2048 });

	readonly orders = new Map<string, FakeOrder>();
	readonly refunds = new Map<string, FakeRefund>();
	readonly deliveries: Delivery[] = [];
	/** Every request we received: method, path, and whether its signature held. */
	readonly requests: Array<{ method: string; path: string; query: string; verified: boolean; body: string }> = [];
	/** The openid WeChat's sign-in gives the next payer. */
	signInOpenid = "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o";
	/** What a refund answers at first: SUCCESS at once, or PROCESSING with REFUND.SUCCESS called back. */
	refundAnswer: "SUCCESS" | "PROCESSING" = "SUCCESS";
	/** The bill file served differs from the SHA1 the signed answer gave (tampered on the way). */
	tamperBill = false;
	/** Makes every answer to our API calls misbehave. */
	fault: ApiFault = null;

	private server!: Server;
	private readonly now: () => Date;
	private readonly codes = new Map<string, string>();
	private readonly stalled = new Set<ServerResponse>();
	url = "";

	constructor(options: FakeWechatPayOptions = {}) {
		this.now = options.now ?? (() => new Date());
		this.mchId = options.mchId ?? "1900009191";
		this.appId = options.appId ?? "wxd678efh567hg6787";
	}

	async start(): Promise<this> {
		this.server = createServer((request, response) => {
			this.handle(request, response).catch((error: unknown) => {
				response.statusCode = 500;
				response.end(String(error));
			});
		});
		await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
		return this;
	}

	async close() {
		for (const response of this.stalled) response.destroy();
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	/** The settings the platform operator would enter for this merchant. */
	settings(overrides: Partial<WechatRailSettings> = {}): WechatRailSettings {
		return {
			appId: this.appId,
			mchId: this.mchId,
			certSerial: this.certSerial,
			privateKey: pem(this.merchantKeys.privateKey, "pkcs8"),
			apiV3Key: this.apiV3Key,
			platformPublicKey: pem(this.platformKeys.publicKey, "spki"),
			platformPublicKeyId: this.platformPublicKeyId,
			appSecret: this.appSecret,
			h5Enabled: true,
			...overrides,
		};
	}

	order(paymentId: string): FakeOrder | undefined {
		return this.orders.get(paymentId.replaceAll("-", ""));
	}

	// ---- signing, as WeChat Pay does ----

	/** Wechatpay-* headers over `timestamp\nnonce\nbody\n`, with the platform key (or, as a fault, another). */
	signedHeaders(body: string, options: { fault?: ApiFault; at?: Date } = {}): Record<string, string> {
		const timestamp = String(Math.floor((options.at ?? this.now()).getTime() / 1000));
		const nonce = randomBytes(16).toString("hex");
		const key = options.fault === "bad_signature" ? this.impostorKey() : this.platformKeys.privateKey;
		const signature = createSign("RSA-SHA256").update(`${timestamp}\n${nonce}\n${body}\n`).sign(key, "base64");
		return {
			"wechatpay-serial":
				options.fault === "wrong_serial" ? "PUB_KEY_ID_0000000000000000000000000" : this.platformPublicKeyId,
			"wechatpay-timestamp": timestamp,
			"wechatpay-nonce": nonce,
			"wechatpay-signature": signature,
		};
	}

	private impostor: KeyObject | null = null;
	/** A key that is not WeChat Pay's (signatures made with it must not verify). */
	private impostorKey(): KeyObject {
		this.impostor ??= generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
		return this.impostor;
	}

	private encrypt(plain: string, associatedData: string) {
		const nonce = randomBytes(6).toString("hex"); // 12 characters
		const cipher = createCipheriv("aes-256-gcm", B(this.apiV3Key), B(nonce));
		cipher.setAAD(B(associatedData));
		const data = Buffer.concat([cipher.update(B(plain)), cipher.final(), cipher.getAuthTag()]);
		return {
			algorithm: "AEAD_AES_256_GCM",
			ciphertext: data.toString("base64"),
			associated_data: associatedData,
			nonce,
		};
	}

	/** Checks our Authorization header; the reason when it does not hold. */
	private checkAuthorization(
		method: string,
		path: string,
		headers: IncomingMessage["headers"],
		body: string,
	): string | null {
		const auth = headers.authorization ?? "";
		const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
		if (!match?.[1]) return "no WECHATPAY2-SHA256-RSA2048 authorization";
		const fields = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
		if (fields.mchid !== this.mchId) return "mchid";
		if (fields.serial_no !== this.certSerial) return "serial_no";
		const timestamp = Number(fields.timestamp);
		if (!Number.isInteger(timestamp) || Math.abs(this.now().getTime() / 1000 - timestamp) > 300) return "timestamp";
		if (!fields.nonce_str || !fields.signature) return "nonce or signature missing";
		const valid = createVerify("RSA-SHA256")
			.update(`${method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`)
			.verify(this.merchantKeys.publicKey, fields.signature, "base64");
		return valid ? null : "signature";
	}

	// ---- the HTTP side ----

	private async handle(request: IncomingMessage, response: ServerResponse) {
		const chunks: Buffer[] = [];
		for await (const chunk of request) chunks.push(chunk as Buffer);
		const body = Buffer.concat(chunks).toString("utf8");
		const method = request.method ?? "GET";
		const path = request.url ?? "/";
		const url = new URL(path, this.url);

		// WeChat's web sign-in and sns API (open.weixin.qq.com, api.weixin.qq.com): not WeChat Pay's signatures.
		if (url.pathname === "/connect/oauth2/authorize") return this.authorize(url, response);
		if (url.pathname === "/sns/oauth2/access_token") return this.accessToken(url, response);
		// The payer's side (what WeChat's app or H5 cashier does).
		if (url.pathname.startsWith("/fake/")) return this.payerSide(method, url, body, response);

		const problem = this.checkAuthorization(method, path, request.headers, body);
		this.requests.push({ method, path: url.pathname, query: url.search, verified: problem === null, body });
		if (this.fault === "stall") {
			this.stalled.add(response);
			response.on("close", () => this.stalled.delete(response));
			return;
		}
		if (this.fault === "server_error") return this.answer(response, 500, { code: "SYSTEM_ERROR", message: "系统错误" });
		// "If the merchant's request signature verifies, WeChat Pay includes the answer's signature":
		// a refusal of our signature comes unsigned.
		if (problem)
			return this.answer(response, 401, { code: "SIGN_ERROR", message: `签名错误 (${problem})` }, { unsigned: true });

		let json: Json = {};
		if (body) {
			try {
				json = JSON.parse(body);
			} catch {
				return this.answer(response, 400, { code: "PARAM_ERROR", message: "请求体不是 JSON" });
			}
		}
		const route = `${method} ${url.pathname}`;
		const orderMatch = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
		if (method === "POST" && /^\/v3\/pay\/transactions\/(jsapi|h5|native)$/.test(url.pathname))
			return this.createOrder(url.pathname.split("/").at(-1) as "jsapi" | "h5" | "native", json, response);
		if (orderMatch && method === "GET" && !orderMatch[2])
			return this.queryOrder(orderMatch[1] as string, url, response);
		if (orderMatch && method === "POST" && orderMatch[2])
			return this.closeOrder(orderMatch[1] as string, json, response);
		if (route === "POST /v3/refund/domestic/refunds") return this.createRefund(json, response);
		const refundMatch = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
		if (refundMatch && method === "GET") {
			const refund = this.refunds.get(refundMatch[1] as string);
			return refund
				? this.answer(response, 200, this.refundJson(refund))
				: this.answer(response, 404, { code: "RESOURCE_NOT_EXISTS", message: "退款单不存在" });
		}
		if (route === "GET /v3/bill/tradebill") return this.tradeBill(url, response);
		if (route === "GET /v3/billdownload/file") return this.billFile(url, response);
		return this.answer(response, 404, { code: "NOT_FOUND", message: "无此接口" });
	}

	/** A signed JSON answer (an empty body for 204), misbehaving as `fault` says. */
	private answer(response: ServerResponse, status: number, json: unknown, options: { unsigned?: boolean } = {}) {
		if (this.fault === "lose_answer") {
			this.stalled.add(response);
			response.on("close", () => this.stalled.delete(response));
			return;
		}
		const body = status === 204 ? "" : JSON.stringify(json);
		const headers: Record<string, string> = { "request-id": randomBytes(8).toString("hex") };
		if (this.fault !== "unsigned" && !options.unsigned)
			Object.assign(
				headers,
				this.signedHeaders(body, {
					fault: this.fault,
					...(this.fault === "stale" ? { at: new Date(this.now().getTime() - 301_000) } : {}),
				}),
			);
		if (body) headers["content-type"] = "application/json";
		response.writeHead(status, headers);
		response.end(body);
	}

	private createOrder(kind: "jsapi" | "h5" | "native", json: Json, response: ServerResponse) {
		const no = json.out_trade_no;
		const bad = (message: string) => this.answer(response, 400, { code: "PARAM_ERROR", message });
		if (json.appid !== this.appId || json.mchid !== this.mchId)
			return this.answer(response, 400, { code: "APPID_MCHID_NOT_MATCH", message: "appid和mch_id不匹配" });
		if (typeof no !== "string" || !/^[A-Za-z0-9_\-*|]{6,32}$/.test(no)) return bad("out_trade_no");
		if (typeof json.description !== "string" || !json.description || [...json.description].length > 127)
			return bad("description");
		if (typeof json.notify_url !== "string" || !/^https?:\/\//.test(json.notify_url)) return bad("notify_url");
		if (typeof json.time_expire !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(json.time_expire))
			return bad("time_expire");
		if (!Number.isSafeInteger(json.amount?.total) || json.amount.total <= 0 || json.amount.currency !== "CNY")
			return bad("amount");
		if (kind === "jsapi" && typeof json.payer?.openid !== "string") return bad("payer.openid");
		if (
			kind === "h5" &&
			(typeof json.scene_info?.payer_client_ip !== "string" || json.scene_info?.h5_info?.type !== "Wap")
		)
			return bad("scene_info");
		const existing = this.orders.get(no);
		if (existing?.trade_state === "SUCCESS" || existing?.trade_state === "REFUND")
			return this.answer(response, 400, { code: "ORDERPAID", message: "该订单已支付" });
		if (existing?.trade_state === "CLOSED")
			return this.answer(response, 400, { code: "ORDER_CLOSED", message: "订单已关闭" });
		if (existing && existing.total !== json.amount.total)
			return this.answer(response, 400, { code: "OUT_TRADE_NO_USED", message: "商户订单号重复" });
		const order: FakeOrder = {
			appid: json.appid,
			mchid: json.mchid,
			out_trade_no: no,
			description: json.description,
			notify_url: json.notify_url,
			time_expire: json.time_expire,
			trade_type: kind === "jsapi" ? "JSAPI" : kind === "h5" ? "MWEB" : "NATIVE",
			trade_state: "NOTPAY",
			transaction_id: null,
			success_time: null,
			openid: kind === "jsapi" ? json.payer.openid : null,
			total: json.amount.total,
			payer_client_ip: json.scene_info?.payer_client_ip ?? null,
			prepay_id: `wx${Date.now()}${randomBytes(8).toString("hex")}`,
		};
		this.orders.set(no, order);
		if (kind === "jsapi") return this.answer(response, 200, { prepay_id: order.prepay_id });
		if (kind === "h5")
			return this.answer(response, 200, {
				h5_url: `${this.url}/fake/h5?prepay_id=${order.prepay_id}&package=${randomBytes(4).toString("hex")}`,
			});
		return this.answer(response, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${order.prepay_id.slice(-10)}` });
	}

	private transactionJson(order: FakeOrder, overrides: { total?: number; mchid?: string; appid?: string } = {}) {
		const paid = order.trade_state === "SUCCESS" || order.trade_state === "REFUND";
		const total = overrides.total ?? order.total;
		return {
			appid: overrides.appid ?? order.appid,
			mchid: overrides.mchid ?? order.mchid,
			out_trade_no: order.out_trade_no,
			...(order.transaction_id ? { transaction_id: order.transaction_id } : {}),
			trade_type: order.trade_type,
			trade_state: order.trade_state,
			trade_state_desc: {
				NOTPAY: "未支付",
				SUCCESS: "支付成功",
				CLOSED: "已关闭",
				PAYERROR: "支付失败",
				REFUND: "转入退款",
			}[order.trade_state],
			...(paid ? { bank_type: "OTHERS", success_time: order.success_time } : {}),
			attach: "",
			...(order.openid || paid ? { payer: { openid: order.openid ?? this.signInOpenid } } : {}),
			amount: {
				total,
				currency: "CNY",
				...(paid ? { payer_total: total, payer_currency: "CNY" } : {}),
			},
		};
	}

	private queryOrder(no: string, url: URL, response: ServerResponse) {
		if (url.searchParams.get("mchid") !== this.mchId)
			return this.answer(response, 400, { code: "PARAM_ERROR", message: "mchid" });
		const order = this.orders.get(no);
		if (!order) return this.answer(response, 404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
		return this.answer(response, 200, this.transactionJson(order));
	}

	private closeOrder(no: string, json: Json, response: ServerResponse) {
		if (json.mchid !== this.mchId) return this.answer(response, 400, { code: "PARAM_ERROR", message: "mchid" });
		const order = this.orders.get(no);
		if (!order) return this.answer(response, 404, { code: "ORDER_NOT_EXIST", message: "订单不存在" });
		if (order.trade_state === "SUCCESS" || order.trade_state === "REFUND")
			return this.answer(response, 400, { code: "ORDERPAID", message: "订单已支付" });
		order.trade_state = "CLOSED";
		return this.answer(response, 204, null);
	}

	private refundJson(refund: FakeRefund) {
		return {
			refund_id: refund.refund_id,
			out_refund_no: refund.out_refund_no,
			transaction_id: refund.transaction_id,
			out_trade_no: refund.out_trade_no,
			channel: "ORIGINAL",
			user_received_account: "支付用户零钱",
			...(refund.status === "SUCCESS" ? { success_time: beijing(this.now()) } : {}),
			create_time: beijing(refund.created),
			status: refund.status,
			funds_account: "AVAILABLE",
			amount: {
				total: refund.total,
				refund: refund.refund,
				payer_total: refund.total,
				payer_refund: refund.refund,
				settlement_refund: refund.refund,
				settlement_total: refund.total,
				discount_refund: 0,
				currency: "CNY",
			},
		};
	}

	private createRefund(json: Json, response: ServerResponse) {
		const bad = (code: string, message: string) => this.answer(response, 400, { code, message });
		const order = [...this.orders.values()].find(
			(o) =>
				(json.transaction_id && o.transaction_id === json.transaction_id) ||
				(json.out_trade_no && o.out_trade_no === json.out_trade_no),
		);
		if (typeof json.out_refund_no !== "string" || !/^[A-Za-z0-9_\-|*@]{1,64}$/.test(json.out_refund_no))
			return bad("PARAM_ERROR", "out_refund_no");
		if (!Number.isSafeInteger(json.amount?.refund) || json.amount.refund <= 0 || json.amount.currency !== "CNY")
			return bad("PARAM_ERROR", "amount");
		const earlier = this.refunds.get(json.out_refund_no);
		if (earlier) return this.answer(response, 200, this.refundJson(earlier));
		if (!order) return this.answer(response, 404, { code: "RESOURCE_NOT_EXISTS", message: "订单不存在" });
		if (order.trade_state !== "SUCCESS" && order.trade_state !== "REFUND") return bad("INVALID_REQUEST", "订单未支付");
		if (json.amount.total !== order.total) return bad("INVALID_REQUEST", "订单金额不符");
		const refunded = [...this.refunds.values()]
			.filter((r) => r.out_trade_no === order.out_trade_no && r.status !== "CLOSED" && r.status !== "ABNORMAL")
			.reduce((sum, r) => sum + r.refund, 0);
		if (refunded + json.amount.refund > order.total) return bad("INVALID_REQUEST", "申请退款金额超过订单可退金额");
		const refund: FakeRefund = {
			out_refund_no: json.out_refund_no,
			refund_id: `50${Date.now()}${randomBytes(6).toString("hex")}`,
			out_trade_no: order.out_trade_no,
			transaction_id: order.transaction_id as string,
			refund: json.amount.refund,
			total: order.total,
			status: this.refundAnswer,
			notify_url: typeof json.notify_url === "string" ? json.notify_url : null,
			created: this.now(),
			reason: String(json.reason ?? ""),
		};
		this.refunds.set(refund.out_refund_no, refund);
		order.trade_state = "REFUND";
		this.answer(response, 200, this.refundJson(refund));
		if (refund.status === "SUCCESS" && refund.notify_url)
			void this.sendRefundCallback(refund.out_refund_no).catch(() => {});
	}

	/** Finishes a PROCESSING refund (as the bank does later) and calls back. */
	async finishRefund(outRefundNo: string, status: "SUCCESS" | "ABNORMAL" | "CLOSED" = "SUCCESS") {
		const refund = this.refunds.get(outRefundNo);
		if (!refund) throw new Error(`no refund ${outRefundNo}`);
		refund.status = status;
		return this.sendRefundCallback(outRefundNo);
	}

	async sendRefundCallback(outRefundNo: string, overrides: { mchid?: string } = {}): Promise<Delivery> {
		const refund = this.refunds.get(outRefundNo);
		if (!refund?.notify_url) throw new Error(`refund ${outRefundNo} has no notify_url`);
		return this.deliver(refund.notify_url, `REFUND.${refund.status}`, "refund", this.refundResource(refund, overrides));
	}

	private refundResource(refund: FakeRefund, overrides: { mchid?: string }) {
		return {
			mchid: overrides.mchid ?? this.mchId,
			out_trade_no: refund.out_trade_no,
			transaction_id: refund.transaction_id,
			out_refund_no: refund.out_refund_no,
			refund_id: refund.refund_id,
			refund_status: refund.status,
			...(refund.status === "SUCCESS" ? { success_time: beijing(this.now()) } : {}),
			user_received_account: "支付用户零钱",
			amount: { total: refund.total, refund: refund.refund, payer_total: refund.total, payer_refund: refund.refund },
		};
	}

	private tradeBill(url: URL, response: ServerResponse) {
		const date = url.searchParams.get("bill_date") ?? "";
		if (!/^\d{4}-\d\d-\d\d$/.test(date))
			return this.answer(response, 400, { code: "PARAM_ERROR", message: "bill_date" });
		const bill = this.billText(date);
		if (!bill) return this.answer(response, 400, { code: "NO_STATEMENT_EXIST", message: "当日无账单" });
		return this.answer(response, 200, {
			hash_type: "SHA1",
			hash_value: createHash("sha1").update(bill).digest("hex"),
			download_url: `${this.url}/v3/billdownload/file?token=${Buffer.from(date).toString("base64url")}`,
		});
	}

	private billFile(url: URL, response: ServerResponse) {
		const date = Buffer.from(url.searchParams.get("token") ?? "", "base64url").toString();
		const text = this.billText(date) ?? "";
		const bill = this.tamperBill ? text.replace(/`0\.01/, "`0.02").replace(/\r\n$/, "\r\n ") : text;
		// The download itself is not signed: its SHA1 came in the signed tradebill answer.
		response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
		response.end(bill);
	}

	/** The day's ALL trade bill, as WeChat Pay formats it (Beijing days, backquoted fields, yuan). */
	billText(date: string): string | null {
		const head =
			"交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注";
		const rows: string[] = [];
		const day = (iso: string) => iso.slice(0, 10);
		const time = (iso: string) => iso.slice(0, 19).replace("T", " ");
		for (const order of this.orders.values()) {
			if (!order.success_time || day(order.success_time) !== date) continue;
			const f = [
				time(order.success_time),
				order.appid,
				order.mchid,
				"0",
				"",
				order.transaction_id,
				order.out_trade_no,
				order.openid ?? "",
				order.trade_type,
				"SUCCESS",
				"OTHERS",
				"CNY",
				yuan(order.total),
				"0.00",
				"0",
				"0",
				"0.00",
				"0.00",
				"",
				"",
				order.description,
				"",
				"0.00",
				"0.60%",
				yuan(order.total),
				"0.00",
				"",
			];
			rows.push(f.map((v) => `\`${v}`).join(","));
		}
		for (const refund of this.refunds.values()) {
			const created = beijing(refund.created);
			if (day(created) !== date) continue;
			const order = this.orders.get(refund.out_trade_no) as FakeOrder;
			const f = [
				time(created),
				order.appid,
				order.mchid,
				"0",
				"",
				refund.transaction_id,
				refund.out_trade_no,
				order.openid ?? "",
				order.trade_type,
				"REFUND",
				"OTHERS",
				"CNY",
				"0.00",
				"0.00",
				refund.refund_id,
				refund.out_refund_no,
				yuan(refund.refund),
				"0.00",
				"ORIGINAL",
				refund.status === "SUCCESS" ? "SUCCESS" : refund.status === "PROCESSING" ? "PROCESSING" : "REFUNDCLOSE",
				order.description,
				"",
				"0.00",
				"0.60%",
				"0.00",
				yuan(refund.refund),
				"",
			];
			rows.push(f.map((v) => `\`${v}`).join(","));
		}
		if (rows.length === 0) return null;
		return `${head}\r\n${rows.join("\r\n")}\r\n总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额\r\n\`${rows.length},\`0.00,\`0.00,\`0.00,\`0.00,\`0.00,\`0.00\r\n`;
	}

	// ---- WeChat's web sign-in ----

	private authorize(url: URL, response: ServerResponse) {
		const redirect = url.searchParams.get("redirect_uri");
		if (url.searchParams.get("appid") !== this.appId || !redirect || url.searchParams.get("scope") !== "snsapi_base") {
			response.writeHead(400, { "content-type": "text/plain" });
			return response.end("invalid appid, redirect_uri or scope");
		}
		const code = randomBytes(16).toString("hex");
		this.codes.set(code, this.signInOpenid);
		const back = new URL(redirect);
		back.searchParams.set("code", code);
		back.searchParams.set("state", url.searchParams.get("state") ?? "");
		response.writeHead(302, { location: back.toString() });
		response.end();
	}

	private accessToken(url: URL, response: ServerResponse) {
		const send = (json: unknown) => {
			response.writeHead(200, { "content-type": "application/json" });
			response.end(JSON.stringify(json));
		};
		if (url.searchParams.get("appid") !== this.appId || url.searchParams.get("secret") !== this.appSecret)
			return send({ errcode: 40125, errmsg: "invalid appsecret" });
		const code = url.searchParams.get("code") ?? "";
		const openid = this.codes.get(code);
		// A code works once.
		this.codes.delete(code);
		if (!openid || url.searchParams.get("grant_type") !== "authorization_code")
			return send({ errcode: 40029, errmsg: "invalid code" });
		return send({
			access_token: randomBytes(16).toString("hex"),
			expires_in: 7200,
			refresh_token: "r",
			openid,
			scope: "snsapi_base",
		});
	}

	// ---- the payer ----

	private async payerSide(method: string, url: URL, body: string, response: ServerResponse) {
		if (method === "GET" && url.pathname === "/fake/h5") {
			const order = [...this.orders.values()].find((o) => o.prepay_id === url.searchParams.get("prepay_id"));
			if (!order) {
				response.writeHead(404);
				return response.end("unknown");
			}
			const back = url.searchParams.get("redirect_url") ?? "";
			response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
			return response.end(
				`<!doctype html><html><body><h1>微信支付</h1><p>¥${yuan(order.total)}</p><form method="post" action="/fake/payer"><input type="hidden" name="out_trade_no" value="${order.out_trade_no}"><input type="hidden" name="redirect_url" value="${encodeURIComponent(back)}"><button name="outcome" value="pay">支付</button><button name="outcome" value="decline">取消</button></form></body></html>`,
			);
		}
		if (method === "POST" && url.pathname === "/fake/payer") {
			const form = new URLSearchParams(body);
			const outcome = form.get("outcome") === "decline" ? "decline" : "pay";
			const result = await this.payer(form.get("out_trade_no") ?? "", outcome).catch((error: Error) => error);
			const back = decodeURIComponent(form.get("redirect_url") ?? "");
			if (back && !(result instanceof Error)) {
				response.writeHead(303, { location: back });
				return response.end();
			}
			response.writeHead(result instanceof Error ? 400 : 200, { "content-type": "text/plain" });
			return response.end(result instanceof Error ? result.message : "ok");
		}
		response.writeHead(404);
		response.end();
	}

	/**
	 * The payer pays (or fails to pay) an order, by JSAPI sheet, H5 page or scanning the code
	 * alike; a payment is called back to its notify_url at once. Refused for an order that is
	 * not open, or past its time_expire unless `afterExpiry` (a callback after expiry).
	 */
	async payer(
		outTradeNoOrPaymentId: string,
		outcome: "pay" | "decline" = "pay",
		options: { afterExpiry?: boolean; noCallback?: boolean } = {},
	): Promise<Delivery | null> {
		const order = this.orders.get(outTradeNoOrPaymentId.replaceAll("-", ""));
		if (!order) throw new Error(`no order ${outTradeNoOrPaymentId}`);
		if (order.trade_state !== "NOTPAY") throw new Error(`order is ${order.trade_state}`);
		if (!options.afterExpiry && new Date(order.time_expire) <= this.now()) throw new Error("order expired");
		if (outcome === "decline") {
			order.trade_state = "PAYERROR";
			return null;
		}
		order.trade_state = "SUCCESS";
		order.transaction_id = `42000${Date.now()}${randomBytes(5).toString("hex")}`;
		order.success_time = beijing(this.now());
		if (options.noCallback) return null;
		return this.sendPaymentCallback(order.out_trade_no);
	}

	/** The paid order's TRANSACTION.SUCCESS callback again (or altered: another amount, merchant or app). */
	async sendPaymentCallback(
		outTradeNoOrPaymentId: string,
		overrides: { total?: number; mchid?: string; appid?: string } = {},
	): Promise<Delivery> {
		const order = this.orders.get(outTradeNoOrPaymentId.replaceAll("-", ""));
		if (!order?.transaction_id) throw new Error(`order ${outTradeNoOrPaymentId} is not paid`);
		return this.deliver(order.notify_url, "TRANSACTION.SUCCESS", "transaction", this.transactionJson(order, overrides));
	}

	/** The same signed callback `times` times at once (WeChat Pay retrying eagerly). */
	async replayPaymentCallback(outTradeNoOrPaymentId: string, times: number): Promise<Delivery[]> {
		const order = this.orders.get(outTradeNoOrPaymentId.replaceAll("-", ""));
		if (!order?.transaction_id) throw new Error("not paid");
		const event = this.eventBody("TRANSACTION.SUCCESS", "transaction", this.transactionJson(order));
		const headers = { "content-type": "application/json", ...this.signedHeaders(event) };
		return Promise.all(Array.from({ length: times }, () => this.post(order.notify_url, headers, event)));
	}

	private eventBody(eventType: string, originalType: string, resource: unknown) {
		const summary = {
			"TRANSACTION.SUCCESS": "支付成功",
			"REFUND.SUCCESS": "退款成功",
			"REFUND.ABNORMAL": "退款异常",
			"REFUND.CLOSED": "退款关闭",
		}[eventType];
		return JSON.stringify({
			id: randomBytes(16).toString("hex"),
			create_time: beijing(this.now()),
			resource_type: "encrypt-resource",
			event_type: eventType,
			summary: summary ?? eventType,
			resource: { original_type: originalType, ...this.encrypt(JSON.stringify(resource), originalType) },
		});
	}

	/** Sends a callback as WeChat Pay does: JSON, signed, `resource` encrypted. */
	async deliver(
		url: string,
		eventType: string,
		originalType: string,
		resource: unknown,
		options: { fault?: ApiFault; at?: Date } = {},
	): Promise<Delivery> {
		const body = this.eventBody(eventType, originalType, resource);
		return this.post(url, { "content-type": "application/json", ...this.signedHeaders(body, options) }, body);
	}

	/** A paid order's callback as it would be sent (headers and body), without sending it. */
	paymentCallback(
		outTradeNoOrPaymentId: string,
		overrides: { total?: number; mchid?: string; appid?: string } = {},
		options: { fault?: ApiFault; at?: Date } = {},
	): { headers: Record<string, string>; body: string } {
		const order = this.orders.get(outTradeNoOrPaymentId.replaceAll("-", ""));
		if (!order?.transaction_id) throw new Error(`order ${outTradeNoOrPaymentId} is not paid`);
		const body = this.eventBody("TRANSACTION.SUCCESS", "transaction", this.transactionJson(order, overrides));
		return { headers: { "content-type": "application/json", ...this.signedHeaders(body, options) }, body };
	}

	/** A refund's callback as it would be sent, without sending it. */
	refundCallback(
		outRefundNo: string,
		overrides: { mchid?: string } = {},
	): { headers: Record<string, string>; body: string } {
		const refund = this.refunds.get(outRefundNo);
		if (!refund) throw new Error(`no refund ${outRefundNo}`);
		const body = this.eventBody(`REFUND.${refund.status}`, "refund", this.refundResource(refund, overrides));
		return { headers: { "content-type": "application/json", ...this.signedHeaders(body) }, body };
	}

	/** A paid order's callback signed wrongly (another key, another serial, or five minutes and more ago). */
	async sendForgedPaymentCallback(
		outTradeNoOrPaymentId: string,
		how: "bad_signature" | "wrong_serial" | "stale",
	): Promise<Delivery> {
		const order = this.orders.get(outTradeNoOrPaymentId.replaceAll("-", ""));
		if (!order?.transaction_id) throw new Error("not paid");
		return this.deliver(order.notify_url, "TRANSACTION.SUCCESS", "transaction", this.transactionJson(order), {
			...(how === "stale" ? { at: new Date(this.now().getTime() - 301_000) } : { fault: how }),
		});
	}

	private async post(url: string, headers: Record<string, string>, body: string): Promise<Delivery> {
		const response = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
		const delivery = { url, headers, body, status: response.status, answer: await response.text() };
		this.deliveries.push(delivery);
		return delivery;
	}
}

/** Starts a fake WeChat Pay on 127.0.0.1 (closed by the test). */
export function startFakeWechatPay(options: FakeWechatPayOptions = {}): Promise<FakeWechatPay> {
	return new FakeWechatPay(options).start();
}
