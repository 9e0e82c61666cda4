import type { CouponTemplateList, SaveCouponTemplateInput } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/**
 * The merchant's coupon template calls (issue 13, contract coupons.ts): templates are the
 * business's, edited by owners and managers (permission `promotions`). Errors are shown by the
 * page (under a field, or "changed by someone else"), so nothing here toasts.
 */

export const couponTemplateKeys = {
	list: (shopId: number) => ["couponTemplatesStaff", shopId] as const,
};

export const couponTemplatesQuery = (shopId: number) =>
	queryOptions({
		queryKey: couponTemplateKeys.list(shopId),
		queryFn: () => api.get<CouponTemplateList>("/merchant/coupons", { shopId }, { toast: false }),
	});

/** Saves one template (new without `id`); the answer is every template as it now is. */
export function saveCouponTemplate(input: SaveCouponTemplateInput): Promise<CouponTemplateList> {
	return api.post<CouponTemplateList>("/merchant/coupons/save", input, { toast: false, loading: true });
}
