import {
	type BillDirection,
	type BillPage,
	type CounterPaymentNotice,
	IDEMPOTENCY_HEADER,
	type PayCodeView,
	type RechargeInput,
	type RechargeMenu,
	type RechargeView,
} from "@bayon/contract";
import { infiniteQueryOptions, queryOptions, useQueryClient } from "@tanstack/react-query";
import { api, request } from "../../lib/api-client";
import { useLiveUpdates } from "../../lib/live-updates";
import { queryClient } from "../../lib/query-client";
import { appStore, isLoggedIn, useAppState } from "../../lib/store";
import { identityKeys } from "../identity/api";

/** The member's stored-value calls (issue 12, contract stored-value.ts, decision 021). */

export const BILL_PAGE_SIZE = 20;

/** While a returned recharge is still pending, ask again this often. */
export const RECHARGE_POLL_MS = 2000;

/** Texts (package names, the agreement) come back in the caller's language: it is part of the key. */
export const storedValueKeys = {
	all: ["storedValue"] as const,
	menu: (lang: string) => ["storedValue", "menu", lang] as const,
	recharge: (id: number) => ["storedValue", "recharge", id] as const,
	bill: (direction: BillDirection) => ["storedValue", "bill", direction] as const,
	payCode: ["storedValue", "payCode"] as const,
};

/** `GET /recharge/getMoneyList`: the packages on sale, the agreement and the balance. */
export const rechargeMenuQuery = (lang: string) =>
	queryOptions({
		queryKey: storedValueKeys.menu(lang),
		queryFn: async () => {
			const menu = await api.get<RechargeMenu>("/recharge/getMoneyList", undefined, { toast: false });
			if (menu.balance !== null) rememberBalance(menu.balance);
			return menu;
		},
		staleTime: 0,
	});

/**
 * `GET /recharge/detail?id=`: the recharge the gateway returned from, asked again every two
 * seconds until the gateway's confirmation (or the expiry) settles it.
 */
export const rechargeDetailQuery = (id: number) =>
	queryOptions({
		queryKey: storedValueKeys.recharge(id),
		queryFn: () => api.get<RechargeView>("/recharge/detail", { id }, { toast: false }),
		staleTime: 0,
		refetchInterval: (query) => (query.state.data?.status === "pending" ? RECHARGE_POLL_MS : false),
	});

/** `GET /member/user/getBill`, newest first, one cursor page after another. */
export const billQuery = (direction: BillDirection) =>
	infiniteQueryOptions({
		queryKey: storedValueKeys.bill(direction),
		initialPageParam: null as string | null,
		queryFn: async ({ pageParam }) => {
			const page = await api.get<BillPage>(
				"/member/user/getBill",
				{ direction, cursor: pageParam ?? undefined, limit: BILL_PAGE_SIZE },
				{ toast: false },
			);
			// Only the first page's balance is the newest (later pages repeat it, but may be older).
			if (pageParam === null) rememberBalance(page.balance);
			return page;
		},
		getNextPageParam: (last) => last.nextCursor ?? undefined,
		staleTime: 0,
	});

/**
 * `GET /member/user/pay-code`: a fresh one-use code (the server retires the older one). The
 * panel asks again when the shown one's minute is up (guest-pay-code.ts), on coming back to the
 * app, and after a counter used it; it is never kept once the panel closes.
 */
export const payCodeQuery = queryOptions({
	queryKey: storedValueKeys.payCode,
	queryFn: async () => {
		const code = await api.get<PayCodeView>("/member/user/pay-code", undefined, { toast: false });
		rememberBalance(code.balance);
		return code;
	},
	staleTime: 0,
	gcTime: 0,
	refetchOnWindowFocus: "always",
});

/**
 * `POST /member/user/recharge` with the tap's idempotency key: a double tap, or a retry of the
 * same intent, starts one recharge. Server refusals are toasted by the request layer.
 */
export function startRecharge(input: RechargeInput, idempotencyKey: string): Promise<RechargeView> {
	return request<RechargeView>("/member/user/recharge", {
		method: "POST",
		body: input,
		headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
		loading: true,
	});
}

/** Off to the gateway's page (a page of the server, not of the app: a full load). */
export function goToGateway(url: string): void {
	window.location.assign(url);
}

/** A fresh idempotency key for one recharge intent (crypto.randomUUID needs a secure context). */
export function newIntentKey(): string {
	if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
	return `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The balance the server just stated, into the stored member (the mine tab shows it) and into
 * the balance page's menu, so every place reads the same number.
 */
export function rememberBalance(balance: number): void {
	const member = appStore.getState().member;
	if (member && member.balance !== balance) appStore.setState({ member: { ...member, balance } });
	for (const [key, menu] of queryClient.getQueriesData<RechargeMenu>({ queryKey: ["storedValue", "menu"] })) {
		if (menu && menu.balance !== balance) queryClient.setQueryData<RechargeMenu>(key, { ...menu, balance });
	}
}

/** The balance moved: the page's numbers, the bill and the member's info fetch again. */
export function refreshBalance(): Promise<unknown> {
	return Promise.all([
		queryClient.invalidateQueries({ queryKey: ["storedValue", "menu"] }),
		queryClient.invalidateQueries({ queryKey: ["storedValue", "bill"] }),
		queryClient.invalidateQueries({ queryKey: identityKeys.member }),
	]);
}

/** `balance.changed` as the server sends it to the member (apps/api realtime bus). */
export interface BalanceChangedMessage {
	/** recharged, cardBought, counterPaid, counterRefunded, … */
	reason: string;
	balance: number;
	counter?: CounterPaymentNotice;
}

function isBalanceChanged(data: unknown): data is BalanceChangedMessage {
	return typeof data === "object" && data !== null && typeof (data as { balance?: unknown }).balance === "number";
}

/**
 * Keeps the stored-value screens live: a `balance.changed` sets the new balance at once and
 * refetches the bill and the recharge being waited for; a counter charge also retires the shown
 * payment code (it was just used). Every (re)connection and server `resync` refetches all.
 */
export function useLiveBalance(onChanged?: (change: BalanceChangedMessage) => void): void {
	const client = useQueryClient();
	const signedIn = useAppState(isLoggedIn);
	useLiveUpdates(
		(message) => {
			if (message.type !== "balance.changed" || !isBalanceChanged(message.data)) return;
			const change = message.data;
			rememberBalance(change.balance);
			void client.invalidateQueries({ queryKey: ["storedValue", "bill"] });
			void client.invalidateQueries({ queryKey: ["storedValue", "recharge"] });
			void client.invalidateQueries({ queryKey: identityKeys.member });
			if (change.counter) void client.invalidateQueries({ queryKey: storedValueKeys.payCode });
			onChanged?.(change);
		},
		() => void client.invalidateQueries({ queryKey: storedValueKeys.all }),
		signedIn,
	);
}
