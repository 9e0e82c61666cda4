import { z } from "zod";

/**
 * Paying at a real rail (issue 29, decision 031): WeChat Pay, Alipay and KHQR, beside the
 * sandbox. The pay calls of every purpose still answer a `redirectUrl`; for a rail whose
 * checkout is not a page of its own (a QR code, WeChat's in-app sheet), that URL is our own
 * checkout page, which reads the payment here and watches it until it is decided.
 */
export const PAY_RAILS = ["wechat", "alipay", "khqr"] as const;
export type PayRail = (typeof PAY_RAILS)[number];

/** The currencies a KHQR can be made out in; a customer of a dollar shop may pay in riel. */
export const KHQR_CURRENCIES = ["USD", "KHR"] as const;
export type KhqrCurrency = (typeof KHQR_CURRENCIES)[number];

/**
 * Where the payer is, as the server reads it from the browser: it picks the rail's channel
 * (JSAPI inside WeChat, H5 or WAP in a phone browser, a QR code on a desktop or at the counter).
 */
export const PAYER_SCENES = ["wechat_browser", "alipay_app", "mobile_browser", "desktop", "counter"] as const;
export type PayerScene = (typeof PAYER_SCENES)[number];

/** What our checkout page shows for a payment whose rail has no page of its own. */
export type CheckoutPresentation =
	/** A code to scan (WeChat Native, Alipay precreate, KHQR), and on a phone a link that opens the bank or wallet app. */
	| { kind: "qr"; qrText: string; deepLink: string | null }
	/** WeChat's in-app payment sheet (WeixinJSBridge getBrandWCPayRequest), with its signed parameters. */
	| {
			kind: "jsapi";
			params: { appId: string; timeStamp: string; nonceStr: string; package: string; signType: "RSA"; paySign: string };
	  };

/** `GET /app-api/pay/checkout/:paymentId`: one payment as its checkout page shows it. */
export interface PaymentCheckout {
	paymentId: string;
	provider: "sandbox" | PayRail;
	status: "pending" | "succeeded" | "declined" | "abandoned";
	/** In the ledger's currency (minor units). */
	amount: number;
	/** What the rail takes, when not the ledger's currency (KHQR in riel). */
	railAmount: number;
	railCurrency: string;
	presentation: CheckoutPresentation | null;
	/** The app page to go back to once it is decided. */
	returnPath: string;
	/** When the rail stops taking it (the code expires). */
	expiresAt: string | null;
}

/** How one way to pay stands for this payer, here: offered, or the spec's hint of where it works. */
export type PayMethodState = "ready" | "openInWechat" | "openInBrowser";

/** `GET /app-api/pay/methods`: the rails set up for this tenant, as they stand for this payer. */
export interface PayMethodsAnswer {
	scene: PayerScene;
	methods: Array<{ method: "sandbox" | PayRail; state: PayMethodState; currencies: string[] }>;
}

/** The optional `railCurrency` a pay call may carry for KHQR (the customer's choice of USD or riel). */
export const RailCurrencyField = z.enum(KHQR_CURRENCIES, { error: "fieldInvalid" }).optional();

/** `:paymentId` of the checkout calls: our payment ids are UUIDs. */
export const PaymentCheckoutParams = z.strictObject({
	paymentId: z.uuid({ error: "fieldInvalid" }),
});
