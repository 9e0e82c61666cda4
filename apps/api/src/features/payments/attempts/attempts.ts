import { randomUUID } from "node:crypto";
import {
	type CurrencyConfig,
	ErrorCode,
	type KhqrCurrency,
	type PayerScene,
	type PayMethodState,
	secondCurrencyUnits,
} from "@bayon/contract";
import type { Transaction } from "kysely";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { RequestContext, SignedInContext } from "../../../http/request-context.js";
import { addSeconds } from "../../../lib/clock.js";
import type { GatewayName, PaymentGateway } from "../gateway.js";
import type { PaymentPurposeKind } from "../purposes.js";
import { RAILS } from "../rails/index.js";
import { gatewayFor } from "../registry.js";
import { askGatewayAbout, PAYMENT_IN_DOUBT_COLUMNS } from "./in-doubt.js";

/**
 * A payment's callback normally arrives within seconds; if none has after this, the
 * reconciliation job asks the gateway (decision 005).
 */
export const FIRST_CHECK_AFTER_SECONDS = 120;

/** When the reconciliation job first asks about a payment: a rail without callbacks keeps its own schedule. */
function firstCheckSeconds(provider: GatewayName): number {
	return provider === "sandbox"
		? FIRST_CHECK_AFTER_SECONDS
		: (RAILS[provider].firstCheckSeconds ?? FIRST_CHECK_AFTER_SECONDS);
}

/**
 * The tenant's gateway by that name, when the payer can pay with it from where they are; else
 * "not available": a rail not set up, switched off or unable to take the tenant's currency, the
 * sandbox in production, or a rail that does not work in this browser (the web app shows the
 * spec's hint there, so this is a stale page or a hand-made call). Asked before anything is
 * recorded, so a refusal leaves no pending payment behind.
 */
export async function availableGateway(
	deps: AppDeps,
	ctx: RequestContext,
	provider: GatewayName,
	scene: PayerScene = payerScene(ctx.userAgent),
): Promise<PaymentGateway> {
	const gateway = await gatewayFor(deps, ctx.tenant.id, provider);
	if (!gateway?.isAvailable()) throw new BusinessError(ErrorCode.PayMethodUnavailable);
	if (!takesCurrency(gateway, ctx.tenant.currency.code) || methodState(gateway, scene) !== "ready")
		throw new BusinessError(ErrorCode.PayMethodUnavailable);
	return gateway;
}

/** Whether a gateway can take money in the ledger's currency (the sandbox takes any). */
export function takesCurrency(gateway: PaymentGateway, ledgerCurrency: string): boolean {
	return gateway.name === "sandbox" || RAILS[gateway.name].currencies.includes(ledgerCurrency);
}

/**
 * How a way to pay stands for a payer in this scene: offered, or the spec's hint of where it
 * works (§5). WeChat blocks Alipay's pages; WeChat Pay outside WeChat needs H5, which the rail
 * says it has (its settings); the counter and a desktop show codes, which every rail has.
 */
export function methodState(gateway: PaymentGateway, scene: PayerScene): PayMethodState {
	const own = gateway.stateFor?.(scene);
	if (own) return own;
	if (gateway.name === "alipay") return scene === "wechat_browser" ? "openInBrowser" : "ready";
	if (gateway.name === "wechat") return scene === "mobile_browser" || scene === "alipay_app" ? "openInWechat" : "ready";
	return "ready";
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
			next_check_at: addSeconds(args.now, firstCheckSeconds(args.provider)),
		})
		.execute();
}

/** How long a rail's code or checkout stays payable when what it pays for has no deadline (a bill, a deposit). */
export const CHECKOUT_MINUTES = 30;

/** Where the payer is, read from how their browser names itself (decision 031). */
export function payerScene(userAgent: string): PayerScene {
	if (/MicroMessenger/i.test(userAgent)) return "wechat_browser";
	if (/AlipayClient/i.test(userAgent)) return "alipay_app";
	if (/Mobile|Android|iPhone|iPad|iPod/i.test(userAgent)) return "mobile_browser";
	return "desktop";
}

/** Our own checkout page (web app) for a payment whose rail gave a code or an in-app sheet. */
export const checkoutPagePath = (paymentId: string) => `/pay/checkout/${paymentId}`;

/**
 * Sends the payer to pay for a payment just recorded as pending: in the tenant's currency
 * (or, for KHQR, in the second currency the payer chose) and the payer's language, with our
 * callback URL for the gateway and the app page (`returnPath`, on this origin) the payer comes
 * back to. What the rail's amount and currency are is written on the payment before the rail
 * is asked, so a callback is always checked against it; what the rail answered (a code, a
 * sheet, a reference) after. The answer is where to send the payer: the rail's page, or ours.
 */
export async function openCheckout(
	deps: AppDeps,
	gateway: PaymentGateway,
	ctx: RequestContext,
	args: {
		paymentId: string;
		amount: number;
		description: string;
		origin: string;
		returnPath: string;
		/** When what it pays for stops waiting for the money; a code lives CHECKOUT_MINUTES when it does not say. */
		expiresAt?: Date;
		/** KHQR: the currency the payer chose, when it is the shop's second one (riel). */
		railCurrency?: KhqrCurrency;
		/** Staff showing a code at the counter, instead of the caller's own browser. */
		scene?: PayerScene;
		/** The payer's WeChat openid, when known (JSAPI). */
		payerOpenId?: string;
	},
): Promise<{ redirectUrl: string }> {
	const ledger = ctx.tenant.currency;
	const rail = railAmount(args.amount, ledger, args.railCurrency);
	await deps.db
		.updateTable("payment")
		.set({
			currency: ledger.code,
			rail_currency: rail.code,
			rail_amount: rail.amount,
			return_path: args.returnPath,
		})
		.where("id", "=", args.paymentId)
		.execute();
	const started = await startAtRail(deps, gateway, {
		paymentId: args.paymentId,
		amount: args.amount,
		currency: ledger.code,
		...(rail.code !== ledger.code ? { railCurrency: rail } : {}),
		language: ctx.lang,
		description: args.description,
		notifyUrl: `${args.origin}/pay/notify/${gateway.name}/${ctx.tenant.id}`,
		returnUrl: `${args.origin}${args.returnPath}`,
		scene: args.scene ?? payerScene(ctx.userAgent),
		payerIp: ctx.ip,
		...(args.payerOpenId ? { payerOpenId: args.payerOpenId } : {}),
		expiresAt: args.expiresAt ?? new Date(deps.clock.now().getTime() + CHECKOUT_MINUTES * 60_000),
	});
	const presentation = "presentation" in started ? started.presentation : null;
	await deps.db
		.updateTable("payment")
		.set({
			channel: started.channel,
			rail_ref: started.railRef ?? null,
			checkout: presentation ? JSON.stringify(presentation) : null,
			rail_expires_at: started.expiresAt ?? args.expiresAt ?? null,
		})
		.where("id", "=", args.paymentId)
		.execute();
	return { redirectUrl: "redirectUrl" in started ? started.redirectUrl : checkoutPagePath(args.paymentId) };
}

/** What a purpose holds for a payment, in its own transaction: what is paid for, how much, and how the rail shows it. */
export interface HeldForPayment {
	purposeId: number;
	amount: number;
	description: string;
	/** The app page (on this origin) the payer comes back to. */
	returnPath: string;
	/** When what it pays for stops waiting for the money; CHECKOUT_MINUTES when absent. */
	expiresAt?: Date | undefined;
}

/** What a purpose's `hold` answers when there is nothing to pay after all (a repeated request, a bill settled meanwhile). */
export function answerInstead<Instead>(answer: Instead): { instead: Instead } {
	return { instead: answer };
}

/** What `hold` answered instead of a payment; none when it never does. */
type AnsweredInstead<Instead> = [Instead] extends [never] ? never : { instead: Instead };

/**
 * The gateway start every purpose makes (an order, a table bill, a booking's deposit, a
 * recharge, a VIP card): the gateway the payer chose, when they can pay with it from where they
 * are; then, in one transaction, the purpose locks and checks what is paid for (`hold`, which
 * answers what to `pay`), the
 * payment is recorded as pending, and the purpose marks what now waits for it (`paying`);
 * after commit the payer is sent to the rail (`openCheckout`). `hold` may answer `instead` (a
 * repeated request, a bill settled meanwhile): then nothing is recorded and nobody is sent.
 */
export async function startGatewayCheckout<Held extends HeldForPayment, Instead = never>(
	deps: AppDeps,
	ctx: SignedInContext,
	args: {
		purpose: PaymentPurposeKind;
		provider: GatewayName;
		origin: string;
		/** KHQR: the currency the payer chose, when it is the shop's second one (riel). */
		railCurrency?: KhqrCurrency | undefined;
		hold(
			trx: Transaction<DB>,
			at: { gateway: PaymentGateway; now: Date },
		): Promise<{ pay: Held } | { instead: Instead }>;
		paying?(trx: Transaction<DB>, held: Held, paymentId: string): Promise<void>;
	},
): Promise<{ held: Held; now: Date; redirectUrl: string } | AnsweredInstead<Instead>> {
	const gateway = await availableGateway(deps, ctx, args.provider);
	const now = deps.clock.now();
	const paymentId = randomUUID();
	const answer = await deps.db.transaction().execute(async (trx) => {
		const held = await args.hold(trx, { gateway, now });
		if ("instead" in held) return held;
		const found = held.pay;
		await recordPendingPayment(trx, {
			id: paymentId,
			tenantId: ctx.tenant.id,
			payerMemberId: ctx.member.id,
			purpose: args.purpose,
			purposeId: found.purposeId,
			provider: gateway.name,
			amount: found.amount,
			now,
		});
		await args.paying?.(trx, found, paymentId);
		return { pay: found };
	});
	if ("instead" in answer) return answer as AnsweredInstead<Instead>;
	const held = answer.pay;
	const { redirectUrl } = await openCheckout(deps, gateway, ctx, {
		paymentId,
		amount: held.amount,
		...(held.expiresAt ? { expiresAt: held.expiresAt } : {}),
		...(args.railCurrency ? { railCurrency: args.railCurrency } : {}),
		description: held.description,
		origin: args.origin,
		returnPath: held.returnPath,
	});
	return { held, now, redirectUrl };
}

/**
 * Asks the rail to start a checkout. A rail that cannot be reached, times out or answers what
 * we cannot believe is told to the payer as such (nothing was charged: try again or pay another
 * way) rather than as a server fault; the pending payment stays for the reconciliation job,
 * which finds nothing at the rail, or what it took after all. A refusal of ours (a business
 * error) passes as it is.
 */
async function startAtRail(
	deps: AppDeps,
	gateway: PaymentGateway,
	args: Parameters<PaymentGateway["startCheckout"]>[0],
): ReturnType<PaymentGateway["startCheckout"]> {
	try {
		return await gateway.startCheckout(args);
	} catch (error) {
		if (error instanceof BusinessError) throw error;
		deps.log.warn(
			{ err: error, paymentId: args.paymentId, provider: gateway.name },
			"the payment rail could not start a checkout; the payer is told to try again",
		);
		throw new BusinessError(ErrorCode.PayRailUnreachable);
	}
}

/**
 * What the rail is asked for: the ledger's amount, or for a KHQR in the shop's second currency
 * the amount as the shop shows it there (whole riel, rounded as the menu shows it).
 */
export function railAmount(
	amount: number,
	ledger: CurrencyConfig,
	chosen: KhqrCurrency | undefined,
): { code: string; amount: number } {
	if (!chosen || chosen === ledger.code) return { code: ledger.code, amount };
	const units = ledger.second?.code === chosen ? secondCurrencyUnits(amount, ledger) : null;
	if (units === null || units <= 0n) throw new BusinessError(ErrorCode.PayMethodUnavailable);
	return { code: chosen, amount: Number(units) };
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
