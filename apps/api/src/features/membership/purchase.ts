import {
	type BuyCardInput,
	CARD_PURCHASE_EXPIRES_AFTER_MINUTES,
	type CardPurchaseView,
	ErrorCode,
} from "@bayon/contract";
import type { Insertable, Transaction } from "kysely";
import type { z } from "zod";
import { findIdempotencyRecord } from "../../db/idempotency.js";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { requiredIdempotencyKey } from "../../http/idempotency-key.js";
import type { SignedInContext } from "../../http/request-context.js";
import { sha256Hex } from "../../lib/crypto.js";
import { answerInstead, startGatewayCheckout } from "../payments/attempts/attempts.js";
import { bookGatewayCapture, refundGatewayCapture } from "../payments/attempts/ledger.js";
import type { GatewayName } from "../payments/gateway.js";
import {
	type PaymentRow as GatewayPaymentRow,
	type PaymentPurpose,
	type PurposeOutcome,
	registerPaymentPurpose,
} from "../payments/purposes.js";
import { tenantTimeZone } from "../venues/queries.js";
import { debitWallet, lockWalletParts, splitSpend } from "../wallet/bonus.js";
import { postLedgerTxn } from "../wallet/ledger.js";
import { announceCardChange } from "./events.js";
import { presentPurchase } from "./present.js";
import * as queries from "./queries.js";
import { otherActiveMessage, periodAfterPurchase, purchaseBlock } from "./rules.js";

/**
 * Buying a VIP card (decision 021). Every purchase of a member runs under that member's row
 * lock, so parallel taps, callbacks and the expiry job take turns: the balance is charged
 * once, a member never ends up with two cards, and the same Idempotency-Key answers the same
 * purchase. From the balance, the purchase, its ledger txn and the card commit together;
 * through a gateway the purchase waits for the gateway's report (applyCardGatewayReport).
 */

type BuyCard = z.output<typeof BuyCardInput>;

/** Where a gateway's checkout page was, for the same key asked again (a retry after a lost answer). */
const CHECKOUT_SCOPE = "vip.checkout";
const MINUTE_MS = 60_000;

/** `POST /member/user/buyCard`: the Idempotency-Key header is required (a double tap buys once). */
export async function buyCard(
	deps: AppDeps,
	ctx: SignedInContext,
	input: BuyCard,
	idempotencyKey: string | undefined,
	origin: string,
): Promise<CardPurchaseView> {
	const key = requiredIdempotencyKey(idempotencyKey);
	if (input.payMethod === "balance") {
		const bought = await buyWithBalance(deps, ctx, input, key);
		if (!bought.replayed) await announceCardChange(deps, memberOf(ctx), "cardBought");
		return bought.view;
	}
	return startGatewayPurchase(deps, ctx, { ...input, payMethod: input.payMethod }, key, origin);
}

const memberOf = (ctx: SignedInContext) => ({ tenantId: ctx.tenant.id, memberId: ctx.member.id });

/** The purchase this key already made, when it was made for the same card and way of paying. */
function sameRequest(earlier: queries.CardPurchaseRow, input: BuyCard): queries.CardPurchaseRow {
	if (earlier.card_type_id !== input.cardTypeId || earlier.pay_method !== input.payMethod)
		throw new BusinessError(ErrorCode.IdempotencyKeyReused);
	return earlier;
}

/**
 * Under the member's lock: the card type must be on sale, and no other card active (refused
 * with its name and end date in the reader's language).
 */
async function checkBuyable(trx: Transaction<DB>, ctx: SignedInContext, cardTypeId: number, now: Date) {
	// One connection: one query after the other.
	const type = await queries.findCardType(trx, { tenantId: ctx.tenant.id, id: cardTypeId });
	const held = await queries.findMemberCard(trx, memberOf(ctx));
	if (!type) throw new BusinessError(ErrorCode.NotFound);
	if (!type.on_sale) throw new BusinessError(ErrorCode.VipCardUnavailable);
	const block = purchaseBlock(held, type.id, now);
	if (block) {
		const timeZone = await tenantTimeZone(trx, ctx.tenant.id);
		const message = otherActiveMessage(block.held, ctx.lang, timeZone);
		throw new BusinessError(ErrorCode.VipCardOtherActive, {}, null, undefined, message);
	}
	return { type, held };
}

async function lockOwnMember(trx: Transaction<DB>, ctx: SignedInContext) {
	if (!(await queries.lockMember(trx, memberOf(ctx)))) throw new BusinessError(ErrorCode.Unauthorized);
}

/**
 * From the balance, in one transaction under the member's lock: the purchase (paid), one
 * ledger txn from the member's wallet to the tenant's membership revenue (a conditional
 * update: never below zero, else InsufficientBalance and nothing at all changes) and the card
 * given or extended.
 */
async function buyWithBalance(
	deps: AppDeps,
	ctx: SignedInContext,
	input: BuyCard,
	key: string,
): Promise<{ view: CardPurchaseView; replayed: boolean }> {
	const now = deps.clock.now();
	return deps.db.transaction().execute(async (trx) => {
		await lockOwnMember(trx, ctx);
		const earlier = await queries.findPurchaseByKey(trx, { memberId: ctx.member.id, key });
		if (earlier) return { view: await presentWithCard(trx, ctx, sameRequest(earlier, input), now), replayed: true };
		const { type, held } = await checkBuyable(trx, ctx, input.cardTypeId, now);
		const purchase = await insertPurchase(trx, ctx, type, {
			pay_method: "balance",
			status: "paid",
			idempotency_key: key,
			expires_at: now,
			paid_at: now,
			created_at: now,
		});
		// The cards' revenue is what the member paid in; a bonus part goes back to the business (decision 027).
		const wallet = { kind: "member_wallet" as const, ...memberOf(ctx) };
		const split = splitSpend(await lockWalletParts(trx, wallet), purchase.price);
		await postLedgerTxn(trx, {
			tenantId: ctx.tenant.id,
			kind: "card_purchase",
			idempotencyKey: `card-purchase:${purchase.id}:payment`,
			orderId: null,
			cardPurchaseId: purchase.id,
			now,
			moves: [
				...debitWallet(wallet, split),
				...(split.paid > 0
					? [{ account: { kind: "membership_revenue" as const, tenantId: ctx.tenant.id }, amount: split.paid }]
					: []),
			],
		});
		const card = await giveCard(trx, { purchase, type, held, now });
		return { view: presentPurchase(purchase, card, ctx.lang, now), replayed: false };
	});
}

/** A purchase of the member's, at the card type's price and validity as they are now. */
function insertPurchase(
	trx: Transaction<DB>,
	ctx: SignedInContext,
	type: queries.CardTypeRow,
	how: Pick<
		Insertable<DB["card_purchase"]>,
		"pay_method" | "status" | "idempotency_key" | "expires_at" | "paid_at" | "created_at"
	>,
): Promise<queries.CardPurchaseRow> {
	return trx
		.insertInto("card_purchase")
		.values({
			tenant_id: ctx.tenant.id,
			member_id: ctx.member.id,
			card_type_id: type.id,
			price: type.price,
			validity_days: type.validity_days,
			...how,
		})
		.returningAll()
		.executeTakeFirstOrThrow();
}

async function presentWithCard(
	trx: Transaction<DB>,
	ctx: SignedInContext,
	purchase: queries.CardPurchaseRow,
	now: Date,
	redirectUrl?: string,
) {
	const card = purchase.status === "paid" ? await queries.findMemberCard(trx, memberOf(ctx)) : undefined;
	return presentPurchase(purchase, card, ctx.lang, now, redirectUrl);
}

/**
 * Gives the card a purchase paid for, or extends the one the member holds: an active card of
 * the same type runs on from its end, anything else starts now. The card takes the type's
 * name and benefits as they are now (an owner's later change applies from the next purchase).
 */
async function giveCard(
	trx: Transaction<DB>,
	args: {
		purchase: queries.CardPurchaseRow;
		type: queries.CardTypeRow;
		held: queries.MemberCardRow | undefined;
		now: Date;
	},
): Promise<queries.MemberCardRow> {
	const { purchase, type, now } = args;
	const period = periodAfterPurchase(args.held, { cardTypeId: type.id, validityDays: purchase.validity_days }, now);
	const card = {
		tenant_id: purchase.tenant_id,
		card_type_id: type.id,
		name: JSON.stringify(type.name),
		starts_at: period.startsAt,
		expires_at: period.expiresAt,
		discount_percent: type.discount_percent,
		discount_cap: type.discount_cap,
		free_delivery: type.free_delivery,
		points_percent: type.points_percent,
		updated_at: now,
	};
	return trx
		.insertInto("member_card")
		.values({ member_id: purchase.member_id, ...card })
		.onConflict((oc) => oc.column("member_id").doUpdateSet(card))
		.returningAll()
		.executeTakeFirstOrThrow();
}

/**
 * Through a hosted gateway: under the member's lock the purchase is recorded as pending with a
 * pending gateway payment for its price, then the payer is sent to the gateway, which returns
 * them to the card's page. The same key again answers this purchase (with its checkout page
 * while it still waits).
 */
async function startGatewayPurchase(
	deps: AppDeps,
	ctx: SignedInContext,
	input: BuyCard & { payMethod: GatewayName },
	key: string,
	origin: string,
): Promise<CardPurchaseView> {
	const started = await startGatewayCheckout(deps, ctx, {
		purpose: "vip_card",
		provider: input.payMethod,
		origin,
		railCurrency: input.railCurrency,
		hold: async (trx, { gateway, now }) => {
			await lockOwnMember(trx, ctx);
			const earlier = await queries.findPurchaseByKey(trx, { memberId: ctx.member.id, key });
			if (earlier) {
				sameRequest(earlier, input);
				const checkout =
					earlier.status === "pending"
						? await findIdempotencyRecord(trx, { memberId: ctx.member.id, scope: CHECKOUT_SCOPE, key })
						: undefined;
				const redirectUrl = (checkout?.response as { redirectUrl?: string } | undefined)?.redirectUrl;
				return answerInstead(await presentWithCard(trx, ctx, earlier, now, redirectUrl));
			}
			const { type } = await checkBuyable(trx, ctx, input.cardTypeId, now);
			const purchase = await insertPurchase(trx, ctx, type, {
				pay_method: gateway.name,
				status: "pending",
				idempotency_key: key,
				expires_at: new Date(now.getTime() + CARD_PURCHASE_EXPIRES_AFTER_MINUTES * MINUTE_MS),
				created_at: now,
			});
			return {
				pay: {
					purchase,
					type,
					purposeId: purchase.id,
					amount: purchase.price,
					expiresAt: new Date(purchase.expires_at),
					description: `Bayon VIP · ${type.name.en || type.name["zh-CN"]}`,
					returnPath: `/pages/components/pages/vip/detail?id=${type.id}&purchase=${purchase.id}`,
				},
			};
		},
	});
	if ("instead" in started) return started.instead;
	const { held, now, redirectUrl } = started;
	const { purchase } = held;
	await deps.db
		.insertInto("idempotency_record")
		.values({
			member_id: ctx.member.id,
			scope: CHECKOUT_SCOPE,
			key,
			request_hash: sha256Hex(JSON.stringify(input)),
			response: JSON.stringify({ purchaseId: purchase.id, redirectUrl }),
			created_at: now,
		})
		.onConflict((oc) => oc.columns(["member_id", "scope", "key"]).doNothing())
		.execute();
	return presentPurchase(purchase, undefined, ctx.lang, now, redirectUrl);
}

/** What applying a gateway's report on a card purchase came to, for the announcement after commit. */
export interface CardReportOutcome {
	outcome: PurposeOutcome;
	member: { tenantId: number; memberId: number };
}

/** What a payment does for a VIP card purchase (decision 028), registered with payments at start-up. */
export function registerCardPaymentPurpose(): void {
	registerPaymentPurpose(cardPaymentPurpose);
}

const cardPaymentPurpose: PaymentPurpose = {
	kind: "vip_card",
	async settle(trx, payment, report, now) {
		return (await applyCardGatewayReport(trx, payment, report, now)).outcome;
	},
	async announce(deps, payment, outcome) {
		if (outcome !== "applied" && outcome !== "refunded_late") return;
		const owner = await deps.db
			.selectFrom("card_purchase")
			.select(["tenant_id", "member_id"])
			.where("id", "=", payment.purpose_id)
			.executeTakeFirstOrThrow();
		const member = { tenantId: owner.tenant_id, memberId: owner.member_id };
		await announceCardChange(deps, member, outcome === "applied" ? "cardBought" : "cardRefunded");
	},
};

/**
 * A gateway's report on a card purchase, inside applyGatewayReport's transaction (which holds
 * the payment's row lock and has recorded the report), under the member's lock. Declined: the
 * purchase is over (expired; the member may start another). Paid: the money is booked in
 * (external funds → membership revenue) and, when the card can still be given (no other card
 * active; a purchase that expired meanwhile still counts, the member paid for exactly this),
 * the card is given or extended; otherwise the money is booked back out and refunded through
 * the gateway (the outbox), never lost and never kept.
 */
async function applyCardGatewayReport(
	trx: Transaction<DB>,
	payment: GatewayPaymentRow,
	report: { status: "succeeded" | "declined" },
	now: Date,
): Promise<CardReportOutcome> {
	const owner = await trx
		.selectFrom("card_purchase")
		.select(["tenant_id", "member_id"])
		.where("id", "=", payment.purpose_id)
		.executeTakeFirstOrThrow();
	const member = { tenantId: owner.tenant_id, memberId: owner.member_id };
	await queries.lockMember(trx, member);
	const purchase = await queries.lockPurchase(trx, payment.purpose_id);
	if (report.status === "declined") {
		if (purchase.status === "pending")
			await trx.updateTable("card_purchase").set({ status: "expired" }).where("id", "=", purchase.id).execute();
		return { outcome: "declined", member };
	}
	const revenue = { kind: "membership_revenue" as const, tenantId: purchase.tenant_id };
	const money = {
		tenantId: purchase.tenant_id,
		paymentId: payment.id,
		amount: payment.amount,
		link: { orderId: null, cardPurchaseId: purchase.id },
		now,
	};
	await bookGatewayCapture(trx, { ...money, kind: "card_purchase", into: revenue });
	const type = await queries.findCardType(trx, { tenantId: purchase.tenant_id, id: purchase.card_type_id });
	const held = await queries.findMemberCard(trx, member);
	const canGive =
		(purchase.status === "pending" || purchase.status === "expired") &&
		payment.amount === purchase.price &&
		purchaseBlock(held, purchase.card_type_id, now) === null;
	if (type && canGive) {
		await giveCard(trx, { purchase, type, held, now });
		await trx
			.updateTable("card_purchase")
			.set({ status: "paid", paid_at: now })
			.where("id", "=", purchase.id)
			.execute();
		return { outcome: "applied", member };
	}
	await refundGatewayCapture(trx, { ...money, kind: "card_refund", from: revenue, reason: "card_refund" });
	if (purchase.status !== "paid")
		await trx.updateTable("card_purchase").set({ status: "refunded" }).where("id", "=", purchase.id).execute();
	return { outcome: "refunded_late", member };
}
