import type {
	CancelRedemptionInput,
	HandOverRedemptionInput,
	PageResult,
	PointsMallAdmin,
	PointsRule,
	RedemptionStatus,
	RedemptionView,
	SavePointsItemInput,
	SavePointsRuleInput,
	ShipRedemptionInput,
} from "@bayon/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../lib/api-client";

/**
 * The merchant's points calls (issue 13, contract points.ts): the earning rule and the mall's
 * items (owner and manager, permission `promotions`), the redemptions to hand over or ship
 * (every role, permission `redemptions`). The screens show every error themselves (under a
 * field, or as a message with a reload), so nothing here toasts.
 */

/** Redemptions per page of the list (the server allows up to its pageSizeMax). */
export const REDEMPTION_PAGE_SIZE = 20;

export const pointsStaffKeys = {
	all: ["pointsStaff"] as const,
	mall: (shopId: number) => ["pointsStaff", "mall", shopId] as const,
	redemptions: (shopId: number) => ["pointsStaff", "redemptions", shopId] as const,
	redemptionTab: (shopId: number, status: RedemptionStatus) => ["pointsStaff", "redemptions", shopId, status] as const,
};

const quiet = { toast: false } as const;

export const pointsMallAdminQuery = (shopId: number) =>
	queryOptions({
		queryKey: pointsStaffKeys.mall(shopId),
		queryFn: () => api.get<PointsMallAdmin>("/merchant/points-mall", { shopId }, quiet),
	});

/** Saves one item (a new one without `id`); the answer is the mall as it now is. */
export function savePointsItem(input: SavePointsItemInput): Promise<PointsMallAdmin> {
	return api.post<PointsMallAdmin>("/merchant/points-mall/items/save", input, { ...quiet, loading: true });
}

export function savePointsRule(input: SavePointsRuleInput): Promise<PointsRule> {
	return api.post<PointsRule>("/merchant/points/rule", input, { ...quiet, loading: true });
}

/** One state's redemptions, newest first, page by page (pickups at this shop and every delivery). */
export const redemptionsQuery = (shopId: number, status: RedemptionStatus) =>
	infiniteQueryOptions({
		queryKey: pointsStaffKeys.redemptionTab(shopId, status),
		initialPageParam: 1,
		queryFn: ({ pageParam, signal }) =>
			api.get<PageResult<RedemptionView>>(
				"/merchant/points-mall/redemptions",
				{ shopId, status, page: pageParam, pageSize: REDEMPTION_PAGE_SIZE },
				{ ...quiet, signal },
			),
		getNextPageParam: (last, pages) => {
			const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
			return last.list.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
		},
	});

export function handOverRedemption(input: z.input<typeof HandOverRedemptionInput>): Promise<RedemptionView> {
	return api.post<RedemptionView>("/merchant/points-mall/redemptions/hand-over", input, { ...quiet, loading: true });
}

export function shipRedemption(input: z.input<typeof ShipRedemptionInput>): Promise<RedemptionView> {
	return api.post<RedemptionView>("/merchant/points-mall/redemptions/ship", input, { ...quiet, loading: true });
}

export function cancelRedemption(input: z.input<typeof CancelRedemptionInput>): Promise<RedemptionView> {
	return api.post<RedemptionView>("/merchant/points-mall/redemptions/cancel", input, { ...quiet, loading: true });
}
