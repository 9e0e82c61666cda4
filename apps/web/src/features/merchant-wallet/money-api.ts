import type {
	AddBankCardInput,
	BankCardView,
	CreateWithdrawalInput,
	MoneyCodeSent,
	RemoveBankCardInput,
	WalletSummary,
	WithdrawalPage,
	WithdrawalStatus,
	WithdrawalView,
} from "@bayon/contract";
import { infiniteQueryOptions, queryOptions, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { useLiveUpdates } from "../../lib/live-updates";
import type { WsMessage } from "../../lib/ws-client";

/**
 * The owner's withdrawal accounts and withdrawals (issue 14, contract merchant-wallet.ts):
 * the step-up code, the bank cards, asking for a withdrawal and following it. The pages show
 * every refusal themselves (under the field it is about, or in the page), so nothing here
 * toasts, except unbinding a card, whose refusal is the server's sentence and nothing else.
 */

/** Written out rather than imported: the contract's IDEMPOTENCY_HEADER sits in a module with zod schemas. */
const IDEMPOTENCY_HEADER = "idempotency-key";
/** Withdrawals per page of the list (the server allows up to its pageSizeMax). */
export const WITHDRAWAL_PAGE_SIZE = 20;

/** Every key starts with the shop: a `wallet.changed` of the shop refetches all of them at once. */
export const moneyKeys = {
	all: ["merchantMoney"] as const,
	shop: (shopId: number) => ["merchantMoney", shopId] as const,
	wallet: (shopId: number) => ["merchantMoney", shopId, "wallet"] as const,
	cards: (shopId: number) => ["merchantMoney", shopId, "cards"] as const,
	withdrawals: (shopId: number, status: WithdrawalStatus | null) =>
		["merchantMoney", shopId, "withdrawals", status ?? "all"] as const,
	withdrawal: (shopId: number, id: number) => ["merchantMoney", shopId, "withdrawal", id] as const,
};

const quiet = { toast: false } as const;

/** The withdrawable amount, the platform's minimum and the arrival rule, the shop's time zone. */
export const walletSummaryQuery = (shopId: number) =>
	queryOptions({
		queryKey: moneyKeys.wallet(shopId),
		queryFn: () => api.get<WalletSummary>("/merchant/wallet", { shopId }, quiet),
	});

export const bankCardsQuery = (shopId: number) =>
	queryOptions({
		queryKey: moneyKeys.cards(shopId),
		queryFn: () => api.get<BankCardView[]>("/merchant/cards", { shopId }, quiet),
	});

/** Sends a fresh code to the signed-in owner's own phone (adding a card, withdrawing). */
export function sendMoneyCode(shopId: number): Promise<MoneyCodeSent> {
	return api.post<MoneyCodeSent>("/merchant/money/send-code", { shopId }, quiet);
}

export function addBankCard(input: AddBankCardInput): Promise<BankCardView> {
	return api.post<BankCardView>("/merchant/cards/add", input, { ...quiet, loading: true });
}

/** Toasts its refusal (a card with a withdrawal in progress): the server's words say why and when. */
export function removeBankCard(input: RemoveBankCardInput): Promise<unknown> {
	return api.post<unknown>("/merchant/cards/remove", input, { loading: true });
}

/**
 * Asks for a withdrawal. The key names the intent: the same key on a retry (after a timeout, a
 * dropped answer) is answered with the first request, never a second withdrawal.
 */
export function createWithdrawal(input: CreateWithdrawalInput, idempotencyKey: string): Promise<WithdrawalView> {
	return api.post<WithdrawalView>("/merchant/withdrawals/create", input, {
		...quiet,
		headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
	});
}

/** The shop's withdrawals, newest first, of one status or all, page by page by cursor. */
export const withdrawalsQuery = (shopId: number, status: WithdrawalStatus | null) =>
	infiniteQueryOptions({
		queryKey: moneyKeys.withdrawals(shopId, status),
		initialPageParam: null as string | null,
		queryFn: ({ pageParam, signal }) =>
			api.get<WithdrawalPage>(
				"/merchant/withdrawals",
				{ shopId, status: status ?? undefined, cursor: pageParam ?? undefined, pageSize: WITHDRAWAL_PAGE_SIZE },
				{ ...quiet, signal },
			),
		getNextPageParam: (last) => last.nextCursor ?? undefined,
	});

export const withdrawalDetailQuery = (shopId: number, id: number) =>
	queryOptions({
		queryKey: moneyKeys.withdrawal(shopId, id),
		queryFn: () => api.get<WithdrawalView>("/merchant/withdrawals/detail", { shopId, id }, quiet),
	});

/** `wallet.changed` as the server sends it to the shop's owners (apps/api realtime bus). */
export interface WalletChanged {
	shopId: number;
	withdrawalId: number | null;
	withdrawalStatus: WithdrawalStatus | null;
	reason: string;
}

export function walletChangeOf(message: WsMessage): WalletChanged | null {
	if (message.type !== "wallet.changed" || !message.data || typeof message.data !== "object") return null;
	const data = message.data as Partial<WalletChanged>;
	return typeof data.shopId === "number" ? (data as WalletChanged) : null;
}

/**
 * Keeps the money pages live: a `wallet.changed` of this shop (a withdrawal reviewed or paid by
 * the platform, an earning settled, another tab's request) refetches the wallet, the cards
 * (their "in use"), the withdrawals and their details. Every (re)connection and server
 * `resync` refetches them too, since events may have been missed meanwhile.
 */
export function useLiveMoney(shopId: number): void {
	const queryClient = useQueryClient();
	const refetch = () => void queryClient.invalidateQueries({ queryKey: moneyKeys.shop(shopId) });
	useLiveUpdates((message) => {
		if (walletChangeOf(message)?.shopId === shopId) refetch();
	}, refetch);
}
