import {
	ErrorCode,
	formatMessage,
	type MessageKey,
	type PointsItemDetail,
	type PointsItemView,
	type RedemptionListQuery,
	type RedemptionView,
} from "@bayon/contract";
import type { z } from "zod";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { RequestContext, SignedInContext } from "../../http/request-context.js";
import { presentItem, presentRedemption } from "./present.js";
import * as queries from "./queries.js";

/** What members read of the points mall: the items, and their own redemptions. */

/** `GET /score-product/list` (public): items on the shelf; a signed-in member also learns which they redeemed. */
export async function listMallItems(
	deps: AppDeps,
	ctx: RequestContext,
	keyword: string | undefined,
): Promise<PointsItemView[]> {
	const rows = await queries.listItems(deps.db, { tenantId: ctx.tenant.id, all: false, keyword: keyword || undefined });
	const mine = ctx.member
		? await queries.openRedemptionsByItem(deps.db, { memberId: ctx.member.id, itemIds: rows.map((row) => row.id) })
		: new Map<number, number>();
	return rows.map((row) => presentItem(row, ctx.lang, mine.get(row.id) ?? null));
}

/**
 * `GET /score-product/detail` (public): the item, the reader's balance, and whether they can
 * redeem it now or why not (off the shelf, redeemed already, all gone, sign in, points short),
 * in the reader's language. The server decides again when they redeem.
 */
export async function getMallItem(deps: AppDeps, ctx: RequestContext, id: number): Promise<PointsItemDetail> {
	const row = await queries.findItem(deps.db, { tenantId: ctx.tenant.id, id });
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	const member = ctx.member;
	const [mine, balance] = member
		? await Promise.all([
				queries.openRedemptionsByItem(deps.db, { memberId: member.id, itemIds: [row.id] }),
				queries.memberPoints(deps.db, { tenantId: ctx.tenant.id, memberId: member.id }),
			])
		: [new Map<number, number>(), null];
	const myRedemptionId = mine.get(row.id) ?? null;
	const refuse = (key: MessageKey, params?: Record<string, number>) =>
		({ allowed: false, reason: formatMessage(key, ctx.lang, params) }) as const;
	const redeem = !row.on_shelf
		? refuse("pointsItemUnavailable")
		: myRedemptionId !== null
			? refuse("pointsItemAlreadyRedeemed")
			: row.stock <= 0
				? refuse("pointsItemSoldOut")
				: balance === null
					? refuse("pleaseSignIn")
					: balance < row.points_price
						? refuse("pointsInsufficient", { need: row.points_price, have: balance })
						: ({ allowed: true } as const);
	return { item: presentItem(row, ctx.lang, myRedemptionId), balance, redeem };
}

/** `GET /score-order/list`: the member's own redemptions, newest first, all or in one state. */
export async function listMyRedemptions(
	deps: AppDeps,
	ctx: SignedInContext,
	query: z.output<typeof RedemptionListQuery>,
): Promise<{ list: RedemptionView[]; total: number }> {
	const { rows, total } = await queries.listMemberRedemptions(deps.db, {
		tenantId: ctx.tenant.id,
		memberId: ctx.member.id,
		status: query.status,
		offset: (query.page - 1) * query.pageSize,
		limit: query.pageSize,
	});
	const shops = await queries.shopsByIds(deps.db, {
		tenantId: ctx.tenant.id,
		ids: [...new Set(rows.flatMap((row) => (row.shop_id === null ? [] : [row.shop_id])))],
	});
	return {
		list: rows.map((row) =>
			presentRedemption(row, row.shop_id === null ? undefined : shops.get(row.shop_id), ctx.lang, { kind: "member" }),
		),
		total,
	};
}

/** `GET /score-order/detail`: one of the member's own; anyone else's answers not found, like a missing one. */
export async function getMyRedemption(deps: AppDeps, ctx: SignedInContext, id: number): Promise<RedemptionView> {
	const row = await queries.findRedemption(deps.db, { tenantId: ctx.tenant.id, id });
	if (!row || row.member_id !== ctx.member.id) throw new BusinessError(ErrorCode.NotFound);
	return presentMemberRedemption(deps, ctx, row);
}

export async function presentMemberRedemption(
	deps: AppDeps,
	ctx: RequestContext,
	row: queries.RedemptionRow,
): Promise<RedemptionView> {
	const shops = await queries.shopsByIds(deps.db, {
		tenantId: ctx.tenant.id,
		ids: row.shop_id === null ? [] : [row.shop_id],
	});
	return presentRedemption(row, row.shop_id === null ? undefined : shops.get(row.shop_id), ctx.lang, {
		kind: "member",
	});
}
