import { type Address, ErrorCode, type PriceCartInput, type PricedCart } from "@bayon/contract";
import type { z } from "zod";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { RequestContext } from "../../../http/request-context.js";
import { getOwnAddress } from "../../addresses/service.js";
import { askedCoupon } from "../../coupons/order-coupons.js";
import type { CardForPricing } from "../../membership/pricing.js";
import { activeCardForPricing } from "../../membership/queries.js";
import { loadItemsForPricing, type MenuNames } from "../../menu/service.js";
import { getOrderingTerms, type ShopOrderingTerms } from "../../venues/shops/ordering-terms.js";
import { currentSeating } from "../bills/table-seatings.js";
import { type PricingFacts, priceCart } from "./cart-rules.js";

/** A cart priced against today's shop, plus what checkout needs to record the order. */
export interface EvaluatedCart {
	priced: PricedCart;
	terms: ShopOrderingTerms;
	address: Address | null;
	/** Dine-in: the table and the seating the round joins. */
	table: { tableId: number; seatingId: number } | null;
	/** Item and option names in every language, for the order's lines. */
	names: MenuNames;
	/** The member's active VIP card it was priced with, for the order's discount line. */
	memberCard: CardForPricing | null;
}

/**
 * Prices a cart for a shop and order type with today's menu, hours, zones and table, and
 * lists every problem. The cart page shows it; checkout runs the very same evaluation.
 */
export async function priceCartFor(
	deps: AppDeps,
	ctx: RequestContext,
	input: z.output<typeof PriceCartInput>,
): Promise<PricedCart> {
	return (await evaluateCart(deps, ctx, input)).priced;
}

/**
 * `sample` is the owner's rules preview (shop-settings) or a booking's pre-order: the shop's
 * terms come from unsaved settings at a chosen moment (or as if open) instead of the saved
 * shop now, and a dine-in sample counts as seated at a table. A sample is priced without the
 * member's VIP card: the preview shows the shop's own rules, and a pre-order keeps the price
 * it was booked at until it becomes an order at arrival. Everything else is the evaluation
 * checkout runs, the card included (decision 021).
 */
export async function evaluateCart(
	deps: AppDeps,
	ctx: RequestContext,
	input: z.output<typeof PriceCartInput>,
	sample?: { terms: ShopOrderingTerms },
): Promise<EvaluatedCart> {
	const terms = sample?.terms ?? (await getOrderingTerms(deps, ctx, input.shopId));
	const { items, names } = await loadItemsForPricing(deps, ctx, {
		shopId: input.shopId,
		itemIds: input.lines.map((line) => line.itemId),
	});

	let delivery: PricingFacts["delivery"] = { kind: "none" };
	let address: Address | null = null;
	if (input.orderType === "takeout") {
		let point = input.location ?? null;
		if (input.addressId !== undefined) {
			if (!ctx.member) throw new BusinessError(ErrorCode.Unauthorized);
			address = await getOwnAddress(deps, { tenant: ctx.tenant, member: ctx.member }, input.addressId);
			point = { latitude: address.latitude, longitude: address.longitude };
		}
		if (!point) delivery = { kind: "missing" };
		else {
			const quote = terms.quoteDelivery(point);
			delivery = { kind: "quoted", inRange: quote.inRange, fee: quote.fee ?? 0, minOrder: quote.minOrder ?? 0 };
		}
	}

	let table: PricingFacts["table"] = { kind: "none" };
	let seated: EvaluatedCart["table"] = null;
	if (input.orderType === "desk" && sample) table = { kind: "valid" };
	else if (input.orderType === "desk") {
		table = { kind: "invalid" };
		if (input.tableToken) {
			// Only a token of the table's current seating orders (decision 009).
			const seating = await currentSeating(deps, ctx, input.tableToken).catch((error: unknown) => {
				if (error instanceof BusinessError && error.code === ErrorCode.TableInvalid) return null;
				if (error instanceof BusinessError && error.code === ErrorCode.SeatingEnded) return "ended" as const;
				throw error;
			});
			if (seating === "ended") table = { kind: "ended" };
			else if (seating?.table.shopId === input.shopId) {
				table = { kind: "valid" };
				seated = { tableId: seating.table.tableId, seatingId: seating.bill.id };
			}
		}
	}

	// The member's active card: one primary-key lookup, none for visitors.
	const memberCard =
		ctx.member && !sample
			? await activeCardForPricing(deps.db, {
					tenantId: ctx.tenant.id,
					memberId: ctx.member.id,
					now: deps.clock.now(),
				})
			: null;
	// The coupon the cart asks for (decision 022): only one of the member's own is ever found;
	// a visitor naming one is asked to sign in, like for a saved address.
	let coupon: PricingFacts["coupon"] = null;
	if (input.couponId !== undefined && !sample) {
		if (!ctx.member) throw new BusinessError(ErrorCode.Unauthorized);
		coupon = await askedCoupon(deps.db, {
			tenantId: ctx.tenant.id,
			memberId: ctx.member.id,
			couponId: input.couponId,
			shopId: input.shopId,
			now: deps.clock.now(),
		});
	}
	const priced = priceCart(input.lines, {
		lang: ctx.lang,
		currency: ctx.tenant.currency,
		orderType: input.orderType,
		shop: { openState: terms.openState, orderTypes: terms.orderTypes, timezone: terms.timezone },
		items,
		delivery,
		table,
		memberCard,
		coupon,
	});
	return { priced: { shopId: input.shopId, ...priced }, terms, address, table: seated, names, memberCard };
}
