import type {
	ApproveWithdrawalInput,
	ExportPayoutsInput,
	MarkWithdrawalPaidInput,
	MoneyCodeSent,
	PlatformSettings,
	RejectWithdrawalInput,
	ReturnWithdrawalInput,
	RevealedAccount,
	RevealWithdrawalInput,
	SavePlatformSettingsInput,
	WithdrawalPage,
	WithdrawalStatus,
	WithdrawalView,
} from "@bayon/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

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

/** Awaiting arrival → already received, with the bank transfer's reference and day. */
export function markWithdrawalPaid(input: MarkWithdrawalPaidInput): Promise<WithdrawalView> {
	return api.post<WithdrawalView>("/platform/withdrawals/paid", input, { ...quiet, loading: true });
}

/** Awaiting arrival → returned to the shop (review rejected), with the reason the owner reads. */
export function returnWithdrawal(input: ReturnWithdrawalInput): Promise<WithdrawalView> {
	return api.post<WithdrawalView>("/platform/withdrawals/return", input, { ...quiet, loading: true });
}

/** A step-up code to the signed-in operator's own phone, for one reveal or one payout file. */
export function sendPlatformCode(): Promise<MoneyCodeSent> {
	return api.post<MoneyCodeSent>("/platform/withdrawals/send-code", undefined, quiet);
}

/** The withdrawal's full account number and holder; the server logs the reading (the owner sees it). */
export function revealWithdrawalAccount(input: RevealWithdrawalInput): Promise<RevealedAccount> {
	return api.post<RevealedAccount>("/platform/withdrawals/reveal", input, { ...quiet, loading: true });
}

/**
 * Downloads the bank's bulk-transfer file of every withdrawal awaiting arrival (of `shopId`, or
 * all) and saves it; answers how many withdrawals it holds. A refusal rejects like any call.
 */
export async function downloadPayoutsCsv(input: ExportPayoutsInput, now: Date): Promise<number> {
	const answer = await api.post<Blob>("/platform/withdrawals/export", input, { ...quiet, file: true, loading: true });
	const blob = answer instanceof Blob ? answer : new Blob([String(answer)], { type: "text/csv" });
	const text = await blob.text();
	const rows = text.split("\r\n").filter((line) => line !== "").length - 1;
	const url = URL.createObjectURL(blob);
	const link = document.createElement("a");
	link.href = url;
	link.download = payoutsFileName(now);
	document.body.append(link);
	link.click();
	link.remove();
	setTimeout(() => URL.revokeObjectURL(url), 60_000);
	return Math.max(rows, 0);
}

/** payouts-20261206-1430.csv: the moment it was made, in the operator's clock. */
export function payoutsFileName(now: Date): string {
	const pad = (n: number) => String(n).padStart(2, "0");
	return `payouts-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.csv`;
}

export const platformSettingsQuery = queryOptions({
	queryKey: platformKeys.settings,
	queryFn: ({ signal }) => api.get<PlatformSettings>("/platform/settings", undefined, { ...quiet, signal }),
});

/** Saves the platform's terms; the answer is the terms as they now are. */
export function savePlatformSettings(input: SavePlatformSettingsInput): Promise<PlatformSettings> {
	return api.post<PlatformSettings>("/platform/settings", input, { ...quiet, loading: true });
}
