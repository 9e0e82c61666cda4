import { WITHDRAWAL_STATUSES, type WithdrawalStatus, type WithdrawalView } from "@bayon/contract";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { useLiveUpdates } from "../../../../lib/live-updates";
import { useDebouncedSubmit } from "../../../../lib/use-debounced-submit";
import type { WsMessage } from "../../../../lib/ws-client";
import { usePlatformText } from "../../platform-strings";
import { approveWithdrawal, platformKeys, platformWithdrawalQuery, platformWithdrawalsQuery } from "../platform-api";
import { usePlatformDecision } from "./platform-decision";
import type { PlatformDecisionKind } from "./platform-withdrawal-detail";

export type ReviewTab = WithdrawalStatus | "all";
export const REVIEW_TABS: readonly ReviewTab[] = [...WITHDRAWAL_STATUSES, "all"];

function tabOf(value: string | null): ReviewTab {
	if (value === "all") return "all";
	const status = WITHDRAWAL_STATUSES.find((candidate) => String(candidate) === value);
	return status ?? 0;
}

function positiveId(value: string | null): number | null {
	return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/** From this width (a desk) the open withdrawal stands beside the list; narrower it opens in a sheet. */
const SIDE_BY_SIDE_QUERY = "(min-width: 900px)";

function subscribeToWidth(listener: () => void): () => void {
	const query = globalThis.matchMedia?.(SIDE_BY_SIDE_QUERY);
	query?.addEventListener("change", listener);
	return () => query?.removeEventListener("change", listener);
}

function useSideBySide(): boolean {
	const matches = () => globalThis.matchMedia?.(SIDE_BY_SIDE_QUERY).matches ?? false;
	return useSyncExternalStore(subscribeToWidth, matches, () => false);
}

/** A `wallet.changed` about a withdrawal (operators receive every shop's); other money moves do not change this page. */
function isWithdrawalChange(message: WsMessage): boolean {
	if (message.type !== "wallet.changed" || !message.data || typeof message.data !== "object") return false;
	return typeof (message.data as { withdrawalId?: unknown }).withdrawalId === "number";
}

/** What the review page shows and does: the view kept in the address, the list, the open withdrawal, the decisions. */
export function useWithdrawalsReview() {
	const { pt } = usePlatformText();
	const queryClient = useQueryClient();
	const [params, setParams] = useSearchParams();
	const tab = tabOf(params.get("status"));
	const shopId = positiveId(params.get("shopId"));
	const selectedId = positiveId(params.get("id"));
	const sideBySide = useSideBySide();

	// A safety net under the websocket: a missed event still shows within a minute.
	const list = useInfiniteQuery({
		...platformWithdrawalsQuery({ status: tab === "all" ? null : tab, shopId }),
		refetchInterval: 60_000,
	});
	const withdrawals = useMemo(() => {
		// A withdrawal decided while pages were loading may come on two of them.
		const byId = new Map<number, WithdrawalView>();
		for (const page of list.data?.pages ?? [])
			for (const row of page.list) if (!byId.has(row.id)) byId.set(row.id, row);
		return [...byId.values()];
	}, [list.data]);
	const listed = withdrawals.find((withdrawal) => withdrawal.id === selectedId);
	const detail = useQuery({
		...platformWithdrawalQuery(selectedId ?? 0),
		enabled: selectedId !== null,
		placeholderData: listed,
	});
	const selected = selectedId === null ? null : (detail.data ?? null);

	const refetchAll = () => void queryClient.invalidateQueries({ queryKey: platformKeys.withdrawals });
	useLiveUpdates((message) => {
		if (isWithdrawalChange(message)) refetchAll();
	}, refetchAll);

	const setView = (change: Record<string, string | null>) =>
		setParams(
			(current) => {
				const next = new URLSearchParams(current);
				for (const [key, value] of Object.entries(change)) {
					if (value === null) next.delete(key);
					else next.set(key, value);
				}
				return next;
			},
			{ replace: true },
		);
	const select = (withdrawal: WithdrawalView | null) => setView({ id: withdrawal ? String(withdrawal.id) : null });

	const decide = usePlatformDecision();
	const [opened, setOpened] = useState<{
		kind: PlatformDecisionKind | "reveal";
		withdrawal: WithdrawalView;
	} | null>(null);
	const [exporting, setExporting] = useState(false);
	const close = () => setOpened(null);
	const openedFor = (kind: PlatformDecisionKind | "reveal") => (opened?.kind === kind ? opened.withdrawal : null);
	const [approve, approvingNow] = useDebouncedSubmit(async (target: WithdrawalView) => {
		close();
		await decide(
			() => approveWithdrawal({ id: target.id, version: target.version }),
			pt("review.approved", { id: target.id }),
		);
	});

	const shopName = withdrawals.find((withdrawal) => withdrawal.shopId === shopId)?.shopName ?? `#${shopId}`;

	return {
		tab,
		shopId,
		shopName,
		selectedId,
		sideBySide,
		list,
		withdrawals,
		detail,
		selected,
		setView,
		select,
		decide,
		opened,
		setOpened,
		openedFor,
		close,
		exporting,
		setExporting,
		approve,
		approvingNow,
	};
}

export type WithdrawalsReviewState = ReturnType<typeof useWithdrawalsReview>;
