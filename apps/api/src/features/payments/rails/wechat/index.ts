import type { Rail } from "../rail.js";
import { createWechatGateway } from "./gateway.js";
import { wechatOAuthRoutes } from "./oauth.js";

/** The last characters of a secret, to recognise it by without showing it. */
const tail = (text: string, n = 4) => (text.length > n ? `…${text.slice(-n)}` : "…");

/** WeChat Pay API v3: JSAPI inside WeChat, H5 in a phone browser, Native QR codes (issue 29 part 1, decision 031). */
export const wechatRail: Rail<"wechat"> = {
	name: "wechat",
	currencies: ["CNY"],
	gateway: createWechatGateway,
	routes: wechatOAuthRoutes,
	summary: (settings) => ({
		appId: settings.appId,
		mchId: settings.mchId,
		certSerial: settings.certSerial,
		platformPublicKeyId: settings.platformPublicKeyId,
		privateKey: tail(settings.privateKey.replace(/-----[A-Z ]+-----|\s/g, "")),
		apiV3Key: tail(settings.apiV3Key),
		appSecret: tail(settings.appSecret),
		h5Enabled: settings.h5Enabled ? "yes" : "no",
	}),
};
