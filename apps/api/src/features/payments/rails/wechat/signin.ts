import type { WechatRailSettings } from "@bayon/contract";
import type { AppDeps } from "../../../../http/deps.js";
import { wechatTimeouts } from "./client.js";

/**
 * WeChat's web sign-in (snsapi_base) for JSAPI's openid: where to send the payer, and the
 * exchange of the code they come back with. The return page itself is oauth.ts.
 */

export const OAUTH_RETURN_PATH = "/pay/rails/wechat/oauth-return";

/** WeChat's sign-in page for this payment, coming back to our origin. */
export function oauthAuthorizeUrl(deps: AppDeps, appId: string, origin: string, paymentId: string): string {
	const query = new URLSearchParams({
		appid: appId,
		redirect_uri: `${origin}${OAUTH_RETURN_PATH}`,
		response_type: "code",
		scope: "snsapi_base",
		state: paymentId,
	});
	return `${deps.config.railEndpoints.wechatOAuth}/connect/oauth2/authorize?${query}#wechat_redirect`;
}

/** Exchanges a sign-in code for the payer's openid (WeChat's sns API, over TLS; not WeChat Pay's signatures). */
export async function exchangeOAuthCode(deps: AppDeps, settings: WechatRailSettings, code: string): Promise<string> {
	const query = new URLSearchParams({
		appid: settings.appId,
		secret: settings.appSecret,
		code,
		grant_type: "authorization_code",
	});
	let response: Response;
	try {
		response = await fetch(`${deps.config.railEndpoints.wechatApi}/sns/oauth2/access_token?${query}`, {
			signal: AbortSignal.timeout(wechatTimeouts.callMs),
		});
	} catch (error) {
		throw new Error(
			`WeChat sign-in code exchange unreachable: ${error instanceof Error ? error.message : String(error)}`,
		);
	}
	const text = await response.text();
	let json: { openid?: unknown; errcode?: unknown; errmsg?: unknown };
	try {
		json = JSON.parse(text);
	} catch {
		throw new Error(`WeChat sign-in code exchange: HTTP ${response.status}, not JSON`);
	}
	if (typeof json.openid !== "string" || !json.openid)
		throw new Error(
			`WeChat sign-in code exchange refused: ${String(json.errcode ?? response.status)} ${String(json.errmsg ?? "")}`,
		);
	return json.openid;
}
