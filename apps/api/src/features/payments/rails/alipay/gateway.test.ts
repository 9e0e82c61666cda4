import { generateKeyPairSync, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { alipaySettingsOf } from "../../../../../test/alipay.js";
import { type FakeAlipay, startFakeAlipay } from "../../../../../test/fakes/alipay.js";
import { ManualClock } from "../../../../../test/harness.js";
import { loadConfig } from "../../../../lib/config.js";
import type { CheckoutArgs, PaymentGateway } from "../../gateway.js";
import { alipayTimeouts } from "./client.js";
import { createAlipayGateway } from "./index.js";
import { fenToYuan, fromShanghaiTime, shanghaiTime, yuanToFen } from "./money.js";

/**
 * The Alipay gateway against the fake Alipay gateway (test/fakes/alipay.ts), without our
 * server: the calls Alipay documents, signed and verified both ways, and how each of Alipay's
 * answers is read. The end-to-end stories through our server are in alipay.test.ts.
 */

const clock = new ManualClock();
const log = { info: () => {}, warn: () => {}, error: () => {} } as never;
let fake: FakeAlipay;
let config: ReturnType<typeof loadConfig>;

function gatewayWith(change: Parameters<typeof alipaySettingsOf>[1] = {}): PaymentGateway {
	return createAlipayGateway({ config, clock, log }, 1, alipaySettingsOf(fake, change));
}

const checkout = (change: Partial<CheckoutArgs> = {}): CheckoutArgs => ({
	paymentId: randomUUID(),
	amount: 1230,
	currency: "CNY",
	language: "zh-CN",
	description: "Bayon order A-12",
	notifyUrl: "http://127.0.0.1:9/pay/notify/alipay/1",
	returnUrl: "http://127.0.0.1:9/orders/12",
	scene: "mobile_browser",
	payerIp: "127.0.0.1",
	expiresAt: new Date(clock.now().getTime() + 15 * 60_000),
	...change,
});

beforeAll(async () => {
	fake = await startFakeAlipay({ now: () => clock.now() });
	fake.holdNotifies = true;
	config = loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "x".repeat(64), DATA_DIR: "/tmp/bayon-alipay-gateway-test" });
	config.railEndpoints.alipayGateway = fake.url;
});
afterAll(() => fake.close());
afterEach(() => {
	fake.apiFault = null;
	fake.refundAnswer = null;
	fake.notifyTamper = null;
	alipayTimeouts.requestMs = 10_000;
});

describe("money and time as Alipay writes them", () => {
	it("fen and yuan strings convert exactly, both ways", () => {
		expect([0, 1, 10, 99, 100, 1230, 100_000_001].map(fenToYuan)).toEqual([
			"0.00",
			"0.01",
			"0.10",
			"0.99",
			"1.00",
			"12.30",
			"1000000.01",
		]);
		expect(["0.01", "12.3", "12.30", "12", "1000000.01", "0.29", "4.35"].map(yuanToFen)).toEqual([
			1, 1230, 1230, 1200, 100_000_001, 29, 435,
		]);
		// 0.29 and 4.35 are the classic float traps (0.29 * 100 = 28.999…).
		for (const bad of ["", "-1.00", "1.234", "1e3", "01.00", " ", "abc", "1.", ".5"]) expect(yuanToFen(bad)).toBeNull();
		expect(yuanToFen(12.3)).toBeNull();
	});
	it("times are Beijing wall-clock time", () => {
		const at = new Date("2026-12-07T16:30:05.900Z");
		expect(shanghaiTime(at)).toBe("2026-12-08 00:30:05");
		expect(fromShanghaiTime("2026-12-08 00:30:05")).toEqual(new Date("2026-12-07T16:30:05Z"));
		expect(fromShanghaiTime("2026-12-08T00:30:05")).toBeNull();
	});
});

describe("checkout", () => {
	it("a phone browser gets a signed alipay.trade.wap.pay URL that opens Alipay's cashier", async () => {
		const args = checkout();
		const started = await gatewayWith().startCheckout(args);
		expect(started).toMatchObject({ channel: "wap", expiresAt: args.expiresAt });
		const url = new URL((started as { redirectUrl: string }).redirectUrl);
		expect(`${url.origin}${url.pathname}`).toBe(fake.url);
		expect(url.searchParams.get("method")).toBe("alipay.trade.wap.pay");
		expect(url.searchParams.get("sign_type")).toBe("RSA2");
		expect(url.searchParams.get("notify_url")).toBe(args.notifyUrl);
		expect(url.searchParams.get("return_url")).toBe(args.returnUrl);
		expect(JSON.parse(url.searchParams.get("biz_content") as string)).toEqual({
			out_trade_no: args.paymentId,
			total_amount: "12.30",
			subject: "Bayon order A-12",
			time_expire: shanghaiTime(args.expiresAt),
			product_code: "QUICK_WAP_WAY",
			quit_url: args.returnUrl,
		});
		expect(await fake.openCashier(url.toString())).toBe(args.paymentId);
		expect(fake.trades.get(args.paymentId)).toMatchObject({ amount: 1230, status: "WAIT_BUYER_PAY" });
	});

	it("a desktop gets alipay.trade.page.pay; Alipay's app the WAP page too", async () => {
		const desktop = await gatewayWith().startCheckout(checkout({ scene: "desktop" }));
		const url = new URL((desktop as { redirectUrl: string }).redirectUrl);
		expect(desktop.channel).toBe("page");
		expect(url.searchParams.get("method")).toBe("alipay.trade.page.pay");
		expect(JSON.parse(url.searchParams.get("biz_content") as string)).toMatchObject({
			product_code: "FAST_INSTANT_TRADE_PAY",
		});
		const app = await gatewayWith().startCheckout(checkout({ scene: "alipay_app" }));
		expect(new URL((app as { redirectUrl: string }).redirectUrl).searchParams.get("method")).toBe(
			"alipay.trade.wap.pay",
		);
	});

	it("the counter gets a precreate code; WeChat's browser gets none", async () => {
		const args = checkout({ scene: "counter" });
		const started = await gatewayWith().startCheckout(args);
		expect(started).toMatchObject({ channel: "precreate", presentation: { kind: "qr", deepLink: null } });
		const call = fake.calls.at(-1);
		expect(call).toMatchObject({ method: "alipay.trade.precreate", signed: true });
		expect(call?.params.notify_url).toBe(args.notifyUrl);
		expect(fake.trades.get(args.paymentId)?.amount).toBe(1230);
		await expect(gatewayWith().startCheckout(checkout({ scene: "wechat_browser" }))).rejects.toMatchObject({
			code: 1008007007,
		});
	});

	it("a page URL signed with a key Alipay does not hold is refused at the cashier", async () => {
		const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
			format: "pem",
			type: "pkcs1",
		});
		const started = await gatewayWith({ appPrivateKey: other.toString() }).startCheckout(checkout());
		await expect(fake.openCashier((started as { redirectUrl: string }).redirectUrl)).rejects.toThrow(
			/isv.invalid-signature/,
		);
	});
});

describe("query, close, refund", () => {
	it("reads the trade: unknown, waiting, paid, closed", async () => {
		const gateway = gatewayWith();
		const args = checkout({ scene: "counter" });
		expect(await gateway.queryPayment(randomUUID())).toBeNull();
		const started = await gateway.startCheckout(args);
		expect(await gateway.queryPayment(args.paymentId)).toBeNull();
		await fake.scanAndPay((started as { presentation: { qrText: string } }).presentation.qrText);
		const trade = fake.trades.get(args.paymentId);
		expect(await gateway.queryPayment(args.paymentId)).toEqual({
			paymentId: args.paymentId,
			providerTxnId: trade?.tradeNo,
			amount: 1230,
			currency: "CNY",
			status: "succeeded",
		});
		const other = checkout({ scene: "counter" });
		await gateway.startCheckout(other);
		await gateway.closePayment?.(other.paymentId);
		expect(await gateway.queryPayment(other.paymentId)).toMatchObject({ status: "declined" });
		// Closing a trade the payer never opened, or one already paid, changes nothing and does not throw.
		await gateway.closePayment?.(randomUUID());
		await gateway.closePayment?.(args.paymentId);
		expect(fake.trades.get(args.paymentId)?.status).toBe("TRADE_SUCCESS");
	});

	it("a paid trade refunded in full reads as closed but is not a decline", async () => {
		const gateway = gatewayWith();
		const { paymentId, tradeNo } = await paidTrade(gateway, 500);
		const refund = await gateway.refund(refundArgs(paymentId, tradeNo, 500));
		expect(refund).toEqual({ status: "succeeded", providerRefundId: expect.stringContaining(tradeNo) });
		expect(fake.trades.get(paymentId)?.status).toBe("TRADE_CLOSED");
		expect(await gateway.queryPayment(paymentId)).toBeNull();
	});

	it("refunds once per refund id, in parts, never more than was paid", async () => {
		const gateway = gatewayWith();
		const { paymentId, tradeNo } = await paidTrade(gateway, 1000);
		const first = refundArgs(paymentId, tradeNo, 300);
		const done = await gateway.refund(first);
		expect(done.status).toBe("succeeded");
		// The same refund again: Alipay answers fund_change "N"; its refund query confirms it was made.
		expect(await gateway.refund(first)).toEqual(done);
		expect(fake.trades.get(paymentId)?.refunds.size).toBe(1);
		const second = await gateway.refund(refundArgs(paymentId, tradeNo, 700));
		expect(second.status).toBe("succeeded");
		expect((second as { providerRefundId: string }).providerRefundId).not.toBe(
			(done as { providerRefundId: string }).providerRefundId,
		);
		expect(await gateway.refund(refundArgs(paymentId, tradeNo, 1))).toEqual({
			status: "failed",
			failureReason: expect.stringContaining("ACQ.TRADE_STATUS_ERROR"),
		});
		expect(fake.calls.filter((call) => call.method === "alipay.trade.fastpay.refund.query").length).toBeGreaterThan(0);
	});

	it("an unclear refund answer is settled by the refund query; a fault throws so it is asked again", async () => {
		const gateway = gatewayWith();
		const { paymentId, tradeNo } = await paidTrade(gateway, 800);
		fake.refundAnswer = "systemError";
		const args = refundArgs(paymentId, tradeNo, 200);
		expect(await gateway.refund(args)).toMatchObject({ status: "succeeded" });
		fake.refundAnswer = null;
		fake.apiFault = { kind: "http502", methods: ["alipay.trade.refund"] };
		await expect(gateway.refund(refundArgs(paymentId, tradeNo, 100))).rejects.toThrow(/unreachable/);
		fake.apiFault = { kind: "wrongSignature", methods: ["alipay.trade.refund"] };
		const later = refundArgs(paymentId, tradeNo, 100);
		await expect(gateway.refund(later)).rejects.toThrow(/unverified/);
		// Alipay did make it (only its answer was not to be trusted): asking again finds it, once.
		fake.apiFault = null;
		expect(await gateway.refund(later)).toMatchObject({ status: "succeeded" });
		expect([...(fake.trades.get(paymentId)?.refunds.values() ?? [])].map((refund) => refund.amount)).toEqual([
			200, 100,
		]);
	});

	it("a stalled or dropped gateway throws, within the timeout", async () => {
		const gateway = gatewayWith();
		alipayTimeouts.requestMs = 300;
		fake.apiFault = { kind: "stall" };
		await expect(gateway.queryPayment(randomUUID())).rejects.toThrow(/unreachable/);
		fake.apiFault = { kind: "drop" };
		await expect(gateway.queryPayment(randomUUID())).rejects.toThrow(/unreachable/);
		fake.apiFault = { kind: "unsigned", methods: ["alipay.trade.query"] };
		await expect(gateway.queryPayment(randomUUID())).rejects.toThrow(/unverified/);
	});
});

describe("reading a notify", () => {
	const read = (fields: Record<string, string>) =>
		gatewayWith().verifyCallback({}, new URLSearchParams(fields).toString());

	it("paid, closed unpaid, refunded: a refund's notify is the refund's, never a decline", async () => {
		const gateway = gatewayWith();
		const { paymentId, tradeNo } = await paidTrade(gateway, 990);
		expect(read(fake.notifyFields(paymentId))).toEqual({
			type: "payment",
			report: { paymentId, providerTxnId: tradeNo, amount: 990, currency: "CNY", status: "succeeded" },
		});
		const part = refundArgs(paymentId, tradeNo, 90);
		await gateway.refund(part);
		const partNotify = fake.notifyFields(paymentId, {
			out_biz_no: part.refundId,
			gmt_refund: "2026-12-07 12:00:00.000",
		});
		expect(partNotify.trade_status).toBe("TRADE_SUCCESS");
		expect(read(partNotify)).toEqual({
			type: "refund",
			report: { refundId: part.refundId, status: "succeeded", providerRefundId: `${tradeNo}:${part.refundId}` },
		});
		const rest = refundArgs(paymentId, tradeNo, 900);
		await gateway.refund(rest);
		const closing = fake.notifyFields(paymentId, { out_biz_no: rest.refundId, gmt_refund: "2026-12-07 12:00:00.000" });
		expect(closing.trade_status).toBe("TRADE_CLOSED");
		expect(read(closing)).toMatchObject({ type: "refund", report: { refundId: rest.refundId } });
		// Closed after a refund but naming none: nothing we can apply (and not a decline).
		expect(read(fake.notifyFields(paymentId))).toBeNull();

		const unpaid = checkout({ scene: "counter" });
		await gateway.startCheckout(unpaid);
		expect(read(fake.notifyFields(unpaid.paymentId))).toBeNull();
		await gateway.closePayment?.(unpaid.paymentId);
		expect(read(fake.notifyFields(unpaid.paymentId))).toMatchObject({
			type: "payment",
			report: { status: "declined" },
		});
	});

	it("another seller or app is foreign; a field given twice or an unknown sign type is not genuine", async () => {
		const { paymentId } = await paidTrade(gatewayWith(), 100);
		fake.notifyTamper = { sellerId: "2088999999999999" };
		expect(read(fake.notifyFields(paymentId))).toMatchObject({
			type: "foreign",
			paymentId,
			detail: { seller_id: "2088999999999999" },
		});
		fake.notifyTamper = { appId: "2021000199999999" };
		expect(read(fake.notifyFields(paymentId))).toMatchObject({
			type: "foreign",
			detail: { app_id: "2021000199999999" },
		});
		fake.notifyTamper = null;
		const genuine = new URLSearchParams(fake.notifyFields(paymentId));
		genuine.append("total_amount", "0.01");
		expect(gatewayWith().verifyCallback({}, genuine.toString())).toBeNull();
		expect(read({ ...fake.notifyFields(paymentId), sign_type: "RSA" })).toBeNull();
	});
});

describe("test the connection", () => {
	it("says what is wrong", async () => {
		expect(await gatewayWith().checkConnection?.()).toEqual({ ok: true });
		const otherKey = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
		expect(
			await gatewayWith({
				appPrivateKey: otherKey().privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
			}).checkConnection?.(),
		).toMatchObject({ ok: false, problem: "signature", detail: expect.stringContaining("app private key") });
		expect(
			await gatewayWith({
				alipayPublicKey: otherKey().publicKey.export({ format: "pem", type: "spki" }).toString(),
			}).checkConnection?.(),
		).toMatchObject({ ok: false, problem: "signature", detail: expect.stringContaining("Alipay public key") });
		expect(await gatewayWith({ appId: "2021000199999999" }).checkConnection?.()).toMatchObject({
			ok: false,
			problem: "credentials",
		});
		fake.apiFault = { kind: "http502" };
		expect(await gatewayWith().checkConnection?.()).toMatchObject({ ok: false, problem: "unreachable" });
	});
});

describe("the day's statement", () => {
	it("reads Alipay's bill (a zip of GBK CSV files): payments and refunds of that Beijing day", async () => {
		const gateway = gatewayWith();
		const { paymentId, tradeNo } = await paidTrade(gateway, 4350);
		const refund = refundArgs(paymentId, tradeNo, 1250);
		await gateway.refund(refund);
		const day = shanghaiTime(clock.now()).slice(0, 10);
		const lines = await gateway.statement?.(day);
		expect(lines?.filter((line) => line.paymentId === paymentId)).toEqual([
			{
				paymentId,
				providerTxnId: tradeNo,
				kind: "payment",
				amount: 4350,
				currency: "CNY",
				status: "succeeded",
				at: expect.any(Date),
			},
			{
				paymentId,
				providerTxnId: tradeNo,
				kind: "refund",
				refundId: refund.refundId,
				amount: 1250,
				currency: "CNY",
				status: "succeeded",
				at: expect.any(Date),
			},
		]);
	});

	it("a day without a bill: not ready before the next Beijing morning, empty after", async () => {
		const gateway = gatewayWith();
		const today = shanghaiTime(clock.now()).slice(0, 10);
		const future = new Date(`${today}T00:00:00Z`);
		future.setUTCDate(future.getUTCDate() + 5);
		await expect(gateway.statement?.(future.toISOString().slice(0, 10))).rejects.toThrow(/not ready/);
		expect(await gateway.statement?.("2020-01-01")).toEqual([]);
	});
});

async function paidTrade(gateway: PaymentGateway, amount: number) {
	const args = checkout({ scene: "counter", amount });
	const started = await gateway.startCheckout(args);
	await fake.scanAndPay((started as { presentation: { qrText: string } }).presentation.qrText);
	return { paymentId: args.paymentId, tradeNo: fake.trades.get(args.paymentId)?.tradeNo as string };
}

const refundArgs = (paymentId: string, providerTxnId: string, amount: number) => ({
	refundId: randomUUID(),
	paymentId,
	providerTxnId,
	amount,
	paymentAmount: amount,
	currency: "CNY",
	reason: "order_refund",
});
