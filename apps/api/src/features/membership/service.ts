import { type CardPurchaseView, ErrorCode, formatMessage, type VipCardDetail, type VipCardList } from "@bayon/contract";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { RequestContext, SignedInContext } from "../../http/request-context.js";
import { settlePendingPayments } from "../payments/attempts/attempts.js";
import { tenantTimeZone } from "../venues/queries.js";
import { walletBalanceOf } from "../wallet/queries.js";
import { presentCardType, presentMemberCard, presentPurchase } from "./present.js";
import * as queries from "./queries.js";
import { extendsHeldCard, otherActiveMessage, purchaseBlock } from "./rules.js";

/**
 * `GET /vip/getList`: the card types on sale in their order, in the reader's language; for a
 * signed-in member also their card (active or last expired) and balance.
 */
export async function getCardList(deps: AppDeps, ctx: RequestContext): Promise<VipCardList> {
	const now = deps.clock.now();
	const member = ctx.member ? { tenantId: ctx.tenant.id, memberId: ctx.member.id } : null;
	const [types, held, balance] = await Promise.all([
		queries.listCardTypes(deps.db, { tenantId: ctx.tenant.id, all: false }),
		member ? queries.findMemberCard(deps.db, member) : undefined,
		member ? walletBalanceOf(deps.db, member) : null,
	]);
	return {
		cards: types.map((row) => presentCardType(row, ctx.lang)),
		mine: held ? presentMemberCard(held, ctx.lang, now) : null,
		balance,
	};
}

/**
 * `GET /vip/getDetail?id=`: one card type, and whether the reader can buy it now (if not, why,
 * in their language). A type no longer on sale is shown only to a member who holds it.
 */
export async function getCardDetail(deps: AppDeps, ctx: RequestContext, id: number): Promise<VipCardDetail> {
	const now = deps.clock.now();
	const member = ctx.member ? { tenantId: ctx.tenant.id, memberId: ctx.member.id } : null;
	const [type, held, balance] = await Promise.all([
		queries.findCardType(deps.db, { tenantId: ctx.tenant.id, id }),
		member ? queries.findMemberCard(deps.db, member) : undefined,
		member ? walletBalanceOf(deps.db, member) : null,
	]);
	if (!type || (!type.on_sale && held?.card_type_id !== type.id)) throw new BusinessError(ErrorCode.NotFound);
	let purchase: VipCardDetail["purchase"];
	const block = purchaseBlock(held, type.id, now);
	if (!type.on_sale) purchase = { allowed: false, reason: formatMessage("vipCardUnavailable", ctx.lang) };
	else if (block) {
		const timeZone = await tenantTimeZone(deps.db, ctx.tenant.id);
		purchase = { allowed: false, reason: otherActiveMessage(block.held, ctx.lang, timeZone) };
	} else purchase = { allowed: true, extends: extendsHeldCard(held, type.id, now) };
	return {
		card: presentCardType(type, ctx.lang),
		mine: held ? presentMemberCard(held, ctx.lang, now) : null,
		balance,
		purchase,
	};
}

/**
 * `GET /vip/purchase?id=`: the member's own purchase (another's answers NotFound). A purchase
 * still waiting for a gateway asks the gateway first: the payer may be back before its callback.
 */
export async function getOwnPurchase(deps: AppDeps, ctx: SignedInContext, id: number): Promise<CardPurchaseView> {
	const own = { tenantId: ctx.tenant.id, memberId: ctx.member.id };
	const found = await queries.findOwnPurchase(deps.db, { ...own, id });
	if (!found) throw new BusinessError(ErrorCode.NotFound);
	const purchase =
		found.status === "pending"
			? await settlePendingPayments(deps, { purpose: "vip_card", purposeId: found.id }).then(
					async () => (await queries.findOwnPurchase(deps.db, { ...own, id })) ?? found,
				)
			: found;
	const card = purchase.status === "paid" ? await queries.findMemberCard(deps.db, own) : undefined;
	return presentPurchase(purchase, card, ctx.lang, deps.clock.now());
}
