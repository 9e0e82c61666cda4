import { createVerify, generateKeyPairSync, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeWechatPay, startFakeWechatPay } from "../../../../../test/fakes/wechat-pay.js";
import { ManualClock } from "../../../../../test/harness.js";
import { loadConfig } from "../../../../lib/config.js";
import type { CheckoutArgs } from "../../gateway.js";
import { beijingTime, outTradeNo, paymentIdOf, wechatTimeouts } from "./client.js";
import { createWechatGateway, fenOf, parseTradeBill, type WechatGateway, WechatPayRefused } from "./gateway.js";

/**
 * The WeChat Pay gateway against the fake WeChat Pay (test/fakes/wechat-pay.ts), without our
 * server: every call signed and checked by the fake, every answer and callback signed by it and
 * verified here, and how each of WeChat Pay's answers is read. The stories through our server
 * (orders, recharges, deposits, sign-in, races) are in wechat.test.ts.
 */

const clock = new ManualClock();
const log = { info: () => {}, warn: () => {}, error: () => {} } as never;
let fake: FakeWechatPay;
let config: ReturnType<typeof loadConfig>;

function gatewayWith(change: Parameters<FakeWechatPay["settings"]>[0] = {}): WechatGateway {
	return createWechatGateway({ config, clock, log } as never, 1, fake.settings(change));
}

const checkout = (change: Partial<CheckoutArgs> = {}): CheckoutArgs => ({
	paymentId: randomUUID(),
	amount: 1230,
	currency: "CNY",
	language: "zh-CN",
	description: "Bayon #A-12",
	notifyUrl: "http://127.0.0.1:9/pay/notify/wechat/1",
	returnUrl: "http://127.0.0.1:9/orders/12",
	scene: "desktop",
	payerIp: "203.0.113.7",
	expiresAt: new Date(clock.now().getTime() + 15 * 60_000),
	...change,
});

/** Starts a Native checkout and has the payer pay it (no callback is sent anywhere). */
async function paidAtWechat(gateway: WechatGateway, amount = 1230) {
	const args = checkout({ amount });
	await gateway.startCheckout(args);
	await fake.payer(args.paymentId, "pay", { noCallback: true });
	return args;
}

beforeAll(async () => {
	fake = await startFakeWechatPay({ now: () => clock.now() });
	config = loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "x".repeat(64), DATA_DIR: "/tmp/bayon-wechat-gateway-test" });
	config.railEndpoints.wechatPay = fake.url;
	config.railEndpoints.wechatApi = fake.url;
	config.railEndpoints.wechatOAuth = fake.url;
});
afterAll(() => fake.close());
afterEach(() => {
	fake.fault = null;
	fake.refundAnswer = "SUCCESS";
	wechatTimeouts.callMs = 10_000;
});

describe("trade numbers, times and money as WeChat Pay writes them", () => {
	it("a payment id maps to a 32-character out_trade_no and back", () => {
		const id = randomUUID();
		expect(outTradeNo(id)).toMatch(/^[0-9a-f]{32}$/);
		expect(paymentIdOf(outTradeNo(id))).toBe(id);
		for (const bad of ["", "abc", `${outTradeNo(id)}0`, outTradeNo(id).toUpperCase(), 12])
			expect(paymentIdOf(bad)).toBeNull();
	});
	it("times are RFC 3339 in Beijing time", () => {
		expect(beijingTime(new Date("2026-12-07T16:30:05.900Z"))).toBe("2026-12-08T00:30:05+08:00");
	});
	it("yuan strings convert to fen exactly", () => {
		expect(["0.01", "12.3", "12.30", "12", "0.29", "4.35", "1000000.01"].map(fenOf)).toEqual([
			1, 1230, 1230, 1200, 29, 435, 100_000_001,
		]);
		for (const bad of ["", "1.234", "1e3", "abc", "1."]) expect(fenOf(bad)).toBeNull();
	});
});

describe("checkout", () => {
	it("a desktop gets a Native code; the request is signed and the order carries amount, expiry and notify URL", async () => {
		const args = checkout();
		const started = await gatewayWith().startCheckout(args);
		expect(started).toMatchObject({
			channel: "native",
			expiresAt: args.expiresAt,
			presentation: { kind: "qr", qrText: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/), deepLink: null },
		});
		expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: "/v3/pay/transactions/native", verified: true });
		expect(fake.order(args.paymentId)).toMatchObject({
			trade_type: "NATIVE",
			total: 1230,
			description: "Bayon #A-12",
			notify_url: args.notifyUrl,
			time_expire: beijingTime(args.expiresAt),
			trade_state: "NOTPAY",
		});
		// The counter shows the same kind of code.
		expect((await gatewayWith().startCheckout(checkout({ scene: "counter" }))).channel).toBe("native");
	});

	it("inside WeChat with a known openid: a JSAPI order and the sheet's parameters, signed with our key", async () => {
		const args = checkout({ scene: "wechat_browser", payerOpenId: "o_known_payer" });
		const started = await gatewayWith().startCheckout(args);
		const order = fake.order(args.paymentId);
		expect(order).toMatchObject({ trade_type: "JSAPI", openid: "o_known_payer" });
		expect(started).toMatchObject({ channel: "jsapi", railRef: order?.prepay_id });
		const { params } = (started as { presentation: { kind: "jsapi"; params: Record<string, string> } }).presentation;
		expect(params).toMatchObject({ appId: fake.appId, package: `prepay_id=${order?.prepay_id}`, signType: "RSA" });
		const signed = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
		expect(
			createVerify("RSA-SHA256")
				.update(signed)
				.verify(fake.merchantKeys.publicKey, params.paySign as string, "base64"),
		).toBe(true);
	});

	it("a phone browser gets H5 when it is approved, sent back to our page after; otherwise it is not offered", async () => {
		const args = checkout({ scene: "mobile_browser" });
		const started = (await gatewayWith().startCheckout(args)) as { channel: string; redirectUrl: string };
		expect(started.channel).toBe("h5");
		expect(started.redirectUrl).toContain(`${fake.url}/fake/h5?prepay_id=`);
		expect(new URL(started.redirectUrl).searchParams.get("redirect_url")).toBe(args.returnUrl);
		expect(fake.order(args.paymentId)).toMatchObject({ trade_type: "MWEB", payer_client_ip: "203.0.113.7" });

		const off = gatewayWith({ h5Enabled: false });
		await expect(off.startCheckout(checkout({ scene: "mobile_browser" }))).rejects.toMatchObject({ code: 1008007007 });
		await expect(off.startCheckout(checkout({ scene: "alipay_app" }))).rejects.toMatchObject({ code: 1008007007 });
	});

	it("takes yuan only", async () => {
		await expect(gatewayWith().startCheckout(checkout({ currency: "USD" }))).rejects.toMatchObject({
			code: 1008007007,
		});
	});

	it("a request signed with a key WeChat Pay does not hold is refused (and tells why)", async () => {
		const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
			format: "pem",
			type: "pkcs8",
		});
		const wrongKey = gatewayWith({ privateKey: other.toString() });
		// Refused unsigned (as WeChat Pay does): never an outcome, but named for the log.
		await expect(wrongKey.startCheckout(checkout())).rejects.toThrow(
			/unverified: HTTP 401 SIGN_ERROR, answer unsigned/,
		);
		await expect(gatewayWith({ certSerial: "0000" }).startCheckout(checkout())).rejects.toThrow(/HTTP 401 SIGN_ERROR/);
		await expect(wrongKey.startCheckout(checkout({ currency: "CNY" }))).rejects.not.toBeInstanceOf(WechatPayRefused);
	});
});

describe("answers that are not WeChat Pay's are never believed", () => {
	for (const fault of ["bad_signature", "wrong_serial", "unsigned"] as const)
		it(`an answer ${fault.replace("_", " ")}: the checkout fails and a paid order is not reported`, async () => {
			const gateway = gatewayWith();
			const paid = await paidAtWechat(gateway);
			fake.fault = fault;
			await expect(gateway.startCheckout(checkout())).rejects.toThrow(/unverified/);
			await expect(gateway.queryPayment(paid.paymentId)).rejects.toThrow(/unverified/);
			await expect(
				gateway.refund({
					refundId: randomUUID(),
					paymentId: paid.paymentId,
					providerTxnId: fake.order(paid.paymentId)?.transaction_id as string,
					amount: 100,
					paymentAmount: 1230,
					currency: "CNY",
					reason: "test",
				}),
			).rejects.toThrow(/unverified/);
			expect(await gateway.checkConnection?.()).toMatchObject({ ok: false, problem: "signature" });
		});

	it("an answer signed more than five minutes ago is not believed", async () => {
		const gateway = gatewayWith();
		const paid = await paidAtWechat(gateway);
		fake.fault = "stale";
		await expect(gateway.queryPayment(paid.paymentId)).rejects.toThrow(/unverified: .*outside the five-minute window/);
	});

	it("a request whose clock is off by more than five minutes is refused by WeChat Pay, and that is no answer either", async () => {
		const gateway = gatewayWith();
		const paid = await paidAtWechat(gateway);
		const fast = createWechatGateway(
			{ config, clock: { now: () => new Date(clock.now().getTime() + 600_000) }, log } as never,
			1,
			fake.settings(),
		);
		await expect(fast.queryPayment(paid.paymentId)).rejects.toThrow(/HTTP 401 SIGN_ERROR/);
		expect(await fast.checkConnection?.()).toMatchObject({ ok: false, problem: "credentials" });
	});

	it("a stalled or failing WeChat Pay is an outage, within the timeout", async () => {
		const gateway = gatewayWith();
		wechatTimeouts.callMs = 300;
		fake.fault = "stall";
		const started = Date.now();
		await expect(gateway.startCheckout(checkout())).rejects.toThrow(/timeout/);
		expect(Date.now() - started).toBeLessThan(3000);
		expect(await gateway.checkConnection?.()).toMatchObject({ ok: false, problem: "unreachable" });
		fake.fault = "server_error";
		await expect(gateway.queryPayment(randomUUID())).rejects.toThrow(/server_error/);
	});
});

describe("query, close", () => {
	it("reads the order: unknown and unpaid are undecided, paid succeeded, failed or closed declined", async () => {
		const gateway = gatewayWith();
		expect(await gateway.queryPayment(randomUUID())).toBeNull();
		const args = checkout();
		await gateway.startCheckout(args);
		expect(await gateway.queryPayment(args.paymentId)).toBeNull();
		await fake.payer(args.paymentId, "pay", { noCallback: true });
		expect(await gateway.queryPayment(args.paymentId)).toEqual({
			paymentId: args.paymentId,
			providerTxnId: fake.order(args.paymentId)?.transaction_id,
			amount: 1230,
			currency: "CNY",
			status: "succeeded",
		});

		const failed = checkout();
		await gateway.startCheckout(failed);
		await fake.payer(failed.paymentId, "decline");
		expect(await gateway.queryPayment(failed.paymentId)).toMatchObject({ status: "declined", amount: 1230 });

		const closed = checkout();
		await gateway.startCheckout(closed);
		await gateway.closePayment?.(closed.paymentId);
		expect(fake.order(closed.paymentId)?.trade_state).toBe("CLOSED");
		expect(await gateway.queryPayment(closed.paymentId)).toMatchObject({ status: "declined" });
		await expect(fake.payer(closed.paymentId)).rejects.toThrow(/CLOSED/);
	});

	it("closing an order never created is fine; closing a paid one says so", async () => {
		const gateway = gatewayWith();
		await gateway.closePayment?.(randomUUID());
		const paid = await paidAtWechat(gateway);
		await expect(gateway.closePayment?.(paid.paymentId)).rejects.toThrow(/ORDERPAID/);
	});

	it("checks the connection with a harmless query", async () => {
		expect(await gatewayWith().checkConnection?.()).toEqual({ ok: true });
		const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
			format: "pem",
			type: "pkcs8",
		});
		expect(await gatewayWith({ privateKey: other.toString() }).checkConnection?.()).toMatchObject({
			ok: false,
			problem: "credentials",
		});
		const otherPlatform = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({
			format: "pem",
			type: "spki",
		});
		expect(await gatewayWith({ platformPublicKey: otherPlatform.toString() }).checkConnection?.()).toMatchObject({
			ok: false,
			problem: "signature",
		});
	});
});

describe("refunds", () => {
	it("refunds part, is idempotent on the refund id, and refuses more than was paid", async () => {
		const gateway = gatewayWith();
		const paid = await paidAtWechat(gateway);
		const txn = fake.order(paid.paymentId)?.transaction_id as string;
		const ask = (refundId: string, amount: number) =>
			gateway.refund({
				refundId,
				paymentId: paid.paymentId,
				providerTxnId: txn,
				amount,
				paymentAmount: 1230,
				currency: "CNY",
				reason: "cancelled",
			});
		const first = randomUUID();
		const answer = await ask(first, 1000);
		expect(answer).toEqual({ status: "succeeded", providerRefundId: fake.refunds.get(first)?.refund_id });
		expect(await ask(first, 1000)).toEqual(answer);
		expect(await ask(randomUUID(), 231)).toMatchObject({ status: "failed", failureReason: "INVALID_REQUEST" });
		expect(fake.refunds.size).toBeGreaterThanOrEqual(1);
	});

	it("a refund WeChat Pay is still processing is 'processing'; an outage throws", async () => {
		const gateway = gatewayWith();
		const paid = await paidAtWechat(gateway);
		const txn = fake.order(paid.paymentId)?.transaction_id as string;
		const args = {
			paymentId: paid.paymentId,
			providerTxnId: txn,
			amount: 1230,
			paymentAmount: 1230,
			currency: "CNY",
			reason: "x",
		};
		fake.fault = "server_error";
		await expect(gateway.refund({ ...args, refundId: randomUUID() })).rejects.toThrow(/server_error/);
		fake.fault = null;
		fake.refundAnswer = "PROCESSING";
		expect(await gateway.refund({ ...args, refundId: randomUUID() })).toEqual({ status: "processing" });
	});
});

describe("callbacks", () => {
	it("a genuine payment callback is read from its decrypted resource", async () => {
		const gateway = gatewayWith();
		const paid = await paidAtWechat(gateway);
		const { headers, body } = fake.paymentCallback(paid.paymentId);
		expect(JSON.parse(body).resource.ciphertext).not.toContain(paid.paymentId.replaceAll("-", ""));
		expect(gateway.verifyCallback(headers, body)).toEqual({
			type: "payment",
			report: {
				paymentId: paid.paymentId,
				providerTxnId: fake.order(paid.paymentId)?.transaction_id,
				amount: 1230,
				currency: "CNY",
				status: "succeeded",
			},
		});
		expect(gateway.callbackAnswer?.(true)).toEqual({
			status: 200,
			contentType: "application/json",
			body: '{"code":"SUCCESS","message":"成功"}',
		});
		expect(gateway.callbackAnswer?.(false)).toMatchObject({ status: 500, body: expect.stringContaining('"FAIL"') });
	});

	it("a callback signed wrongly, by another key id, too long ago, or altered is not genuine", async () => {
		const gateway = gatewayWith();
		const paid = await paidAtWechat(gateway);
		for (const how of [
			{ fault: "bad_signature" as const },
			{ fault: "wrong_serial" as const },
			{ at: new Date(clock.now().getTime() - 301_000) },
		]) {
			const { headers, body } = fake.paymentCallback(paid.paymentId, {}, how);
			expect(gateway.verifyCallback(headers, body), JSON.stringify(how)).toBeNull();
		}
		const { headers, body } = fake.paymentCallback(paid.paymentId);
		expect(gateway.verifyCallback(headers, body.replace('"支付成功"', '"x"'))).toBeNull();
		expect(gateway.verifyCallback({ ...headers, "wechatpay-signature": undefined }, body)).toBeNull();
		// Signed correctly, but its resource was encrypted with another APIv3 key.
		expect(gatewayWith({ apiV3Key: "k".repeat(32) }).verifyCallback(headers, body)).toBeNull();
	});

	it("another amount is reported as such (and refused upstream); another merchant or app is foreign", async () => {
		const gateway = gatewayWith();
		const paid = await paidAtWechat(gateway);
		const more = fake.paymentCallback(paid.paymentId, { total: 1 });
		expect(gateway.verifyCallback(more.headers, more.body)).toMatchObject({ type: "payment", report: { amount: 1 } });
		for (const other of [{ mchid: "1900000001" }, { appid: "wx0000000000000000" }]) {
			const { headers, body } = fake.paymentCallback(paid.paymentId, other);
			expect(gateway.verifyCallback(headers, body)).toMatchObject({
				type: "foreign",
				paymentId: paid.paymentId,
				detail: expect.objectContaining(other),
			});
		}
	});

	it("a refund callback reports the refund by our refund id", async () => {
		const gateway = gatewayWith();
		const paid = await paidAtWechat(gateway);
		const refundId = randomUUID();
		fake.refundAnswer = "PROCESSING";
		await gateway.refund({
			refundId,
			paymentId: paid.paymentId,
			providerTxnId: fake.order(paid.paymentId)?.transaction_id as string,
			amount: 500,
			paymentAmount: 1230,
			currency: "CNY",
			reason: "x",
		});
		(fake.refunds.get(refundId) as { status: string }).status = "SUCCESS";
		const success = fake.refundCallback(refundId);
		expect(gateway.verifyCallback(success.headers, success.body)).toEqual({
			type: "refund",
			report: { refundId, status: "succeeded", providerRefundId: fake.refunds.get(refundId)?.refund_id },
		});
		(fake.refunds.get(refundId) as { status: string }).status = "ABNORMAL";
		const abnormal = fake.refundCallback(refundId);
		expect(gateway.verifyCallback(abnormal.headers, abnormal.body)).toMatchObject({
			type: "refund",
			report: { refundId, status: "failed", failureReason: "ABNORMAL" },
		});
		const foreign = fake.refundCallback(refundId, { mchid: "1900000001" });
		expect(gateway.verifyCallback(foreign.headers, foreign.body)).toMatchObject({ type: "foreign" });
	});
});

describe("the trade bill", () => {
	it("reads the day's payments and refunds from the bill WeChat Pay serves", async () => {
		const gateway = gatewayWith();
		const paid = await paidAtWechat(gateway, 4350);
		const refundId = randomUUID();
		await gateway.refund({
			refundId,
			paymentId: paid.paymentId,
			providerTxnId: fake.order(paid.paymentId)?.transaction_id as string,
			amount: 29,
			paymentAmount: 4350,
			currency: "CNY",
			reason: "x",
		});
		const day = beijingTime(clock.now()).slice(0, 10);
		const lines = await gateway.statement?.(day);
		expect(lines).toContainEqual({
			paymentId: paid.paymentId,
			providerTxnId: fake.order(paid.paymentId)?.transaction_id,
			kind: "payment",
			amount: 4350,
			currency: "CNY",
			status: "succeeded",
			at: expect.any(Date),
		});
		expect(lines).toContainEqual(
			expect.objectContaining({ paymentId: paid.paymentId, kind: "refund", refundId, amount: 29, status: "succeeded" }),
		);
		expect(await gateway.statement?.("2001-01-01")).toEqual([]);
	});

	it("a bill that does not match the SHA1 of the signed answer is not read", async () => {
		const gateway = gatewayWith();
		await paidAtWechat(gateway);
		fake.tamperBill = true;
		try {
			await expect(gateway.statement?.(beijingTime(clock.now()).slice(0, 10))).rejects.toThrow(/SHA1/);
		} finally {
			fake.tamperBill = false;
		}
	});

	it("parses WeChat's bill format: backquoted fields, a summary after the lines", () => {
		const id = randomUUID();
		const bill = [
			"交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注",
			`\`2026-12-07 10:00:00,\`wx1,\`1900009191,\`0,\`,\`4200001,\`${outTradeNo(id)},\`o1,\`NATIVE,\`SUCCESS,\`OTHERS,\`CNY,\`0.29,\`0.00,\`0,\`0,\`0.00,\`0.00,\`,\`,\`x,\`,\`0.00,\`0.60%,\`0.29,\`0.00,\``,
			"总交易单数,应结订单总金额",
			"`1,`0.29",
		].join("\r\n");
		expect(parseTradeBill(bill)).toEqual([
			{
				paymentId: id,
				providerTxnId: "4200001",
				kind: "payment",
				amount: 29,
				currency: "CNY",
				status: "succeeded",
				at: new Date("2026-12-07T02:00:00Z"),
			},
		]);
	});
});
