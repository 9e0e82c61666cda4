import { ErrorCode } from "@bayon/contract";
import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { RequestContext } from "../../http/request-context.js";
import { addSeconds } from "../../lib/clock.js";
import type { GatewayName, PaymentGateway } from "./gateway.js";
import { askGatewayAbout, PAYMENT_IN_DOUBT_COLUMNS } from "./in-doubt.js";
import type { PaymentPurposeKind } from "./purposes.js";
import { gatewayFor } from "./registry.js";

/**
 * A payment's callback normally arrives within seconds; if none has after this, the
 * reconciliation job asks the gateway (decision 005).
 */
export const FIRST_CHECK_AFTER_SECONDS = 120;

/** The gateway, or "not available" (WeChat Pay and Alipay until configured; the sandbox in production). */
export function availableGateway(deps: AppDeps, provider: GatewayName): PaymentGateway {
	const gateway = gatewayFor(deps, provider);
	if (!gateway?.isAvailable()) throw new BusinessError(ErrorCode.PayMethodUnavailable);
	return gateway;
}

/**
 * A payment the payer is about to make at a gateway, for what `purpose` and `purposeId` name
 * (decision 028). Written in the purpose's own transaction, with whatever it holds for the
 * payment; the payer is sent to the gateway (`openCheckout`) after commit.
 */
export async function recordPendingPayment(
	trx: Transaction<DB>,
	args: {
		id: string;
		tenantId: number;
		payerMemberId: number;
		purpose: PaymentPurposeKind;
		purposeId: number;
		provider: GatewayName;
		amount: number;
		now: Date;
	},
): Promise<void> {
	await trx
		.insertInto("payment")
		.values({
			id: args.id,
			tenant_id: args.tenantId,
			purpose: args.purpose,
			purpose_id: args.purposeId,
			payer_member_id: args.payerMemberId,
			provider: args.provider,
			amount: args.amount,
			status: "pending",
			provider_txn_id: null,
			created_at: args.now,
			updated_at: args.now,
			next_check_at: addSeconds(args.now, FIRST_CHECK_AFTER_SECONDS),
		})
		.execute();
}

/**
 * Sends the payer to the gateway's checkout page for a payment just recorded as pending: in the
 * tenant's currency and the payer's language, with our callback URL for the gateway and the
 * app page (`returnPath`, on this origin) the payer comes back to.
 */
export function openCheckout(
	gateway: PaymentGateway,
	ctx: RequestContext,
	args: { paymentId: string; amount: number; description: string; origin: string; returnPath: string },
): Promise<{ redirectUrl: string }> {
	return gateway.startCheckout({
		paymentId: args.paymentId,
		amount: args.amount,
		currency: ctx.tenant.currency.code,
		language: ctx.lang,
		description: args.description,
		notifyUrl: `${args.origin}/pay/notify/${gateway.name}`,
		returnUrl: `${args.origin}${args.returnPath}`,
	});
}

/**
 * Asks the gateways about payments still pending for one purpose's row (the payer may be back
 * before the callback, or the callback may never come), and applies what they say. A gateway
 * that cannot answer leaves the payment pending for the reconciliation job.
 */
export async function settlePendingPayments(
	deps: AppDeps,
	of: { purpose: PaymentPurposeKind; purposeId: number },
): Promise<void> {
	const pending = await deps.db
		.selectFrom("payment")
		.select(PAYMENT_IN_DOUBT_COLUMNS)
		.where("purpose", "=", of.purpose)
		.where("purpose_id", "=", of.purposeId)
		.where("status", "=", "pending")
		.execute();
	for (const payment of pending) await askGatewayAbout(deps, payment);
}
