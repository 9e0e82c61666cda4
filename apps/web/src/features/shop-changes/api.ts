import type { PageResult, ShopChangeView } from "@bayon/contract";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

const CHANGES_PAGE_SIZE = 20;

/** The shop's change log, newest first, a page at a time (owners and managers). */
export const shopChangesQuery = (shopId: number, lang: string) =>
	infiniteQueryOptions({
		queryKey: ["shop-changes", shopId, lang],
		initialPageParam: 1,
		queryFn: ({ pageParam }) =>
			api.get<PageResult<ShopChangeView>>("/merchant/changes/page", {
				shopId,
				page: pageParam,
				pageSize: CHANGES_PAGE_SIZE,
			}),
		getNextPageParam: (last, pages) => {
			const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
			return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
		},
		staleTime: 0,
	});
