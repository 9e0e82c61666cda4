import type { WechatRailSettings } from "@bayon/contract";
import { writeRailSettings } from "../src/features/payments/rail-settings/store.js";
import { wechatRail } from "../src/features/payments/rails/wechat/index.js";
import { forgetRailGateways } from "../src/features/payments/registry.js";
import { setSecondCurrency } from "../src/features/tenancy/service.js";
import { type FakeWechatPay, startFakeWechatPay } from "./fakes/wechat-pay.js";
import { startTestServer, type TestServer } from "./harness.js";

/** Helpers for stories about paying through WeChat Pay (against test/fakes/wechat-pay.ts). */

/** A phone browser outside WeChat (H5), a desktop one (Native), and WeChat's own (JSAPI). */
export const PHONE_BROWSER =
	"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
export const DESKTOP_BROWSER =
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
export const WECHAT_BROWSER = `${PHONE_BROWSER} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`;

/**
 * The real server with WeChat Pay's hosts pointed at a fresh fake, which signs with the
 * server's (test-moved) clock.
 */
export async function startWechatServer(): Promise<{ server: TestServer; fake: FakeWechatPay }> {
	let server: TestServer | undefined;
	const fake = await startFakeWechatPay({ now: () => server?.clock.now() ?? new Date() });
	server = await startTestServer({
		// Members sign in as often as a story needs (the SMS cooldown is off).
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 10_000, smsPerPhonePerDay: 10_000 },
		configure: (config) => {
			config.railEndpoints.wechatPay = fake.url;
			config.railEndpoints.wechatOAuth = fake.url;
			config.railEndpoints.wechatApi = fake.url;
		},
	});
	return { server, fake };
}

/**
 * The demo tenant takes yuan (WeChat Pay takes CNY only) and has WeChat Pay set up with the
 * fake's merchant, as the operator's settings page stores it.
 */
export async function setUpWechat(server: TestServer, fake: FakeWechatPay, change: Partial<WechatRailSettings> = {}) {
	await server.deps.db
		.updateTable("tenant")
		.set({ currency_code: "CNY", currency_symbol: "¥", currency_decimals: 2, currency_symbol_position: "before" })
		.where("id", "=", 1)
		.execute();
	// Drops the second currency and this server's cached tenant.
	await setSecondCurrency(server.deps, 1, null);
	const settings = fake.settings(change);
	await writeRailSettings(server.deps.db, server.deps.config, {
		tenantId: 1,
		rail: "wechat",
		settings,
		summary: wechatRail.summary(settings),
		expiresAt: null,
		by: null,
		now: server.clock.now(),
	});
	forgetRailGateways(server.deps, 1);
}

/** Our payment id from WeChat's out_trade_no (its 32 hex digits). */
export function paymentIdOfTradeNo(outTradeNo: string): string {
	const h = outTradeNo;
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Follows WeChat's sign-in as the browser inside WeChat would: our redirect to the sign-in
 * page, its redirect back to our return page with a code, and our redirect to the checkout
 * page. Answers where the payer ends up.
 */
export async function followSignIn(server: TestServer, redirectUrl: string): Promise<string> {
	const atWechat = await fetch(redirectUrl.replace(/#wechat_redirect$/, ""), { redirect: "manual" });
	if (atWechat.status !== 302) throw new Error(`sign-in answered ${atWechat.status}: ${await atWechat.text()}`);
	const back = atWechat.headers.get("location") as string;
	if (!back.startsWith(server.url)) throw new Error(`sign-in came back to ${back}`);
	const atUs = await fetch(back, { redirect: "manual", headers: { "user-agent": WECHAT_BROWSER } });
	if (atUs.status !== 302) throw new Error(`our sign-in return answered ${atUs.status}: ${await atUs.text()}`);
	return atUs.headers.get("location") as string;
}

/** The last sign-in return URL our server was sent to (to visit it again, as a browser's back button would). */
export async function signInReturnUrl(server: TestServer, redirectUrl: string): Promise<string> {
	const atWechat = await fetch(redirectUrl.replace(/#wechat_redirect$/, ""), { redirect: "manual" });
	const back = atWechat.headers.get("location") as string;
	if (!back.startsWith(server.url)) throw new Error(`sign-in came back to ${back}`);
	return back;
}
