import {
	type ClaimCouponInput,
	type CouponCount,
	type CouponFit,
	type CouponOffer,
	type CouponsForCart,
	ErrorCode,
	type MyCoupon,
	type PageResult,
} from "@bayon/contract";
import type { z } from "zod";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { requiredIdempotencyKey } from "../../http/idempotency-key.js";
import type { RequestContext, SignedInContext } from "../../http/request-context.js";
import { presentCoupon, presentOffer, type ShopNames } from "./present.js";
import { type CartForCoupon, fitCoupon, misfitReason } from "./pricing.js";
import * as queries from "./queries.js";

/** The member's coupon calls (decision 022): the coupon centre, claiming, their coupons, the pay page's list. */

const DAY_MS = 24 * 3600 * 1000;
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "23505";

async function shopNamesOf(deps: AppDeps, tenantId: number): Promise<ShopNames> {
	const shops = await queries.tenantShops(deps.db, tenantId);
	return new Map(shops.map((shop) => [shop.id, shop.name]));
}

/**
 * `GET /coupon/center?shopId=`: the templates a member can claim now (switched on, listed, not
 * past a fixed end), for the shop when one is named, newest first; a signed-in member also
 * learns how many they may still claim.
 */
export async function couponCenter(deps: AppDeps, ctx: RequestContext, shopId?: number): Promise<CouponOffer[]> {
	const now = deps.clock.now();
	const templates = await queries.listOfferedTemplates(deps.db, { tenantId: ctx.tenant.id, now, shopId });
	const ids = templates.map((row) => row.id);
	const limited = templates.filter((row) => row.limited_to_shops).map((row) => row.id);
	const [shopIds, shopNames, mine] = await Promise.all([
		queries.templateShopIds(deps.db, limited),
		shopNamesOf(deps, ctx.tenant.id),
		ctx.member ? queries.claimedByMember(deps.db, { memberId: ctx.member.id, templateIds: ids }) : null,
	]);
	return templates.map((row) =>
		presentOffer(row, shopIds.get(row.id), shopNames, ctx.lang, mine ? (mine.get(row.id) ?? 0) : null),
	);
}

/**
 * `POST /coupon/receive`: claims a template from the centre, or the one an exchange code names.
 * The template row is locked, so the quantity and the member's limit are counted under it:
 * members racing for the last coupons get exactly as many as are left. The Idempotency-Key
 * makes a double tap claim once (the same key answers the same coupon).
 */
export async function claimCoupon(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof ClaimCouponInput>,
	idempotencyKey: string | undefined,
): Promise<MyCoupon> {
	const key = requiredIdempotencyKey(idempotencyKey);
	const tenantId = ctx.tenant.id;
	const memberId = ctx.member.id;
	// Codes are letters and digits, compared regardless of case (stored upper-case).
	const code = input.code?.toUpperCase();
	const earlier = await queries.findClaimByKey(deps.db, { memberId, key });
	if (earlier) return presentClaimed(deps, ctx, sameClaim(earlier, input));

	const target =
		code === undefined
			? await queries.findTemplate(deps.db, { tenantId, id: input.templateId ?? 0 })
			: await queries.findTemplateByCode(deps.db, { tenantId, code });
	if (!target)
		throw new BusinessError(code === undefined ? ErrorCode.CouponNotClaimable : ErrorCode.ExchangeCodeUnknown);

	const now = deps.clock.now();
	/** Why this template cannot be claimed now, apart from the quantity and the member's limit. */
	const refusal = (template: queries.TemplateRow): BusinessError | null => {
		const unknown = code === undefined ? ErrorCode.CouponNotClaimable : ErrorCode.ExchangeCodeUnknown;
		if (!template.enabled) return new BusinessError(unknown);
		// A template kept out of the centre is claimed only with its code.
		if (code === undefined && !template.listed) return new BusinessError(ErrorCode.CouponNotClaimable);
		if (code !== undefined && template.exchange_code !== code) return new BusinessError(ErrorCode.ExchangeCodeUnknown);
		if (template.validity_kind === "fixed" && now.getTime() >= new Date(template.valid_until ?? 0).getTime())
			return new BusinessError(ErrorCode.CouponNotClaimable);
		return null;
	};
	const claimed = await deps.db
		.transaction()
		.execute(async (trx): Promise<{ id: number }> => {
			// Few statements while the row is locked: one hot template is claimed by everyone in turn.
			const template = await queries.takeOneOfTemplate(trx, { tenantId, id: target.id });
			if (!template) {
				// None left (or the template is gone). The same key may have taken the last one
				// while this request waited; otherwise say why, the quantity last.
				const meanwhile = await queries.findClaimByKey(trx, { memberId, key });
				if (meanwhile) return sameClaim(meanwhile, input);
				const current = await queries.findTemplate(trx, { tenantId, id: target.id });
				if (!current) throw new BusinessError(ErrorCode.CouponNotClaimable);
				throw refusal(current) ?? new BusinessError(ErrorCode.CouponAllGone);
			}
			const mine = await queries.memberClaims(trx, { memberId, templateId: template.id, key });
			// The same key committed while this request waited for the lock: answer it (and give back the one taken).
			if (mine.byKey) throw new ClaimedMeanwhile(sameClaim(mine.byKey, input).id);
			const refused = refusal(template);
			if (refused) throw refused;
			if (mine.held >= template.per_member_limit)
				throw new BusinessError(ErrorCode.CouponLimitReached, { limit: template.per_member_limit });
			// Fixed dates are the template's; N days count from this claim.
			const validFrom = template.validity_kind === "fixed" ? new Date(template.valid_from ?? 0) : now;
			const validUntil =
				template.validity_kind === "fixed"
					? new Date(template.valid_until ?? 0)
					: new Date(now.getTime() + (template.valid_days ?? 0) * DAY_MS);
			return trx
				.insertInto("member_coupon")
				.values({
					tenant_id: tenantId,
					template_id: template.id,
					member_id: memberId,
					valid_from: validFrom,
					valid_until: validUntil,
					claimed_at: now,
					claimed_with_code: code !== undefined,
					idempotency_key: key,
				})
				.returning("id")
				.executeTakeFirstOrThrow();
		})
		.catch((error: unknown) => {
			if (error instanceof ClaimedMeanwhile) return { id: error.couponId };
			// The same key used at the same moment for another template: the other claim won.
			if (isUniqueViolation(error)) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
			throw error;
		});
	return presentClaimed(deps, ctx, claimed);
}

/** Rolls a claim's transaction back when its key turned out to have claimed already. */
class ClaimedMeanwhile extends Error {
	constructor(readonly couponId: number) {
		super("claimed meanwhile");
	}
}

/** The claim this key already made, when it was made for the same template or with a code. */
function sameClaim<T extends { template_id: number; claimed_with_code: boolean }>(
	earlier: T,
	input: z.output<typeof ClaimCouponInput>,
): T {
	const same =
		input.code === undefined
			? !earlier.claimed_with_code && earlier.template_id === input.templateId
			: earlier.claimed_with_code;
	if (!same) throw new BusinessError(ErrorCode.IdempotencyKeyReused);
	return earlier;
}

async function presentClaimed(deps: AppDeps, ctx: SignedInContext, claimed: { id: number }): Promise<MyCoupon> {
	const row = await queries.findCouponById(deps.db, { tenantId: ctx.tenant.id, id: claimed.id });
	const [shopIds, shopNames] = await Promise.all([
		queries.templateShopIds(deps.db, row.limited_to_shops ? [row.template_id] : []),
		shopNamesOf(deps, ctx.tenant.id),
	]);
	return presentCoupon(row, shopIds.get(row.template_id), shopNames, ctx.lang, deps.clock.now());
}

/** `GET /coupon/my?status=&page=&pageSize=`: the member's coupons by spec §3 status, newest first. */
export async function listMyCoupons(
	deps: AppDeps,
	ctx: SignedInContext,
	query: { status: number; page: number; pageSize: number },
): Promise<PageResult<MyCoupon>> {
	const now = deps.clock.now();
	const { rows, total } = await queries.listMemberCoupons(deps.db, {
		tenantId: ctx.tenant.id,
		memberId: ctx.member.id,
		status: query.status as 0 | 1 | 2,
		now,
		offset: (query.page - 1) * query.pageSize,
		limit: query.pageSize,
	});
	const limited = rows.filter((row) => row.limited_to_shops).map((row) => row.template_id);
	const [shopIds, shopNames] = await Promise.all([
		queries.templateShopIds(deps.db, limited),
		shopNamesOf(deps, ctx.tenant.id),
	]);
	return {
		list: rows.map((row) => presentCoupon(row, shopIds.get(row.template_id), shopNames, ctx.lang, now)),
		total,
	};
}

/** `GET /coupon/count`: the coupons the member can use now (the mine tab's number). */
export async function countUsableCoupons(deps: AppDeps, ctx: SignedInContext): Promise<CouponCount> {
	return {
		count: await queries.usableCouponCount(deps.db, {
			tenantId: ctx.tenant.id,
			memberId: ctx.member.id,
			now: deps.clock.now(),
		}),
	};
}

/**
 * The pay page's list (`POST /coupon/for-cart`, ordering/checkout/cart-coupons.ts): every unused,
 * unexpired coupon of the member measured against a cart that ordering has priced (the VIP card
 * first): those that fit, biggest discount first (the sooner to expire first among equals), then
 * the others with why not.
 */
export async function couponsMeasuredAgainst(
	deps: AppDeps,
	ctx: SignedInContext,
	cart: CartForCoupon,
	timeZone: string,
): Promise<CouponsForCart> {
	const [rows, shopNames] = await Promise.all([
		queries.listUnusedCoupons(deps.db, { tenantId: ctx.tenant.id, memberId: ctx.member.id, now: cart.now }),
		shopNamesOf(deps, ctx.tenant.id),
	]);
	const shopIds = await queries.templateShopIds(
		deps.db,
		rows.filter((row) => row.limited_to_shops).map((row) => row.template_id),
	);
	const format = { lang: ctx.lang, currency: ctx.tenant.currency, timeZone };
	const options: CouponFit[] = rows.map((row) => {
		const ids = queries.shopsOf(row.limited_to_shops, shopIds.get(row.template_id));
		const fit = fitCoupon(queries.toPricing(row, ids), cart);
		return {
			coupon: presentCoupon(row, shopIds.get(row.template_id), shopNames, ctx.lang, cart.now),
			discount: fit.fits ? fit.discount : 0,
			fits: fit.fits,
			reason: fit.fits ? null : misfitReason(fit, format),
		};
	});
	// Stable sort: rows come soonest-to-expire first, which orders equal discounts and the misfits.
	options.sort((a, b) => Number(b.fits) - Number(a.fits) || b.discount - a.discount);
	return { options };
}
