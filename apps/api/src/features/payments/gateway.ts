/** A payment as the gateway reports it, in a callback or a status query. */
export interface GatewayPaymentReport {
	/** Our payment id, which we gave the gateway as its merchant reference. */
	paymentId: string;
	providerTxnId: string;
	amount: number;
	status: "succeeded" | "declined";
}

/**
 * A hosted payment gateway: it shows its own checkout page, then tells us the outcome by a
 * signed server-to-server callback; when callbacks never arrive, we ask it. WeChat Pay or
 * Alipay become one more file implementing this.
 */
export interface PaymentGateway {
	readonly name: "sandbox" | "wechat" | "alipay";
	isAvailable(): boolean;
	/** Starts a checkout and returns where to send the payer. */
	startCheckout(args: {
		paymentId: string;
		amount: number;
		currency: string;
		description: string;
		notifyUrl: string;
		returnUrl: string;
	}): Promise<{ redirectUrl: string }>;
	/** Checks a callback's signature and reads it; null when it is not genuine. */
	verifyCallback(headers: Record<string, string | string[] | undefined>, rawBody: string): GatewayPaymentReport | null;
	/** The outcome so far, or null while the payer has not decided. */
	queryPayment(paymentId: string): Promise<GatewayPaymentReport | null>;
}
