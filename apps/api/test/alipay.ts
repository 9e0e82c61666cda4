import type { AlipayRailSettings } from "@bayon/contract";
import { writeRailSettings } from "../src/features/payments/rail-settings/store.js";
import { alipayRail } from "../src/features/payments/rails/alipay/index.js";
import { forgetRailGateways } from "../src/features/payments/registry.js";
import { setSecondCurrency } from "../src/features/tenancy/service.js";
import type { FakeAlipay } from "./fakes/alipay.js";
import type { TestServer } from "./harness.js";

/** Helpers for stories about paying through Alipay (against test/fakes/alipay.ts). */

/** The rail settings an operator would enter for the fake's merchant app. */
export function alipaySettingsOf(fake: FakeAlipay, change: Partial<AlipayRailSettings> = {}): AlipayRailSettings {
	return {
		appId: fake.appId,
		appPrivateKey: fake.appPrivateKeyPem,
		alipayPublicKey: fake.alipayPublicKeyPem,
		sellerId: fake.sellerId,
		environment: "sandbox",
		...change,
	};
}

/**
 * The demo tenant takes yuan (Alipay takes CNY only) and has Alipay set up with the fake's
 * merchant app, as the operator's settings page stores it.
 */
export async function setUpAlipay(server: TestServer, fake: FakeAlipay, change: Partial<AlipayRailSettings> = {}) {
	await server.deps.db
		.updateTable("tenant")
		.set({ currency_code: "CNY", currency_symbol: "¥", currency_decimals: 2, currency_symbol_position: "before" })
		.where("id", "=", 1)
		.execute();
	// Drops the second currency (riel beside yuan makes no sense) and this server's cached tenant.
	await setSecondCurrency(server.deps, 1, null);
	const settings = alipaySettingsOf(fake, change);
	await writeRailSettings(server.deps.db, server.deps.config, {
		tenantId: 1,
		rail: "alipay",
		settings,
		summary: alipayRail.summary(settings),
		expiresAt: null,
		by: null,
		now: server.clock.now(),
	});
	forgetRailGateways(server.deps, 1);
}

/** A phone browser outside WeChat and Alipay (WAP), a desktop one (page), and WeChat's (no Alipay). */
export const PHONE_BROWSER =
	"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
export const DESKTOP_BROWSER =
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
export const WECHAT_BROWSER = `${PHONE_BROWSER} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`;

/** The payment's id in a signed Alipay page URL (its biz_content's out_trade_no). */
export function outTradeNoOf(redirectUrl: string): string {
	const biz = new URL(redirectUrl).searchParams.get("biz_content");
	if (!biz) throw new Error(`not an Alipay page URL: ${redirectUrl}`);
	return (JSON.parse(biz) as { out_trade_no: string }).out_trade_no;
}
