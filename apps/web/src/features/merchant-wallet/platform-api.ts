import type {
	ApproveWithdrawalInput,
	MarkWithdrawalPaidInput,
	PlatformSettings,
	RejectWithdrawalInput,
	SavePlatformSettingsInput,
	WithdrawalPage,
	WithdrawalStatus,
	WithdrawalView,
} from "@bayon/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/**
 * The platform operator's calls (issue 14, contract merchant-wallet.ts): every shop's
 * withdrawals and the decisions on them, and the platform's terms. The pages show every error
 * themselves (a message with a retry, a toast, a problem under a field), so nothing here toasts.
 */

/** Withdrawals per page of the review list (the server allows up to its pageSizeMax). */
export const PLATFORM_WITHDRAWAL_PAGE_SIZE = 20;

/** Which withdrawals the review list shows: one status (null: all) and optionally one shop. */
export interface WithdrawalFilter {
	status: WithdrawalStatus | null;
	shopId: number | null;
}

export const platformKeys = {
	withdrawals: ["platform", "withdrawals"] as const,
	withdrawalList: (filter: WithdrawalFilter) =>
		["platform", "withdrawals", "list", filter.status ?? "all", filter.shopId ?? "every"] as const,
	withdrawal: (id: number) => ["platform", "withdrawals", "detail", id] as const,
	settings: ["platform", "settings"] as const,
};

const quiet = { toast: false } as const;

/** Every shop's withdrawals of the filter, newest first, page by page (the server's cursor). */
export const platformWithdrawalsQuery = (filter: WithdrawalFilter) =>
	infiniteQueryOptions({
		queryKey: platformKeys.withdrawalList(filter),
		initialPageParam: null as string | null,
		queryFn: ({ pageParam, signal }) =>
			api.get<WithdrawalPage>(
				"/platform/withdrawals",
				{
					status: filter.status ?? undefined,
					shopId: filter.shopId ?? undefined,
					cursor: pageParam ?? undefined,
					pageSize: PLATFORM_WITHDRAWAL_PAGE_SIZE,
				},
				{ ...quiet, signal },
			),
		getNextPageParam: (last) => last.nextCursor ?? undefined,
	});

export const platformWithdrawalQuery = (id: number) =>
	queryOptions({
		queryKey: platformKeys.withdrawal(id),
		queryFn: ({ signal }) => api.get<WithdrawalView>("/platform/withdrawals/detail", { id }, { ...quiet, signal }),
	});

/** Unaudited → awaiting arrival. `version` is the one the operator saw: someone else's decision meanwhile is refused. */
export function approveWithdrawal(input: ApproveWithdrawalInput): Promise<WithdrawalView> {
	return api.post<WithdrawalView>("/platform/withdrawals/approve", input, { ...quiet, loading: true });
}

/** Unaudited → review rejected, with the reason the owner reads; the money returns to the shop. */
export function rejectWithdrawal(input: RejectWithdrawalInput): Promise<WithdrawalView> {
	return api.post<WithdrawalView>("/platform/withdrawals/reject", input, { ...quiet, loading: true });
}

/** Awaiting arrival → already received, with the bank transfer's reference. */
export function markWithdrawalPaid(input: MarkWithdrawalPaidInput): Promise<WithdrawalView> {
	return api.post<WithdrawalView>("/platform/withdrawals/paid", input, { ...quiet, loading: true });
}

export const platformSettingsQuery = queryOptions({
	queryKey: platformKeys.settings,
	queryFn: ({ signal }) => api.get<PlatformSettings>("/platform/settings", undefined, { ...quiet, signal }),
});

/** Saves the platform's terms; the answer is the terms as they now are. */
export function savePlatformSettings(input: SavePlatformSettingsInput): Promise<PlatformSettings> {
	return api.post<PlatformSettings>("/platform/settings", input, { ...quiet, loading: true });
}
