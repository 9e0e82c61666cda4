import { readPrivateKey, readPublicKey } from "../../rail-settings/keys.js";
import type { Rail } from "../rail.js";
import { createWechatGateway } from "./gateway.js";

/** A secret's last four characters, as the operator's page shows secrets (rail-settings/service.ts). */
const lastFour = (value: string) => (value.length > 4 ? value.slice(-4) : "");

/** WeChat Pay API v3: JSAPI inside WeChat, H5 in a phone browser, Native QR codes (issue 29 part 1, decision 031). */
export const wechatRail: Rail<"wechat"> = {
	name: "wechat",
	currencies: ["CNY"],
	gateway: createWechatGateway,
	/** Ids and switches as they are; keys by their fingerprint; secrets by their last four. */
	summary: (settings) => {
		const own = readPrivateKey(settings.privateKey);
		const platform = readPublicKey(settings.platformPublicKey);
		return {
			appId: settings.appId,
			mchId: settings.mchId,
			certSerial: settings.certSerial,
			platformPublicKeyId: settings.platformPublicKeyId,
			h5Enabled: String(settings.h5Enabled),
			privateKey: own.ok ? own.fingerprint : null,
			platformPublicKey: platform.ok ? platform.fingerprint : null,
			apiV3Key: lastFour(settings.apiV3Key),
			appSecret: lastFour(settings.appSecret),
		};
	},
};
