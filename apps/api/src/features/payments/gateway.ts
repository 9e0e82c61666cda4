/** A payment as the gateway reports it, in a callback or a status query. */
export interface GatewayPaymentReport {
	/** Our payment id, which we gave the gateway as its merchant reference. */
	paymentId: string;
	providerTxnId: string;
	amount: number;
	status: "succeeded" | "declined";
}

/**
 * A gateway's answer to a refund. "failed" is final (the gateway refused: unknown or unpaid
 * transaction, more than was captured); a gateway that cannot be reached throws instead, and
 * asking again with the same refund id is then safe.
 */
export type GatewayRefundResult =
	| { status: "succeeded"; providerRefundId: string }
	| { status: "failed"; failureReason: string };

export type GatewayName = "sandbox" | "wechat" | "alipay";

/**
 * A hosted payment gateway: it shows its own checkout page, then tells us the outcome by a
 * signed server-to-server callback; when callbacks never arrive, we ask it. WeChat Pay or
 * Alipay become one more file implementing this.
 */
export interface PaymentGateway {
	readonly name: GatewayName;
	isAvailable(): boolean;
	/** Starts a checkout and returns where to send the payer. */
	startCheckout(args: {
		paymentId: string;
		amount: number;
		currency: string;
		/** The payer's language (of the request that started the payment), for the gateway's page. */
		language: string;
		description: string;
		notifyUrl: string;
		returnUrl: string;
	}): Promise<{ redirectUrl: string }>;
	/** Checks a callback's signature and reads it; null when it is not genuine. */
	verifyCallback(headers: Record<string, string | string[] | undefined>, rawBody: string): GatewayPaymentReport | null;
	/** The outcome so far, or null while the payer has not decided. */
	queryPayment(paymentId: string): Promise<GatewayPaymentReport | null>;
	/**
	 * Gives captured money back to the payer. Idempotent on refundId: the same id again
	 * refunds nothing more and answers as the first time did.
	 */
	refund(args: {
		refundId: string;
		paymentId: string;
		providerTxnId: string;
		amount: number;
		reason: string;
	}): Promise<GatewayRefundResult>;
}
