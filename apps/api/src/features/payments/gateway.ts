import type { CheckoutPresentation, PayerScene, PayMethodState, PayRail } from "@bayon/contract";

/** A payment as the gateway reports it, in a callback or a status query. */
export interface GatewayPaymentReport {
	/** Our payment id, which we gave the gateway as its merchant reference (out_trade_no). */
	paymentId: string;
	providerTxnId: string;
	/** What the rail took, in `currency`'s minor units (the rail's own when it differs from the ledger's). */
	amount: number;
	/** The currency the rail reports; absent where the rail has only one (the sandbox). */
	currency?: string;
	status: "succeeded" | "declined";
}

/** A rail's answer about a refund, by callback (WeChat's refund notify) or when asked. */
export interface GatewayRefundReport {
	/** Our refund id (out_refund_no). */
	refundId: string;
	status: "succeeded" | "failed";
	providerRefundId: string | null;
	failureReason?: string;
}

/** A genuine callback, read: about a payment or about a refund. */
export type GatewayCallback =
	| { type: "payment"; report: GatewayPaymentReport }
	| { type: "refund"; report: GatewayRefundReport };

/**
 * A callback that is signed correctly but names something else than the payment we recorded
 * (another merchant or app): refused and flagged for the operator, never applied.
 */
export interface ForeignCallback {
	type: "foreign";
	paymentId: string | null;
	detail: Record<string, unknown>;
}

/**
 * A gateway's answer to a refund. "failed" is final (the gateway refused: unknown or unpaid
 * transaction, more than was captured); "processing" means accepted, outcome later (a
 * callback or the next question tells); "awaiting_transfer" means the rail has no refund call
 * (KHQR) and a person must transfer the money back and record it. A gateway that cannot be
 * reached throws instead, and asking again with the same refund id is then safe.
 */
export type GatewayRefundResult =
	| { status: "succeeded"; providerRefundId: string }
	| { status: "failed"; failureReason: string }
	| { status: "processing" }
	| { status: "awaiting_transfer" };

export type GatewayName = "sandbox" | PayRail;

export interface CheckoutArgs {
	paymentId: string;
	/** In the ledger's currency's minor units. */
	amount: number;
	/** The ledger's currency (ISO 4217 code). */
	currency: string;
	/** For KHQR: the currency the payer chose and the amount in it (minor units), when not the ledger's. */
	railCurrency?: { code: string; amount: number };
	/** The payer's language (of the request that started the payment), for the gateway's page. */
	language: string;
	description: string;
	notifyUrl: string;
	/** Where the payer comes back to on our side once the rail is done with them. */
	returnUrl: string;
	scene: PayerScene;
	/** The payer's address (WeChat H5 wants it in scene_info). */
	payerIp: string;
	/** The payer's WeChat openid on the official account (JSAPI). */
	payerOpenId?: string;
	/** When the payment window closes: the rail's own expiry is set no later. */
	expiresAt: Date;
}

/**
 * How to send the payer to pay: to the rail's own page (the sandbox, WeChat H5, Alipay's WAP
 * and desktop pages, or WeChat's sign-in first), or our checkout page showing what the rail
 * gave us (a QR code, a deep link, WeChat's in-app sheet).
 */
export type CheckoutStart = {
	channel: string;
	/** The rail's own reference for the attempt where it gives one at once (KHQR's md5, WeChat's prepay id). */
	railRef?: string;
	/** When the rail stops taking it. */
	expiresAt?: Date;
} & ({ redirectUrl: string } | { presentation: CheckoutPresentation });

/** A harmless call with the saved settings: what the operator's "test the connection" button shows. */
export type ConnectionCheck = { ok: true } | { ok: false; problem: ConnectionProblem; detail: string };
export type ConnectionProblem = "unreachable" | "credentials" | "signature" | "expired" | "misconfigured";

/** One line of a rail's own statement of a day (its trade bill), for the daily reconciliation. */
export interface StatementLine {
	paymentId: string;
	providerTxnId: string;
	kind: "payment" | "refund";
	/** For a refund: our refund id. */
	refundId?: string;
	amount: number;
	currency: string;
	status: "succeeded" | "declined" | "refunded" | "failed";
	at: Date;
}

/**
 * A hosted payment gateway: the payer pays at it, it tells us the outcome by a signed
 * server-to-server callback (or, for KHQR, only when asked); when callbacks never arrive we
 * ask it. The sandbox and each real rail implement this (decision 031).
 */
export interface PaymentGateway {
	readonly name: GatewayName;
	isAvailable(): boolean;
	/** Starts a checkout. */
	startCheckout(args: CheckoutArgs): Promise<CheckoutStart>;
	/**
	 * Checks a callback's signature and reads it; null when it is not genuine (or the rail has
	 * no callbacks). The body is the exact text sent.
	 */
	verifyCallback(
		headers: Record<string, string | string[] | undefined>,
		rawBody: string,
	): GatewayCallback | ForeignCallback | null;
	/** What to answer a callback, as the rail expects: accepted, or to be sent again. */
	callbackAnswer?(accepted: boolean): { status: number; contentType: string; body: string };
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
		/** The payment's whole amount, in the same currency (WeChat and Alipay want both). */
		paymentAmount: number;
		currency: string;
		reason: string;
	}): Promise<GatewayRefundResult>;
	/** Stops an unpaid checkout so it can no longer be paid (the payer cancelled, or it expired). */
	closePayment?(paymentId: string): Promise<void>;
	/** A harmless call with these settings (operator's "test the connection"). */
	checkConnection?(): Promise<ConnectionCheck>;
	/** The rail's statement of one day (its time zone's calendar day), for the daily reconciliation. */
	statement?(date: string): Promise<StatementLine[]>;
	/**
	 * How it stands for a payer in this scene, where that depends on its settings (WeChat H5
	 * needs its own approval): absent, the rule of its kind applies (payments/checkout/routes.ts).
	 */
	stateFor?(scene: PayerScene): PayMethodState;
}
