import {
	IDEMPOTENCY_HEADER,
	type PageResult,
	type PointsBillPage,
	type PointsItemDetail,
	type PointsItemView,
	type PointsSummary,
	type RedeemPointsItemInput,
	type RedemptionStatus,
	type RedemptionView,
} from "@bayon/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, request } from "../../lib/api-client";
import { useLiveUpdates } from "../../lib/live-updates";
import { queryClient } from "../../lib/query-client";
import { appStore, isLoggedIn, useAppState } from "../../lib/store";
import { identityKeys } from "../identity/api";

/** The member's points and points-mall calls (issue 13, contract points.ts, decision 022). */

export const POINTS_BILL_PAGE_SIZE = 20;
export const REDEMPTION_PAGE_SIZE = 10;

/**
 * Names, descriptions and reasons come back in the reader's language, and balances, "redeemed"
 * marks and redemptions belong to who is signed in: both are part of the keys that carry them.
 */
export const pointsKeys = {
	all: ["points"] as const,
	summary: (memberId: number) => ["points", "summary", memberId] as const,
	bill: (lang: string, memberId: number) => ["points", "bill", lang, memberId] as const,
	items: (lang: string, memberId: number | null, keyword: string) =>
		["points", "items", lang, memberId, keyword] as const,
	item: (id: number, lang: string, memberId: number | null) => ["points", "item", id, lang, memberId] as const,
	redemptions: (status: RedemptionStatus | "all", lang: string, memberId: number) =>
		["points", "redemptions", status, lang, memberId] as const,
	redemption: (id: number, lang: string, memberId: number) => ["points", "redemption", id, lang, memberId] as const,
};

/** `GET /points/summary`: the balance and how points are earned (members only). */
export const pointsSummaryQuery = (memberId: number) =>
	queryOptions({
		queryKey: pointsKeys.summary(memberId),
		queryFn: async () => {
			const summary = await api.get<PointsSummary>("/points/summary", undefined, { toast: false });
			rememberPoints(summary.balance);
			return summary;
		},
		staleTime: 0,
	});

/** `GET /points/bill`, newest first, one cursor page after another. */
export const pointsBillQuery = (lang: string, memberId: number) =>
	infiniteQueryOptions({
		queryKey: pointsKeys.bill(lang, memberId),
		initialPageParam: null as string | null,
		queryFn: ({ pageParam }) =>
			api.get<PointsBillPage>(
				"/points/bill",
				{ cursor: pageParam ?? undefined, pageSize: POINTS_BILL_PAGE_SIZE },
				{ toast: false },
			),
		getNextPageParam: (last) => last.nextCursor ?? undefined,
		staleTime: 0,
	});

/**
 * `GET /score-product/list?keyword=` (public: a visitor sees the mall too). The session's token
 * goes along when there is one, so a member also learns which items they have redeemed; a
 * visitor is never sent to the login page for it.
 */
export const pointsItemsQuery = (lang: string, memberId: number | null, keyword: string) =>
	queryOptions({
		queryKey: pointsKeys.items(lang, memberId, keyword),
		queryFn: async () => {
			const list = await api.get<PointsItemView[] | null>(
				"/score-product/list",
				{ keyword: keyword || undefined },
				{ toast: false, login: false },
			);
			return Array.isArray(list) ? list : [];
		},
		staleTime: 0,
	});

/** `GET /score-product/detail?id=`: the item, the reader's balance and whether they may redeem it now. */
export const pointsItemQuery = (id: number, lang: string, memberId: number | null) =>
	queryOptions({
		queryKey: pointsKeys.item(id, lang, memberId),
		queryFn: async () => {
			const detail = await api.get<PointsItemDetail>("/score-product/detail", { id }, { toast: false, login: false });
			if (detail.balance !== null) rememberPoints(detail.balance);
			return detail;
		},
		// Stock, the balance and "already redeemed" change with every redemption.
		staleTime: 0,
	});

/** `GET /score-order/list?status=&page=`: the member's redemptions, newest first. */
export const redemptionsQuery = (status: RedemptionStatus | "all", lang: string, memberId: number) =>
	infiniteQueryOptions({
		queryKey: pointsKeys.redemptions(status, lang, memberId),
		initialPageParam: 1,
		queryFn: ({ pageParam }) =>
			api.get<PageResult<RedemptionView>>(
				"/score-order/list",
				{ status: status === "all" ? undefined : status, page: pageParam, pageSize: REDEMPTION_PAGE_SIZE },
				{ toast: false },
			),
		getNextPageParam: (last, pages) => {
			const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
			return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
		},
		staleTime: 0,
	});

export const redemptionQuery = (id: number, lang: string, memberId: number) =>
	queryOptions({
		queryKey: pointsKeys.redemption(id, lang, memberId),
		queryFn: () => api.get<RedemptionView>("/score-order/detail", { id }, { toast: false }),
		staleTime: 0,
	});

/**
 * `POST /score-order/submit` with the intent's idempotency key: a double tap, or a retry after a
 * lost answer, redeems once. Refusals are not toasted: the confirm page says what to do about each.
 */
export function redeemItem(input: RedeemPointsItemInput, idempotencyKey: string): Promise<RedemptionView> {
	return request<RedemptionView>("/score-order/submit", {
		method: "POST",
		body: input,
		headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
		toast: false,
		loading: true,
	});
}

/** `POST /score-order/take`: the member confirms a shipped item arrived. Refusals are toasted. */
export function confirmRedemptionReceipt(id: number): Promise<RedemptionView> {
	return api.post<RedemptionView>("/score-order/take", { id }, { loading: true });
}

/** `POST /score-order/cancel`: the member cancels a pending redemption; points and stock go back. */
export function cancelRedemption(id: number): Promise<RedemptionView> {
	return api.post<RedemptionView>("/score-order/cancel", { id }, { loading: true });
}

/** A fresh idempotency key for one redemption intent (crypto.randomUUID needs a secure context). */
export function newIntentKey(): string {
	if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
	return `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The points the server just stated, into the stored member (the mine tab shows them). */
export function rememberPoints(points: number): void {
	const member = appStore.getState().member;
	if (member && member.points !== points) appStore.setState({ member: { ...member, points } });
}

/**
 * Points or a redemption moved: the balance, the ledger, the mall (stock, "redeemed"), the
 * redemptions and the member's info fetch again. A redemption just answered by the server is
 * put in its cache first, so its page opens without waiting.
 */
export function refreshPoints(changed?: { view: RedemptionView; lang: string; memberId: number }): Promise<unknown> {
	if (changed)
		queryClient.setQueryData(pointsKeys.redemption(changed.view.id, changed.lang, changed.memberId), changed.view);
	return Promise.all([
		queryClient.invalidateQueries({
			queryKey: pointsKeys.all,
			predicate: (query) => !(changed && query.queryKey[1] === "redemption" && query.queryKey[2] === changed.view.id),
		}),
		queryClient.invalidateQueries({ queryKey: identityKeys.member }),
	]);
}

/** `redemption.changed` as the server sends it to the member (apps/api realtime bus). */
export interface RedemptionChangedMessage {
	redemptionId: number;
	status: string;
	/** redeemed, handedOver, shipped, received, cancelled */
	reason: string;
	/** The member's points after it. */
	points: number;
}

function isRedemptionChanged(data: unknown): data is RedemptionChangedMessage {
	return (
		typeof data === "object" &&
		data !== null &&
		typeof (data as { redemptionId?: unknown }).redemptionId === "number" &&
		typeof (data as { points?: unknown }).points === "number"
	);
}

/**
 * Keeps the points pages live: a `redemption.changed` (the shop handed it over or shipped it,
 * or another tab redeemed or cancelled) sets the new points at once and refetches the
 * redemptions, the bill and the mall. Every (re)connection and server `resync` refetches all.
 */
export function useLivePoints(): void {
	const signedIn = useAppState(isLoggedIn);
	useLiveUpdates(
		(message) => {
			if (message.type !== "redemption.changed" || !isRedemptionChanged(message.data)) return;
			rememberPoints(message.data.points);
			void refreshPoints();
		},
		() => void queryClient.invalidateQueries({ queryKey: pointsKeys.all }),
		signedIn,
	);
}
