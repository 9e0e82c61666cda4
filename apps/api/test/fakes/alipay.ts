import { createSign, createVerify, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { zipSync } from "fflate";

/**
 * A local Alipay OpenAPI gateway (`/gateway.do`), written from Alipay's documentation
 * ("通用请求/公共参数", "自行实现签名", "异步通知说明", and each method's page), started by the
 * tests on 127.0.0.1.
 *
 * Every request is checked as Alipay does: the app id must be the merchant app's, and the
 * RSA2 signature (all parameters but `sign`, sorted, `k=v` joined by `&`, SHA256withRSA) must
 * verify with the app public key the merchant uploaded (ours, made in the test); a bad one is
 * answered 40002 isv.invalid-signature, and its timestamp must be Beijing time within half an
 * hour of the clock (isv.invalid-timestamp). Answers are `{"<method>_response": {...}, "sign": "..."}`,
 * the object signed with Alipay's own key (also made in the test).
 *
 * - `alipay.trade.wap.pay` / `alipay.trade.page.pay`: the signed GET URL the payer is sent to
 *   opens the cashier page (the trade exists from then on, WAIT_BUYER_PAY), with "pay" and
 *   "leave" buttons; paying sends the payer back to return_url (with Alipay's signed sync
 *   parameters) and posts the async notify to notify_url until it is answered `success`.
 * - `alipay.trade.precreate`: a trade and its qr_code (a URL of this fake that opens the cashier,
 *   as a payer's Alipay app would after scanning).
 * - `alipay.trade.query`, `alipay.trade.close`, `alipay.trade.refund` (idempotent on
 *   out_request_no: the same again is answered fund_change "N"), `alipay.trade.fastpay.refund.query`,
 *   `alipay.data.dataservice.bill.downloadurl.query` (the day's trade bill: a zip of two CSV files
 *   in GBK, served from a short-lived URL).
 *
 * Fault switches: `apiFault` (stall, drop the connection, HTTP 502, an answer signed with the
 * wrong key, an answer without a signature) for chosen methods; `notifyTamper` (another amount,
 * seller or app in the notify, signed correctly; or a wrong signature); `holdNotifies` (the
 * notify is not sent; the test fires it with `postNotify`, as often and as concurrently as it
 * likes); `payAfterExpiry` (the payer can pay a trade whose time_expire has passed);
 * `refundAnswer` (a refund that was made but answered unclearly).
 */

export interface FakeTrade {
	outTradeNo: string;
	tradeNo: string;
	method: string;
	/** Fen. */
	amount: number;
	subject: string;
	status: "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_CLOSED";
	notifyUrl: string | null;
	returnUrl: string | null;
	timeExpire: Date | null;
	createdAt: Date;
	paidAt: Date | null;
	refunds: Map<string, { amount: number; at: Date; reason: string }>;
	/** The last notify sent about it (form fields, signed), to replay. */
	lastNotify: Record<string, string> | null;
}

export type ApiFault = "stall" | "drop" | "http502" | "wrongSignature" | "unsigned";

export interface FakeAlipay {
	/** The gateway URL, as config.railEndpoints.alipayGateway. */
	url: string;
	appId: string;
	sellerId: string;
	/** Our app's key pair (the private key goes in the rail settings; Alipay holds the public one). */
	appPrivateKeyPem: string;
	appPublicKey: KeyObject;
	/** Alipay's public key, as the rail settings hold it. */
	alipayPublicKeyPem: string;
	trades: Map<string, FakeTrade>;
	/** Every API call as received (method, biz_content, whether our signature verified). */
	calls: Array<{ method: string; biz: Record<string, unknown>; params: Record<string, string>; signed: boolean }>;
	/** Every notify delivery: out_trade_no, what it carried, and what our server answered. */
	deliveries: Array<{ outTradeNo: string; fields: Record<string, string>; status: number; answer: string }>;
	apiFault: { kind: ApiFault; methods?: string[] } | null;
	notifyTamper: { totalAmount?: string; sellerId?: string; appId?: string; wrongSignature?: boolean } | null;
	holdNotifies: boolean;
	payAfterExpiry: boolean;
	/** A refund made, but answered 10000 fund_change "N" ("unclear") or 20000 ACQ.SYSTEM_ERROR. */
	refundAnswer: "unclear" | "systemError" | null;
	/** Milliseconds before each notify attempt (Alipay's own: 4m, 10m, 10m, 1h, 2h, 6h, 15h). */
	notifyDelaysMs: number[];
	/** The payer opens the cashier at this (signed) URL; answers the out_trade_no. */
	openCashier(redirectUrl: string): Promise<string>;
	/** The payer pays (or leaves) on the cashier page; answers where Alipay sends them back to. */
	pay(outTradeNo: string): Promise<string | null>;
	leave(outTradeNo: string): Promise<void>;
	/** A payer's Alipay app scans a precreate code and pays. */
	scanAndPay(qrText: string): Promise<void>;
	/** The notify fields Alipay would send now about this trade (signed, tampered as switched). */
	notifyFields(outTradeNo: string, extra?: Record<string, string>): Record<string, string>;
	/** Posts notify fields to the trade's notify_url once; answers our server's status and body. */
	postNotify(outTradeNo: string, fields?: Record<string, string>): Promise<{ status: number; answer: string }>;
	/** Until every notify has been answered `success` (or given up). */
	notifiesSettled(): Promise<void>;
	/** Releases stalled requests and stops. */
	close(): Promise<void>;
}

const pem = (key: KeyObject, type: "pkcs8" | "spki") => key.export({ format: "pem", type } as never).toString();

/** Bare base64 (no PEM armour), as Alipay's key tool shows keys. */
const bare = (text: string) => text.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");

/** Alipay's signing string: the fields (but those left out) sorted by name, `k=v` joined by `&`. */
export function signingString(fields: Record<string, string>, leaveOut: string[]): string {
	return Object.keys(fields)
		.filter((key) => !leaveOut.includes(key))
		.sort()
		.map((key) => `${key}=${fields[key]}`)
		.join("&");
}

const rsa2 = (text: string, key: KeyObject) => createSign("RSA-SHA256").update(text, "utf8").sign(key, "base64");

function verifies(text: string, signature: string, key: KeyObject): boolean {
	try {
		return createVerify("RSA-SHA256").update(text, "utf8").verify(key, signature, "base64");
	} catch {
		return false;
	}
}

const yuan = (fen: number) => `${Math.trunc(fen / 100)}.${String(Math.abs(fen) % 100).padStart(2, "0")}`;
const fen = (text: unknown) => {
	const match = typeof text === "string" ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(text) : null;
	return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
};

/** Beijing wall-clock time "yyyy-MM-dd HH:mm:ss" and back (UTC+8, no daylight saving). */
const beijing = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().replace("T", " ").slice(0, 19);
const fromBeijing = (text: unknown) => {
	if (typeof text !== "string" || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
	return new Date(new Date(`${text.replace(" ", "T")}Z`).getTime() - 8 * 3_600_000);
};

let gbk: Map<string, number[]> | null = null;
/** GBK bytes of a text (the bill's encoding): the table is the inverse of Node's own GBK decoder. */
export function encodeGbk(text: string): Uint8Array {
	if (!gbk) {
		gbk = new Map();
		const decoder = new TextDecoder("gbk", { fatal: true });
		for (let lead = 0x81; lead <= 0xfe; lead++)
			for (let trail = 0x40; trail <= 0xfe; trail++) {
				if (trail === 0x7f) continue;
				try {
					const char = decoder.decode(new Uint8Array([lead, trail]));
					if (!gbk.has(char)) gbk.set(char, [lead, trail]);
				} catch {}
			}
	}
	const bytes: number[] = [];
	for (const char of text) {
		const code = char.codePointAt(0) as number;
		if (code < 0x80) bytes.push(code);
		else {
			const pair = gbk.get(char);
			if (!pair) throw new Error(`no GBK for ${char}`);
			bytes.push(...pair);
		}
	}
	return new Uint8Array(bytes);
}

async function readBody(request: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString("utf8");
}

const escapeHtml = (text: string) =>
	text.replace(
		/[&<>"']/g,
		(c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
	);

export async function startFakeAlipay(
	options: {
		/** Alipay's clock (the test server's, so time_expire is judged against the same time). */
		now?: () => Date;
		appId?: string;
		sellerId?: string;
	} = {},
): Promise<FakeAlipay> {
	const now = options.now ?? (() => new Date());
	const appKeys = generateKeyPairSync("rsa", { modulusLength: 2048 });
	const alipayKeys = generateKeyPairSync("rsa", { modulusLength: 2048 });
	const strangerKeys = generateKeyPairSync("rsa", { modulusLength: 2048 });
	const sockets = new Set<Socket>();
	const stalled = new Set<ServerResponse>();
	const bills = new Map<string, Uint8Array>();
	const pending = new Set<Promise<void>>();
	let closed = false;
	let sequence = 0;

	const fake: FakeAlipay = {
		url: "",
		appId: options.appId ?? "2021000100000001",
		sellerId: options.sellerId ?? "2088100000000001",
		appPrivateKeyPem: pem(appKeys.privateKey, "pkcs8"),
		appPublicKey: appKeys.publicKey,
		// As Alipay's open platform shows it: bare base64, no armour (the rail must take either).
		alipayPublicKeyPem: bare(pem(alipayKeys.publicKey, "spki")),
		trades: new Map(),
		calls: [],
		deliveries: [],
		apiFault: null,
		notifyTamper: null,
		holdNotifies: false,
		payAfterExpiry: false,
		refundAnswer: null,
		notifyDelaysMs: [0, 50, 200, 500, 1000],
		openCashier,
		pay: (outTradeNo) => cashierAction(outTradeNo, "pay"),
		leave: async (outTradeNo) => {
			await cashierAction(outTradeNo, "leave");
		},
		async scanAndPay(qrText) {
			const response = await fetch(qrText);
			if (response.status !== 200) throw new Error(`the code does not open a cashier: ${response.status}`);
			const outTradeNo = response.headers.get("x-out-trade-no") as string;
			await cashierAction(outTradeNo, "pay");
		},
		notifyFields,
		async postNotify(outTradeNo, fields) {
			const trade = tradeOf(outTradeNo);
			return deliver(trade, fields ?? notifyFields(outTradeNo));
		},
		async notifiesSettled() {
			while (pending.size > 0) await Promise.all(pending);
		},
		async close() {
			closed = true;
			for (const response of stalled) response.destroy();
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};

	const tradeOf = (outTradeNo: string) => {
		const trade = fake.trades.get(outTradeNo);
		if (!trade) throw new Error(`no trade ${outTradeNo} at the fake Alipay`);
		return trade;
	};

	const newTradeNo = () => {
		sequence += 1;
		const day = beijing(now()).slice(0, 10).replaceAll("-", "");
		return `${day}22001${String(sequence).padStart(6, "0")}${randomBytes(4).readUInt32BE(0) % 1_000_000_000}`.slice(
			0,
			28,
		);
	};

	/** Alipay closes a trade nobody paid by its time_expire. */
	const expire = (trade: FakeTrade) => {
		if (trade.status === "WAIT_BUYER_PAY" && trade.timeExpire && trade.timeExpire <= now() && !fake.payAfterExpiry)
			trade.status = "TRADE_CLOSED";
	};

	function signNotify(fields: Record<string, string>, key: KeyObject): Record<string, string> {
		const unsigned = { ...fields };
		delete unsigned.sign;
		return { ...unsigned, sign: rsa2(signingString(unsigned, ["sign", "sign_type"]), key) };
	}

	function notifyFields(outTradeNo: string, extra: Record<string, string> = {}): Record<string, string> {
		const trade = tradeOf(outTradeNo);
		const refunded = [...trade.refunds.values()].reduce((sum, refund) => sum + refund.amount, 0);
		const fields: Record<string, string> = {
			gmt_create: beijing(trade.createdAt),
			charset: "utf-8",
			notify_time: beijing(now()),
			notify_type: "trade_status_sync",
			notify_id: randomBytes(16).toString("hex"),
			sign_type: "RSA2",
			version: "1.0",
			app_id: fake.appId,
			auth_app_id: fake.appId,
			seller_id: fake.sellerId,
			subject: trade.subject,
			out_trade_no: trade.outTradeNo,
			trade_no: trade.tradeNo,
			trade_status: trade.status,
			total_amount: yuan(trade.amount),
			buyer_id: "2088102177846880",
			buyer_logon_id: "159****5620",
			...(trade.paidAt
				? {
						gmt_payment: beijing(trade.paidAt),
						receipt_amount: yuan(trade.amount),
						buyer_pay_amount: yuan(trade.amount),
						invoice_amount: yuan(trade.amount),
						fund_bill_list: JSON.stringify([{ amount: yuan(trade.amount), fundChannel: "ALIPAYACCOUNT" }]),
					}
				: {}),
			...(refunded > 0 ? { refund_fee: yuan(refunded) } : {}),
			...extra,
		};
		const tamper = fake.notifyTamper;
		if (tamper?.totalAmount) fields.total_amount = tamper.totalAmount;
		if (tamper?.sellerId) fields.seller_id = tamper.sellerId;
		if (tamper?.appId) {
			fields.app_id = tamper.appId;
			fields.auth_app_id = tamper.appId;
		}
		return signNotify(fields, tamper?.wrongSignature ? strangerKeys.privateKey : alipayKeys.privateKey);
	}

	async function deliver(trade: FakeTrade, fields: Record<string, string>) {
		if (!trade.notifyUrl) throw new Error(`trade ${trade.outTradeNo} has no notify_url`);
		trade.lastNotify = fields;
		try {
			const response = await fetch(trade.notifyUrl, {
				method: "POST",
				headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
				body: new URLSearchParams(fields).toString(),
				signal: AbortSignal.timeout(15_000),
			});
			const answer = await response.text();
			fake.deliveries.push({ outTradeNo: trade.outTradeNo, fields, status: response.status, answer });
			return { status: response.status, answer };
		} catch (error) {
			const answer = error instanceof Error ? error.message : String(error);
			fake.deliveries.push({ outTradeNo: trade.outTradeNo, fields, status: 0, answer });
			return { status: 0, answer };
		}
	}

	/** Alipay's schedule: sent until answered exactly `success`, then no more. */
	function notify(trade: FakeTrade, extra: Record<string, string> = {}) {
		if (!trade.notifyUrl || fake.holdNotifies) return;
		const fields = notifyFields(trade.outTradeNo, extra);
		const run = (async () => {
			for (const delay of fake.notifyDelaysMs) {
				await new Promise((resolve) => setTimeout(resolve, delay));
				if (closed) return;
				const { answer } = await deliver(trade, fields);
				if (answer === "success") return;
			}
		})();
		pending.add(run);
		void run.finally(() => pending.delete(run));
	}

	function answerApi(response: ServerResponse, method: string, body: Record<string, unknown>, signed = true) {
		const key = `${method.replaceAll(".", "_")}_response`;
		const json = JSON.stringify(body);
		const fault =
			fake.apiFault && (!fake.apiFault.methods || fake.apiFault.methods.includes(method)) ? fake.apiFault.kind : null;
		const signature =
			fault === "wrongSignature" ? rsa2(json, strangerKeys.privateKey) : rsa2(json, alipayKeys.privateKey);
		const text = signed && fault !== "unsigned" ? `{"${key}":${json},"sign":"${signature}"}` : `{"${key}":${json}}`;
		response.writeHead(200, { "content-type": "text/html;charset=utf-8", trace_id: randomBytes(8).toString("hex") });
		response.end(text);
	}

	const refused = (subCode: string, subMsg: string) => ({
		code: "40004",
		msg: "Business Failed",
		sub_code: subCode,
		sub_msg: subMsg,
	});

	/** The request's parameters (query string and form body) and whether its signature is ours. */
	function checkRequest(
		params: Record<string, string>,
	): { ok: true } | { ok: false; body: Record<string, unknown>; signed: boolean } {
		if (params.app_id !== fake.appId)
			return {
				ok: false,
				signed: false,
				body: { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-app-id", sub_msg: "无效的AppID参数" },
			};
		if (
			params.sign_type !== "RSA2" ||
			!params.sign ||
			!verifies(signingString(params, ["sign"]), params.sign, fake.appPublicKey)
		)
			return {
				ok: false,
				signed: true,
				body: {
					code: "40002",
					msg: "Invalid Arguments",
					sub_code: "isv.invalid-signature",
					sub_msg: "验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配",
				},
			};
		// Alipay's gateway refuses a request whose timestamp (Beijing time) is far from its own clock.
		const sent = fromBeijing(params.timestamp);
		if (!sent || Math.abs(sent.getTime() - Date.now()) > 30 * 60_000)
			return {
				ok: false,
				signed: true,
				body: {
					code: "40002",
					msg: "Invalid Arguments",
					sub_code: "isv.invalid-timestamp",
					sub_msg: "非法的时间戳参数",
				},
			};
		return { ok: true };
	}

	function api(method: string, biz: Record<string, unknown>, params: Record<string, string>): Record<string, unknown> {
		const outTradeNo = typeof biz.out_trade_no === "string" ? biz.out_trade_no : "";
		const trade = fake.trades.get(outTradeNo);
		if (trade) expire(trade);
		switch (method) {
			case "alipay.trade.precreate": {
				const amount = fen(biz.total_amount);
				if (!outTradeNo || amount === null || amount <= 0 || typeof biz.subject !== "string")
					return { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-parameter", sub_msg: "参数无效" };
				if (trade && trade.status !== "WAIT_BUYER_PAY") return refused("ACQ.TRADE_HAS_CLOSE", "交易已经关闭");
				if (trade && trade.amount !== amount) return refused("ACQ.CONTEXT_INCONSISTENT", "交易信息被篡改");
				const made = trade ?? createTrade(method, biz, params);
				return {
					code: "10000",
					msg: "Success",
					out_trade_no: made.outTradeNo,
					qr_code: `${origin()}/qr/${made.tradeNo}`,
				};
			}
			case "alipay.trade.query": {
				if (!trade) return refused("ACQ.TRADE_NOT_EXIST", "交易不存在");
				return {
					code: "10000",
					msg: "Success",
					out_trade_no: trade.outTradeNo,
					trade_no: trade.tradeNo,
					trade_status: trade.status,
					total_amount: yuan(trade.amount),
					buyer_logon_id: "159****5620",
					...(trade.paidAt
						? {
								send_pay_date: beijing(trade.paidAt),
								buyer_pay_amount: yuan(trade.amount),
								receipt_amount: yuan(trade.amount),
							}
						: {}),
				};
			}
			case "alipay.trade.close": {
				if (!trade) return refused("ACQ.TRADE_NOT_EXIST", "交易不存在");
				if (trade.status !== "WAIT_BUYER_PAY") return refused("ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
				trade.status = "TRADE_CLOSED";
				return { code: "10000", msg: "Success", out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo };
			}
			case "alipay.trade.refund": {
				if (!trade || (typeof biz.trade_no === "string" && biz.trade_no !== trade.tradeNo))
					return refused("ACQ.TRADE_NOT_EXIST", "交易不存在");
				const amount = fen(biz.refund_amount);
				if (amount === null || amount <= 0)
					return {
						code: "40002",
						msg: "Invalid Arguments",
						sub_code: "isv.invalid-parameter",
						sub_msg: "退款金额无效",
					};
				const requestNo = typeof biz.out_request_no === "string" ? biz.out_request_no : trade.outTradeNo;
				const earlier = trade.refunds.get(requestNo);
				const refundedSoFar = [...trade.refunds.values()].reduce((sum, refund) => sum + refund.amount, 0);
				const answer = (fundChange: "Y" | "N") => ({
					code: "10000",
					msg: "Success",
					trade_no: trade.tradeNo,
					out_trade_no: trade.outTradeNo,
					buyer_logon_id: "159****5620",
					fund_change: fundChange,
					refund_fee: yuan([...trade.refunds.values()].reduce((sum, refund) => sum + refund.amount, 0)),
					gmt_refund_pay: beijing(now()),
				});
				if (earlier)
					return earlier.amount === amount ? answer("N") : refused("ACQ.DISCORDANT_REPEAT_REQUEST", "请求信息不一致");
				if (trade.status !== "TRADE_SUCCESS") return refused("ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
				if (refundedSoFar + amount > trade.amount) return refused("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "退款金额超限");
				trade.refunds.set(requestNo, { amount, at: now(), reason: String(biz.refund_reason ?? "") });
				if (refundedSoFar + amount === trade.amount) trade.status = "TRADE_CLOSED";
				notify(trade, {
					out_biz_no: requestNo,
					gmt_refund: `${beijing(now())}.000`,
					...(trade.status === "TRADE_CLOSED" ? { gmt_close: beijing(now()) } : {}),
				});
				if (fake.refundAnswer === "unclear") return answer("N");
				if (fake.refundAnswer === "systemError") return refused("ACQ.SYSTEM_ERROR", "系统错误");
				return answer("Y");
			}
			case "alipay.trade.fastpay.refund.query": {
				if (!trade) return refused("ACQ.TRADE_NOT_EXIST", "交易不存在");
				const requestNo = typeof biz.out_request_no === "string" ? biz.out_request_no : trade.outTradeNo;
				const refund = trade.refunds.get(requestNo);
				const base = {
					code: "10000",
					msg: "Success",
					trade_no: trade.tradeNo,
					out_trade_no: trade.outTradeNo,
					out_request_no: requestNo,
				};
				// A refund Alipay does not know: answered 10000 with no refund fields.
				if (!refund) return base;
				return {
					...base,
					total_amount: yuan(trade.amount),
					refund_amount: yuan(refund.amount),
					refund_status: "REFUND_SUCCESS",
					gmt_refund_pay: beijing(refund.at),
				};
			}
			case "alipay.data.dataservice.bill.downloadurl.query": {
				if (
					biz.bill_type !== "trade" ||
					typeof biz.bill_date !== "string" ||
					!/^\d{4}-\d{2}-\d{2}$/.test(biz.bill_date)
				)
					return { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-parameter", sub_msg: "参数无效" };
				const zip = tradeBill(biz.bill_date);
				if (!zip) return refused("isp.bill_not_exist", "账单不存在");
				const token = randomBytes(12).toString("hex");
				bills.set(token, zip);
				return { code: "10000", msg: "Success", bill_download_url: `${origin()}/bill/${token}` };
			}
			default:
				return { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-method", sub_msg: "不存在的方法名" };
		}
	}

	function createTrade(method: string, biz: Record<string, unknown>, params: Record<string, string>): FakeTrade {
		const trade: FakeTrade = {
			outTradeNo: String(biz.out_trade_no),
			tradeNo: newTradeNo(),
			method,
			amount: fen(biz.total_amount) as number,
			subject: String(biz.subject),
			status: "WAIT_BUYER_PAY",
			notifyUrl: params.notify_url ?? null,
			returnUrl: params.return_url ?? null,
			timeExpire: fromBeijing(biz.time_expire),
			createdAt: now(),
			paidAt: null,
			refunds: new Map(),
			lastNotify: null,
		};
		fake.trades.set(trade.outTradeNo, trade);
		return trade;
	}

	/** The day's trade bill (Beijing day): trades paid and refunds made that day; null for a day without any. */
	function tradeBill(date: string): Uint8Array | null {
		const header =
			"支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注";
		const rows: string[] = [];
		let paid = 0;
		let refunds = 0;
		const cells = (values: string[]) => values.map((value) => `${value}\t`).join(",");
		for (const trade of fake.trades.values()) {
			if (trade.paidAt && beijing(trade.paidAt).startsWith(date)) {
				paid += 1;
				rows.push(
					cells([
						trade.tradeNo,
						trade.outTradeNo,
						"交易",
						trade.subject,
						beijing(trade.createdAt),
						beijing(trade.paidAt),
						"",
						"",
						"",
						"",
						"159****5620",
						yuan(trade.amount),
						yuan(trade.amount),
						"0.00",
						"0.00",
						"0.00",
						"0.00",
						"0.00",
						"",
						"0.00",
						"0.00",
						"",
						"0.00",
						"0.00",
						"",
					]),
				);
			}
			for (const [requestNo, refund] of trade.refunds)
				if (beijing(refund.at).startsWith(date)) {
					refunds += 1;
					rows.push(
						cells([
							trade.tradeNo,
							trade.outTradeNo,
							"退款",
							trade.subject,
							beijing(trade.createdAt),
							beijing(refund.at),
							"",
							"",
							"",
							"",
							"159****5620",
							`-${yuan(refund.amount)}`,
							`-${yuan(refund.amount)}`,
							"0.00",
							"0.00",
							"0.00",
							"0.00",
							"0.00",
							"",
							"0.00",
							"0.00",
							requestNo,
							"0.00",
							"0.00",
							refund.reason,
						]),
					);
				}
		}
		if (rows.length === 0) return null;
		const day = date.replaceAll("-", "");
		const detail = [
			"#支付宝业务明细查询",
			`#账号：[${fake.sellerId}0156]`,
			`#起始日期：[${date} 00:00:00]   终止日期：[${date} 23:59:59]`,
			"#-----------------------------------------业务明细列表----------------------------------------",
			header,
			...rows,
			"#-----------------------------------------业务明细列表结束------------------------------------",
			`#交易合计：${paid}笔，退款合计：${refunds}笔`,
			`#导出时间：[${beijing(now())}]`,
		].join("\r\n");
		const totals = [
			"#支付宝业务汇总查询",
			"门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）",
			`合计,,${paid},${refunds},0.00,0.00`,
		].join("\r\n");
		return zipSync({
			[`${fake.sellerId}0156_${day}_业务明细.csv`]: encodeGbk(detail),
			[`${fake.sellerId}0156_${day}_业务明细(汇总).csv`]: encodeGbk(totals),
		});
	}

	function cashierPage(trade: FakeTrade): string {
		const actions =
			trade.status === "WAIT_BUYER_PAY"
				? `<form method="post" action="/cashier/${trade.tradeNo}/pay"><button data-testid="alipay-pay">确认付款</button></form>
<form method="post" action="/cashier/${trade.tradeNo}/leave"><button data-testid="alipay-leave">放弃付款</button></form>`
				: `<p data-testid="alipay-status">${trade.status}</p>`;
		return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>支付宝收银台</title></head>
<body><h1>支付宝（测试）</h1><p>${escapeHtml(trade.subject)}</p><p data-testid="alipay-amount">¥${yuan(trade.amount)}</p>${actions}</body></html>`;
	}

	/** Where the payer goes back to after paying: return_url with Alipay's signed sync parameters. */
	function returnUrlOf(trade: FakeTrade): string | null {
		if (!trade.returnUrl) return null;
		const fields = signNotify(
			{
				charset: "utf-8",
				out_trade_no: trade.outTradeNo,
				method: `${trade.method}.return`,
				total_amount: yuan(trade.amount),
				trade_no: trade.tradeNo,
				auth_app_id: fake.appId,
				version: "1.0",
				app_id: fake.appId,
				sign_type: "RSA2",
				seller_id: fake.sellerId,
				timestamp: beijing(now()),
			},
			alipayKeys.privateKey,
		);
		const url = new URL(trade.returnUrl);
		for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
		return url.toString();
	}

	async function openCashier(redirectUrl: string): Promise<string> {
		const response = await fetch(redirectUrl);
		const outTradeNo = response.headers.get("x-out-trade-no");
		if (response.status !== 200 || !outTradeNo)
			throw new Error(`the cashier did not open: HTTP ${response.status} ${await response.text()}`);
		return outTradeNo;
	}

	async function cashierAction(outTradeNo: string, action: "pay" | "leave"): Promise<string | null> {
		const trade = tradeOf(outTradeNo);
		const response = await fetch(`${origin()}/cashier/${trade.tradeNo}/${action}`, {
			method: "POST",
			redirect: "manual",
		});
		if (response.status !== 302 && response.status !== 200)
			throw new Error(`the cashier refused to ${action}: HTTP ${response.status} ${await response.text()}`);
		return response.headers.get("location");
	}

	const origin = () => new URL(fake.url).origin;

	async function handle(request: IncomingMessage, response: ServerResponse) {
		const url = new URL(request.url ?? "/", "http://fake");
		const body = request.method === "POST" ? await readBody(request) : "";
		if (url.pathname === "/gateway.do") {
			const params: Record<string, string> = Object.fromEntries(url.searchParams);
			for (const [key, value] of new URLSearchParams(body)) params[key] = value;
			const method = params.method ?? "";
			let biz: Record<string, unknown> = {};
			try {
				biz = params.biz_content ? (JSON.parse(params.biz_content) as Record<string, unknown>) : {};
			} catch {}
			const check = checkRequest(params);
			fake.calls.push({ method, biz, params, signed: check.ok });
			const fault =
				fake.apiFault && (!fake.apiFault.methods || fake.apiFault.methods.includes(method)) ? fake.apiFault.kind : null;
			if (fault === "stall") {
				stalled.add(response);
				return;
			}
			if (fault === "drop") {
				request.socket.destroy();
				return;
			}
			if (fault === "http502") {
				response.writeHead(502, { "content-type": "text/html" }).end("<html>502 Bad Gateway</html>");
				return;
			}
			if (method === "alipay.trade.wap.pay" || method === "alipay.trade.page.pay") {
				if (!check.ok) {
					response
						.writeHead(200, { "content-type": "text/html;charset=utf-8" })
						.end(`<p>${String(check.body.sub_code)}</p>`);
					return;
				}
				const existing = fake.trades.get(String(biz.out_trade_no));
				if (existing) expire(existing);
				const trade = existing ?? createTrade(method, biz, params);
				if (existing && existing.amount !== fen(biz.total_amount)) {
					response.writeHead(200, { "content-type": "text/html;charset=utf-8" }).end("<p>ACQ.CONTEXT_INCONSISTENT</p>");
					return;
				}
				response
					.writeHead(200, { "content-type": "text/html;charset=utf-8", "x-out-trade-no": trade.outTradeNo })
					.end(cashierPage(trade));
				return;
			}
			if (!check.ok) return answerApi(response, method, check.body, check.signed);
			return answerApi(response, method, api(method, biz, params));
		}
		const qr = /^\/qr\/(\w+)$/.exec(url.pathname);
		const cashier = /^\/cashier\/(\w+)\/(pay|leave)$/.exec(url.pathname);
		const tradeNo = qr?.[1] ?? cashier?.[1];
		const trade = tradeNo ? [...fake.trades.values()].find((t) => t.tradeNo === tradeNo) : undefined;
		if (qr && trade) {
			expire(trade);
			response
				.writeHead(200, { "content-type": "text/html;charset=utf-8", "x-out-trade-no": trade.outTradeNo })
				.end(cashierPage(trade));
			return;
		}
		if (cashier && trade && request.method === "POST") {
			expire(trade);
			if (trade.status !== "WAIT_BUYER_PAY") {
				response.writeHead(409, { "content-type": "text/plain;charset=utf-8" }).end(`trade is ${trade.status}`);
				return;
			}
			if (cashier[2] === "pay") {
				trade.status = "TRADE_SUCCESS";
				trade.paidAt = now();
			} else {
				trade.status = "TRADE_CLOSED";
			}
			notify(trade);
			const back = cashier[2] === "pay" ? returnUrlOf(trade) : trade.returnUrl;
			if (back) response.writeHead(302, { location: back }).end();
			else response.writeHead(200, { "content-type": "text/plain" }).end("done");
			return;
		}
		const bill = /^\/bill\/(\w+)$/.exec(url.pathname);
		const zip = bill ? bills.get(bill[1] as string) : undefined;
		if (zip) {
			response.writeHead(200, { "content-type": "application/zip" }).end(Buffer.from(zip));
			return;
		}
		response.writeHead(404, { "content-type": "text/plain" }).end("not found");
	}

	const server: Server = createServer((request, response) => {
		handle(request, response).catch((error: unknown) => {
			if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
			response.end(String(error));
		});
	});
	server.on("connection", (socket) => {
		sockets.add(socket);
		socket.on("close", () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
	return fake;
}
